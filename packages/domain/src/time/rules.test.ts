import { describe, expect, it } from 'vitest';
import {
  canTransition,
  capacityBarPercent,
  hoursEditable,
  hoursToMinutes,
  keepsTimesheet,
  linesToMinutes,
  minutesToHours,
  missingTimesheets,
  overtimeMinutes,
  overtimeSetting,
  rejectionReasonLongEnough,
  spreadDays,
  spreadEstimate,
  timesheetActors,
  timeTrackingEligible,
  weekEndOf,
  type TimesheetActor,
  type TimesheetKeepFacts,
} from './rules.ts';
import { TIMESHEET_STATUSES, type TimesheetStatus } from './time.ts';

describe('hours are exact minutes', () => {
  it.each([
    [0, 0],
    [0.25, 15],
    [1.5, 90],
    [7.75, 465],
    [0.1, 6],
    [1 / 3, 20],
    [24, 1440],
  ])('%s h → %s min', (hours, minutes) => {
    expect(hoursToMinutes(hours)).toBe(minutes);
  });

  it.each([
    [15, 0.25],
    [90, 1.5],
    [20, 0.3333],
    [1440, 24],
  ])('%s min → %s h', (minutes, hours) => {
    expect(minutesToHours(minutes)).toBe(hours);
  });

  it('sums quarter hours without drift (0.1 + 0.2 style errors cannot happen in minutes)', () => {
    const minutes = Array.from({ length: 40 }, () => hoursToMinutes(0.25)).reduce((a, b) => a + b, 0);
    expect(minutesToHours(minutes)).toBe(10);
  });

  it.each([
    // a day's task hours → its minutes, line by line: the day adds up to its hours rounded once
    [
      [0.125, 23.875],
      [8, 1432],
    ],
    [
      [0.025, 23.975],
      [2, 1438],
    ],
    [
      [7.3, 16.7],
      [438, 1002],
    ],
    [
      [0.1, 23.9],
      [6, 1434],
    ],
    [
      [8.35, 15.65],
      [501, 939],
    ],
    [
      [0.01, 16.46, 7.53],
      [1, 987, 452],
    ],
    [
      [0.125, 0.125],
      [8, 7],
    ],
    [[24], [1440]],
    [
      [1 / 3, 1 / 3, 1 / 3],
      [20, 20, 20],
    ],
    [
      [0.125, 23.9],
      [8, 1434],
    ],
  ])('%j h on one day → %j min', (hours, minutes) => {
    const lines = linesToMinutes(hours.map((h) => [h, 0, 0, 0, 0, 0, 0]));
    expect(lines.map((days) => days[0])).toEqual(minutes);
    expect(lines.every((days) => days.slice(1).every((m) => m === 0))).toBe(true);
  });

  it('a day of exactly 24 hours in several lines is 1,440 minutes, one line alone rounds as hoursToMinutes', () => {
    const day = (lines: number[][]) => lines.reduce((sum, days) => sum + days[0]!, 0);
    expect(day(linesToMinutes([[0.125], [23.875]]))).toBe(1440);
    expect(day(linesToMinutes([[0.025], [12.5], [11.475]]))).toBe(1440);
    expect(day(linesToMinutes([[0.125], [23.9]]))).toBe(1442);
    for (const hours of [0, 0.125, 7.3, 1 / 3, 23.99]) expect(linesToMinutes([[hours]])).toEqual([[hoursToMinutes(hours)]]);
  });

  it('ends a Monday week on Sunday (rules 4, 7)', () => {
    expect(weekEndOf('2026-11-23')).toBe('2026-11-29');
  });
});

describe('status transitions (rules 171, 176)', () => {
  const table: [TimesheetActor, TimesheetStatus, TimesheetStatus, boolean][] = [
    ['owner', 'draft', 'submitted', true],
    ['owner', 'rejected', 'submitted', true],
    ['owner', 'rejected', 'draft', true],
    ['owner', 'submitted', 'draft', true],
    ['owner', 'draft', 'approved', false],
    ['owner', 'submitted', 'approved', false],
    ['owner', 'submitted', 'rejected', false],
    ['owner', 'approved', 'draft', false],
    ['owner', 'approved', 'submitted', false],
    ['approver', 'submitted', 'approved', true],
    ['approver', 'submitted', 'rejected', true],
    ['approver', 'approved', 'draft', true],
    ['approver', 'draft', 'approved', false],
    ['approver', 'draft', 'submitted', false],
    ['approver', 'rejected', 'approved', false],
    ['approver', 'approved', 'rejected', false],
  ];
  it.each(table)('%s: %s → %s is %s', (actor, from, to, allowed) => {
    expect(canTransition([actor], from, to)).toBe(allowed);
  });

  it('lets nobody change what they are not party to, and everyone keep a status', () => {
    for (const from of TIMESHEET_STATUSES) for (const to of TIMESHEET_STATUSES) expect(canTransition([], from, to)).toBe(from === to);
  });

  it.each([
    ['draft', true],
    ['rejected', true],
    ['submitted', false],
    ['approved', false],
  ] as const)('hours of a %s week are editable: %s', (status, editable) => {
    expect(hoursEditable(status)).toBe(editable);
  });

  it.each([
    ['own sheet, not an approver', 'p1', false, ['owner']],
    ['own sheet, an approver (no self-approval)', 'p1', true, ['owner']],
    ["another's sheet, an approver", 'p2', true, ['approver']],
    ["another's sheet, not an approver", 'p2', false, []],
  ] as const)('%s', (_name, sheetPerson, approves, actors) => {
    expect(timesheetActors({ personId: sheetPerson }, { personId: 'p1', approves })).toEqual(actors);
  });
});

describe('a rejection says why in at least 5 characters', () => {
  it.each<[string | undefined, boolean]>([
    [undefined, false],
    ['    ', false],
    ['Late', false],
    ['Late!', true],
    ['👎👎👎👎', false],
    ['👎👎👎👎👎', true],
  ])('%j: %s', (reason, enough) => expect(rejectionReasonLongEnough(reason)).toBe(enough));
});

describe('which sheets views keep (rules 174, 175)', () => {
  const base: TimesheetKeepFacts = {
    status: 'draft',
    weekStart: '2026-11-23',
    planItem: { inactive: false, wasDeleted: false, startDate: '2026-11-01', endDate: '2026-12-31' },
    mission: { archived: false, noTimesheets: false },
  };
  const role = base.planItem!;
  it.each([
    ['a draft on an active role in range', base, true],
    ['a draft on an inactive role', { ...base, planItem: { ...role, inactive: true } }, false],
    ['a rejected sheet on a deleted role', { ...base, status: 'rejected', planItem: { ...role, wasDeleted: true } }, false],
    ['a draft before the role starts', { ...base, weekStart: '2026-10-19' }, false],
    ['a draft whose week holds the role start', { ...base, weekStart: '2026-10-26' }, true],
    ['a draft after the role ends', { ...base, weekStart: '2027-01-04' }, false],
    ['a draft on an open-ended role', { ...base, weekStart: '2030-01-07', planItem: { ...role, endDate: null } }, true],
    ['a draft of an archived mission', { ...base, mission: { archived: true, noTimesheets: false } }, false],
    ['a draft of a noTimesheets mission', { ...base, mission: { archived: false, noTimesheets: true } }, false],
    [
      'a rejected sheet of a noTimesheets mission',
      { ...base, status: 'rejected', mission: { archived: false, noTimesheets: true } },
      false,
    ],
    [
      'a submitted sheet of a noTimesheets mission',
      { ...base, status: 'submitted', mission: { archived: false, noTimesheets: true } },
      true,
    ],
    [
      'an approved sheet of a noTimesheets mission',
      { ...base, status: 'approved', mission: { archived: false, noTimesheets: true } },
      true,
    ],
    ['an approved sheet on an inactive role', { ...base, status: 'approved', planItem: { ...role, inactive: true } }, true],
    ['a submitted sheet outside the range', { ...base, status: 'submitted', weekStart: '2027-03-01' }, true],
    ['an organisation draft (no role, no mission)', { ...base, planItem: null, mission: null }, true],
  ] as [string, TimesheetKeepFacts, boolean][])('%s → %s', (_name, sheet, kept) => {
    expect(keepsTimesheet(sheet)).toBe(kept);
  });
});

describe('overtime (rule 177)', () => {
  const org = (overTimeAfter: number | null, overTimeAfterDayOrWeek: string | null) => ({ overTimeAfter, overTimeAfterDayOrWeek });
  const mission = (overTimeAfterMinutes: number | null, overTimeAfterDayOrWeek: string | null) => ({
    overTimeAfterMinutes,
    overTimeAfterDayOrWeek,
  });
  it.each([
    ['no settings: 8 h a day', null, null, { mode: 'day', afterMinutes: 480 }],
    ['the organisation default', org(8, 'day'), null, { mode: 'day', afterMinutes: 480 }],
    ['a weekly organisation at 40', org(40, 'week'), null, { mode: 'week', afterMinutes: 2400 }],
    ['an organisation at 7.5 a day', org(7.5, 'day'), null, { mode: 'day', afterMinutes: 450 }],
    ['a mission overriding to weekly 40', org(8, 'day'), mission(2400, 'week'), { mode: 'week', afterMinutes: 2400 }],
    ['a mission giving a weekly mode only', org(8, 'day'), mission(null, 'week'), { mode: 'week', afterMinutes: 2400 }],
    ['a mission giving hours only (daily)', org(40, 'week'), mission(600, null), { mode: 'day', afterMinutes: 600 }],
    ['a mission without an override', org(40, 'week'), mission(null, null), { mode: 'week', afterMinutes: 2400 }],
  ] as const)('%s', (_name, orgSetting, missionSetting, expected) => {
    expect(overtimeSetting(orgSetting, missionSetting)).toEqual(expected);
  });

  const week = (hours: number[]) => hours.map((h, i) => ({ day: `2026-11-${String(23 + i).padStart(2, '0')}`, minutes: h * 60 }));
  it.each([
    ['8 h every working day, daily', week([8, 8, 8, 8, 8, 0, 0]), 'day', 480, 0],
    ['10 h on Monday, daily', week([10, 8, 8, 8, 8, 0, 0]), 'day', 480, 120],
    ['9.25 h twice, daily', week([9.25, 9.25, 0, 0, 0, 0, 0]), 'day', 480, 150],
    ['42 h in a week, weekly 40', week([10, 10, 10, 10, 2, 0, 0]), 'week', 2400, 120],
    ['40 h in a week, weekly 40', week([10, 10, 10, 10, 0, 0, 0]), 'week', 2400, 0],
    ['42 h in a week, daily 8', week([10, 10, 10, 10, 2, 0, 0]), 'day', 480, 480],
    ['a weekend day of 9 h, daily', week([0, 0, 0, 0, 0, 9, 0]), 'day', 480, 60],
  ] as const)('%s → %s min', (_name, days, mode, afterMinutes, overtime) => {
    expect(overtimeMinutes(days, { mode, afterMinutes })).toBe(overtime);
  });

  it('adds one day across several sheets before the threshold', () => {
    const days = [
      { day: '2026-11-23', minutes: 300 },
      { day: '2026-11-23', minutes: 300 },
    ];
    expect(overtimeMinutes(days, { mode: 'day', afterMinutes: 480 })).toBe(120);
  });

  it('splits a weekly period at Mondays', () => {
    const days = [
      { day: '2026-11-29', minutes: 35 * 60 }, // Sunday, week of 23 Nov
      { day: '2026-11-30', minutes: 35 * 60 }, // Monday, next week
    ];
    expect(overtimeMinutes(days, { mode: 'week', afterMinutes: 2400 })).toBe(0);
  });
});

describe('estimated hours across a week (rule 11)', () => {
  it.each([
    [0, 2],
    [16, 2],
    [16.25, 3],
    [24, 3],
    [24.25, 5],
    [48, 5],
    [48.25, 7],
    [100, 7],
  ])('%s h spreads over %s days', (hours, days) => {
    expect(spreadDays(hours)).toBe(days);
  });

  it.each([
    [1, [0.5, 0.5, 0, 0, 0, 0, 0]],
    [1.25, [0.75, 0.5, 0, 0, 0, 0, 0]],
    [16, [8, 8, 0, 0, 0, 0, 0]],
    [20, [6.75, 6.75, 6.5, 0, 0, 0, 0]],
    [24, [8, 8, 8, 0, 0, 0, 0]],
    [40, [8, 8, 8, 8, 8, 0, 0]],
    [41, [8.25, 8.25, 8.25, 8.25, 8, 0, 0]],
    [48, [9.75, 9.75, 9.5, 9.5, 9.5, 0, 0]],
    [56, [8, 8, 8, 8, 8, 8, 8]],
    [60, [8.75, 8.75, 8.5, 8.5, 8.5, 8.5, 8.5]],
    [0.1, [0, 0, 0, 0, 0, 0, 0]],
    [0.13, [0.25, 0, 0, 0, 0, 0, 0]],
  ])('%s h → %j', (hours, spread) => {
    expect(spreadEstimate(hours)).toEqual(spread);
  });

  it('keeps the total, rounded to the quarter hour', () => {
    for (const hours of [3.3, 17.6, 33.33, 47.9, 70.1]) {
      const total = spreadEstimate(hours).reduce((a, b) => a + b, 0);
      expect(total).toBe(Math.round(hours * 4) / 4);
      for (const day of spreadEstimate(hours)) expect((day * 4) % 1).toBe(0);
    }
  });
});

describe('capacity bars (rule 12)', () => {
  it.each([
    [0, 0],
    [0.25, 25],
    [8, 25],
    [8.25, 50],
    [16, 50],
    [16.5, 75],
    [32, 75],
    [32.25, 98],
    [56, 98],
  ])('%s h → %s%%', (hours, percent) => {
    expect(capacityBarPercent(hours)).toBe(percent);
  });
});

describe('missing timesheets over three weeks (rule 178)', () => {
  const today = '2026-11-25'; // a Wednesday: weeks of 2, 9 and 16 November are due
  const role = { planItemId: 'r1', missionId: 'm1', title: 'Designer', startDate: '2026-01-01', endDate: null };
  it('lists the three weeks before the current one when nothing was submitted', () => {
    expect(missingTimesheets([role], new Set(), today).map((m) => m.weekStart)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
  });
  it.each([
    ['one week submitted', new Set(['r1:2026-11-09']), ['2026-11-02', '2026-11-16']],
    ['all three done', new Set(['r1:2026-11-02', 'r1:2026-11-09', 'r1:2026-11-16']), []],
    ['a sheet of another role does not count', new Set(['r2:2026-11-09']), ['2026-11-02', '2026-11-09', '2026-11-16']],
  ])('%s', (_name, done, weeks) => {
    expect(missingTimesheets([role], done, today).map((m) => m.weekStart)).toEqual(weeks);
  });
  it.each([
    ['a role that started on 12 November', { ...role, startDate: '2026-11-12' }, ['2026-11-09', '2026-11-16']],
    ['a role that ended on 3 November', { ...role, endDate: '2026-11-03' }, ['2026-11-02']],
    ['a role starting next month', { ...role, startDate: '2026-12-01' }, []],
  ])('%s', (_name, r, weeks) => {
    expect(missingTimesheets([r], new Set(), today).map((m) => m.weekStart)).toEqual(weeks);
  });
  it('on a Monday does not ask for the week just begun', () => {
    expect(missingTimesheets([role], new Set(), '2026-11-23').map((m) => m.weekStart)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
  });
});

describe('time tracking licence gate (rules 180, 181)', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const none = { isLicensedActive: false, isOrgLicensed: false, isKeyLicensed: false, trialStartedOn: null };
  it.each([
    ['no licence', none, false],
    ['an organisation licence, active', { ...none, isOrgLicensed: true, isLicensedActive: true }, true],
    ['a key licence, active', { ...none, isKeyLicensed: true, isLicensedActive: true }, true],
    ['a licence no longer active', { ...none, isOrgLicensed: true }, false],
    ['a trial on its 10th day', { ...none, isLicensedActive: true, trialStartedOn: new Date('2026-11-15T12:00:00Z') }, true],
    ['a trial of 30 days ago', { ...none, isLicensedActive: true, trialStartedOn: new Date('2026-10-26T12:00:00Z') }, false],
  ])('%s → %s', (_name, org, eligible) => {
    expect(timeTrackingEligible(org, now)).toBe(eligible);
  });
});
