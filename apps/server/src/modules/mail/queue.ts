import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Jobs } from '../../jobs/runner.ts';
import type { Mail } from './mailer.ts';

export type Deliver = (mail: Mail) => Promise<void>;

/** A mail that failed this many times is marked failed and left for an operator. */
export const MAX_ATTEMPTS = 8;
export const MAIL_JOB = 'mail.deliver';
export type MailJob = { mailId: string };

/**
 * Delivers queued mail as `mail.deliver` jobs (one per mail in the outbox): at once, then after a failed try 30 s, 1,
 * 2, 4, … minutes later (at most an hour) until the last attempt marks it failed. Several servers may share the
 * outbox: the job runner claims each job once. Delivered mail is deleted; the outbox row keeps the tries and last error.
 */
export function defineMailJob(options: { db: Db; jobs: Jobs; deliver: Deliver }): void {
  const { db, jobs, deliver } = options;
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
          attachments: row.attachments,
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
