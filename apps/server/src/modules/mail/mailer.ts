import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/** With SMTP_URL mail is sent; otherwise it is kept in the outbox table for /dev/mailbox. */
export function createMailer(options: { db: Db; smtpUrl: string | undefined; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: options.from, ...mail })) };
  }
  return { send: async (mail) => void (await options.db.insert(mailOutbox).values(mail)) };
}
