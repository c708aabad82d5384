import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { startMailQueue, type Deliver } from './queue.ts';

/** `headers`: extra headers sent with the mail (List-Unsubscribe). */
export type Mail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };
/** `send` only records the mail: it never waits for an SMTP server. `close` lets a delivery under way finish. */
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => Promise<void> };

/**
 * With SMTP_URL mail is queued in the outbox and delivered by the mail queue, with retries; otherwise it is kept in
 * the outbox for /dev/mailbox. `deliver` replaces the SMTP transport (another nodemailer transport, in tests).
 */
export function createMailer(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  deliver?: Deliver;
}): Mailer {
  const { db, smtpUrl, from, log } = options;
  if (!smtpUrl && !options.deliver) {
    return { send: async (mail) => void (await db.insert(mailOutbox).values({ ...mail, status: 'kept' })), close: async () => {} };
  }
  let deliver = options.deliver;
  if (!deliver) {
    // a server that does not answer fails the try within seconds; the queue tries again later
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
    deliver = async (mail) => void (await transport.sendMail({ from, ...mail }));
  }
  const queue = startMailQueue({ db, deliver, log });
  return {
    send: async (mail) => {
      await db.insert(mailOutbox).values({ ...mail, status: 'queued' });
      queue.nudge();
    },
    close: queue.stop,
  };
}
