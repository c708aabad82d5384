import {
  convertMinor,
  crossRate,
  CURRENCY_CODES,
  currencyStepMinor,
  daysFrom,
  pickPublished,
  rateCodeOf,
  rateDayFor,
  type ExchangeRateDay,
  type ExchangeRateQuery,
} from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { appError } from '../../lib/errors.ts';
import { todayOf, type Clock } from '../../lib/clock.ts';
import { loadRates, RATES_BASE } from './currency.queries.ts';

/** What converting needs: where the rates are (a transaction works too) and what day it is. */
export type CurrencyDeps = { db: Db | Tx; clock: Clock };

/** An amount in minor units (cents) of `from`, earned or spent on `day`. */
export type Conversion = { amountMinor: number; from: string; day: string };

/**
 * The published rates that serve each day (rule 193), read in one round trip: `rateOf(currency, day)` answers units
 * of the currency per one EUR, or null when none serves that day.
 */
async function ratesServing(deps: CurrencyDeps, currencies: Iterable<string>, days: Iterable<string>) {
  const today = todayOf(deps.clock);
  const rateDays = new Map([...new Set(days)].map((day) => [day, rateDayFor(day, today)]));
  const codes = [...new Set([...currencies].map(rateCodeOf))].filter((code) => code !== RATES_BASE);
  const published = await loadRates(
    deps.db,
    codes,
    [...rateDays.values()].filter((day) => day !== null),
  );
  // per currency, the rate picked for each rate day (money of a weekend shares Monday's)
  const picked = new Map<string, Map<string | null, string | null>>();
  return (currency: string, day: string): string | null => {
    const code = rateCodeOf(currency);
    if (code === RATES_BASE) return '1';
    const series = published.get(code);
    if (!series || series.length === 0) return null;
    const rateDay = rateDays.get(day) ?? null;
    let byRateDay = picked.get(code);
    if (!byRateDay) picked.set(code, (byRateDay = new Map()));
    if (!byRateDay.has(rateDay)) byRateDay.set(rateDay, pickPublished(rateDay, series)?.rate ?? null);
    return byRateDay.get(rateDay)!;
  };
}

/**
 * How a converted amount is rounded: to the cent (`'cent'`, as totals of reports are added up), or to the smallest
 * amount of the target currency (`'currency'`: a whole yen for a currency without minor units), for an amount kept in
 * it, such as a rate a plan item takes.
 */
export type ConversionRounding = 'cent' | 'currency';

/**
 * Converts each amount into `to` at the rate that serves its day (rule 193), in one database round trip; an amount
 * already in `to` stays as it is, and nothing is looked up when all are. Each converted amount is rounded once, to the
 * cent or to `to`'s smallest amount (`rounding`). A currency without a rate for a day is refused (422 'No exchange
 * rate for GBP on 2026-03-02'), never taken 1:1.
 */
export async function convertAmounts(
  deps: CurrencyDeps,
  to: string,
  conversions: readonly Conversion[],
  rounding: ConversionRounding = 'cent',
): Promise<number[]> {
  const foreign = conversions.filter((c) => c.from !== to);
  if (foreign.length === 0) return conversions.map((c) => c.amountMinor);
  const rateOf = await ratesServing(
    deps,
    [to, ...foreign.map((c) => c.from)],
    foreign.map((c) => c.day),
  );
  const stepMinor = rounding === 'currency' ? currencyStepMinor(to) : 1;
  return conversions.map(({ amountMinor, from, day }) => {
    if (from === to) return amountMinor;
    return convertMinor(amountMinor, rateOrRefuse(rateOf, from, day), rateOrRefuse(rateOf, to, day), stepMinor);
  });
}

/**
 * For each day, how many units of each currency one unit of `base` buys (10 significant digits, as decimal text), at
 * the rates that serve that day. A currency without a rate that day is left out of it; `base` without one is
 * refused (422).
 */
export async function ratesFor(
  deps: CurrencyDeps,
  base: string,
  currencies: readonly string[],
  days: readonly string[],
): Promise<Map<string, Map<string, string>>> {
  const rateOf = await ratesServing(deps, [base, ...currencies], days);
  const crossRates = new Map<string, string>();
  const cross = (basePerEur: string, perEur: string) => {
    const key = `${basePerEur}/${perEur}`;
    let rate = crossRates.get(key);
    if (rate === undefined) crossRates.set(key, (rate = crossRate(basePerEur, perEur)));
    return rate;
  };
  const result = new Map<string, Map<string, string>>();
  for (const day of days) {
    const basePerEur = rateOrRefuse(rateOf, base, day);
    const rates = new Map<string, string>();
    for (const currency of currencies) {
      const perEur = currency === base ? basePerEur : rateOf(currency, day);
      if (perEur !== null) rates.set(currency, cross(basePerEur, perEur));
    }
    result.set(day, rates);
  }
  return result;
}

function rateOrRefuse(rateOf: (currency: string, day: string) => string | null, currency: string, day: string): string {
  const rate = rateOf(currency, day);
  if (rate === null) throw appError('noExchangeRate', currency, day);
  return rate;
}

/** `GET /api/currency/exchange-rate/daily/list`: every currency's rate against `base` for each day asked for. */
export async function dailyRates(deps: CurrencyDeps, query: ExchangeRateQuery): Promise<ExchangeRateDay[]> {
  const days = query.startDate && query.endDate ? daysFrom(query.startDate, query.endDate) : [query.date ?? todayOf(deps.clock)];
  const rates = await ratesFor(deps, query.base, CURRENCY_CODES, days);
  return days.map((day) => ({ day, rates: Object.fromEntries([...rates.get(day)!].map(([currency, rate]) => [currency, Number(rate)])) }));
}
