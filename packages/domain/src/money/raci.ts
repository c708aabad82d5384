import { addIsoDays, daysBetween, isIsoDay, workingDaysBetween } from '../missions/dates.ts';
import type { RACI_FREQUENCIES } from '../plan/plan.ts';

/**
 * Hours of a role on a task (spec 2 §3 raciOnTasks; rule 81): hours per frequency over the entry's dates. The
 * frequencies are Total (the hours once), Per day (each working day, Mon–Fri), Per week and Per month (calendar
 * weeks of 7 days and months of 365/12 days over the dates, both ends included).
 */
export type RaciFrequency = (typeof RACI_FREQUENCIES)[number];

/** Working days (Mon–Fri) from `start` to `end`, both included; 0 when `end` is before `start`. */
export function workingDaysIncluded(start: string, end: string): number {
  return Math.max(0, workingDaysBetween(addIsoDays(start, -1), end));
}

/** Calendar days from `start` to `end`, both included; 0 when `end` is before `start`. */
export function calendarDaysIncluded(start: string, end: string): number {
  return Math.max(0, daysBetween(start, end) + 1);
}

/** Rounded to the hundredth of an hour (hours are fractional; a plan shows two decimals). */
const hundredths = (hours: number) => Math.round(hours * 100) / 100;

/**
 * The hours needed on a task: `hoursPer` once (Total) or per working day, week or month between the dates. Null when
 * it cannot be told: no hours, no frequency, or a frequency over time without both dates. Dates out of order give 0.
 */
export function raciHoursNeeded(entry: {
  hoursPer: number | null | undefined;
  frequency: RaciFrequency | null | undefined;
  startDate: string | null | undefined;
  endDate: string | null | undefined;
}): number | null {
  const { hoursPer, frequency, startDate, endDate } = entry;
  if (hoursPer === null || hoursPer === undefined || !frequency) return null;
  if (frequency === 'Total') return hundredths(hoursPer);
  if (!isIsoDay(startDate) || !isIsoDay(endDate)) return null;
  switch (frequency) {
    case 'Per day':
      return hundredths(hoursPer * workingDaysIncluded(startDate, endDate));
    case 'Per week':
      return hundredths((hoursPer * calendarDaysIncluded(startDate, endDate)) / 7);
    case 'Per month':
      return hundredths((hoursPer * calendarDaysIncluded(startDate, endDate) * 12) / 365);
  }
}
