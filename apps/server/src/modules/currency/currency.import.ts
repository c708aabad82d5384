import { readFile } from 'node:fs/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { jobs } from '../../db/schema/index.ts';
import type { AppContext } from '../../plugins/types.ts';
import { parseReferenceRates } from './currency.formats.ts';
import { upsertRates } from './currency.queries.ts';

/** The job that fetches the configured rates address, then runs again `refreshHours` later. */
export const RATES_JOB = 'currency.rates.fetch';

/** The most a rates address may answer (the whole published history, zipped, is well under 1 MB). */
const MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 60_000;

export type RatesImport = { read: number; changed: number };

/** Reads reference rates in any published form and stores them (idempotent). */
export async function importRates(db: Db, bytes: Uint8Array): Promise<RatesImport> {
  const rates = parseReferenceRates(bytes);
  return { read: rates.length, changed: await upsertRates(db, rates) };
}

export async function importRatesFile(db: Db, file: string): Promise<RatesImport> {
  return importRates(db, new Uint8Array(await readFile(file)));
}

/** The bytes at a rates address (one of the published files, plain or zipped). */
export async function fetchRates(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  if (!response.ok) throw new Error(`Exchange rates: ${url} answered ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_DOWNLOAD_BYTES) throw new Error(`Exchange rates: ${url} is larger than ${MAX_DOWNLOAD_BYTES} bytes`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_DOWNLOAD_BYTES) throw new Error(`Exchange rates: ${url} is larger than ${MAX_DOWNLOAD_BYTES} bytes`);
  return bytes;
}

/** The fetch job, defined while the app is built when a rates address is configured (`prepareExchangeRates` plans it). */
export function defineRatesFetch(ctx: AppContext, log: FastifyBaseLogger): void {
  const { url, refreshHours } = ctx.config.exchangeRates;
  if (!url) return;
  ctx.jobs.define(
    RATES_JOB,
    async (_payload, job) => {
      // the next run is planned by the first try only: a retry of this one plans none
      if (job.attempts === 1) await ctx.jobs.enqueue(RATES_JOB, {}, { delayMs: refreshHours * 3_600_000 });
      const result = await importRates(ctx.db, await fetchRates(url));
      log.info({ ...result, url }, 'exchange rates fetched');
    },
    { maxAttempts: 4 },
  );
}

/**
 * Where the rates come from, run once the server is built (before it listens): the configured file, read in full (a
 * bad file stops the start). With an address, the fetch job is kept planned (one pending at a time, whichever server
 * starts first), due now the first time. With neither, no rates are made up: a conversion says which currency and day
 * it lacks.
 */
export async function prepareExchangeRates(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const { url, file } = ctx.config.exchangeRates;
  if (file) {
    const result = await importRatesFile(ctx.db, file).catch((error: unknown) => {
      throw new Error(`Exchange rates: cannot import ${file}: ${error instanceof Error ? error.message : String(error)}`);
    });
    log.info({ ...result, file }, 'exchange rates imported');
  }
  if (url) await keepFetchScheduled(ctx);
}

/** Makes sure one fetch is pending (due now when none was), under a lock so that servers starting together plan one. */
async function keepFetchScheduled(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${RATES_JOB}))`);
    const pending = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, RATES_JOB), isNull(jobs.doneAt), isNull(jobs.failedAt)))
      .limit(1);
    if (pending.length === 0) await ctx.jobs.enqueue(RATES_JOB, {}, { db: tx });
  });
  ctx.jobs.nudge();
}
