import { mondayOf } from '@crewplan/domain/missions/dates';
import { targetDayOf } from '@crewplan/domain/home/weight';
import type { ActionItem } from '@crewplan/domain/tasks/tasks';
import type { BoardPerson } from '@crewplan/domain/board/board';

export type PlannerGrouping = 'week' | 'person';

export interface PlannerFilters {
  /** A mission id, or null for every mission I manage. */
  mission: string | null;
  /** A person id, null for everybody, 'unassigned' for tasks without anybody. */
  person: string | null;
  /** Leave done tasks out. */
  openOnly: boolean;
}

export const DEFAULT_PLANNER_FILTERS: PlannerFilters = { mission: null, person: null, openOnly: true };
export const UNASSIGNED = 'unassigned';
export const NO_DATE = 'No date';

export interface PlannerGroup {
  key: string;
  title: string;
  items: ActionItem[];
}

export function filterPlanner(items: readonly ActionItem[], filters: PlannerFilters): ActionItem[] {
  return items.filter((item) => {
    if (filters.mission && item.missionId !== filters.mission) return false;
    if (filters.openOnly && item.status === 'done') return false;
    if (filters.person === UNASSIGNED) return item.people.length === 0;
    return filters.person === null || item.people.includes(filters.person);
  });
}

const byDay = (a: ActionItem, b: ActionItem) =>
  (targetDayOf(a) ?? '9999').localeCompare(targetDayOf(b) ?? '9999') || a.title.localeCompare(b.title);

/** Tasks by week (weeks start on Monday; undated last) or by person (a task shared by two is under both; nobody last). */
export function plannerGroups(items: readonly ActionItem[], grouping: PlannerGrouping, people: readonly BoardPerson[]): PlannerGroup[] {
  const groups = new Map<string, PlannerGroup>();
  const add = (key: string, title: string, item: ActionItem) => {
    const group = groups.get(key) ?? { key, title, items: [] };
    group.items.push(item);
    groups.set(key, group);
  };
  const names = new Map(people.map((person) => [person._id, `${person.firstName} ${person.lastName}`.trim()]));
  for (const item of items) {
    if (grouping === 'week') {
      const day = targetDayOf(item);
      const week = day ? mondayOf(day) : null;
      add(week ?? NO_DATE, week ? `Week of ${week}` : NO_DATE, item);
    } else if (item.people.length === 0) add(UNASSIGNED, 'Nobody yet', item);
    else for (const person of item.people) add(person, names.get(person) ?? 'Somebody else', item);
  }
  const last = (key: string) => key === NO_DATE || key === UNASSIGNED;
  return [...groups.values()]
    .map((group) => ({ ...group, items: group.items.sort(byDay) }))
    .sort(
      (a, b) =>
        Number(last(a.key)) - Number(last(b.key)) || (grouping === 'week' ? a.key.localeCompare(b.key) : a.title.localeCompare(b.title)),
    );
}
