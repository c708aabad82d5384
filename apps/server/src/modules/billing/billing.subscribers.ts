import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { jobs } from '../../db/schema/index.ts';
import type { AppContext } from '../../plugins/types.ts';
import { orgsWithOpenSubscription, syncSeats } from './billing.service.ts';
import { providerOf } from './provider.ts';

/** Syncs one organisation's seats (`{ orgId }`), or, without one, all of them and plans the next run a day later. */
export const SEATS_JOB = 'billing.seats.sync';
type SeatsJob = { orgId?: string };
const DAY_MS = 24 * 3_600_000;

/**
 * Keeps the provider's subscription in step with the seats (rule 200) once payments are configured: after every
 * committed change of the organisation's people, on the day a removed person actually leaves (they hold their seat
 * until then), once the organisation is deleted (its subscription is cancelled), and daily for every open
 * subscription as a safety net.
 */
export async function subscribeBillingEvents(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  if (!providerOf(ctx)) return;
  ctx.events.on('org.changed', async ({ orgId, changes }) => {
    if (changes.some((change) => change.entity === 'org.people')) await syncSeats(ctx, orgId, log);
  });
  ctx.events.on('org.deleted', async ({ orgId }) => {
    await syncSeats(ctx, orgId, log);
  });
  ctx.events.on('org.person.removed', async ({ orgId, endDate }) => {
    if (!endDate) return;
    // the start of the leaving day as the database counts days (`current_date` decides who holds a seat)
    const { rows } = await ctx.db.execute<{ at: number }>(sql`select extract(epoch from ${endDate}::date::timestamptz)::float8 as at`);
    await ctx.jobs.enqueue(SEATS_JOB, { orgId }, { runAt: new Date(rows[0]!.at * 1000) });
  });
  ctx.jobs.define<SeatsJob>(SEATS_JOB, async ({ orgId }, job) => {
    if (orgId) {
      await syncSeats(ctx, orgId, log);
      return;
    }
    // the next run is planned by the first try only: a retry of this one plans none
    if (job.attempts === 1) await ctx.jobs.enqueue(SEATS_JOB, {}, { delayMs: DAY_MS });
    for (const id of await orgsWithOpenSubscription(ctx)) await syncSeats(ctx, id, log);
  });
  await keepReconciliationPlanned(ctx);
}

/** Makes sure one daily reconciliation is pending (due now when none was), under a lock so that servers starting together plan one. */
async function keepReconciliationPlanned(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SEATS_JOB}))`);
    const pending = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, SEATS_JOB), sql`${jobs.payload} ->> 'orgId' is null`, isNull(jobs.doneAt), isNull(jobs.failedAt)))
      .limit(1);
    if (pending.length === 0) await ctx.jobs.enqueue(SEATS_JOB, {}, { db: tx });
  });
  ctx.jobs.nudge();
}
