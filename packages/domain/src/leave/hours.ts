import type { LeaveCode } from '../org/settings.ts';

/** Rule 217: a day of leave is 8 hours. */
export const HOURS_PER_LEAVE_DAY = 8;
export const HALF_LEAVE_DAY = HOURS_PER_LEAVE_DAY / 2;

/** Rule 214: a code is measured in hours when its minHours or maxHours is not a multiple of 4; otherwise in days. */
export function measuredInHours(code: Pick<LeaveCode, 'minHours' | 'maxHours'>): boolean {
  const off = (hours: number | null) => hours !== null && hours % 4 !== 0;
  return off(code.minHours) || off(code.maxHours);
}

/** A lookup of public holidays: whether a day (YYYY-MM-DD) is one. Injected so the rules stay pure. */
export type IsHoliday = (day: string) => boolean;

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The calendar days from `from` to `to`, both included (empty when backwards). */
export function calendarDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = toMs(from); ms <= toMs(to); ms += DAY_MS) days.push(fromMs(ms));
  return days;
}

/** Monday 0 … Sunday 6 (weeks start Monday). */
export const weekdayIndex = (day: string) => (new Date(toMs(day)).getUTCDay() + 6) % 7;

/** Whether a day is outside the working week of `daysPerWeek` days starting Monday (5: Saturday and Sunday). */
export const isWeekend = (day: string, daysPerWeek: number) => weekdayIndex(day) >= daysPerWeek;

export type LeaveRange = { from: string; to: string };
export type LeaveDayHours = { date: string; hours: number };

/**
 * Rule 213: the working days of the ranges — weekends and public holidays skipped — each with its hours: 8, or what
 * `hours` gives for that day. Days are unique and sorted.
 */
export function leaveDays(
  ranges: readonly LeaveRange[],
  options: { daysPerWeek: number; isHoliday: IsHoliday; hours?: readonly LeaveDayHours[] },
): LeaveDayHours[] {
  const given = new Map((options.hours ?? []).map((entry) => [entry.date, entry.hours]));
  const days = new Set<string>();
  for (const range of ranges) for (const day of calendarDays(range.from, range.to)) days.add(day);
  return [...days]
    .sort()
    .filter((day) => !isWeekend(day, options.daysPerWeek) && !options.isHoliday(day))
    .map((date) => ({ date, hours: given.get(date) ?? HOURS_PER_LEAVE_DAY }));
}

/** Why the hours of a request do not fit its code, or null. */
export type LeaveHoursRefusal =
  | { field: 'dates'; reason: 'backwards' | 'empty' | 'overlapping' }
  | { field: 'hours'; reason: 'notAWorkingDay' | 'halfDaysNotAllowed' | 'wholeDaysOnly' | 'dayTooLong' | 'belowMin' | 'aboveMax' };

/** Rules 213–214 and the code's bounds: the days fit the code (half days where allowed, hours where measured in hours). */
export function checkLeaveHours(
  code: LeaveCode,
  ranges: readonly LeaveRange[],
  days: readonly LeaveDayHours[],
  asked: readonly LeaveDayHours[] = [],
): LeaveHoursRefusal | null {
  if (ranges.some((range) => range.to < range.from)) return { field: 'dates', reason: 'backwards' };
  const sorted = [...ranges].sort((a, b) => a.from.localeCompare(b.from));
  for (let i = 1; i < sorted.length; i += 1) if (sorted[i]!.from <= sorted[i - 1]!.to) return { field: 'dates', reason: 'overlapping' };
  if (days.length === 0) return { field: 'dates', reason: 'empty' };
  const counted = new Set(days.map((day) => day.date));
  if (asked.some((entry) => !counted.has(entry.date))) return { field: 'hours', reason: 'notAWorkingDay' };
  const inHours = measuredInHours(code);
  for (const day of days) {
    if (day.hours <= 0 || day.hours > HOURS_PER_LEAVE_DAY) return { field: 'hours', reason: 'dayTooLong' };
    if (!inHours && day.hours !== HOURS_PER_LEAVE_DAY) {
      if (day.hours !== HALF_LEAVE_DAY) return { field: 'hours', reason: 'wholeDaysOnly' };
      if (!code.allowHalfDays) return { field: 'hours', reason: 'halfDaysNotAllowed' };
    }
  }
  const total = totalHours(days);
  if (code.minHours !== null && total < code.minHours) return { field: 'hours', reason: 'belowMin' };
  if (code.maxHours !== null && total > code.maxHours) return { field: 'hours', reason: 'aboveMax' };
  return null;
}

/** Hours to hundredths: fractional hours add up without float noise (3 × 0.1 is 0.3, not 0.30000000000000004). */
export const roundHours = (hours: number) => Math.round(hours * 100) / 100;

/** The hours of the days, to hundredths. */
export const totalHours = (days: readonly LeaveDayHours[]) => roundHours(days.reduce((sum, day) => sum + day.hours, 0));
