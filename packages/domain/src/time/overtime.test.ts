import { describe, expect, it } from 'vitest';
import {
  missionOvertimeColumns,
  missionOvertimeTooLong,
  overridesOvertime,
  overtimeByDay,
  overtimeByMissionDay,
  overtimeInEffect,
  personOvertimeMinutes,
  presentMissionOvertime,
} from './overtime.ts';
import { overtimeMinutes, type OvertimeSetting } from './rules.ts';

const org = (overTimeAfter: number, overTimeAfterDayOrWeek: 'day' | 'week') => ({ overTimeAfter, overTimeAfterDayOrWeek });
const mission = (overTimeAfterMinutes: number | null, overTimeAfterDayOrWeek: string | null) => ({
  overTimeAfterMinutes,
  overTimeAfterDayOrWeek,
});

describe('the threshold a mission counts overtime against (rule 177)', () => {
  it.each([
    ['no organisation setting, no override: 8 h a day', null, mission(null, null), { after: 8, mode: 'day', fromMission: false }],
    ["the organisation's 40 h a week", org(40, 'week'), mission(null, null), { after: 40, mode: 'week', fromMission: false }],
    ["the organisation's 7.5 h a day", org(7.5, 'day'), mission(null, null), { after: 7.5, mode: 'day', fromMission: false }],
    [
      'a mission overriding a daily organisation with 40 h a week',
      org(8, 'day'),
      mission(2400, 'week'),
      { after: 40, mode: 'week', fromMission: true },
    ],
    [
      'a mission overriding a weekly organisation with 10 h a day',
      org(40, 'week'),
      mission(600, 'day'),
      { after: 10, mode: 'day', fromMission: true },
    ],
    ['a mission giving hours only: per day', org(40, 'week'), mission(540, null), { after: 9, mode: 'day', fromMission: true }],
    [
      "a mission giving the weekly mode only: the week's 40",
      org(8, 'day'),
      mission(null, 'week'),
      { after: 40, mode: 'week', fromMission: true },
    ],
    [
      "a mission giving the daily mode only: the day's 8",
      org(40, 'week'),
      mission(null, 'day'),
      { after: 8, mode: 'day', fromMission: true },
    ],
    [
      'a mission overriding with 0 h: every hour is overtime',
      org(8, 'day'),
      mission(0, 'day'),
      { after: 0, mode: 'day', fromMission: true },
    ],
    ['an unknown stored mode is no override', org(40, 'week'), mission(null, 'month'), { after: 40, mode: 'week', fromMission: false }],
  ] as const)('%s', (_name, orgSetting, missionSetting, expected) => {
    expect(overtimeInEffect(orgSetting, missionSetting)).toEqual(expected);
    expect(overridesOvertime(missionSetting)).toBe(expected.fromMission);
  });
});

describe('the override through the API: hours in, minutes stored', () => {
  it.each([
    [
      { overTimeAfter: 10, overTimeAfterDayOrWeek: 'day' as const },
      { overTimeAfterMinutes: 600, overTimeAfterDayOrWeek: 'day' },
    ],
    [{ overTimeAfter: 37.5 }, { overTimeAfterMinutes: 2250 }],
    [{ overTimeAfterDayOrWeek: 'week' as const }, { overTimeAfterDayOrWeek: 'week' }],
    [
      { overTimeAfter: null, overTimeAfterDayOrWeek: null },
      { overTimeAfterMinutes: null, overTimeAfterDayOrWeek: null },
    ],
    [{}, {}],
  ])('%j → %j', (input, columns) => {
    expect(missionOvertimeColumns(input)).toEqual(columns);
  });

  it.each([
    [mission(450, 'day'), { overTimeAfter: 7.5, overTimeAfterDayOrWeek: 'day' }],
    [mission(null, null), { overTimeAfter: null, overTimeAfterDayOrWeek: null }],
    [mission(null, 'other'), { overTimeAfter: null, overTimeAfterDayOrWeek: null }],
  ])('%j shows as %j', (columns, shown) => {
    expect(presentMissionOvertime(columns)).toEqual(shown);
  });

  it.each([
    [mission(24 * 60, 'day'), false],
    [mission(24 * 60 + 15, 'day'), true],
    [mission(25 * 60, null), true],
    [mission(60 * 60, 'week'), false],
    [mission(null, null), false],
  ])('%j beyond a day: %s', (columns, tooLong) => {
    expect(missionOvertimeTooLong(columns)).toBe(tooLong);
  });
});

const DAILY_8: OvertimeSetting = { mode: 'day', afterMinutes: 480 };
const WEEKLY_40: OvertimeSetting = { mode: 'week', afterMinutes: 2400 };
/** Monday 23 Nov 2026 on. */
const week = (hours: number[], mission: string | null = null) =>
  hours.map((h, i) => ({ day: `2026-11-${String(23 + i).padStart(2, '0')}`, minutes: h * 60, mission }));

describe('overtime per day (the daily metrics)', () => {
  it.each([
    ['daily 8: 10 h on Monday', week([10, 8, 8.5, 8, 8, 0, 0]), DAILY_8, [120, 0, 30, 0, 0, 0, 0]],
    ['weekly 40: the day the week passes 40 h', week([10, 10, 10, 8, 4, 0, 0]), WEEKLY_40, [0, 0, 0, 0, 120, 0, 0]],
    ['weekly 40: a Saturday after a full week', week([8, 8, 8, 8, 8, 3, 0]), WEEKLY_40, [0, 0, 0, 0, 0, 180, 0]],
    ['weekly 40: the day crossing it keeps only the part beyond', week([12, 12, 12, 8, 0, 0, 0]), WEEKLY_40, [0, 0, 0, 4 * 60, 0, 0, 0]],
  ] as const)('%s', (_name, days, setting, expected) => {
    const byDay = overtimeByDay(days, setting);
    expect(days.map(({ day }) => byDay.get(day) ?? 0)).toEqual(expected);
    expect(expected.reduce((a, b) => a + b, 0)).toBe(overtimeMinutes(days, setting));
  });

  it('adds a day across several sheets before comparing it', () => {
    const byDay = overtimeByDay(
      [
        { day: '2026-11-23', minutes: 300 },
        { day: '2026-11-23', minutes: 300 },
      ],
      DAILY_8,
    );
    expect([...byDay]).toEqual([['2026-11-23', 120]]);
  });
});

describe("a person's overtime across missions with and without their own threshold", () => {
  const shifts = new Map([['shifts', { mode: 'day', afterMinutes: 600 } as OvertimeSetting]]);
  it.each([
    ['10 h days on a mission allowing 10 h a day: none', week([10, 10, 0, 0, 0, 0, 0], 'shifts'), 0],
    ['the same days on a mission without its own: 2 h a day', week([10, 10, 0, 0, 0, 0, 0], 'office'), 240],
    ['organisation work counts against the organisation', week([9, 0, 0, 0, 0, 0, 0], null), 60],
    [
      'each part against its own threshold',
      [...week([11, 0, 0, 0, 0, 0, 0], 'shifts'), ...week([5, 5, 0, 0, 0, 0, 0], 'office'), ...week([4, 0, 0, 0, 0, 0, 0], null)],
      60 + 60,
    ],
  ] as const)('%s', (_name, days, expected) => {
    expect(personOvertimeMinutes(days, DAILY_8, shifts)).toBe(expected);
  });
});

describe("a day's overtime shared among its missions (the daily metrics and the report's mission rows)", () => {
  const shifts = new Map([['shifts', { mode: 'day', afterMinutes: 600 } as OvertimeSetting]]);
  /** The shares as [mission, day, minutes], days with overtime only. */
  const shares = (byMission: Map<string | null, Map<string, number>>) =>
    [...byMission].flatMap(([mission, days]) => [...days].filter(([, minutes]) => minutes > 0).map(([day, m]) => [mission, day, m]));
  it.each([
    [
      '6 h + 4 h against 8 h a day: 2 h shared 1.2 h and 0.8 h',
      [...week([6], 'a'), ...week([4], 'b')],
      DAILY_8,
      [
        ['a', '2026-11-23', 72],
        ['b', '2026-11-23', 48],
      ],
    ],
    [
      'organisation work shares too',
      [...week([6], 'a'), ...week([4], null)],
      DAILY_8,
      [
        ['a', '2026-11-23', 72],
        [null, '2026-11-23', 48],
      ],
    ],
    [
      'minutes left by rounding go to the largest remainders: 100 min over 3 equal parts',
      [...week([3], 'a'), ...week([3], 'b'), ...week([3], 'c')],
      { mode: 'day', afterMinutes: 440 },
      [
        ['a', '2026-11-23', 34],
        ['b', '2026-11-23', 33],
        ['c', '2026-11-23', 33],
      ],
    ],
    [
      'weekly 40: the day crossing it shares only the part beyond',
      [...week([8, 8, 8, 8, 4], 'a'), ...week([0, 0, 0, 0, 6], 'b')],
      WEEKLY_40,
      [
        ['a', '2026-11-27', 48],
        ['b', '2026-11-27', 72],
      ],
    ],
    [
      'a mission with its own threshold keeps its own overtime',
      [...week([11], 'shifts'), ...week([6], 'a'), ...week([3], 'b')],
      DAILY_8,
      [
        ['shifts', '2026-11-23', 60],
        ['a', '2026-11-23', 40],
        ['b', '2026-11-23', 20],
      ],
    ],
  ] as const)('%s', (_name, days, setting, expected) => {
    const byMission = overtimeByMissionDay(days, setting, shifts);
    expect(shares(byMission)).toEqual(expected);
    const total = expected.reduce((sum, [, , minutes]) => sum + minutes, 0);
    expect(total).toBe(personOvertimeMinutes(days, setting, shifts));
  });
});
