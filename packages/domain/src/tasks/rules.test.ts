import { describe, expect, it } from 'vitest';
import {
  actionDatesValid,
  complexityClass,
  createsCycle,
  durationDisplay,
  isHiddenTag,
  isOverdue,
  nextTaskCode,
  scheduleEnd,
  shownTaskCode,
  simpleWeekHour,
  statusEffects,
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
  ])('%o in %s → %s', (task, type, expected) => expect(isOverdue(task, type, now)).toBe(expected));
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
  it('another status clears completion', () =>
    expect(statusEffects({ status: 'done' }, 'blocked', ctx)).toEqual({ status: 'blocked', completedOn: null, completedBy: null }));
  it('reopening in a power project clears the scheduling', () =>
    expect(statusEffects({ status: 'done' }, 'open', { ...ctx, projectType: 'power' })).toEqual({
      status: 'open',
      completedOn: null,
      completedBy: null,
      startDate: null,
      estimatedDuration: null,
      position: null,
      startHour: null,
    }));
  it('a power task that was not done keeps its scheduling', () =>
    expect(statusEffects({ status: 'open' }, 'blocked', { ...ctx, projectType: 'power' })).not.toHaveProperty('startDate'));
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
