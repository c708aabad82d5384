import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/database.ts';
import { jobs } from '../db/schema/index.ts';
import { fromNow, type Clock } from '../lib/clock.ts';

export type JobRow = typeof jobs.$inferSelect;
/** Runs one job; a thrown error is a failed try (tried again later, up to the kind's attempts). */
export type JobHandler<P> = (payload: P, job: JobRow) => Promise<void>;
export type JobKindOptions = {
  /** Tries before the job is marked failed (default 8). */
  maxAttempts?: number;
  /** The wait after the `attempts`-th failed try (default 30 s, 1, 2, 4, … minutes, at most an hour). */
  backoffMs?: (attempts: number) => number;
};

export type Jobs = {
  /** Registers what a kind of job does on this server; only defined kinds are claimed. */
  define: <P>(kind: string, handler: JobHandler<P>, options?: JobKindOptions) => void;
  /**
   * Stores a job due `delayMs` from now (or at `runAt`); in `db` when given (a transaction), so that it commits with the
   * write: `nudge` once it has committed.
   */
  enqueue: (kind: string, payload: unknown, options?: { delayMs?: number; runAt?: Date; db?: Db | Tx }) => Promise<number>;
  /** Looks for due jobs now (after a job was enqueued in a transaction that has committed). */
  nudge: () => void;
  /** Claims and runs every due job, batch after batch, until none is due; answers how many ran (failures included). */
  runDue: () => Promise<number>;
  /** Runs due jobs as they fall due (and after every enqueue) until `stop`. */
  start: () => void;
  /** Stops running and waits a few seconds for the jobs under way (a job cut short runs again after its lock). */
  stop: () => Promise<void>;
};

const BATCH = 20;
/** A claimed job is another runner's again after this, should its server die while running it. */
const LOCK_MS = 5 * 60_000;
/** Jobs enqueued by another server are seen within this. */
const POLL_MS = 30_000;
const STOP_WAIT_MS = 5_000;
/** Done jobs are kept this long (for inspection), then deleted. */
const KEEP_DONE_MS = 24 * 3_600_000;
export const DEFAULT_MAX_ATTEMPTS = 8;
export const defaultBackoffMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Delayed work as rows of `jobs`, so that it survives a restart and any server may run it. The time is the clock's:
 * tests advance a test clock and call `runDue` instead of waiting.
 */
export function createJobRunner(options: { db: Db; clock: Clock; log: FastifyBaseLogger; afterJob?: () => void }): Jobs {
  const { db, clock, log } = options;
  const kinds = new Map<string, { handler: JobHandler<unknown>; maxAttempts: number; backoffMs: (attempts: number) => number }>();
  let started = false;
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let prunedAt = 0;

  async function claim(): Promise<JobRow[]> {
    if (kinds.size === 0) return [];
    const now = clock.now();
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        sql`${jobs.doneAt} is null and ${jobs.failedAt} is null and ${jobs.runAt} <= ${now}
          and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} <= ${now}) and ${inArray(jobs.kind, [...kinds.keys()])}`,
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({ attempts: sql`${jobs.attempts} + 1`, lockedUntil: fromNow(clock, LOCK_MS) })
      .where(inArray(jobs.id, due))
      .returning();
  }

  async function runOne(job: JobRow): Promise<void> {
    const kind = kinds.get(job.kind)!;
    try {
      await kind.handler(job.payload, job);
      options.afterJob?.();
      await db.update(jobs).set({ doneAt: clock.now(), lockedUntil: null }).where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = job.attempts >= kind.maxAttempts;
      log.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, err: message },
        failed ? 'job failed; given up' : 'job failed; will retry',
      );
      await db
        .update(jobs)
        .set({
          lastError: message.slice(0, 1000),
          lockedUntil: null,
          ...(failed ? { failedAt: clock.now() } : { runAt: fromNow(clock, kind.backoffMs(job.attempts)) }),
        })
        .where(eq(jobs.id, job.id));
    }
  }

  async function runDue(): Promise<number> {
    let count = 0;
    for (let batch = await claim(); batch.length > 0 && !stopped; batch = await claim()) {
      for (const job of batch) await runOne(job);
      count += batch.length;
    }
    return count;
  }

  /** The wait until the next due job of a defined kind (at most the poll interval). */
  async function nextWaitMs(): Promise<number> {
    if (kinds.size === 0) return POLL_MS;
    const [next] = await db
      .select({ runAt: sql<Date>`min(greatest(${jobs.runAt}, coalesce(${jobs.lockedUntil}, ${jobs.runAt})))`.mapWith(jobs.runAt) })
      .from(jobs)
      .where(and(sql`${jobs.doneAt} is null and ${jobs.failedAt} is null`, inArray(jobs.kind, [...kinds.keys()])));
    if (!next?.runAt) return POLL_MS;
    return Math.min(POLL_MS, Math.max(0, next.runAt.getTime() - clock.now().getTime()));
  }

  async function prune(): Promise<void> {
    if (clock.now().getTime() - prunedAt < 3_600_000) return;
    prunedAt = clock.now().getTime();
    await db.delete(jobs).where(and(isNotNull(jobs.doneAt), lt(jobs.doneAt, fromNow(clock, -KEEP_DONE_MS))));
  }

  /** Runs the due jobs now (or once more after the run under way), then sleeps until the next one falls due. */
  function wake(): void {
    if (!started || stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = runDue()
      .then(prune)
      .then(nextWaitMs)
      .catch((error: unknown) => {
        log.error({ err: error }, 'job runner failed');
        return POLL_MS;
      })
      .then((waitMs) => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          wake();
          return;
        }
        timer = setTimeout(wake, waitMs);
        timer.unref();
      });
  }

  return {
    define: (kind, handler, kindOptions = {}) => {
      kinds.set(kind, {
        handler: handler as JobHandler<unknown>,
        maxAttempts: kindOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        backoffMs: kindOptions.backoffMs ?? defaultBackoffMs,
      });
    },
    enqueue: async (kind, payload, enqueueOptions = {}) => {
      const runAt = enqueueOptions.runAt ?? fromNow(clock, enqueueOptions.delayMs ?? 0);
      const [row] = await (enqueueOptions.db ?? db).insert(jobs).values({ kind, payload, runAt }).returning({ id: jobs.id });
      if (!enqueueOptions.db) wake();
      return row!.id;
    },
    nudge: wake,
    runDue,
    start: () => {
      started = true;
      wake();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (giveUp = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(giveUp);
    },
  };
}
