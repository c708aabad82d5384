import { addIsoDays, mondayOf } from '@crewplan/domain/missions/dates';
import { MISSION_MESSAGES } from '@crewplan/domain/messages/index';
import { TIME_MESSAGES } from '@crewplan/domain/time/time';

/** How the overtime report's period is chosen (`otPeriodType`): a week, a month from a Monday, or any range. */
export const OVERTIME_PERIOD_TYPES = ['week', 'month', 'custom'] as const;
export type OvertimePeriodType = (typeof OVERTIME_PERIOD_TYPES)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const readable = (value: string | null): value is string => !!value && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));

/** The day before the same date next month; the last day of next month when it has no such date (31 Jan → 28 Feb). */
function monthEnd(start: string): string {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month, day));
  // no 31 February: the month runs to the end of February, not to the day before its last
  if (next.getUTCDate() !== day) return new Date(Date.UTC(year, month + 1, 0)).toISOString().slice(0, 10);
  return addIsoDays(next.toISOString().slice(0, 10), -1);
}

/**
 * The period the report shows: it starts on a Monday (the server reads whole weeks); a week ends that Sunday, a month
 * the day before the same date next month, a custom range where it is told (never before its start). Unreadable
 * parameters give last week.
 */
export function overtimePeriod(
  start: string | null,
  end: string | null,
  type: string | null,
  today: string,
): { start: string; end: string; type: OvertimePeriodType } {
  const kind: OvertimePeriodType =
    OVERTIME_PERIOD_TYPES.find((value) => value === type) ?? (readable(end) && readable(start) ? 'custom' : 'week');
  const monday = readable(start) ? mondayOf(start) : addIsoDays(mondayOf(today), -7);
  if (kind === 'week') return { start: monday, end: addIsoDays(monday, 6), type: kind };
  if (kind === 'month') return { start: monday, end: monthEnd(monday), type: kind };
  return { start: monday, end: readable(end) && end >= monday ? end : addIsoDays(monday, 6), type: kind };
}

/**
 * How the report names a person: by the organisation's people once they are known, else by the name the report gives
 * (a team member from outside the organisation, who keeps weeks on its projects); somebody no longer among them (they
 * left, or were removed) is 'Person not found', never their raw id. Until the names are read, the id.
 */
export function overtimePersonName(people: ReadonlyMap<string, string> | undefined, id: string, reported?: string | null): string {
  if (!people) return id;
  return people.get(id) ?? (reported || MISSION_MESSAGES.personNotFound);
}

/**
 * How the report names a mission: as the organisation's list of missions does, else by the title the report gives (an
 * archived mission, which that list leaves out), never by its raw id; 'Project not found...' for one no longer kept.
 * Until the list is read, the reported title.
 */
export function overtimeMissionName(missions: ReadonlyMap<string, string> | undefined, id: string, reported: string | null): string {
  return missions?.get(id) ?? reported ?? TIME_MESSAGES.projectNotFound;
}
