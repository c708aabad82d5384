import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema/index.ts';

/** `headers`: extra headers sent with the mail (List-Unsubscribe); the development outbox keeps the message only. */
export type Mail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/** With SMTP_URL mail is sent; otherwise it is kept in the outbox table for /dev/mailbox. */
export function createMailer(options: { db: Db; smtpUrl: string | undefined; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: options.from, ...mail })) };
  }
  return {
    send: async ({ to, subject, text, html }) => void (await options.db.insert(mailOutbox).values({ to, subject, text, html })),
  };
}
