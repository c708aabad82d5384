import nodemailer from 'nodemailer';
import type { Db } from '../../db/database.ts';
import { mailOutbox, type MailAttachment } from '../../db/schema/index.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { Jobs } from '../../jobs/runner.ts';
import { defineMailJob, MAIL_JOB, type Deliver } from './queue.ts';

/**
 * `headers`: extra headers sent with the mail (List-Unsubscribe); `attachments`: files in the file store sent with it
 * (read from the store when the mail is delivered).
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
};
/** `send` only records the mail: it never waits for an SMTP server. `close` hangs up the SMTP transport. */
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => Promise<void> };

/**
 * With SMTP_URL mail is queued in the outbox and delivered by a `mail.deliver` job, with retries; otherwise it is kept
 * in the outbox for /dev/mailbox. `deliver` replaces the SMTP transport (another nodemailer transport, in tests).
 */
export function createMailer(options: {
  db: Db;
  jobs: Jobs;
  smtpUrl: string | undefined;
  from: string;
  deliver?: Deliver;
  /** Where attachments' bytes are read from when delivering. */
  store?: FileStore;
}): Mailer {
  const { db, jobs, smtpUrl, from } = options;
  if (!smtpUrl && !options.deliver) {
    return { send: async (mail) => void (await db.insert(mailOutbox).values({ ...mail, status: 'kept' })), close: async () => {} };
  }
  let deliver = options.deliver;
  let close = async () => {};
  if (!deliver) {
    // a server that does not answer fails the try within seconds; the job runs again later
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
    deliver = async (mail) => void (await transport.sendMail({ from, ...mail }));
    close = async () => transport.close();
  }
  defineMailJob({ db, jobs, deliver, store: options.store });
  return {
    send: async (mail) => {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(mailOutbox)
          .values({ ...mail, status: 'queued' })
          .returning({ id: mailOutbox.id });
        await jobs.enqueue(MAIL_JOB, { mailId: row!.id }, { db: tx });
      });
      jobs.nudge();
    },
    close,
  };
}
