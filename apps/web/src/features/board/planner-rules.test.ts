import { describe, expect, it } from 'vitest';
import type { ActionItem } from '@crewplan/domain/tasks/tasks';
import type { BoardPerson } from '@crewplan/domain/board/board';
import { DEFAULT_PLANNER_FILTERS, filterPlanner, plannerGroups, UNASSIGNED } from './planner-rules.ts';

const item = (title: string, fields: Partial<ActionItem> = {}) =>
  ({ _id: title, title, missionId: 'm1', status: 'open', people: [], dueDate: null, endDate: null, week: null, ...fields }) as ActionItem;
const people: BoardPerson[] = [
  { _id: 'ann', firstName: 'Ann', lastName: 'Archer', avatar: null },
  { _id: 'bob', firstName: 'Bob', lastName: 'Baker', avatar: null },
];
const items = [
  item('late', { dueDate: '2026-11-18', people: ['bob'] }),
  item('thursday', { dueDate: '2026-11-26', people: ['ann', 'bob'] }),
  item('monday', { endDate: '2026-11-23', people: ['ann'] }),
  item('by week', { week: '2026-11-30' }),
  item('undated'),
  item('done', { status: 'done', dueDate: '2026-11-24', people: ['ann'], missionId: 'm2' }),
];
const shape = (groups: ReturnType<typeof plannerGroups>) => groups.map((group) => [group.title, group.items.map((i) => i.title)]);

describe('planner', () => {
  it('groups by week, Monday first, undated last', () => {
    expect(shape(plannerGroups(filterPlanner(items, DEFAULT_PLANNER_FILTERS), 'week', people))).toEqual([
      ['Week of 2026-11-16', ['late']],
      ['Week of 2026-11-23', ['monday', 'thursday']],
      ['Week of 2026-11-30', ['by week']],
      ['No date', ['undated']],
    ]);
  });

  it('groups by person, a shared task under each, nobody last', () => {
    expect(shape(plannerGroups(filterPlanner(items, DEFAULT_PLANNER_FILTERS), 'person', people))).toEqual([
      ['Ann Archer', ['monday', 'thursday']],
      ['Bob Baker', ['late', 'thursday']],
      ['Nobody yet', ['by week', 'undated']],
    ]);
  });

  it('filters by mission, person, unassigned and done', () => {
    const titles = (filters: Partial<typeof DEFAULT_PLANNER_FILTERS>) =>
      filterPlanner(items, { ...DEFAULT_PLANNER_FILTERS, ...filters }).map((i) => i.title);
    expect(titles({ person: 'ann' })).toEqual(['thursday', 'monday']);
    expect(titles({ person: 'ann', openOnly: false })).toEqual(['thursday', 'monday', 'done']);
    expect(titles({ person: UNASSIGNED })).toEqual(['by week', 'undated']);
    expect(titles({ mission: 'm2', openOnly: false })).toEqual(['done']);
    expect(titles({ mission: 'm2' })).toEqual([]);
  });
});
