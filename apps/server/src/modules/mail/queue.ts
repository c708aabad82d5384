import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { mailOutbox, type MailAttachment } from '../../db/schema/index.ts';
import type { Jobs } from '../../jobs/runner.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { Mail } from './mailer.ts';

/** A mail as a transport sends it: its attachments' bytes read from the file store. */
export type OutgoingMail = Omit<Mail, 'attachments'> & { attachments: { filename: string; contentType: string; content: Buffer }[] };
export type Deliver = (mail: OutgoingMail) => Promise<void>;

async function readAttachments(store: FileStore | undefined, files: MailAttachment[]): Promise<OutgoingMail['attachments']> {
  return Promise.all(
    files.map(async (file) => {
      const stream = await store?.get(file.storageKey);
      if (!stream) throw new Error(`attachment ${file.filename} is missing from the file store`);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
      return { filename: file.filename, contentType: file.contentType, content: Buffer.concat(chunks) };
    }),
  );
}

/** A mail that failed this many times is marked failed and left for an operator. */
export const MAX_ATTEMPTS = 8;
export const MAIL_JOB = 'mail.deliver';
export type MailJob = { mailId: string };

/**
 * Delivers queued mail as `mail.deliver` jobs (one per mail in the outbox): at once, then after a failed try 30 s, 1,
 * 2, 4, … minutes later (at most an hour) until the last attempt marks it failed. Several servers may share the
 * outbox: the job runner claims each job once. Delivered mail is deleted; the outbox row keeps the tries and last error.
 */
export function defineMailJob(options: { db: Db; jobs: Jobs; deliver: Deliver; store?: FileStore | undefined }): void {
  const { db, jobs, deliver, store } = options;
  jobs.define<MailJob>(
    MAIL_JOB,
    async ({ mailId }, job) => {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
      if (!row || row.status !== 'queued') return;
      try {
        await deliver({
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          headers: row.headers,
          attachments: await readAttachments(store, row.attachments),
        });
        await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db
          .update(mailOutbox)
          .set({
            attempts: job.attempts,
            lastError: message.slice(0, 1000),
            ...(job.attempts >= MAX_ATTEMPTS ? { status: 'failed' as const } : {}),
          })
          .where(eq(mailOutbox.id, row.id));
        throw error;
      }
    },
    { maxAttempts: MAX_ATTEMPTS },
  );
}
