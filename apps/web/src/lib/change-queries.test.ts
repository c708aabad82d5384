import { describe, expect, it } from 'vitest';
import { CHANGE_ENTITIES, type Change } from '@crewplan/domain/realtime/changes';
import type { Action, ActionItem } from '@crewplan/domain/tasks/tasks';
import {
  CHANGE_QUERIES,
  holdsTask,
  listHolds,
  listNeedsRead,
  listWithoutTask,
  listWithTask,
  MAX_TASKS_BY_ID,
  planOf,
  HOME_READS,
  TASK_LIST_KEYS,
  withAction,
  withoutAction,
  withoutTask,
  withTask,
  withTaskChanges,
} from './change-queries.ts';

const task = (id: string, actionId: string, sortIndex: number, extra: Partial<ActionItem> = {}) =>
  ({ _id: id, actionId, sortIndex, title: id, dependencies: [], updatedAt: '2026-01-01T00:00:00.000Z', ...extra }) as ActionItem;
const action = (id: string, items: string[], extra: Partial<Action> = {}) =>
  ({
    _id: id,
    actionItems: items,
    sortIndex: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    parentId: null,
    dependencies: [],
    ...extra,
  }) as Action;
const mission = () => ({
  _id: 'm1',
  actions: [action('a1', ['t1', 't2']), action('a2', ['t3'])],
  actionItems: [
    task('t1', 'a1', 1),
    task('t2', 'a1', 2, { dependencies: [{ linkTo: 't1', linkType: 'FS', lag: 0 }] }),
    task('t3', 'a2', 1),
  ],
});

describe('the invalidation map', () => {
  it('places every entity the server publishes', () => {
    for (const entity of CHANGE_ENTITIES) expect(typeof CHANGE_QUERIES[entity]).toBe('function');
  });

  it('reads a changed task by its id and never the whole mission; Home reads its small answers again', () => {
    const plan = planOf({ type: 'update', entity: 'action.items', id: 't1', data: { title: 'New' } });
    expect(plan.refetchTasks).toEqual(['t1']);
    expect(plan.invalidate).toEqual([HOME_READS]);
  });

  it('reads each task of a small bulk write, and the mission after a big one', () => {
    expect(planOf({ type: 'update', entity: 'action.items', id: 't1', data: { ids: ['t1', 't2'] } }).refetchTasks).toEqual(['t1', 't2']);
    const ids = Array.from({ length: MAX_TASKS_BY_ID + 1 }, (_, i) => `t${i}`);
    const big = planOf({ type: 'update', entity: 'action.items', id: 't0', data: { ids } });
    expect(big.refetchTasks).toEqual([]);
    expect(big.invalidate).toEqual([['missions', 'one'], ['missions', 'action-item'], ...TASK_LIST_KEYS, HOME_READS]);
  });

  it('takes a deleted task out and refreshes its own read', () => {
    const plan = planOf({ type: 'delete', entity: 'action.items', id: 't1' });
    expect(plan.dropTasks).toEqual(['t1']);
    expect(plan.refetchTasks).toEqual([]);
    expect(plan.invalidate).toContainEqual(['missions', 'action-item', 't1']);
  });

  it('reads the task of a checklist line or link by its id, and the missions when the change names no task', () => {
    const line = planOf({ type: 'update', entity: 'checklist', id: 'c1', task: 't1', data: { done: true } });
    expect(line).toEqual({ invalidate: [], refetchTasks: ['t1'], dropTasks: [], refetchActions: [], dropActions: [] });
    expect(planOf({ type: 'create', entity: 'dependencies', id: 'd1', task: 't2' }).refetchTasks).toEqual(['t2']);
    expect(planOf({ type: 'update', entity: 'dependencies', id: 'd1' })).toEqual({
      invalidate: [['missions']],
      refetchTasks: [],
      dropTasks: [],
      refetchActions: [],
      dropActions: [],
    });
  });

  it('reads a changed or new action by its id, takes a deleted one out, and never reads the mission again', () => {
    for (const type of ['create', 'update'] as const) {
      const plan = planOf({ type, entity: 'actions', id: 'a1', data: { title: 'New' } });
      expect(plan.refetchActions).toEqual(['a1']);
      expect(plan.invalidate).toEqual(TASK_LIST_KEYS);
    }
    const gone = planOf({ type: 'delete', entity: 'actions', id: 'a1' });
    expect(gone).toMatchObject({ dropActions: ['a1'], refetchActions: [] });
    expect(gone.invalidate).not.toContainEqual(['missions']);
    expect(planOf({ type: 'rebuild', entity: 'actions', id: 'a1' }).invalidate).toEqual([['missions']]);
  });

  it('refreshes the area of every other change', () => {
    const area = (change: Change) => planOf(change).invalidate;
    expect(area({ type: 'update', entity: 'plan.items', id: 'p1' })).toEqual([['missions'], ['timesheets']]);
    expect(area({ type: 'update', entity: 'plan.requests', id: 'r1' })).toEqual([['missions'], ['timesheets']]);
    expect(area({ type: 'create', entity: 'mission.invites', id: 'i1', data: { mission: 'm1' } })).toEqual([['missions']]);
    expect(area({ type: 'update', entity: 'org.people', id: 'p1' })).toEqual([['orgs']]);
    // an approval moves the actual cost: the money reads refresh with the lists
    expect(area({ type: 'update', entity: 'timesheets', id: 's1' })).toEqual([['timesheets'], ['missions', 'money']]);
    expect(area({ type: 'update', entity: 'expenses', id: 'e1' })).toEqual([['expenses'], ['missions', 'money']]);
    expect(area({ type: 'create', entity: 'notifications', id: 'n1' })).toEqual([['notifications']]);
    expect(area({ type: 'create', entity: 'comments', id: 'c1' })).toEqual([['comments']]);
  });
});

describe('patching a cached mission', () => {
  it('replaces a changed task where it was', () => {
    const next = withTask(mission(), task('t2', 'a1', 2, { title: 'Renamed' }));
    expect(next.actionItems.map((item) => item.title)).toEqual(['t1', 'Renamed', 't3']);
    expect(next.actions).toEqual(mission().actions);
  });

  it('adds a new task in sort order and to its action', () => {
    const next = withTask(mission(), task('t4', 'a1', 1.5));
    expect(next.actionItems.map((item) => item._id)).toEqual(['t1', 't3', 't4', 't2']);
    expect(next.actions.find((a) => a._id === 'a1')?.actionItems).toEqual(['t1', 't4', 't2']);
  });

  it('moves a task between actions', () => {
    const next = withTask(mission(), task('t1', 'a2', 0));
    expect(next.actions.map((a) => a.actionItems)).toEqual([['t2'], ['t1', 't3']]);
  });

  it('merges a bulk answer of changes into the tasks it names, moving a renumbered one, and skips a task it does not hold', () => {
    const next = withTaskChanges(mission(), [
      { _id: 't1', sortIndex: 5, updatedAt: '2026-01-02T00:00:00.000Z' },
      { _id: 't3', title: 'Renamed', updatedAt: '2026-01-02T00:00:00.000Z' },
      { _id: 't9', title: 'Not here' },
    ]);
    expect(next.actionItems.map((item) => [item._id, item.title, item.sortIndex])).toEqual([
      ['t3', 'Renamed', 1],
      ['t2', 't2', 2],
      ['t1', 't1', 5],
    ]);
    expect(next.actions.find((a) => a._id === 'a1')?.actionItems).toEqual(['t2', 't1']);
  });

  it('takes a deleted task out with the links to it', () => {
    const next = withoutTask(mission(), 't1');
    expect(next.actionItems.map((item) => item._id)).toEqual(['t2', 't3']);
    expect(next.actionItems[0]?.dependencies).toEqual([]);
    expect(next.actions[0]?.actionItems).toEqual(['t2']);
    expect(withoutTask(mission(), 'unknown')).toEqual(mission());
  });

  it('knows which mission holds a task or the action a new one joined', () => {
    expect(holdsTask(mission(), 't3')).toBe(true);
    expect(holdsTask(mission(), 't9')).toBe(false);
    expect(holdsTask(mission(), 't9', 'a2')).toBe(true);
    expect(holdsTask(undefined, 't1')).toBe(false);
  });
});

describe('patching a cached mission’s actions', () => {
  it('replaces a changed action where it was', () => {
    const next = withAction(mission(), action('a1', ['t1', 't2'], { title: 'Renamed' }));
    expect(next.actions.map((a) => a.title)).toEqual(['Renamed', undefined]);
    expect(next.actionItems).toEqual(mission().actionItems);
  });

  it('adds a new action in the server’s order: sort index, then creation time', () => {
    const base = { ...mission(), actions: [action('a1', [], { sortIndex: 0 }), action('a2', [], { sortIndex: 2 })] };
    const between = withAction(base, action('a3', [], { sortIndex: 1 }));
    expect(between.actions.map((a) => a._id)).toEqual(['a1', 'a3', 'a2']);
    const later = withAction(base, action('a0', [], { sortIndex: 2, createdAt: '2026-02-01T00:00:00.000Z' }));
    expect(later.actions.map((a) => a._id)).toEqual(['a1', 'a2', 'a0']);
  });

  it('takes a deleted action out with its tasks, the links to them, and its children’s parent', () => {
    const base = {
      ...mission(),
      actions: [
        action('a1', ['t1', 't2']),
        action('a2', ['t3'], { parentId: 'a1', dependencies: [{ linkTo: 'a1', linkType: 'FS', lag: 0 }] }),
      ],
      actionItems: [
        task('t1', 'a1', 1),
        task('t2', 'a1', 2),
        task('t3', 'a2', 1, { dependencies: [{ linkTo: 't2', linkType: 'FS', lag: 0 }] }),
      ],
    };
    const next = withoutAction(base, 'a1');
    expect(next.actions.map((a) => a._id)).toEqual(['a2']);
    expect(next.actions[0]).toMatchObject({ parentId: null, dependencies: [] });
    expect(next.actionItems.map((item) => item._id)).toEqual(['t3']);
    expect(next.actionItems[0]?.dependencies).toEqual([]);
    expect(withoutAction(base, 'unknown')).toBe(base);
  });
});

describe('patching a cached list of tasks', () => {
  const list = () => ({ items: [{ ...task('t1', 'a1', 1), mission: { _id: 'm1', title: 'M', projectType: 'kanban' } }] });

  it('takes the new fields and keeps what the list adds', () => {
    const next = listWithTask(list(), task('t1', 'a1', 1, { title: 'Renamed' }));
    expect(next.items[0]?.title).toBe('Renamed');
    expect(next.items[0]?.mission.title).toBe('M');
    expect(listWithTask(list(), task('t9', 'a1', 1))).toEqual(list());
  });

  it('drops a deleted task', () => {
    expect(listWithoutTask(list(), 't1').items).toEqual([]);
    expect(listHolds(list(), 't1')).toBe(true);
  });

  it('patches a list kept as the tasks themselves', () => {
    expect(listWithTask(list().items, task('t1', 'a1', 1, { title: 'Renamed' }))[0]?.title).toBe('Renamed');
    expect(listWithoutTask(list().items, 't1')).toEqual([]);
    expect(listHolds(list().items, 't1')).toBe(true);
  });

  it('is read again only when the task may join or leave it', () => {
    expect(listNeedsRead(list(), 't1', false, false)).toBe(false);
    expect(listNeedsRead(list(), 't9', false, false)).toBe(false);
    expect(listNeedsRead(list(), 't9', true, false)).toBe(true);
    expect(listNeedsRead(list(), 't1', false, true)).toBe(true);
  });
});
