import { addIsoDays, mondayOf } from '../missions/dates.ts';
import { OVERTIME_DEFAULTS } from '../org/settings.ts';
import { orgLicenceActive, type OrgLicenceFacts } from '../org/licence.ts';
import {
  DAYS_PER_WEEK,
  MAX_HOURS_PER_DAY,
  MINUTES_PER_HOUR,
  MISSING_TIMESHEET_WEEKS,
  REJECTION_REASON_MIN,
  type OvertimeMode,
  type TimesheetStatus,
} from './time.ts';
import { weekEndOf } from './week.ts';

/** The pure rules of timesheets (rules 1, 7, 11, 12, 171–181). Minutes are integers; hours are what people see. */

/** Hours as whole minutes (the stored unit): finer fractions round to the nearest minute. */
export const hoursToMinutes = (hours: number) => Math.round(hours * MINUTES_PER_HOUR);
/**
 * Several lines of daily hours (a week's tasks or roles) as whole minutes, each day's rounded once on its running
 * total: the day's minutes add up to its hours rounded once, never to a minute more. Rounding each line alone would
 * count a half minute twice (0.125 h + 23.875 h is 7.5 + 1,432.5 minutes, exactly 24 hours, not 8 + 1,433). One line
 * alone rounds as `hoursToMinutes`.
 */
export function linesToMinutes(lines: readonly (readonly number[])[]): number[][] {
  const running: number[] = [];
  return lines.map((days) =>
    days.map((hours, day) => {
      const before = running[day] ?? 0;
      running[day] = before + hours * MINUTES_PER_HOUR;
      return Math.round(running[day]) - Math.round(before);
    }),
  );
}

/** Minutes as hours, to at most 4 decimals (20 minutes = 0.3333 h). */
export const minutesToHours = (minutes: number) => Math.round((minutes / MINUTES_PER_HOUR) * 10_000) / 10_000;

export { weekDays, weekEndOf } from './week.ts';

/** Day totals of tasks, each with seven daily minutes. */
export function dayTotals(tasks: readonly (readonly number[])[]): number[] {
  const totals: number[] = Array.from({ length: DAYS_PER_WEEK }, () => 0);
  for (const days of tasks) days.forEach((minutes, i) => (totals[i] = (totals[i] ?? 0) + minutes));
  return totals;
}

/** The first day (0 = Monday) holding more than 24 hours, or -1. */
export const overfullDay = (minutes: readonly number[]) => minutes.findIndex((m) => m > MAX_HOURS_PER_DAY * MINUTES_PER_HOUR);

// ---------------------------------------------------------------------------------------------------------------
// Statuses (rules 171, 176)

/** A rejection's reason counts characters, as people see them: an emoji is one, not two UTF-16 units. */
export const rejectionReasonLongEnough = (reason: string | null | undefined) => [...(reason ?? '').trim()].length >= REJECTION_REASON_MIN;

/** Who acts on a sheet: its person, or somebody who decides it (a project manager or owner of its mission). */
export type TimesheetActor = 'owner' | 'approver';

/**
 * The transitions each actor may make. The person submits a draft or rejected week and may recall a submitted one
 * while it waits; approvers approve or reject a submitted week, and reopen an approved one (back to draft).
 */
export const TIMESHEET_TRANSITIONS: Record<TimesheetActor, Record<TimesheetStatus, readonly TimesheetStatus[]>> = {
  owner: { draft: ['submitted'], submitted: ['draft'], rejected: ['draft', 'submitted'], approved: [] },
  approver: { draft: [], submitted: ['approved', 'rejected'], rejected: [], approved: ['draft'] },
};

/** Whether one of `actors` may move a sheet from `from` to `to` (staying put is always allowed). */
export function canTransition(actors: readonly TimesheetActor[], from: TimesheetStatus, to: TimesheetStatus): boolean {
  return from === to || actors.some((actor) => TIMESHEET_TRANSITIONS[actor][from].includes(to));
}

/** The person changes the hours of their week only while it is a draft or was rejected: submitted and approved are locked. */
export const hoursEditable = (status: TimesheetStatus) => status === 'draft' || status === 'rejected';

/**
 * Who the caller is to a sheet: its person is its owner; an approver decides others' sheets — never their own,
 * like leave (approvers never review their own requests).
 */
export function timesheetActors(sheet: { personId: string }, caller: { personId: string; approves: boolean }): TimesheetActor[] {
  if (sheet.personId === caller.personId) return ['owner'];
  return caller.approves ? ['approver'] : [];
}

// ---------------------------------------------------------------------------------------------------------------
// Which sheets views keep (rules 173–175)

export type TimesheetKeepFacts = {
  status: TimesheetStatus;
  weekStart: string;
  planItem: { inactive: boolean; wasDeleted: boolean; startDate: string | null; endDate: string | null } | null;
  mission: { archived: boolean; noTimesheets: boolean } | null;
};

/** Whether the week overlaps the dates of the role (an open end is no limit). */
export function weekWithinRole(weekStart: string, role: { startDate: string | null; endDate: string | null }): boolean {
  const weekEnd = weekEndOf(weekStart);
  return (role.startDate === null || role.startDate <= weekEnd) && (role.endDate === null || role.endDate >= weekStart);
}

/**
 * Rules 174–175: submitted and approved sheets are always kept (they are the record); a draft or rejected sheet is
 * dropped when its role is inactive or deleted, its week is outside the role's dates, or its mission is archived or
 * does not track timesheets (noTimesheets).
 */
export function keepsTimesheet(sheet: TimesheetKeepFacts): boolean {
  if (sheet.status === 'submitted' || sheet.status === 'approved') return true;
  if (sheet.mission && (sheet.mission.archived || sheet.mission.noTimesheets)) return false;
  if (!sheet.planItem) return true;
  if (sheet.planItem.inactive || sheet.planItem.wasDeleted) return false;
  return weekWithinRole(sheet.weekStart, sheet.planItem);
}

/** Rule 173: only approved sheets count as actual hours. */
export const countsAsActual = (status: TimesheetStatus) => status === 'approved';

// ---------------------------------------------------------------------------------------------------------------
// Overtime (rule 177)

export type OvertimeSetting = { afterMinutes: number; mode: OvertimeMode };

const isMode = (value: unknown): value is OvertimeMode => value === 'day' || value === 'week';

/**
 * The overtime threshold that applies: the mission's own when it sets one, else the organisation's, else 8 hours a
 * day. A mode given without hours takes that mode's default (8 a day, 40 a week).
 */
export function overtimeSetting(
  org: { overTimeAfter: number | null; overTimeAfterDayOrWeek: string | null } | null,
  mission?: { overTimeAfterMinutes: number | null; overTimeAfterDayOrWeek: string | null } | null,
): OvertimeSetting {
  if (mission && (mission.overTimeAfterMinutes !== null || isMode(mission.overTimeAfterDayOrWeek))) {
    const mode = isMode(mission.overTimeAfterDayOrWeek) ? mission.overTimeAfterDayOrWeek : 'day';
    return { mode, afterMinutes: mission.overTimeAfterMinutes ?? OVERTIME_DEFAULTS[mode] * MINUTES_PER_HOUR };
  }
  const mode = isMode(org?.overTimeAfterDayOrWeek) ? org.overTimeAfterDayOrWeek : 'day';
  const after = org?.overTimeAfter;
  return { mode, afterMinutes: after !== null && after !== undefined && after >= 0 ? hoursToMinutes(after) : OVERTIME_DEFAULTS[mode] * 60 };
}

/**
 * Overtime minutes of worked days ({ day, minutes }, one person, any order, a day may repeat across sheets):
 * daily mode sums each day's minutes beyond the threshold; weekly mode each Monday-started week's.
 */
export function overtimeMinutes(days: readonly { day: string; minutes: number }[], setting: OvertimeSetting): number {
  const buckets = new Map<string, number>();
  for (const { day, minutes } of days) {
    const key = setting.mode === 'day' ? day : mondayOf(day);
    buckets.set(key, (buckets.get(key) ?? 0) + minutes);
  }
  let overtime = 0;
  for (const total of buckets.values()) overtime += Math.max(0, total - setting.afterMinutes);
  return overtime;
}

// ---------------------------------------------------------------------------------------------------------------
// Estimated hours across a week (rule 11) and capacity bars (rule 12)

const QUARTER = 15;

/**
 * The days an estimate is spread over, by its band (rule 11): up to 16 h over Monday–Tuesday, up to 24 h over
 * Monday–Wednesday (8-hour days, rule 1), up to 48 h over the five working days, more over all seven days.
 */
export function spreadDays(totalHours: number): number {
  if (totalHours <= 16) return 2;
  if (totalHours <= 24) return 3;
  if (totalHours <= 48) return 5;
  return DAYS_PER_WEEK;
}

/**
 * Estimated hours spread across a week (Monday first) in quarter hours: the total is rounded to the quarter hour,
 * shared evenly over the band's days, and the quarters left over go one each to the first days.
 */
export function spreadEstimate(totalHours: number): number[] {
  const shares = quarterShares(totalHours, spreadDays(totalHours));
  return Array.from({ length: DAYS_PER_WEEK }, (_, i) => shares[i] ?? 0);
}

/** `totalHours` rounded to the quarter hour and shared over `days` days in quarters, the extra quarters first. */
export function quarterShares(totalHours: number, days: number): number[] {
  const quarters = Math.max(0, Math.round((totalHours * MINUTES_PER_HOUR) / QUARTER));
  const each = Math.floor(quarters / days);
  const extra = quarters - each * days;
  return Array.from({ length: days }, (_, i) => ((each + (i < extra ? 1 : 0)) * QUARTER) / MINUTES_PER_HOUR);
}

/** Rule 12: the height of a day's capacity bar (percent); no hours, no bar. */
export function capacityBarPercent(hours: number): number {
  if (hours <= 0) return 0;
  if (hours <= 8) return 25;
  if (hours <= 16) return 50;
  if (hours <= 32) return 75;
  return 98;
}

// ---------------------------------------------------------------------------------------------------------------
// Missing timesheets (rule 178)

export type RoleForTimesheets = { planItemId: string; missionId: string; title: string; startDate: string | null; endDate: string | null };

/**
 * The weeks of the person's roles without a submitted or approved sheet over the three weeks before the current
 * one (the current week is not due yet). `done` holds `planItemId:weekStart` of submitted and approved sheets.
 */
export function missingTimesheets(
  roles: readonly RoleForTimesheets[],
  done: ReadonlySet<string>,
  today: string,
): { mission: string; planItemId: string; title: string; weekStart: string }[] {
  const thisWeek = mondayOf(today);
  const weeks = Array.from({ length: MISSING_TIMESHEET_WEEKS }, (_, i) => addIsoDays(thisWeek, -7 * (MISSING_TIMESHEET_WEEKS - i)));
  const missing = [];
  for (const role of roles)
    for (const weekStart of weeks)
      if (weekWithinRole(weekStart, role) && !done.has(`${role.planItemId}:${weekStart}`))
        missing.push({ mission: role.missionId, planItemId: role.planItemId, title: role.title, weekStart });
  return missing;
}

// ---------------------------------------------------------------------------------------------------------------
// Licensing (rules 180–181)

/**
 * Rule 181: an organisation may track time when it is licensed (key or organisation licence) with an active
 * subscription — a running free trial counts, a lapsed one does not.
 */
export const timeTrackingEligible = (org: OrgLicenceFacts, now: Date) => orgLicenceActive(org, now);
