import { addIsoDays } from '../missions/dates.ts';

/**
 * Which day's exchange rate converts money of a day (rule 193): the rate of the day; for a past day the rate of the
 * day after, a weekend rolling forward to the Monday (Friday's money takes Monday's rate, 3 days on); a day after
 * today takes the latest rate. Days are calendar days, 'YYYY-MM-DD'.
 */

/**
 * How far a rate day may roll forward to the next published rate (the reference rates skip weekends and a few
 * holidays, at most four days in a row); a day with no rate that near, and not after the last published one, has none.
 */
export const ROLL_FORWARD_DAYS = 7;

const MS_PER_DAY = 86_400_000;

/** 0 Sunday … 6 Saturday. */
const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** A Saturday or Sunday rolls forward to the Monday after; a weekday stays. */
export function rollWeekend(day: string): string {
  const weekday = weekdayOf(day);
  if (weekday === 6) return addIsoDays(day, 2);
  if (weekday === 0) return addIsoDays(day, 1);
  return day;
}

/**
 * The day whose published rate converts money of `day` when it is `today`, or null for "the latest published
 * rate": today takes today's rate, a past day the next day's (weekends rolled to Monday), a future day the latest.
 * A rate day that falls after today is not published yet, so it is the latest too.
 */
export function rateDayFor(day: string, today: string): string | null {
  if (day > today) return null;
  const rateDay = rollWeekend(day === today ? day : addIsoDays(day, 1));
  return rateDay > today ? null : rateDay;
}

/**
 * The published rate that serves `rateDay` (from `rateDayFor`) among one currency's published rates, sorted by
 * day: the first on or after it, at most `ROLL_FORWARD_DAYS` on (holidays roll forward like weekends); the latest
 * when `rateDay` is null or after the last one published; else none (null).
 */
export function pickPublished<T extends { day: string }>(rateDay: string | null, published: readonly T[]): T | null {
  const latest = published.at(-1) ?? null;
  if (rateDay === null || latest === null) return latest;
  if (latest.day < rateDay) return latest;
  // the first published on or after the rate day (binary search: the list is sorted by day)
  let low = 0;
  let high = published.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (published[middle]!.day < rateDay) low = middle + 1;
    else high = middle;
  }
  const next = published[low]!;
  return (Date.parse(next.day) - Date.parse(rateDay)) / MS_PER_DAY <= ROLL_FORWARD_DAYS ? next : null;
}

/** Every day from `startDate` to `endDate`, both included. */
export function daysFrom(startDate: string, endDate: string): string[] {
  const days: string[] = [];
  for (let day = startDate; day <= endDate; day = addIsoDays(day, 1)) days.push(day);
  return days;
}

/**
 * Rule 194: screens fetch exchange rates a month at a time, keep them by base currency and month, and fetch none
 * when every amount is already in the base currency. Answers the months to fetch for money of `days` in
 * `currencies` shown in `base`, each with its cache key and the request's query.
 */
export function rateMonthsToFetch(
  base: string,
  currencies: readonly string[],
  days: readonly string[],
): { key: string; query: { base: string; startDate: string; endDate: string } }[] {
  if (currencies.every((currency) => currency === base)) return [];
  const months = [...new Set(days.map((day) => day.slice(0, 7)))].sort();
  return months.map((month) => {
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
    return { key: `${base}:${month}`, query: { base, startDate: `${month}-01`, endDate: `${month}-${String(lastDay).padStart(2, '0')}` } };
  });
}
