import { mondayOf } from '../missions/dates.ts';
import { OVERTIME_MODES } from '../org/settings.ts';
import { hoursToMinutes, minutesToHours, overtimeMinutes, overtimeSetting, type OvertimeSetting } from './rules.ts';
import { MAX_HOURS_PER_DAY, MINUTES_PER_HOUR, type OvertimeMode } from './time.ts';

/**
 * The mission's overtime override (rule 177: set on the organisation, overridable on the mission with overTimeAfter and
 * overTimeAfterDayOrWeek). Both empty keep the organisation's threshold; hours without a mode count per day; a mode
 * without hours takes that mode's default (8 a day, 40 a week).
 */

/** The override as the mission stores it: whole minutes and a mode, each optional. */
export type MissionOvertimeColumns = { overTimeAfterMinutes: number | null; overTimeAfterDayOrWeek: string | null };

const isMode = (value: unknown): value is OvertimeMode => (OVERTIME_MODES as readonly unknown[]).includes(value);

/** Whether the mission sets a threshold of its own. */
export const overridesOvertime = (mission: MissionOvertimeColumns | null | undefined): mission is MissionOvertimeColumns =>
  !!mission && (mission.overTimeAfterMinutes !== null || isMode(mission.overTimeAfterDayOrWeek));

/** The override as the API shows it: hours (not minutes) and the mode, each null when not set. */
export function presentMissionOvertime(mission: MissionOvertimeColumns): {
  overTimeAfter: number | null;
  overTimeAfterDayOrWeek: OvertimeMode | null;
} {
  return {
    overTimeAfter: mission.overTimeAfterMinutes === null ? null : minutesToHours(mission.overTimeAfterMinutes),
    overTimeAfterDayOrWeek: isMode(mission.overTimeAfterDayOrWeek) ? mission.overTimeAfterDayOrWeek : null,
  };
}

/** The columns a mission update writes from the API's fields (only those given). */
export function missionOvertimeColumns(input: {
  overTimeAfter?: number | null | undefined;
  overTimeAfterDayOrWeek?: OvertimeMode | null | undefined;
}): Partial<MissionOvertimeColumns> {
  const columns: Partial<MissionOvertimeColumns> = {};
  if (input.overTimeAfter !== undefined)
    columns.overTimeAfterMinutes = input.overTimeAfter === null ? null : hoursToMinutes(input.overTimeAfter);
  if (input.overTimeAfterDayOrWeek !== undefined) columns.overTimeAfterDayOrWeek = input.overTimeAfterDayOrWeek;
  return columns;
}

/** A daily threshold beyond a day's 24 hours can never be reached: refused (the weekly one is bounded by the schema). */
export function missionOvertimeTooLong(merged: MissionOvertimeColumns): boolean {
  if (!overridesOvertime(merged)) return false;
  const setting = overtimeSetting(null, merged);
  return setting.mode === 'day' && setting.afterMinutes > MAX_HOURS_PER_DAY * MINUTES_PER_HOUR;
}

/** The organisation's own threshold, by the same bound: a daily one beyond 24 hours is refused. */
export const orgOvertimeTooLong = (org: { overTimeAfter: number; overTimeAfterDayOrWeek: string }) =>
  org.overTimeAfterDayOrWeek === 'day' && org.overTimeAfter > MAX_HOURS_PER_DAY;

/** The threshold in force on a mission and where it comes from, as hours. */
export function overtimeInEffect(
  org: { overTimeAfter: number | null; overTimeAfterDayOrWeek: string | null } | null,
  mission: MissionOvertimeColumns,
): { after: number; mode: OvertimeMode; fromMission: boolean } {
  const setting = overtimeSetting(org, mission);
  return { after: minutesToHours(setting.afterMinutes), mode: setting.mode, fromMission: overridesOvertime(mission) };
}

/**
 * Overtime minutes per day of one person's worked days against one threshold: daily mode, the day's minutes beyond it;
 * weekly mode, the part of each day that takes the running total of its Monday-started week beyond it (so the days
 * add up to `overtimeMinutes`). Days before the period asked for must be given in weekly mode (from its Monday on).
 */
export function overtimeByDay(days: readonly { day: string; minutes: number }[], setting: OvertimeSetting): Map<string, number> {
  const perDay = new Map<string, number>();
  for (const { day, minutes } of days) perDay.set(day, (perDay.get(day) ?? 0) + minutes);
  const result = new Map<string, number>();
  const running = new Map<string, number>();
  for (const day of [...perDay.keys()].sort()) {
    const minutes = perDay.get(day)!;
    if (setting.mode === 'day') {
      result.set(day, Math.max(0, minutes - setting.afterMinutes));
      continue;
    }
    const week = mondayOf(day);
    const before = running.get(week) ?? 0;
    running.set(week, before + minutes);
    result.set(day, Math.max(0, before + minutes - Math.max(before, setting.afterMinutes)));
  }
  return result;
}

/**
 * A person's overtime over their days (each `mission` or null for organisation work): hours on a mission with its own
 * threshold count against that threshold; all the other hours together against the organisation's.
 */
export function personOvertimeMinutes(
  days: readonly { day: string; minutes: number; mission: string | null }[],
  orgSetting: OvertimeSetting,
  missionSettings: ReadonlyMap<string, OvertimeSetting>,
): number {
  const own = new Map<string, { day: string; minutes: number }[]>();
  const rest: { day: string; minutes: number }[] = [];
  for (const day of days) {
    if (day.mission !== null && missionSettings.has(day.mission)) own.set(day.mission, [...(own.get(day.mission) ?? []), day]);
    else rest.push(day);
  }
  let total = overtimeMinutes(rest, orgSetting);
  for (const [mission, missionDays] of own) total += overtimeMinutes(missionDays, missionSettings.get(mission)!);
  return total;
}

/** A person's minutes on one mission (null: the organisation's own work) on one day. */
export type MissionDayMinutes = { day: string; minutes: number; mission: string | null };

/**
 * A person's overtime per mission and day, adding up to `personOvertimeMinutes`: each threshold's overtime per day
 * (`overtimeByDay`: hours on a mission with its own threshold against it, all the others together against the
 * organisation's) is shared among the day's missions under that threshold in proportion to their minutes, as a day
 * records no order in which its hours were worked. Shares are whole minutes; the minutes left over by rounding go to
 * the largest remainders (the first mission of a tie), so a day's shares add up to its overtime.
 */
export function overtimeByMissionDay(
  days: readonly MissionDayMinutes[],
  orgSetting: OvertimeSetting,
  missionSettings: ReadonlyMap<string, OvertimeSetting>,
): Map<string | null, Map<string, number>> {
  const ownThreshold = (mission: string | null) => mission !== null && missionSettings.has(mission);
  const byThreshold = new Map<string | null, MissionDayMinutes[]>();
  for (const day of days) {
    const key = ownThreshold(day.mission) ? day.mission : null;
    const group = byThreshold.get(key) ?? [];
    group.push(day);
    byThreshold.set(key, group);
  }
  const result = new Map<string | null, Map<string, number>>();
  for (const [key, group] of byThreshold) {
    const onDay = new Map<string, MissionDayMinutes[]>();
    for (const row of group) onDay.set(row.day, [...(onDay.get(row.day) ?? []), row]);
    const overtime = overtimeByDay(group, key === null ? orgSetting : missionSettings.get(key)!);
    for (const [day, minutes] of overtime)
      for (const [mission, share] of shareInProportion(minutes, onDay.get(day)!)) {
        if (!result.has(mission)) result.set(mission, new Map());
        result.get(mission)!.set(day, share);
      }
  }
  return result;
}

/** `total` whole minutes shared among the parts' missions in proportion to their minutes (largest remainders first). */
function shareInProportion(total: number, parts: readonly MissionDayMinutes[]): Map<string | null, number> {
  const minutes = new Map<string | null, number>();
  for (const part of parts) minutes.set(part.mission, (minutes.get(part.mission) ?? 0) + part.minutes);
  const sum = [...minutes.values()].reduce((a, b) => a + b, 0);
  const exact = [...minutes].map(([mission, m]) => ({ mission, exact: sum === 0 ? 0 : (total * m) / sum }));
  const shares = new Map(exact.map((part) => [part.mission, Math.floor(part.exact)]));
  let left = total - [...shares.values()].reduce((a, b) => a + b, 0);
  const byRemainder = [...exact].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)));
  for (const part of byRemainder) {
    if (left <= 0) break;
    shares.set(part.mission, shares.get(part.mission)! + 1);
    left -= 1;
  }
  return shares;
}
