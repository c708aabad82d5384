import { describe, expect, it } from 'vitest';
import type { MyTimesheetRole, Timesheet } from '@crewplan/domain/time/time';
import { gridRows } from './grid.ts';
import { planFilledCells } from './plan-fill.ts';
import { testTimesheet } from './test-timesheet.ts';

/** The week of Monday 23 Nov 2026. */
const MONDAY = '2026-11-23';

const role = (planItemId: string, allocation: number, dates: Partial<MyTimesheetRole> = {}): MyTimesheetRole => ({
  planItemId,
  mission: 'm',
  missionTitle: 'Harbour cabins',
  title: planItemId,
  startDate: null,
  endDate: null,
  allocation,
  ...dates,
});

const sheet = (planItemId: string, status: Timesheet['status'], dailyHours: number[]): Timesheet =>
  testTimesheet({ _id: `s-${planItemId}`, planItemId, status, dailyHours });

describe("'Fill from plan' (rules 10, 11)", () => {
  const roles = [
    role('full', 100),
    role('half', 50),
    role('typed', 100),
    role('saved', 100),
    role('empty-draft', 40),
    role('submitted', 100),
    role('midweek', 100, { startDate: '2026-11-25' }),
    role('none', 0),
  ];
  const sheets = [
    sheet('saved', 'draft', [1, 0, 0, 0, 0, 0, 0]),
    sheet('empty-draft', 'draft', [0, 0, 0, 0, 0, 0, 0]),
    sheet('submitted', 'submitted', [0, 0, 0, 0, 0, 0, 0]),
  ];
  const rows = gridRows(roles, [], sheets, MONDAY);

  it("fills only the empty draft rows, with the allocation's hours spread over the week", () => {
    const typed = { typed: ['2', '', '', '', '', '', ''] };
    expect(planFilledCells(rows, typed, MONDAY)).toEqual({
      full: ['8', '8', '8', '8', '8', '', ''],
      half: ['6.75', '6.75', '6.5', '', '', '', ''],
      'empty-draft': ['8', '8', '', '', '', '', ''],
      midweek: ['', '', '8', '8', '8', '', ''],
    });
  });

  it('takes a row whose typing was cleared again', () => {
    expect(Object.keys(planFilledCells(rows, { typed: ['', '', '', '', '', '', ''] }, MONDAY))).toContain('typed');
  });

  it('puts nothing on days off and plans the role only on the days worked', () => {
    const filled = planFilledCells(rows, {}, MONDAY, new Set([3]));
    expect(filled.full).toEqual(['8', '8', '8', '', '8', '', '']);
    expect(filled.midweek).toEqual(['', '', '8', '', '8', '', '']);
  });
});
