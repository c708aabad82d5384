import { describe, expect, it } from 'vitest';
import { addIsoDays } from '../missions/dates.ts';
import { weekDays, weekEndOf } from './week.ts';
import {
  mergeTaskLines,
  overfullWeekDay,
  roleRefusal,
  taskRefusal,
  writesSheet,
  type SheetState,
  type TimesheetRoleFacts,
} from './week-rules.ts';

const MONDAY = '2026-11-23';
const at = { missionId: 'm1', personId: 'me', weekStart: MONDAY };
const role: TimesheetRoleFacts = {
  missionId: 'm1',
  type: 'person',
  personId: 'me',
  inactive: false,
  wasDeleted: false,
  startDate: '2026-11-01',
  endDate: null,
};

describe('roleRefusal: who keeps hours on a role that week', () => {
  it.each<[string, TimesheetRoleFacts | null, ReturnType<typeof roleRefusal>]>([
    ['my live role', role, null],
    ['no such role', null, 'unknown'],
    ["another project's role", { ...role, missionId: 'm2' }, 'unknown'],
    ['a deleted role', { ...role, wasDeleted: true }, 'unknown'],
    ['a cost item', { ...role, type: 'cost' }, 'unknown'],
    ["somebody else's role", { ...role, personId: 'you' }, 'notYours'],
    ['an unfilled role', { ...role, personId: null }, 'notYours'],
    ['an inactive role', { ...role, inactive: true }, 'inactive'],
    ['a role ending the Sunday before', { ...role, endDate: '2026-11-22' }, 'outsideWeek'],
    ['a role starting the Monday after', { ...role, startDate: '2026-11-30' }, 'outsideWeek'],
    ['a role ending on the Monday', { ...role, endDate: MONDAY }, null],
    ['a role starting on the Sunday', { ...role, startDate: '2026-11-29', endDate: null }, null],
    ['a role without dates', { ...role, startDate: null, endDate: null }, null],
  ])('%s', (_name, facts, refusal) => {
    expect(roleRefusal(facts, at)).toBe(refusal);
  });
});

const task = (people: string[], missionId = 'm1', firstDay: string | null = null, lastDay: string | null = null) => ({
  missionId,
  people,
  firstDay,
  lastDay,
});

describe('taskRefusal: who keeps hours on a task', () => {
  it.each<[string, Parameters<typeof taskRefusal>[0], boolean, ReturnType<typeof taskRefusal>]>([
    ['a task assigned to me', task(['you', 'me']), false, null],
    ['no such task', null, false, 'unknown'],
    ['a deleted task, already on my week', null, true, null],
    ["another project's task", task(['me'], 'm2'), false, 'unknown'],
    ["another project's task already on my week", task(['me'], 'm2'), true, 'unknown'],
    ["somebody else's task", task(['you']), false, 'notYours'],
    ['an unassigned task', task([]), false, 'notYours'],
    ['a task no longer mine, already on my week', task(['you']), true, null],
    ['my task ending the Monday of the week', task(['me'], 'm1', '2026-11-01', MONDAY), false, null],
    ['my task starting the Sunday of the week', task(['me'], 'm1', '2026-11-29', '2026-12-20'), false, null],
    ['my task ending the Sunday before', task(['me'], 'm1', '2026-11-01', '2026-11-22'), false, 'outsideWeek'],
    ['my task starting the Monday after', task(['me'], 'm1', '2026-11-30', null), false, 'outsideWeek'],
    ['my task moved out of the week, already on my week', task(['me'], 'm1', '2026-12-07', '2026-12-08'), true, null],
  ])('%s', (_name, facts, onTheirWeek, refusal) => {
    expect(taskRefusal(facts, { missionId: 'm1', personId: 'me', weekStart: MONDAY, onTheirWeek })).toBe(refusal);
  });
});

const line = (actionItemId: string, ...minutes: number[]) => ({ actionItemId, minutes: [...minutes, 0, 0, 0, 0, 0, 0, 0].slice(0, 7) });

describe('mergeTaskLines: a task-form week after a save', () => {
  it.each([
    ['a first save', null, [line('a', 60), line('b', 0, 30)], [line('a', 60), line('b', 0, 30)]],
    ['a line replaced in place, another kept', [line('a', 60), line('b', 30)], [line('a', 120)], [line('a', 120), line('b', 30)]],
    ['a new task after the others', [line('a', 60)], [line('c', 15)], [line('a', 60), line('c', 15)]],
    ['zeros remove a line', [line('a', 60), line('b', 30)], [line('a')], [line('b', 30)]],
    ['a new line without hours is not added', [line('a', 60)], [line('z')], [line('a', 60)]],
    ['everything removed', [line('a', 60)], [line('a')], []],
  ])('%s', (_name, before, sent, after) => {
    expect(mergeTaskLines(before, sent)).toEqual(after);
  });
});

const EMPTY = [0, 0, 0, 0, 0, 0, 0];
const state = (status: SheetState['status'], dailyMinutes = EMPTY, taskLines: SheetState['taskLines'] = null): SheetState => ({
  status,
  dailyMinutes,
  taskLines,
});

describe('writesSheet: which sheets a save writes', () => {
  it.each<[string, SheetState | null, SheetState, boolean]>([
    ['a new role week with hours', null, state('draft', [60, 0, 0, 0, 0, 0, 0]), true],
    ['a new empty role draft', null, state('draft'), false],
    ['a new empty role week submitted (declares the week)', null, state('submitted'), true],
    ['a new empty task week submitted', null, state('submitted', EMPTY, []), false],
    ['a new task week with hours', null, state('draft', [60, 0, 0, 0, 0, 0, 0], [line('a', 60)]), true],
    ['an unchanged draft', state('draft', [60, 0, 0, 0, 0, 0, 0]), state('draft', [60, 0, 0, 0, 0, 0, 0]), false],
    ['a changed day', state('draft', [60, 0, 0, 0, 0, 0, 0]), state('draft', [60, 1, 0, 0, 0, 0, 0]), true],
    ['an unchanged draft submitted', state('draft'), state('submitted'), true],
    ['a rejected week saved again as a draft', state('rejected'), state('draft'), true],
    [
      'hours moved between tasks, same totals',
      state('draft', [60, 0, 0, 0, 0, 0, 0], [line('a', 60)]),
      state('draft', [60, 0, 0, 0, 0, 0, 0], [line('b', 60)]),
      true,
    ],
    [
      'the same lines stored with their keys in another order',
      state('draft', [60, 0, 0, 0, 0, 0, 0], [{ minutes: [60, 0, 0, 0, 0, 0, 0], actionItemId: 'a' }]),
      state('draft', [60, 0, 0, 0, 0, 0, 0], [line('a', 60)]),
      false,
    ],
    [
      'a line added',
      state('draft', [60, 0, 0, 0, 0, 0, 0], [line('a', 60)]),
      state('draft', [60, 0, 0, 0, 0, 0, 0], [line('a', 60), line('b')]),
      true,
    ],
    ['a task week turned into role form', state('draft', EMPTY, [line('a')]), state('draft', EMPTY, null), true],
  ])('%s', (_name, before, after, writes) => {
    expect(writesSheet(before, after)).toBe(writes);
  });
});

const week = (minutes: number[]) => ({ dailyMinutes: [...minutes, 0, 0, 0, 0, 0, 0, 0].slice(0, 7) });

describe('overfullWeekDay: a save may not make a day hold more than 24 hours across every sheet of the week', () => {
  it.each<[string, number[][], number[][], number]>([
    ['no sheets', [], [], -1],
    ['24 hours over three sheets', [[480], [480], [480]], [], -1],
    [
      'a minute more on Wednesday',
      [
        [0, 0, 1440],
        [0, 0, 1],
      ],
      [],
      2,
    ],
    [
      'the first overfull day wins',
      [
        [0, 1000, 0, 0, 0, 0, 1000],
        [0, 500, 0, 0, 0, 0, 500],
      ],
      [],
      1,
    ],
    [
      'a fraction of an hour over on Sunday',
      [
        [0, 0, 0, 0, 0, 0, 1430],
        [0, 0, 0, 0, 0, 0, 15],
      ],
      [],
      6,
    ],
    ['a day overfull before, the save takes an hour off', [[1500]], [[1560]], -1],
    ['a day overfull before, the save leaves it as it was', [[1500]], [[1500]], -1],
    ['a day overfull before, the save adds to it', [[1560]], [[1500]], 0],
    ['another day overfull before does not excuse this one', [[1500, 1500]], [[1500, 0]], 1],
  ])('%s', (_name, after, before, day) => {
    expect(overfullWeekDay(after.map(week), before.map(week))).toBe(day);
  });
});

describe('weekEndOf and weekDays: the calendar of a week', () => {
  it.each([
    ['2026-11-23', '2026-11-29'],
    ['2026-12-28', '2027-01-03'],
    ['2024-02-26', '2024-03-03'],
    ['2026-03-23', '2026-03-29'],
    ['2026-10-19', '2026-10-25'],
  ])('the week of %s ends on %s', (monday, sunday) => {
    expect(weekEndOf(monday)).toBe(sunday);
    expect(weekDays(monday)).toEqual(Array.from({ length: 7 }, (_, i) => addIsoDays(monday, i)));
  });
});
