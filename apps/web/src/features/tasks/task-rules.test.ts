import { describe, expect, it } from 'vitest';
import {
  boardColumns,
  changedTask,
  complexityClass,
  dropTarget,
  durationText,
  filterTasks,
  metaTypeLabel,
  sortIndexBetween,
  tagOptions,
  visibleTags,
  taskAccess,
  actionAccess,
  checklistStep,
  dependencyProblem,
  actionInView,
  openActions,
  quickAddActionOf,
  taskCodeText,
  taskLabel,
  type TaskFields,
  type TaskViewer,
} from './task-rules.ts';

const task = (id: string, fields: Partial<TaskFields> = {}): TaskFields => ({
  _id: id,
  title: id,
  code: null,
  status: 'open',
  col: 'todo',
  sortIndex: 0,
  people: [],
  tags: [],
  dueDate: null,
  endDate: null,
  week: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...fields,
});

describe('complexityClass', () => {
  it('gives 1 below 8, 2 from 8 to 14, 3 above 14; default 10', () => {
    expect(complexityClass(7)).toBe(1);
    expect(complexityClass(8)).toBe(2);
    expect(complexityClass(14)).toBe(2);
    expect(complexityClass(15)).toBe(3);
    expect(complexityClass(null)).toBe(2);
  });
});

describe('taskCodeText and taskLabel (rule 49)', () => {
  const createdAt = '2026-03-05T10:00:01.234Z';
  const last4 = String(new Date(createdAt).getTime()).slice(-4);
  it('shows the code when the task has one', () => {
    expect(taskCodeText({ code: 'WEB-7', createdAt })).toBe('WEB-7');
    expect(taskLabel({ code: 'WEB-7', createdAt, title: 'Ship it' })).toBe('WEB-7 Ship it');
  });
  it('shows the last 4 digits of the creation time when the task has no code, never "null" or nothing', () => {
    expect(taskCodeText({ code: null, createdAt })).toBe(last4);
    expect(taskCodeText({ code: '  ', createdAt })).toBe(last4);
    expect(taskLabel({ code: null, createdAt, title: 'Ship it' })).toBe(`${last4} Ship it`);
  });
});

describe('durationText', () => {
  it('shows days of 8 hours plus the remaining hours', () => {
    expect(durationText(19)).toBe('2d 3h');
    expect(durationText(8)).toBe('1d');
    expect(durationText(5)).toBe('5h');
    expect(durationText(0)).toBe('');
    expect(durationText(null)).toBe('');
  });
});

describe('visibleTags', () => {
  it('hides tags over 20 characters without spaces unless they reference a task', () => {
    const reference = 'see #0123456789abcdef01234567';
    expect(visibleTags(['short', 'a b c d e f g h i j k l', 'averyveryverylongtagname', reference])).toEqual([
      'short',
      'a b c d e f g h i j k l',
      reference,
    ]);
    expect(visibleTags(['exactly twenty chars'])).toEqual(['exactly twenty chars']);
  });
});

describe('metaTypeLabel', () => {
  it('reads 0 as Critical', () => {
    expect(metaTypeLabel('0')).toBe('Critical');
    expect(metaTypeLabel('Bug')).toBe('Bug');
    expect(metaTypeLabel(null)).toBeNull();
  });
});

describe('boardColumns', () => {
  const cols = [
    { id: 'todo', name: 'To do' },
    { id: 'done', name: 'Done' },
  ];
  it('puts each task in its column in sortIndex order, unknown columns in the first', () => {
    const columns = boardColumns(cols, [
      task('b', { sortIndex: 2 }),
      task('a', { sortIndex: 1 }),
      task('c', { col: 'gone' }),
      task('d', { col: 'done', status: 'done' }),
    ]);
    expect(columns.map((col) => col.items.map((item) => item._id))).toEqual([['c', 'a', 'b'], ['d']]);
  });
  it('shows a done task in Done and an open one out of it, whatever column was stored', () => {
    const columns = boardColumns(cols, [task('done in todo', { status: 'done' }), task('open in done', { col: 'done' })]);
    expect(columns.map((col) => col.items.map((item) => item._id))).toEqual([['open in done'], ['done in todo']]);
  });
});

describe('changedTask', () => {
  const cols = [{ id: 'todo' }, { id: 'doing' }, { id: 'done' }];
  it('moves a completed task to Done and completes a task moved there, at once', () => {
    expect(changedTask(task('a', { col: 'doing' }), { status: 'done' }, cols)).toMatchObject({ status: 'done', col: 'done' });
    expect(changedTask(task('a'), { col: 'done', sortIndex: 7 }, cols)).toMatchObject({ status: 'done', col: 'done', sortIndex: 7 });
    expect(changedTask(task('a', { status: 'done', col: 'done' }), { status: 'open' }, cols)).toMatchObject({
      status: 'open',
      col: 'todo',
    });
  });
  it('has no columns without cols', () => {
    expect(boardColumns([], [task('a')])).toEqual([]);
  });
});

describe('filterTasks and tagOptions', () => {
  const tasks = [task('a', { people: ['p1'], tags: ['ui'] }), task('b', { people: ['p2'], tags: ['api', 'ui'] })];
  it('filters by person and by tag', () => {
    expect(filterTasks(tasks, { person: 'p2', tag: null }).map((t) => t._id)).toEqual(['b']);
    expect(filterTasks(tasks, { person: null, tag: 'ui' }).map((t) => t._id)).toEqual(['a', 'b']);
    expect(filterTasks(tasks, { person: 'p1', tag: 'api' })).toEqual([]);
  });
  it('lists the visible tags once', () => {
    expect(tagOptions(tasks)).toEqual(['api', 'ui']);
  });
});

describe('dropTarget', () => {
  const columns = boardColumns(
    [
      { id: 'todo', name: 'To do' },
      { id: 'doing', name: 'Doing' },
    ],
    [
      task('a', { sortIndex: 0 }),
      task('b', { sortIndex: 1024 }),
      task('c', { sortIndex: 2048 }),
      task('x', { col: 'doing', sortIndex: 0 }),
    ],
  );
  it('moves down within a column to below the card it is over', () => {
    expect(dropTarget(columns, 'a', 'b')).toEqual({ col: 'todo', index: 1, sortIndex: 1536, renumber: [] });
  });
  it('moves up within a column to above the card it is over', () => {
    expect(dropTarget(columns, 'c', 'a')).toEqual({ col: 'todo', index: 0, sortIndex: -1024, renumber: [] });
  });
  it('goes above the card it is over in another column', () => {
    expect(dropTarget(columns, 'b', 'x')).toEqual({ col: 'doing', index: 0, sortIndex: -1024, renumber: [] });
  });
  it('goes last when dropped on a column', () => {
    expect(dropTarget(columns, 'a', 'doing')).toEqual({ col: 'doing', index: 1, sortIndex: 1024, renumber: [] });
  });
  it('is null when the card stays where it is, or ids are unknown', () => {
    expect(dropTarget(columns, 'a', 'a')).toBeNull();
    expect(dropTarget(columns, 'nope', 'b')).toBeNull();
    expect(dropTarget(columns, 'a', 'nowhere')).toBeNull();
  });
  it('numbers the column again when the neighbours leave no room', () => {
    const tied = boardColumns(
      [{ id: 'todo', name: 'To do' }],
      [task('a'), task('b'), task('c', { createdAt: '2030-01-02T00:00:00.000Z' })],
    );
    expect(dropTarget(tied, 'c', 'b')).toEqual({
      col: 'todo',
      index: 1,
      sortIndex: 1024,
      renumber: [{ _id: 'b', sortIndex: 2048 }],
    });
  });
  it('sortIndexBetween falls between neighbours', () => {
    expect(sortIndexBetween(undefined, undefined)).toBe(0);
    expect(sortIndexBetween(10, 20)).toBe(15);
  });
});

describe('taskAccess', () => {
  const viewer = (fields: Partial<TaskViewer> = {}): TaskViewer => ({
    personId: 'me',
    permission: 0,
    isProjectManager: false,
    abilities: { 'tasks.work': true, 'tasks.create': false, 'plan.manage': false },
    ...fields,
  });
  const open = task('t', { people: ['me'] });
  const action = { createdBy: 'boss', status: 'open' };
  const admin = { 'tasks.work': true, 'tasks.create': true, 'plan.manage': true };
  it('lets a level-0 assignee update and change status, not administer', () => {
    expect(taskAccess(viewer(), open, action)).toEqual({ admin: false, edit: true, status: true });
  });
  it('keeps an assignee from changing a done task; an admin reopens it', () => {
    expect(taskAccess(viewer(), { ...open, status: 'done' }, action)).toEqual({ admin: false, edit: false, status: false });
    expect(taskAccess(viewer({ permission: 2, abilities: admin }), { ...open, status: 'done' }, action).status).toBe(true);
  });
  it('gives a level-0 person nothing on tasks not assigned to them; a team lead works on any', () => {
    const other = task('t', { people: ['other'] });
    expect(taskAccess(viewer(), other, action)).toEqual({ admin: false, edit: false, status: false });
    expect(taskAccess(viewer({ permission: 1 }), other, action)).toEqual({ admin: false, edit: true, status: true });
  });
  it('makes mission admins and the action creator admins', () => {
    const other = task('t', { people: [] });
    expect(taskAccess(viewer({ permission: 2, abilities: admin }), other, action).admin).toBe(true);
    expect(taskAccess(viewer(), other, { createdBy: 'me', status: 'open' }).admin).toBe(true);
  });
  it('gives observers, the signed-out and done actions no edits', () => {
    expect(taskAccess(viewer({ permission: 3 }), open, action).edit).toBe(false);
    expect(taskAccess(viewer({ personId: null }), open, action).edit).toBe(false);
    expect(taskAccess(viewer({ permission: 2, abilities: admin }), open, { createdBy: 'me', status: 'done' }).edit).toBe(false);
  });
});

describe('actionAccess', () => {
  const viewer = (fields: Partial<TaskViewer> = {}): TaskViewer => ({
    personId: 'me',
    permission: 0,
    isProjectManager: false,
    abilities: { 'tasks.work': true, 'tasks.create': false, 'plan.manage': false },
    ...fields,
  });
  const admin = viewer({ permission: 2, abilities: { 'tasks.work': true, 'tasks.create': true, 'plan.manage': true } });
  const open = { people: [] as string[], status: 'open', createdBy: 'boss' };
  const done = { ...open, status: 'done' };
  it('lets a mission admin rename, close and delete an open action', () => {
    expect(actionAccess(admin, open)).toEqual({ rename: true, status: true, remove: true });
  });
  it('closes a done action: its admins only reopen it', () => {
    expect(actionAccess(admin, done)).toEqual({ rename: false, status: true, remove: false });
    expect(actionAccess(viewer({ permission: 1 }), done)).toEqual({ rename: false, status: false, remove: false });
  });
  it('makes the creator of an action its admin, while they create tasks', () => {
    const lead = viewer({ permission: 1, abilities: { 'tasks.work': true, 'tasks.create': true, 'plan.manage': false } });
    expect(actionAccess(lead, { ...open, createdBy: 'me' })).toEqual({ rename: true, status: true, remove: true });
    expect(actionAccess(lead, open)).toEqual({ rename: true, status: true, remove: false });
  });
  it('lets a level-0 member change only actions they are on; observers nothing', () => {
    expect(actionAccess(viewer(), open)).toEqual({ rename: false, status: false, remove: false });
    expect(actionAccess(viewer(), { ...open, people: ['me'] })).toEqual({ rename: true, status: true, remove: false });
    const observer = viewer({ permission: 3, abilities: { 'tasks.work': false, 'tasks.create': false, 'plan.manage': false } });
    expect(actionAccess(observer, { ...open, people: ['me'] })).toEqual({ rename: false, status: false, remove: false });
  });
});

describe('dependencyProblem', () => {
  const tasks = [
    { _id: 'a', dependencies: [{ linkTo: 'b' }] },
    { _id: 'b', dependencies: [] },
  ];
  it('refuses a task depending on itself or closing a circle', () => {
    expect(dependencyProblem(tasks, 'a', 'a')).toBe('Circular dependency');
    expect(dependencyProblem(tasks, 'b', 'a')).toBe('Circular dependency');
    expect(dependencyProblem(tasks, 'a', 'c')).toBeNull();
  });
});

describe('checklistStep', () => {
  const lines = [
    { _id: 'x', sortIndex: 0 },
    { _id: 'y', sortIndex: 1024 },
    { _id: 'z', sortIndex: 2048 },
  ];
  it('places a line between its new neighbours, null at the edges', () => {
    expect(checklistStep(lines, 'z', -1)).toBe(512);
    expect(checklistStep(lines, 'x', 1)).toBe(1536);
    expect(checklistStep(lines, 'y', 1)).toBe(3072);
    expect(checklistStep(lines, 'x', -1)).toBeNull();
    expect(checklistStep(lines, 'z', 1)).toBeNull();
  });
});

describe('openActions and quickAddActionOf', () => {
  const actions = [
    { _id: 'late', status: 'open', sortIndex: 30 },
    { _id: 'closed', status: 'done', sortIndex: 0 },
    { _id: 'first', status: 'open', sortIndex: 10 },
  ];

  it('offers the actions not done, in their order', () => {
    expect(openActions(actions).map((action) => action._id)).toEqual(['first', 'late']);
  });

  it.each([
    [null, 'first'],
    ['late', 'late'],
    ['closed', 'first'],
    ['unknown', 'first'],
  ] as const)('quick add with %s chosen goes under %s (never a done action)', (chosen, expected) => {
    expect(quickAddActionOf(actions, chosen)).toBe(expected);
  });

  it('needs a new action when every action is done', () => {
    expect(quickAddActionOf([{ _id: 'closed', status: 'done', sortIndex: 0 }], null)).toBeNull();
    expect(quickAddActionOf([], 'closed')).toBeNull();
  });
});

describe('actionInView', () => {
  it('is the action the URL names when the mission has it', () => {
    const actions = [{ _id: 'a' }, { _id: 'b' }];
    expect(actionInView(actions, 'b')).toEqual({ _id: 'b' });
    expect(actionInView(actions, 'zzz')).toBeNull();
    expect(actionInView(actions, null)).toBeNull();
  });
});
