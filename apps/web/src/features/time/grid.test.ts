import { describe, expect, it } from 'vitest';
import type { MyTimesheetRole, MyTimesheetTask, Timesheet } from '@crewplan/domain/time/time';
import { copiedCells, dayTotals, gridRows, weekRequest } from './grid.ts';
import { refusalInWords } from './refusal.ts';
import { dayLabels } from './week.ts';
import { testTimesheet } from './test-timesheet.ts';

const MONDAY = '2026-11-23';
const role = (id: string, mission: string, title = `Role ${id}`): MyTimesheetRole => ({
  planItemId: id,
  mission,
  missionTitle: `Mission ${mission}`,
  title,
  startDate: null,
  endDate: null,
  allocation: 50,
});
const task = (id: string, mission: string, title = `Task ${id}`): MyTimesheetTask => ({
  actionItemId: id,
  mission,
  missionTitle: `Mission ${mission}`,
  title,
  startDate: MONDAY,
  endDate: MONDAY,
});
const taskWeek = (mission: string, lines: Record<string, number[]>, over: Partial<Timesheet> = {}): Timesheet =>
  testTimesheet({
    _id: `tasks-${mission}`,
    mission,
    planItemId: null,
    person: 'me',
    form: 'task',
    actionItems: Object.entries(lines).map(([_id, hours]) => ({ _id, title: null, hours, days: hours.join(',') })),
    ...over,
  });

describe('task rows of the weekly grid', () => {
  const roles = [role('r2', 'b', 'Builder'), role('r1', 'a', 'Designer')];
  const tasks = [task('t2', 'a', 'Wireframes'), task('t1', 'a', 'Review'), task('t3', 'b', 'Pour'), task('t9', 'z', 'Not my project')];

  it('lists each mission’s roles, then its tasks; tasks of a mission without a role of mine that week are left out', () => {
    const rows = gridRows(roles, tasks, [], MONDAY);
    expect(rows.map((row) => [row.missionId, row.kind, row.title, row.key])).toEqual([
      ['a', 'role', 'Designer', 'r1'],
      ['a', 'task', 'Review', 'task:t1'],
      ['a', 'task', 'Wireframes', 'task:t2'],
      ['b', 'role', 'Builder', 'r2'],
      ['b', 'task', 'Pour', 'task:t3'],
    ]);
  });

  it("shows a task's hours from its mission's task week, with that week's status; a submitted week is locked", () => {
    const rows = gridRows(roles, tasks, [taskWeek('a', { t2: [1.25, 0, 0, 0, 0, 0, 2] }, { status: 'submitted' })], MONDAY);
    const wireframes = rows.find((row) => row.key === 'task:t2')!;
    expect([wireframes.cells, wireframes.status, wireframes.editable]).toEqual([['1.25', '', '', '', '', '', '2'], 'submitted', false]);
    const pour = rows.find((row) => row.key === 'task:t3')!;
    expect([pour.cells, pour.status, pour.editable]).toEqual([['', '', '', '', '', '', ''], 'draft', true]);
  });

  it('locks a role week kept per task while it holds tasks; one with no task left is typed in as a role week', () => {
    const perTask = (lines: Record<string, number[]>) => taskWeek('a', lines, { _id: 'role-week', planItemId: 'r1' });
    const [kept] = gridRows([role('r1', 'a')], [], [perTask({ t1: [2, 0, 0, 0, 0, 0, 0] })], MONDAY);
    expect([kept!.sheet?._id, kept!.editable]).toEqual(['role-week', false]);
    const [emptied] = gridRows([role('r1', 'a')], [], [perTask({})], MONDAY);
    expect([emptied!.sheet?._id, emptied!.editable]).toEqual(['role-week', true]);
  });

  it("names a role without a title 'Unspecified role' and a mission without one 'Project not found...'", () => {
    const [row] = gridRows([{ ...role('r1', 'a', ' '), missionTitle: '' }], [], [], MONDAY);
    expect([row!.title, row!.missionTitle]).toEqual(['Unspecified role', 'Project not found...']);
  });

  it('counts task rows in the day totals', () => {
    const rows = gridRows(roles, tasks, [taskWeek('a', { t1: [2, 0, 0, 0, 0, 0, 0] })], MONDAY);
    expect(dayTotals(rows.map((row) => (row.key === 'r1' ? { cells: ['6', '', '', '', '', '', ''] } : row)))).toEqual([
      8, 0, 0, 0, 0, 0, 0,
    ]);
  });

  it("copies last week's task hours into the same task", () => {
    const rows = gridRows([role('r1', 'a')], [task('t1', 'a')], [], MONDAY);
    const last = taskWeek('a', { t1: [0, 3, 0, 0, 0, 0, 0] }, { weekStart: '2026-11-16' });
    expect(copiedCells(rows, [last], '2026-11-16')).toEqual([
      ['', '', '', '', '', '', ''],
      ['', '3', '', '', '', '', ''],
    ]);
  });

  it('puts the whole week in one request: roles by planItemId, tasks by actionItemId, typed text as hours', () => {
    const rows = gridRows([role('r1', 'a')], [task('t1', 'a')], [], MONDAY).map((row, i) => ({
      ...row,
      cells: i === 0 ? ['1,5', '1:30', '90m', '', '', '', ''] : ['0.25', '', '', '', '', '', '8'],
    }));
    expect(weekRequest(rows, MONDAY, 'submitted')).toEqual({
      weekStart: MONDAY,
      status: 'submitted',
      rows: [
        { missionId: 'a', planItemId: 'r1', dailyHours: [1.5, 1.5, 1.5, 0, 0, 0, 0] },
        { missionId: 'a', actionItemId: 't1', dailyHours: [0.25, 0, 0, 0, 0, 0, 8] },
      ],
    });
  });
});

describe('a refused week, in words', () => {
  const sent = [
    { key: 'r1', title: 'Designer', missionTitle: 'Harbour cabins' },
    { key: 'task:t1', title: 'Wireframes', missionTitle: 'Harbour cabins' },
  ];
  const days = dayLabels(MONDAY);
  it.each([
    [
      'a row',
      { message: 'Locked', fields: { 'rows.1.actionItemId': 'This week has been submitted or approved and can no longer be changed.' } },
      {
        text: 'Wireframes (Harbour cabins): This week has been submitted or approved and can no longer be changed.',
        rowKey: 'task:t1',
      },
    ],
    [
      'a day of a row',
      { message: 'Invalid input', fields: { 'rows.0.dailyHours.3': 'A day holds at most 24 hours' } },
      { text: 'Designer (Harbour cabins), Thu 26 Nov: A day holds at most 24 hours', rowKey: 'r1', day: 3 },
    ],
    [
      'a day of the whole week',
      { message: 'A day holds at most 24 hours', fields: { 'dailyHours.6': 'A day holds at most 24 hours' } },
      { text: 'Sun 29 Nov: A day holds at most 24 hours', day: 6 },
    ],
    [
      'no field',
      { message: 'There are no eligible organizations for Time Tracking.' },
      { text: 'There are no eligible organizations for Time Tracking.' },
    ],
    ['a field of the week', { message: 'Bad', fields: { weekStart: 'Weeks start on Monday' } }, { text: 'Weeks start on Monday' }],
  ])('%s', (_name, error, refusal) => {
    expect(refusalInWords(error, sent, days)).toEqual(refusal);
  });
});
