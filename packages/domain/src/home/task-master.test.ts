import { describe, expect, it } from 'vitest';
import {
  clampTitle,
  defaultTaskMasterFilters,
  filterTaskMaster,
  rowHeightOf,
  taskMasterStatus,
  taskPills,
  tileDueDate,
  type TaskMasterTask,
} from './task-master.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const task = (fields: Partial<TaskMasterTask> = {}): TaskMasterTask => ({
  status: 'open',
  col: 'todo',
  dueDate: null,
  endDate: null,
  week: null,
  ...fields,
});

describe('taskMasterStatus (rule 236)', () => {
  it.each([
    ['overdue by due date', task({ dueDate: '2026-11-24' }), 'simple', 'overdue'],
    ['overdue by end date', task({ endDate: '2026-11-01', col: 'doing' }), 'simple', 'overdue'],
    ['overdue by an earlier week', task({ week: '2026-11-16' }), 'simple', 'overdue'],
    ['overdue and blocked: overdue first', task({ dueDate: '2026-11-24', status: 'blocked' }), 'simple', 'overdue'],
    ['never overdue on kanban', task({ dueDate: '2026-11-24', status: 'blocked' }), 'kanban', 'blocked'],
    ['blocked', task({ status: 'blocked' }), 'simple', 'blocked'],
    ['done, even when late', task({ status: 'done', dueDate: '2026-11-01' }), 'simple', 'done'],
    ['not in the todo column: in progress', task({ col: 'doing' }), 'kanban', 'in-progress'],
    ['in progress, whatever its column: in progress', task({ status: 'in-progress' }), 'simple', 'in-progress'],
    ['an open task stored in Done: not planned', task({ col: 'done' }), 'simple', 'not-planned'],
    ['in review column: in progress', task({ col: 'review', dueDate: '2026-12-01' }), 'simple', 'in-progress'],
    ['todo column: not planned', task({ dueDate: inDays(5) }), 'simple', 'not-planned'],
    ['due today is not overdue', task({ dueDate: '2026-11-25' }), 'simple', 'not-planned'],
  ])('%s', (_name, input, projectType, status) => {
    expect(taskMasterStatus(input, projectType, NOW, 'UTC')).toBe(status);
  });
});

function inDays(days: number) {
  return new Date(NOW.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('taskPills (rule 236)', () => {
  it.each([
    ['blocked', task({ status: 'blocked' }), 'simple', ['Blocked']],
    ['overdue', task({ dueDate: '2026-11-20' }), 'simple', ['Overdue']],
    ['blocked and overdue', task({ status: 'blocked', dueDate: '2026-11-20' }), 'simple', ['Blocked', 'Overdue']],
    ['done', task({ status: 'done', dueDate: '2026-11-20' }), 'simple', ['Done']],
    ['started (in progress): in progress', task({ status: 'in-progress', col: 'doing' }), 'simple', ['In progress']],
    ['in review: in progress', task({ status: 'review', col: 'review' }), 'simple', ['In progress']],
    ['in a column of its own past To do: in progress', task({ col: 'c-qa' }), 'simple', ['In progress']],
    ['a due date does not start it: to do', task({ dueDate: '2026-12-01' }), 'simple', ['To do']],
    ['a week does not start it: to do', task({ week: '2026-11-30' }), 'simple', ['To do']],
    ['kanban late task: to do, not overdue', task({ dueDate: '2026-11-20' }), 'kanban', ['To do']],
  ])('%s', (_name, input, projectType, pills) => {
    expect(taskPills(input, projectType, NOW, 'UTC')).toEqual(pills);
  });

  it.each([
    task({ dueDate: '2026-12-01' }),
    task({ week: '2026-11-30' }),
    task({ status: 'in-progress', col: 'doing' }),
    task({ col: 'review', status: 'review' }),
    task({ col: 'todo', status: 'open' }),
  ])('never says In progress on a row the grid calls Not planned, nor To do on one it calls In progress (%o)', (input) => {
    const status = taskMasterStatus(input, 'simple', NOW, 'UTC');
    const pills = taskPills(input, 'simple', NOW, 'UTC');
    if (status === 'not-planned') expect(pills).toEqual(['To do']);
    if (status === 'in-progress') expect(pills).toEqual(['In progress']);
  });
});

describe('rows (rule 238)', () => {
  it('is 120 px for an action item, 76 otherwise', () => {
    expect(rowHeightOf('actionItem')).toBe(120);
    expect(rowHeightOf('other')).toBe(76);
  });

  it('clamps titles at 80 characters for an action item, 70 otherwise', () => {
    const long = 'x'.repeat(100);
    expect(clampTitle(long, 'actionItem')).toHaveLength(80);
    expect(clampTitle(long, 'other')).toHaveLength(70);
    expect(clampTitle(long, 'other').endsWith('…')).toBe(true);
    expect(clampTitle('y'.repeat(80), 'actionItem')).toBe('y'.repeat(80));
    expect(clampTitle('y'.repeat(71), 'other')).toHaveLength(70);
    expect(clampTitle('Short', 'other')).toBe('Short');
    // characters, not UTF-16 units: an emoji is never cut in half
    expect(clampTitle(`${'x'.repeat(68)}🚀🚀🚀`, 'other')).toBe(`${'x'.repeat(68)}🚀…`);
    expect(clampTitle(`${'x'.repeat(66)}🚀🚀🚀🚀`, 'other')).toBe(`${'x'.repeat(66)}🚀🚀🚀🚀`);
  });

  it('shows a due date only when it parses as a day', () => {
    expect(tileDueDate('2026-11-25')).toBe('2026-11-25');
    expect(tileDueDate('2026-11-25T10:00:00Z')).toBe('2026-11-25');
    expect(tileDueDate('2026-13-45')).toBeNull();
    expect(tileDueDate('tomorrow')).toBeNull();
    expect(tileDueDate(null)).toBeNull();
  });
});

describe('filters (rule 237)', () => {
  const ME = 'me';
  const tasks = [
    { id: 'mine active', people: [ME], status: 'active' },
    { id: 'shared active', people: [ME, 'ann'], status: 'active' },
    { id: 'ann active', people: ['ann'], status: 'active' },
    { id: 'nobody active', people: [], status: 'active' },
    { id: 'mine on hold', people: [ME], status: 'on-hold' },
  ];
  const run = (filters: Parameters<typeof filterTaskMaster>[1]) => filterTaskMaster(tasks, filters, ME, (t) => t.status).map((t) => t.id);

  it('defaults to project status Active, show all tasks, person myself', () => {
    expect(defaultTaskMasterFilters(ME)).toEqual({ projectStatus: 'active', show: 'all', person: ME });
    expect(run(defaultTaskMasterFilters(ME))).toEqual(['mine active', 'shared active']);
  });

  it('filters by another person, by everybody, by any status', () => {
    expect(run({ projectStatus: 'active', show: 'all', person: 'ann' })).toEqual(['shared active', 'ann active']);
    expect(run({ projectStatus: 'active', show: 'all', person: null })).toEqual([
      'mine active',
      'shared active',
      'ann active',
      'nobody active',
    ]);
    expect(run({ projectStatus: 'all', show: 'all', person: ME })).toEqual(['mine active', 'shared active', 'mine on hold']);
    expect(run({ projectStatus: 'on-hold', show: 'all', person: null })).toEqual(['mine on hold']);
  });

  it('only mine keeps my tasks whoever is chosen', () => {
    expect(run({ projectStatus: 'active', show: 'mine', person: 'ann' })).toEqual(['mine active', 'shared active']);
  });
});
