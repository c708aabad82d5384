import { heatLevel, type HeatLevel } from '@crewplan/domain/availability/availability';
import type { Planner, PlannerPerson, PlannerWeek } from '@crewplan/domain/availability/planner';

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
