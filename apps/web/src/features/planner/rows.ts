import { heatLevel, type HeatLevel } from '@crewplan/domain/availability/availability';
import type { Planner, PlannerPerson, PlannerWeek } from '@crewplan/domain/availability/planner';
import { dayIn } from '@crewplan/domain/shared/days';
import { ApiError } from '../../lib/api-error.ts';

/**
 * The day the planner opens on: today where the reader is (the server shows its week from that day's Monday), not
 * the UTC day, which is yesterday's or tomorrow's far east or west of UTC (a Monday morning in Auckland would open
 * the week before).
 */
export const plannerToday = (now: Date, timeZone: string) => dayIn(now, timeZone);

export type GroupBy = 'department' | 'office' | 'role' | 'none';

/** A week's heat cell: booked against capacity, its level, and the leave and holidays that cut it. */
export type HeatCell = PlannerWeek & { level: HeatLevel; label: string; notes: string[] };

export function heatCell(week: PlannerWeek): HeatCell {
  const notes = [
    ...week.holidays.map((holiday) => `Public holiday ${holiday.day}: ${holiday.name}`),
    ...(week.leaveHours > 0 ? [`Leave ${week.leaveHours} h`] : []),
    ...(week.pendingLeaveHours > 0 ? [`Leave awaiting approval ${week.pendingLeaveHours} h`] : []),
  ];
  return { ...week, level: heatLevel(week.bookedHours, week.capacityHours), label: `${week.bookedHours} / ${week.capacityHours} h`, notes };
}

const groupOf = (person: PlannerPerson, by: GroupBy): string[] => {
  if (by === 'department') return person.departments.length > 0 ? person.departments.map((d) => d.title) : ['No department'];
  if (by === 'office') return [person.office?.title ?? 'No office'];
  if (by === 'role') return [person.role?.title ?? 'No role'];
  return ['Everyone'];
};

/** People in groups (a person in two departments shows in both), each group by name, filtered by search and over-booking. */
export function plannerGroups(
  planner: Planner,
  options: { by: GroupBy; search: string; overOnly: boolean; onlyPersonId?: string | null },
): { title: string; people: PlannerPerson[] }[] {
  const search = options.search.trim().toLowerCase();
  const shown = planner.people.filter((person) => {
    if (options.onlyPersonId && person._id !== options.onlyPersonId) return false;
    const name = `${person.firstName} ${person.lastName}`.toLowerCase();
    if (search && !name.includes(search) && !person.roles.some((role) => role.title.toLowerCase().includes(search))) return false;
    return !options.overOnly || person.weeks.some((week) => heatLevel(week.bookedHours, week.capacityHours) === 'over');
  });
  const groups = new Map<string, PlannerPerson[]>();
  for (const person of shown) for (const title of groupOf(person, options.by)) groups.set(title, [...(groups.get(title) ?? []), person]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([title, people]) => ({ title, people }));
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const addDays = (day: string, days: number) => new Date(dayMs(day) + days * DAY_MS).toISOString().slice(0, 10);

/** A role's start or end: the two edges of its bar. */
export type Edge = 'start' | 'end';
type Dated = { startDate: string | null; endDate: string | null };

/**
 * The change of dragging one edge of a role's bar by whole weeks (the planner's grid is weeks, so the date keeps its
 * weekday); null when there is nothing to change: no move, an open edge, or an end that would come before the start.
 */
export function movedEdge(role: Dated, edge: Edge, weeks: number): { startDate: string } | { endDate: string } | null {
  const date = edge === 'start' ? role.startDate : role.endDate;
  if (!date || weeks === 0) return null;
  const moved = addDays(date, weeks * 7);
  const start = edge === 'start' ? moved : role.startDate;
  const end = edge === 'end' ? moved : role.endDate;
  if (start && end && end < start) return null;
  return edge === 'start' ? { startDate: moved } : { endDate: moved };
}

/** Whole weeks a drag of `deltaX` pixels moves over columns `columnWidth` wide (to the nearest column). */
export const weeksMoved = (deltaX: number, columnWidth: number) => (columnWidth > 0 ? Math.round(deltaX / columnWidth) : 0);

/**
 * The part of a week (Monday `week`) a role's bar covers, as fractions of the week from its left, and whether the
 * role's start and end fall in that week (where its edges are drawn); null when the role is not on that week.
 */
export function barInWeek(role: Dated, week: string): { from: number; to: number; startsHere: boolean; endsHere: boolean } | null {
  const monday = dayMs(week);
  const sunday = monday + 6 * DAY_MS;
  const start = role.startDate ? dayMs(role.startDate) : -Infinity;
  const end = role.endDate ? dayMs(role.endDate) : Infinity;
  if (start > sunday || end < monday) return null;
  return {
    from: Math.max(0, start - monday) / DAY_MS / 7,
    to: (Math.min(sunday, end) - monday + DAY_MS) / DAY_MS / 7,
    startsHere: start >= monday,
    endsHere: end <= sunday,
  };
}

/**
 * Whether a planner change was refused for want of a reason: a person dropped on a role the organisation must approve
 * (rule 71) goes as a request, which needs one (rule 79); the planner then asks for it instead of showing the error.
 */
export const asksForReason = (error: unknown) => error instanceof ApiError && error.code === 'plan/reason-too-short';
