import { describe, expect, it } from 'vitest';
import type { Action, ActionItem } from '@crewplan/domain/tasks/tasks';
import { addTargetOf, daysOfBar, dependencyOf, editOf, OPEN_ACTIONS_UP_TO, parseRowId, toDate, toGantt, toDay } from './gantt-rules.ts';

const action = (over: Partial<Action> = {}) =>
  ({
    _id: 'a1',
    title: 'Build',
    startDate: null,
    endDate: null,
    estimatedDuration: null,
    sortIndex: 0,
    percentComplete: 0,
    dependencies: [],
    ...over,
  }) as Action;
const item = (over: Partial<ActionItem> = {}) =>
  ({
    _id: 'i1',
    actionId: 'a1',
    title: 'Walls',
    startDate: '2031-01-06',
    endDate: '2031-01-08',
    estimatedDuration: null,
    sortIndex: 0,
    percentComplete: 40,
    dependencies: [],
    ...over,
  }) as ActionItem;

describe('gantt rows of a mission', () => {
  it('draws actions as summary bars over their items, the end the day after the last', () => {
    const { tasks } = toGantt({
      actions: [action()],
      actionItems: [item(), item({ _id: 'i2', title: 'Roof', startDate: '2031-01-09', endDate: '2031-01-10', sortIndex: 1 })],
      planItems: [],
      fallbackDay: '2031-01-01',
    });
    expect(tasks.map((task) => [task.id, task.type, task.parent, toDay(task.start), toDay(task.end)])).toEqual([
      ['action:a1', 'summary', 0, '2031-01-06', '2031-01-11'],
      ['item:i1', 'task', 'action:a1', '2031-01-06', '2031-01-09'],
      ['item:i2', 'task', 'action:a1', '2031-01-09', '2031-01-11'],
    ]);
    expect(tasks[1]!.progress).toBe(40);
    const done = toGantt({ actions: [action()], actionItems: [item({ status: 'done' })], planItems: [], fallbackDay: '2031-01-01' });
    expect(done.tasks[1]!.progress).toBe(100);
    // whole days the bar covers, as the gantt library counts them
    expect(tasks.map((task) => task.duration)).toEqual([5, 3, 2]);
  });

  it('draws an action without tasks as a plain bar of its own dates (the library cannot sum an empty summary)', () => {
    const { tasks } = toGantt({
      actions: [action({ startDate: '2031-02-03', endDate: '2031-02-07' })],
      actionItems: [],
      planItems: [],
      fallbackDay: '2031-01-01',
    });
    expect(tasks.map((task) => [task.id, task.type, toDay(task.start), toDay(task.end)])).toEqual([
      ['action:a1', 'task', '2031-02-03', '2031-02-08'],
    ]);
    expect(tasks[0]!.open).toBeUndefined();
  });

  it('opens actions over their tasks up to 2,000 tasks and folds them in a larger mission', () => {
    const items = (count: number) => Array.from({ length: count }, (_, index) => item({ _id: `i${index}`, sortIndex: index }));
    const openOf = (count: number) =>
      toGantt({ actions: [action()], actionItems: items(count), planItems: [], fallbackDay: '2031-01-01' }).tasks[0]!.open;
    expect(openOf(OPEN_ACTIONS_UP_TO)).toBe(true);
    expect(openOf(OPEN_ACTIONS_UP_TO + 1)).toBeUndefined();
  });

  it('places a task without dates at the action start for its estimate (8 hours a day)', () => {
    const { tasks } = toGantt({
      actions: [action({ startDate: '2031-02-03', endDate: '2031-02-14' })],
      actionItems: [item({ startDate: null, endDate: null, estimatedDuration: 20 })],
      planItems: [],
      fallbackDay: '2031-01-01',
    });
    expect([toDay(tasks[1]!.start), toDay(tasks[1]!.end)]).toEqual(['2031-02-03', '2031-02-06']);
  });

  it('shows phases and milestones of the plan, not roles', () => {
    const plan = (over: Record<string, unknown>) => ({
      _id: 'p',
      title: 'x',
      startDate: '2031-01-06',
      endDate: '2031-01-20',
      dependencies: [],
      inactive: false,
      wasDeleted: false,
      ...over,
    });
    const { tasks } = toGantt({
      actions: [],
      actionItems: [],
      planItems: [
        plan({ _id: 'ph', type: 'phase', title: 'Design' }),
        plan({ _id: 'ms', type: 'milestone', title: 'Go live' }),
        plan({ _id: 'r', type: 'person' }),
      ] as never,
      fallbackDay: '2031-01-01',
    });
    expect(tasks.map((task) => [task.id, task.type])).toEqual([
      ['plan:ph', 'task'],
      ['plan:ms', 'milestone'],
    ]);
  });

  it('turns dependencies into links from what is depended on, with the lag', () => {
    const { links } = toGantt({
      actions: [action()],
      actionItems: [
        item(),
        item({ _id: 'i2', dependencies: [{ linkTo: 'i1', linkType: 'dependsOn', lag: 2 }] }),
        item({ _id: 'i3', dependencies: [{ linkTo: 'gone', linkType: 'dependsOn', lag: 0 }] }),
      ],
      planItems: [],
      fallbackDay: '2031-01-01',
    });
    expect(links).toEqual([{ id: 'item:i1>i2', source: 'item:i1', target: 'item:i2', type: 'e2s', lag: 2 }]);
  });
});

describe('gantt edits to the API', () => {
  it('reads a bar back as its first and last day', () => {
    expect(daysOfBar(toDate('2031-01-06'), toDate('2031-01-09'))).toEqual({ startDate: '2031-01-06', endDate: '2031-01-08' });
    expect(daysOfBar(toDate('2031-01-06'), toDate('2031-01-06'))).toEqual({ startDate: '2031-01-06', endDate: '2031-01-06' });
  });

  it('reads a drawn link as a dependency of its target on its source', () => {
    expect(dependencyOf({ source: 'item:i1', target: 'item:i2', type: 's2s', lag: 1 })).toEqual({
      kind: 'item',
      dependentId: 'i2',
      onId: 'i1',
      linkType: 'startToStart',
      lag: 1,
    });
    expect(dependencyOf({ source: 'action:a1', target: 'item:i2', type: 'e2s' })).toBeNull();
    expect(parseRowId('nonsense')).toBeNull();
  });
});

describe('adding from the gantt', () => {
  const parents: Record<string, string> = { 'item:i1': 'action:a1' };
  const parentOf = (id: string) => parents[id];
  it.each([
    ['the header adds an action', null, { kind: 'action' }],
    ['a phase adds an action', 'plan:p1', { kind: 'action' }],
    ['an action adds a task to it', 'action:a1', { kind: 'item', actionId: 'a1' }],
    ['a task adds a task beside it', 'item:i1', { kind: 'item', actionId: 'a1' }],
    ['a task of unknown parent adds an action', 'item:i9', { kind: 'action' }],
  ])('%s', (_name, row, target) => {
    expect(addTargetOf(row, parentOf)).toEqual(target);
  });
});

describe('what a gantt edit changes', () => {
  const row = { text: 'Walls', start: toDate('2031-01-06'), end: toDate('2031-01-09'), progress: 40, type: 'task' as const };
  it.each([
    ['a new name', { text: ' Roof ' }, { title: 'Roof' }],
    ['an empty name is no change', { text: '  ' }, {}],
    ['the same row as it was', { text: 'Walls', start: row.start, end: row.end, progress: 40 }, {}],
    ['moved two days', { start: toDate('2031-01-08'), end: toDate('2031-01-11') }, { startDate: '2031-01-08', endDate: '2031-01-10' }],
    ['progress dragged', { progress: 75.4 }, { percentComplete: 75 }],
  ])('%s', (_name, after, change) => {
    expect(editOf(row, after)).toEqual(change);
  });
});
