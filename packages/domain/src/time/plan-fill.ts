import { quarterShares, spreadDays, spreadEstimate, weekWithinRole } from './rules.ts';
import { MAX_HOURS_PER_DAY } from './time.ts';
import { DAYS_PER_WEEK, weekDays } from './week.ts';

/** Rule 1: a working day is 8 hours; rule 3: weekends are skipped (Monday is day 0, so days 0–4 are worked). */
const DAY_HOURS = 8;
const WORKING_DAYS = 5;

type PlannedRole = { allocation: number; startDate: string | null; endDate: string | null };

/**
 * Days of the week (0 = Monday) the person does not work at all: a public holiday or a whole day of approved leave,
 * which take them off their roles as the planner does. None known, none skipped.
 */
export type DaysOff = ReadonlySet<number>;

const NO_DAYS_OFF: DaysOff = new Set();

/** The hours a role plans for a week (rule 10: 8 hours × the allocation percent on each working day of the role). */
export function plannedWeekHours(role: PlannedRole, weekStart: string, daysOff: DaysOff = NO_DAYS_OFF): number {
  return (DAY_HOURS * Math.max(0, role.allocation) * roleWorkingDays(role, weekStart, daysOff).length) / 100;
}

/** The days of the week (0 = Monday) that lie within the role's dates (an open end is no limit), less days off. */
function roleDays(role: PlannedRole, weekStart: string, daysOff: DaysOff): number[] {
  if (!weekWithinRole(weekStart, role)) return [];
  return weekDays(weekStart).flatMap((day, i) =>
    (role.startDate === null || role.startDate <= day) && (role.endDate === null || role.endDate >= day) && !daysOff.has(i) ? [i] : [],
  );
}

const roleWorkingDays = (role: PlannedRole, weekStart: string, daysOff: DaysOff) =>
  roleDays(role, weekStart, daysOff).filter((i) => i < WORKING_DAYS);

/**
 * A week's hours prefilled from the plan (rule 11): the role's planned hours for the week, spread with the estimate
 * bands at quarter-hour rounding, Monday first. A role that starts or ends within the week takes the spread on its own
 * working days; when the band asks for more days than the role works that week, the hours are shared over the days it
 * works. Weekends get hours only in the top band (more than 48 hours). Days off get none, and the role plans none
 * for them. No day takes more than 24 hours, which a save would refuse.
 */
export function planWeekHours(role: PlannedRole, weekStart: string, daysOff: DaysOff = NO_DAYS_OFF): number[] {
  const week = Array.from({ length: DAYS_PER_WEEK }, () => 0);
  const total = plannedWeekHours(role, weekStart, daysOff);
  if (total <= 0) return week;
  const bandDays = spreadDays(total);
  const days = bandDays === DAYS_PER_WEEK ? roleDays(role, weekStart, daysOff) : roleWorkingDays(role, weekStart, daysOff);
  const shares = bandDays <= days.length ? spreadEstimate(total).slice(0, bandDays) : quarterShares(total, days.length);
  // no day holds more than a day's hours: an allocation far over 100% fills what a day can take, never a refused day
  shares.forEach((hours, i) => (week[days[i]!] = Math.min(hours, MAX_HOURS_PER_DAY)));
  return week;
}
