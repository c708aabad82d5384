import { describe, expect, it } from 'vitest';
import type { MyTimesheetRole, Timesheet } from '@crewplan/domain/time/time';
import { exportLines, missionName, personName, roleName, shownWeeks } from './approvals.ts';
import { capacityBars, copiedCells, dayTotals, gridRows, moveFocus } from './grid.ts';
import { overtimePeriod } from './overtime.ts';
import { dayLabels, localToday, weekOfParam, weekParam, weekTitle } from './week.ts';
import { testTimesheet } from './test-timesheet.ts';

const role = (id: string, missionTitle: string, dates: Partial<MyTimesheetRole> = {}): MyTimesheetRole => ({
  planItemId: id,
  mission: `m-${id}`,
  missionTitle,
  title: `Role ${id}`,
  startDate: null,
  endDate: null,
  allocation: 100,
  ...dates,
});

const sheet = (over: Partial<Timesheet>): Timesheet =>
  testTimesheet({ mission: 'm-a', planItemId: 'a', person: 'p1', dailyHours: [8, 1.5, 0, 0, 0, 0, 0], ...over });

describe('week parameter', () => {
  it('reads a timestamp or a date as its Monday; anything else is this week', () => {
    expect(weekOfParam(weekParam('2026-11-23'), '2026-01-07')).toBe('2026-11-23');
    expect(weekOfParam('2026-11-26', '2026-01-07')).toBe('2026-11-23');
    expect(weekOfParam('soon', '2026-11-25')).toBe('2026-11-23');
    expect(weekOfParam(null, '2026-11-29')).toBe('2026-11-23');
    expect(weekParam('2026-11-23')).toBe(String(Date.UTC(2026, 10, 23)));
  });
  it("reads a week-start timestamp made in any time zone as that Monday's week, not the one before", () => {
    for (const offset of ['+02:00', '+05:30', '+14:00', '-05:00', '-12:00'])
      expect(weekOfParam(String(Date.parse(`2026-11-23T00:00:00${offset}`)), '2026-01-07')).toBe('2026-11-23');
    // a week across the end of the year and the end of summer time in Europe
    expect(weekOfParam(String(Date.parse('2026-12-28T00:00:00+01:00')), '2026-01-07')).toBe('2026-12-28');
    expect(weekOfParam(String(Date.parse('2026-10-26T00:00:00+02:00')), '2026-01-07')).toBe('2026-10-26');
  });
  it('names the days and the week', () => {
    expect(dayLabels('2026-11-23').map((d) => d.short)).toEqual(['Mon 23', 'Tue 24', 'Wed 25', 'Thu 26', 'Fri 27', 'Sat 28', 'Sun 29']);
    expect(weekTitle('2026-11-30')).toBe('30 Nov – 6 Dec 2026');
  });
});

describe('grid', () => {
  it('has a row per role of the week, sorted by mission, with its sheet; submitted rows are locked', () => {
    const rows = gridRows(
      [role('b', 'Zeta'), role('a', 'Alpha'), role('c', 'Gone', { endDate: '2026-11-01' })],
      [],
      [sheet({ status: 'submitted' })],
      '2026-11-23',
    );
    expect(rows.map((r) => [r.planItemId, r.status, r.editable])).toEqual([
      ['a', 'submitted', false],
      ['b', 'draft', true],
    ]);
    expect(rows[0]!.cells).toEqual(['8', '1.5', '', '', '', '', '']);
  });
  it('shows a week kept per task as its day totals, locked: saving role days would drop its tasks', () => {
    const tasks = sheet({
      form: 'task',
      actionItems: [{ _id: 't1', title: 'Wireframes', days: '8,1.5,0,0,0,0,0', hours: [8, 1.5, 0, 0, 0, 0, 0] }],
    });
    const [row] = gridRows([role('a', 'Alpha')], [], [tasks], '2026-11-23');
    expect([row!.cells[0], row!.editable]).toEqual(['8', false]);
  });
  it('totals days from what is typed (1,5, 1:30 and 90m alike) and draws rule 12 bars', () => {
    const totals = dayTotals([{ cells: ['1,5', '1:30', '90m', '', 'x', '10', '0'] }, { cells: ['8', '', '', '', '', '7', ''] }]);
    expect(totals).toEqual([9.5, 1.5, 1.5, 0, 0, 17, 0]);
    expect(capacityBars(totals)).toEqual([50, 25, 25, 0, 0, 75, 0]);
  });
  it('copies last week into editable rows only', () => {
    const rows = gridRows(
      [role('a', 'A'), role('b', 'B')],
      [],
      [sheet({ planItemId: 'b', weekStart: '2026-11-23', status: 'approved' })],
      '2026-11-23',
    );
    const last = [
      sheet({ weekStart: '2026-11-16', dailyHours: [2, 2, 2, 2, 2, 0, 0] }),
      sheet({ planItemId: 'b', weekStart: '2026-11-16' }),
    ];
    expect(copiedCells(rows, last, '2026-11-16')).toEqual([
      ['2', '2', '2', '2', '2', '', ''],
      ['8', '1.5', '', '', '', '', ''],
    ]);
  });
  it('moves with the arrow keys and stays inside', () => {
    expect(moveFocus({ row: 0, day: 0 }, 'ArrowRight', 2)).toEqual({ row: 0, day: 1 });
    expect(moveFocus({ row: 0, day: 0 }, 'ArrowDown', 2)).toEqual({ row: 1, day: 0 });
    expect(moveFocus({ row: 1, day: 6 }, 'ArrowDown', 2)).toEqual({ row: 1, day: 6 });
    expect(moveFocus({ row: 0, day: 0 }, 'ArrowLeft', 2)).toEqual({ row: 0, day: 0 });
    expect(moveFocus({ row: 0, day: 0 }, 'a', 2)).toBeNull();
  });
});

describe('approvals', () => {
  const names = {
    people: new Map([
      ['p1', 'Ada Lovelace'],
      ['p2', 'Bob Byte'],
    ]),
    missions: new Map([['m-a', 'Apollo']]),
  };
  const sheets = [
    sheet({ _id: '1', status: 'submitted', snapshot: { roleTitle: 'Designer' } }),
    sheet({ _id: '2', person: 'p2', status: 'submitted', weekStart: '2026-11-30' }),
    sheet({ _id: '3', person: 'p2', status: 'approved', mission: 'm-b' }),
  ];
  it('filters by mission, person and status, newest week first', () => {
    expect(shownWeeks(sheets, { mission: null, person: null, status: 'submitted' }, names).map((s) => s._id)).toEqual(['2', '1']);
    expect(shownWeeks(sheets, { mission: 'm-b', person: null, status: null }, names).map((s) => s._id)).toEqual(['3']);
    expect(shownWeeks(sheets, { mission: null, person: 'p1', status: null }, names).map((s) => s._id)).toEqual(['1']);
  });
  it('exports one line per day with hours: person, mission, role, task, date, hours, status', () => {
    expect(exportLines([sheets[0]!], names)).toEqual([
      { person: 'Ada Lovelace', mission: 'Apollo', role: 'Designer', task: '', date: '2026-11-23', hours: 8, status: 'submitted' },
      { person: 'Ada Lovelace', mission: 'Apollo', role: 'Designer', task: '', date: '2026-11-24', hours: 1.5, status: 'submitted' },
    ]);
    const tasks = sheet({
      form: 'task',
      actionItems: [
        { _id: 't1', title: 'Wireframes', days: '0,2,0,0,0,0,0', hours: [0, 2, 0, 0, 0, 0, 0] },
        { _id: 't2', title: null, days: '1,0,0,0,0,0,0', hours: [1, 0, 0, 0, 0, 0, 0] },
      ],
    });
    expect(exportLines([tasks], names)).toEqual([
      { person: 'Ada Lovelace', mission: 'Apollo', role: '', task: 'Wireframes', date: '2026-11-24', hours: 2, status: 'draft' },
      { person: 'Ada Lovelace', mission: 'Apollo', role: '', task: 'Deleted task', date: '2026-11-23', hours: 1, status: 'draft' },
    ]);
  });
});

describe('names the approvers cannot find', () => {
  const nobody = { people: new Map<string, string>(), missions: new Map<string, string>() };
  it("says 'Person not found', 'Project not found...' and 'Unspecified role' rather than ids or nothing", () => {
    const lost = sheet({ person: 'p9', mission: 'm9', planItemId: 'r9', snapshot: {} });
    expect([personName(lost, nobody), missionName(lost, nobody), roleName(lost)]).toEqual([
      'Person not found',
      'Project not found...',
      'Unspecified role',
    ]);
    const saved = sheet({ person: 'p9', mission: 'm9', snapshot: { personName: 'Ada', missionTitle: 'Apollo', roleTitle: 'Designer' } });
    expect([personName(saved, nobody), missionName(saved, nobody), roleName(saved)]).toEqual(['Ada', 'Apollo', 'Designer']);
    expect(missionName(sheet({ mission: null, snapshot: {} }), nobody)).toBe('Organisation');
  });
});

describe('overtime period', () => {
  it('starts on a Monday and ends by its type', () => {
    expect(overtimePeriod('2026-11-25', null, 'week', '2026-12-01')).toEqual({ start: '2026-11-23', end: '2026-11-29', type: 'week' });
    expect(overtimePeriod('2026-11-23', null, 'month', '2026-12-01')).toEqual({ start: '2026-11-23', end: '2026-12-22', type: 'month' });
    expect(overtimePeriod('2026-11-23', '2026-12-10', null, '2026-12-01')).toEqual({
      start: '2026-11-23',
      end: '2026-12-10',
      type: 'custom',
    });
    expect(overtimePeriod('2026-11-23', '2026-11-01', 'custom', '2026-12-01')).toEqual({
      start: '2026-11-23',
      end: '2026-11-29',
      type: 'custom',
    });
    expect(overtimePeriod('nope', null, 'x', '2026-12-02')).toEqual({ start: '2026-11-23', end: '2026-11-29', type: 'week' });
    // a month from Monday 31 January runs to the end of February, its last day included
    expect(overtimePeriod('2028-01-31', null, 'month', '2028-03-01')).toEqual({ start: '2028-01-31', end: '2028-02-29', type: 'month' });
    expect(overtimePeriod('2022-01-31', null, 'month', '2022-03-01')).toEqual({ start: '2022-01-31', end: '2022-02-28', type: 'month' });
    expect(overtimePeriod('2025-03-31', null, 'month', '2025-05-01')).toEqual({ start: '2025-03-31', end: '2025-04-30', type: 'month' });
  });
});

describe("today, as the person's calendar has it", () => {
  // Sunday 29 Nov 2026, 20:00 UTC: already Monday far east, still Sunday in the Americas
  const now = new Date('2026-11-29T20:00:00Z');
  it.each([
    ['Pacific/Auckland', '2026-11-30'],
    ['Europe/London', '2026-11-29'],
    ['America/Los_Angeles', '2026-11-29'],
    ['UTC', '2026-11-29'],
  ])('in %s it is %s', (zone, day) => {
    expect(localToday(zone, now)).toBe(day);
  });
});
