import { describe, expect, it } from 'vitest';
import {
  actionDatesValid,
  complexityClass,
  createsCycle,
  durationDisplay,
  isHiddenTag,
  isOverdue,
  taskDayOf,
  nextTaskCode,
  scheduleEnd,
  shownTaskCode,
  simpleWeekHour,
  statusEffects,
  alignStatusAndColumn,
  boardTakesColumn,
  columnOfTask,
  isStarted,
} from './rules.ts';

const now = new Date('2026-03-11T12:00:00Z'); // a Wednesday

describe('isOverdue (rule 46)', () => {
  it.each([
    [{ status: 'open', dueDate: '2026-03-10' }, 'simple', true],
    [{ status: 'open', dueDate: '2026-03-11' }, 'simple', false],
    [{ status: 'open', endDate: '2026-03-01' }, 'power', true],
    [{ status: 'open', dueDate: '2026-03-20', endDate: '2026-03-01' }, 'power', false],
    [{ status: 'open', computedEnd: '2026-03-02' }, 'mx-gantt', true],
    [{ status: 'open', week: '2026-03-02' }, 'simple', true],
    [{ status: 'open', week: '2026-03-09' }, 'simple', false],
    [{ status: 'done', dueDate: '2026-01-01' }, 'simple', false],
    [{ status: 'open', dueDate: '2026-01-01' }, 'kanban', false],
    [{ status: 'blocked' }, 'simple', false],
    [{ status: 'open', dueDate: 'soon', endDate: '2026-03-01' }, 'simple', true],
    [{ status: 'open', dueDate: '2026-02-31' }, 'simple', false],
    [{ status: 'open', dueDate: '2026-03-10T23:00:00Z' }, 'simple', true],
  ])('%o in %s → %s', (task, type, expected) => expect(isOverdue(task, type, now, 'UTC')).toBe(expected));
});

describe('taskDayOf (rule 55)', () => {
  it.each([
    ['2030-05-14', '2030-05-14'],
    ['2030-05-14T10:00:00Z', '2030-05-14'],
    ['2030-02-31', null],
    ['tomorrow', null],
    [null, null],
    [undefined, null],
  ])('%s → %s', (value, day) => expect(taskDayOf(value)).toBe(day));
});

describe('isOverdue near midnight: today is the day where the person is', () => {
  // 22:30 UTC on Tuesday 10 March 2026 is already Wednesday 11 March in Tokyo (UTC+9) and still Tuesday 10 March in
  // New York (UTC−4, summer time from 8 March). 03:30 UTC on Monday 9 March is still Sunday 8 March in New York.
  const lateTuesday = new Date('2026-03-10T22:30:00Z');
  const earlyMonday = new Date('2026-03-09T03:30:00Z');
  it.each([
    ['due Tuesday, Tuesday evening in New York', { dueDate: '2026-03-10' }, lateTuesday, 'America/New_York', false],
    ['due Tuesday, Wednesday morning in Tokyo', { dueDate: '2026-03-10' }, lateTuesday, 'Asia/Tokyo', true],
    ['due Tuesday, the same instant in UTC', { dueDate: '2026-03-10' }, lateTuesday, 'UTC', false],
    ['due Monday, Tuesday evening in New York', { dueDate: '2026-03-09' }, lateTuesday, 'America/New_York', true],
    ['due Wednesday, Wednesday morning in Tokyo', { dueDate: '2026-03-11' }, lateTuesday, 'Asia/Tokyo', false],
    ['last week, Sunday night in New York', { week: '2026-03-02' }, earlyMonday, 'America/New_York', false],
    ['last week, Monday noon in Tokyo', { week: '2026-03-02' }, earlyMonday, 'Asia/Tokyo', true],
    ['this week, Monday noon in Tokyo', { week: '2026-03-09' }, earlyMonday, 'Asia/Tokyo', false],
  ])('%s → %s', (_name, dates, at, zone, expected) => {
    expect(isOverdue({ status: 'open', ...dates }, 'simple', at, zone)).toBe(expected);
  });
});

describe('complexityClass (rule 47)', () => {
  it.each([
    [1, 1],
    [7, 1],
    [8, 2],
    [10, 2],
    [14, 2],
    [15, 3],
    [40, 3],
  ])('%i → class %i', (multiplier, expected) => expect(complexityClass(multiplier)).toBe(expected));
});

describe('durationDisplay (rule 9)', () => {
  it.each([
    [0, 0, 0, '0h'],
    [5, 0, 5, '5h'],
    [8, 1, 0, '1d'],
    [19, 2, 3, '2d 3h'],
    [null, 0, 0, '0h'],
  ])('%s hours → %i d %i h', (hours, days, rest, text) => expect(durationDisplay(hours)).toEqual({ days, hours: rest, text }));
});

describe('shownTaskCode (rule 49) and nextTaskCode (rule 50)', () => {
  it('shows the code, else the last 4 digits of the creation time', () => {
    expect(shownTaskCode('WEB-3', new Date(1_700_000_001_234))).toBe('WEB-3');
    expect(shownTaskCode(null, new Date(1_700_000_001_234))).toBe('1234');
    expect(shownTaskCode('  ', '2023-11-14T22:13:21.234Z')).toBe('1234');
    expect(shownTaskCode(' WEB-4 ', 'not a time')).toBe('WEB-4');
    expect(shownTaskCode(null, 'not a time')).toBe('');
  });
  it.each([
    [null, ['X-1'], null],
    ['WEB', [], 'WEB-1'],
    ['WEB', ['WEB-1', 'WEB-2', 'OPS-1', null], 'WEB-3'],
    ['WEB', ['WEB-1', 'WEB-3'], 'WEB-4'],
  ])('prefix %s with %o → %s', (prefix, codes, expected) => expect(nextTaskCode(prefix, codes)).toBe(expected));
});

describe('isHiddenTag (rule 54)', () => {
  it.each([
    ['short', false],
    ['exactly twenty chars', false],
    ['a tag that is much too long', true],
    ['aaaaaaaaaa aaaaaaaaaa', false],
    ['task:0123456789abcdef01234567', false],
  ])('%s → %s', (tag, expected) => expect(isHiddenTag(tag)).toBe(expected));
});

describe('actionDatesValid (rule 52)', () => {
  it.each([
    [null, null, true],
    ['2026-01-01', null, false],
    [null, '2026-01-01', false],
    ['2026-01-01', '2026-01-01', false],
    ['2026-01-02', '2026-01-01', false],
    ['2026-01-01', '2026-01-02', true],
  ])('%s → %s: %s', (start, end, expected) => expect(actionDatesValid(start, end)).toBe(expected));
});

describe('scheduleEnd (rules 1–3)', () => {
  it.each([
    ['2026-03-09', 9, 4, false, '2026-03-09', 13],
    ['2026-03-09', null, 8, false, '2026-03-09', 17],
    ['2026-03-09', 13, 8, false, '2026-03-10', 13],
    ['2026-03-13', 9, 16, false, '2026-03-16', 17],
    ['2026-03-13', 9, 16, true, '2026-03-14', 17],
    ['2026-03-14', 9, 2, false, '2026-03-16', 11],
    ['2026-03-09', 6, 1, false, '2026-03-09', 10],
    ['2026-03-09', 17, 1, false, '2026-03-10', 10],
  ])('%s %s:00 + %sh (weekends %s) → %s %s:00', (start, hour, hours, weekends, endDate, endHour) =>
    expect(scheduleEnd(start, hour, hours, weekends)).toEqual({ endDate, endHour }),
  );
  it('a simple week is 56 hours, Sunday at 48', () => {
    expect(simpleWeekHour('2026-03-09')).toBe(0);
    expect(simpleWeekHour('2026-03-11')).toBe(16);
    expect(simpleWeekHour('2026-03-15')).toBe(48);
  });
});

describe('statusEffects (rules 43, 44)', () => {
  const ctx = { personId: 'p1', now, projectType: 'simple' };
  it('done stamps completion and 100%', () =>
    expect(statusEffects({ status: 'open' }, 'done', ctx)).toEqual({
      status: 'done',
      completedOn: now,
      completedBy: 'p1',
      percentComplete: 100,
    }));
  it('another status clears completion, and leaving done its percentage', () => {
    expect(statusEffects({ status: 'done' }, 'blocked', ctx)).toEqual({
      status: 'blocked',
      completedOn: null,
      completedBy: null,
      percentComplete: 0,
    });
    expect(statusEffects({ status: 'open' }, 'blocked', ctx)).toEqual({ status: 'blocked', completedOn: null, completedBy: null });
  });
  it('reopening in a power project clears the scheduling', () =>
    expect(statusEffects({ status: 'done' }, 'open', { ...ctx, projectType: 'power' })).toEqual({
      status: 'open',
      completedOn: null,
      completedBy: null,
      percentComplete: 0,
      startDate: null,
      estimatedDuration: null,
      position: null,
      startHour: null,
    }));
  it('a power task that was not done keeps its scheduling', () =>
    expect(statusEffects({ status: 'open' }, 'blocked', { ...ctx, projectType: 'power' })).not.toHaveProperty('startDate'));
});

describe('boardTakesColumn: a task goes only in a column of its board', () => {
  const board = [{ id: 'todo' }, { id: 'c-qa' }, { id: 'done' }];
  it.each([
    ['a column of the board', board, 'c-qa', true],
    ['a column the board does not have', board, 'doing', false],
    ['an emoji', board, '🚀', false],
    ['the empty id', board, '', false],
    ['any column on a board with none yet', [], 'anything', true],
  ])('%s', (_name, cols, col, expected) => expect(boardTakesColumn(cols, col)).toBe(expected));
});

describe('alignStatusAndColumn: the column and the status are one fact', () => {
  const cols = [{ id: 'todo' }, { id: 'doing' }, { id: 'review' }, { id: 'c-qa' }, { id: 'done' }];
  const at = (status: string, col: string) => ({ status, col });
  it.each([
    ['completing moves to Done', at('open', 'doing'), { status: 'done' }, { status: 'done', col: 'done' }],
    ['completing a blocked task moves to Done', at('blocked', 'c-qa'), { status: 'done' }, { status: 'done', col: 'done' }],
    ['reopening moves back to To do', at('done', 'done'), { status: 'open' }, { status: 'open', col: 'todo' }],
    ['in progress moves to its column', at('open', 'todo'), { status: 'in-progress' }, { status: 'in-progress', col: 'doing' }],
    ['review moves to its column', at('in-progress', 'doing'), { status: 'review' }, { status: 'review', col: 'review' }],
    ['blocked keeps its column', at('in-progress', 'doing'), { status: 'blocked' }, { status: 'blocked' }],
    ['blocked out of Done leaves Done', at('done', 'done'), { status: 'blocked' }, { status: 'blocked', col: 'todo' }],
    ['a column of its own holds any open status', at('open', 'c-qa'), { status: 'in-progress' }, { status: 'in-progress' }],
    ['dragging to Done completes', at('open', 'todo'), { col: 'done' }, { status: 'done', col: 'done' }],
    ['dragging a blocked task to Done completes', at('blocked', 'doing'), { col: 'done' }, { status: 'done', col: 'done' }],
    ['dragging out of Done to To do reopens', at('done', 'done'), { col: 'todo' }, { status: 'open', col: 'todo' }],
    ['dragging out of Done to Review reviews', at('done', 'done'), { col: 'review' }, { status: 'review', col: 'review' }],
    ['dragging out of Done to a column of its own reopens', at('done', 'done'), { col: 'c-qa' }, { status: 'open', col: 'c-qa' }],
    ['dragging to In progress starts', at('open', 'todo'), { col: 'doing' }, { status: 'in-progress', col: 'doing' }],
    ['dragging to a column of its own keeps the status', at('in-progress', 'doing'), { col: 'c-qa' }, { col: 'c-qa' }],
    ['a blocked task stays blocked among open columns', at('blocked', 'todo'), { col: 'doing' }, { col: 'doing' }],
    ['both given and agreeing: as asked', at('open', 'todo'), { status: 'done', col: 'done' }, { status: 'done', col: 'done' }],
    ['both given, disagreeing: the status decides', at('open', 'todo'), { status: 'done', col: 'review' }, { status: 'done', col: 'done' }],
    ['nothing new: nothing', at('open', 'todo'), { status: 'open', col: 'todo' }, {}],
  ])('%s', (_name, task, change, expected) => expect(alignStatusAndColumn(task, change, cols)).toEqual(expected));

  it('a board without a Done column completes in place; reopening goes to its first column', () => {
    const plain = [{ id: 'a' }, { id: 'b' }];
    expect(alignStatusAndColumn(at('open', 'b'), { status: 'done' }, plain)).toEqual({ status: 'done' });
    expect(alignStatusAndColumn(at('done', 'b'), { status: 'open' }, plain)).toEqual({ status: 'open' });
  });

  it.each([
    ['done stored in To do shows in Done', at('done', 'todo'), 'done'],
    ['open stored in Done shows in To do', at('open', 'done'), 'todo'],
    ['in progress stored in Done shows in In progress', at('in-progress', 'done'), 'doing'],
    ['agreeing: its own column', at('review', 'review'), 'review'],
    ['a column the board lost: the first', at('open', 'gone'), 'todo'],
  ])('columnOfTask: %s', (_name, task, col) => expect(columnOfTask(task, cols)).toBe(col));

  it.each([
    [at('open', 'todo'), false],
    [at('open', 'doing'), true],
    [at('in-progress', 'todo'), true],
    [at('review', 'review'), true],
    [at('done', 'done'), false],
    [at('open', 'done'), false],
    [at('blocked', 'c-qa'), true],
  ])('isStarted(%o) is %s', (task, started) => expect(isStarted(task)).toBe(started));
});

describe('createsCycle (rule 53)', () => {
  const edges = [
    { fromId: 'b', toId: 'a' },
    { fromId: 'c', toId: 'b' },
  ];
  it.each([
    ['a', 'a', true],
    ['a', 'c', true],
    ['a', 'b', true],
    ['c', 'a', false],
    ['d', 'c', false],
  ])('%s depends on %s → cycle %s', (from, to, expected) => expect(createsCycle(edges, from, to)).toBe(expected));
});
