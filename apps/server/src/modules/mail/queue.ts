import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Mail } from './mailer.ts';

export type Deliver = (mail: Mail) => Promise<void>;

/** A mail that failed this many times is marked failed and left for an operator. */
export const MAX_ATTEMPTS = 8;
const BATCH = 20;
const POLL_MS = 30_000;
const STOP_WAIT_MS = 5_000;

/**
 * Delivers queued mail: at once when `nudge`d after a mail is queued, and every 30 seconds for retries. Several
 * servers may share the outbox; each claims its batch with SKIP LOCKED. Delivered mail is deleted.
 */
export function startMailQueue(options: { db: Db; deliver: Deliver; log: FastifyBaseLogger }) {
  const { db, deliver, log } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  /**
   * Takes the due mail and moves each one's next try 30 s, 1, 2, 4, … minutes ahead (at most an hour), so that a server
   * that dies while sending leaves the mail for a later try.
   */
  async function claim() {
    const delay = sql`make_interval(secs => least(3600, 30 * power(2, ${mailOutbox.attempts})))`;
    return db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + ${delay}` })
      .where(
        sql`${mailOutbox.id} in (select id from ${mailOutbox} where status = 'queued' and next_attempt_at <= now()
          order by next_attempt_at limit ${BATCH} for update skip locked)`,
      )
      .returning();
  }

  async function drain(): Promise<void> {
    for (let batch = await claim(); batch.length > 0 && !stopped; batch = await claim()) {
      for (const row of batch) {
        try {
          await deliver({ to: row.to, subject: row.subject, text: row.text, html: row.html, headers: row.headers });
          await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const failed = row.attempts >= MAX_ATTEMPTS;
          log.warn(
            { mailId: row.id, attempts: row.attempts, err: message },
            failed ? 'mail not delivered; given up' : 'mail not delivered; will retry',
          );
          await db
            .update(mailOutbox)
            .set({ lastError: message.slice(0, 1000), ...(failed ? { status: 'failed' as const } : {}) })
            .where(eq(mailOutbox.id, row.id));
        }
      }
    }
  }

  /** Runs a drain now, or once more after the one under way. */
  function nudge(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'mail queue failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          nudge();
        }
      });
  }

  const timer = setInterval(nudge, POLL_MS);
  timer.unref();
  nudge();
  return {
    nudge,
    /** Stops polling and waits a few seconds for the delivery under way (a mail cut short is tried again later). */
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (giveUp = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(giveUp);
    },
  };
}
