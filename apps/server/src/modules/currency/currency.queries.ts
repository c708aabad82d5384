import { sql } from 'drizzle-orm';
import { addIsoDays, currencyOfRateCode, ROLL_FORWARD_DAYS } from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { exchangeRates } from '../../db/schema/index.ts';
import type { PublishedRate } from './currency.formats.ts';

/** The reference rates' base: every stored rate is units of its currency per one EUR. */
export const RATES_BASE = 'EUR';

/** Rows one insert statement carries (the columns go as one array each). */
const CHUNK = 20_000;

/**
 * Stores published rates of the currencies the product lists (others, such as retired ones, are left out), each
 * (day, currency) once: a new one is inserted, a corrected one written over, an unchanged one left alone. Answers how
 * many rows were inserted or changed.
 */
export async function upsertRates(db: Db | Tx, rates: readonly PublishedRate[]): Promise<number> {
  const unique = new Map<string, PublishedRate>();
  for (const rate of rates) {
    if (rate.currency !== RATES_BASE && currencyOfRateCode(rate.currency) !== null) unique.set(`${rate.currency} ${rate.day}`, rate);
  }
  const rows = [...unique.values()];
  let changed = 0;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const column = (pick: (rate: PublishedRate) => string) => sql.param(chunk.map(pick));
    const result = await db.execute(sql`
      insert into ${exchangeRates} (base, currency, day, rate)
      select ${RATES_BASE}, r.currency, r.day, r.rate
      from unnest(${column((r) => r.currency)}::text[], ${column((r) => r.day)}::date[], ${column((r) => r.rate)}::numeric[])
        as r (currency, day, rate)
      on conflict (base, currency, day) do update set rate = excluded.rate, imported_at = now()
      where ${exchangeRates.rate} <> excluded.rate`);
    changed += result.rowCount ?? 0;
  }
  return changed;
}

export type StoredRate = { day: string; rate: string };

/**
 * In one statement, the published rates of `currencies` (codes of the reference rates) that can serve the rate days
 * asked for (each day and the `ROLL_FORWARD_DAYS` after it), and each currency's latest rate: per currency, by day.
 */
export async function loadRates(
  db: Db | Tx,
  currencies: readonly string[],
  rateDays: readonly string[],
): Promise<Map<string, StoredRate[]>> {
  const byCurrency = new Map<string, Map<string, string>>(currencies.map((currency) => [currency, new Map()]));
  if (currencies.length === 0) return new Map();
  const ranges = windowsOf(rateDays);
  const { rows } = await db.execute<{ currency: string; day: string; rate: string }>(sql`
    select x.currency, x.day::text as day, x.rate::text as rate
    from unnest(${sql.param(ranges.map((r) => r.start))}::date[], ${sql.param(ranges.map((r) => r.end))}::date[]) as w (start_day, end_day)
    join ${exchangeRates} x on x.base = ${RATES_BASE} and x.currency = any(${sql.param(currencies)}::text[])
      and x.day between w.start_day and w.end_day
    union all
    select c.code, latest.day::text, latest.rate::text
    from unnest(${sql.param(currencies)}::text[]) as c (code)
    cross join lateral (
      select day, rate from ${exchangeRates} where base = ${RATES_BASE} and currency = c.code order by day desc limit 1
    ) latest`);
  for (const row of rows) byCurrency.get(row.currency)?.set(row.day, row.rate);
  return new Map(
    [...byCurrency].map(([currency, days]) => [
      currency,
      [...days].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([day, rate]) => ({ day, rate })),
    ]),
  );
}

/** The days that can serve `rateDays` as few ranges: each day to `ROLL_FORWARD_DAYS` after it, overlapping ones merged. */
function windowsOf(rateDays: readonly string[]): { start: string; end: string }[] {
  const ranges: { start: string; end: string }[] = [];
  for (const day of [...new Set(rateDays)].sort()) {
    const end = addIsoDays(day, ROLL_FORWARD_DAYS);
    const last = ranges.at(-1);
    if (last && day <= addIsoDays(last.end, 1)) last.end = end > last.end ? end : last.end;
    else ranges.push({ start: day, end });
  }
  return ranges;
}
