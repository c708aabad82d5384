import { describe, expect, it } from 'vitest';
import { calendarDays } from '../leave/hours.ts';
import { applyChange, loadsFor, missionFinish, roleHoursOn, shiftFits, weeklyPlot, type LoadDay, type MissionRole } from './what-if.ts';

const ledgerDay = (day: string, allocatedHours: number, extra: Partial<LoadDay> = {}): LoadDay => {
  const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
  const contract = weekend ? 0 : 8;
  const leave = extra.leaveApprovedHours ?? 0;
  return {
    day,
    contractHours: contract,
    availableHours: Math.max(0, contract - leave - allocatedHours),
    leaveApprovedHours: leave,
    leavePendingHours: 0,
    holidayName: null,
    allocatedHours,
    ...extra,
  };
};
const isWorkday = (day: string) => ![0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
// 2026-03-02 is a Monday
const role = (patch: Partial<MissionRole> = {}): MissionRole => ({
  planItemId: 'r1',
  title: 'Dev',
  personId: 'p',
  startDate: '2026-03-02',
  endDate: '2026-03-06',
  dailyHours: 8,
  ...patch,
});

describe('roleHoursOn', () => {
  it.each([
    ['a working day inside', '2026-03-03', 8],
    ['a Saturday', '2026-03-07', 0],
    ['before the start', '2026-03-01', 0],
    ['a day with its own hours', '2026-03-04', 3],
  ])('%s', (_label, day, hours) => expect(roleHoursOn(role({ hoursByDay: { '2026-03-04': 3 } }), day, 5)).toBe(hours));
});

describe('applyChange', () => {
  it('moves dates (and day hours) and swaps people', () => {
    const [moved] = applyChange([role({ hoursByDay: { '2026-03-04': 3 } })], {
      shiftDays: 7,
      reassign: [{ planItemId: 'r1', personId: 'q' }],
    });
    expect(moved).toMatchObject({ startDate: '2026-03-09', endDate: '2026-03-13', personId: 'q', hoursByDay: { '2026-03-11': 3 } });
  });
});

describe('loadsFor: each person before and after', () => {
  // p is fully booked by this mission's role in the first week; the second week is free
  const days = calendarDays('2026-03-02', '2026-03-13');
  const ledger = new Map([
    ['p', days.map((d) => ledgerDay(d, d <= '2026-03-06' && isWorkday(d) ? 8 : 0))],
    ['q', days.map((d) => ledgerDay(d, isWorkday(d) ? 4 : 0))],
  ]);
  const before = [role()];
  const range = { from: '2026-03-02', to: '2026-03-13' };

  it('a week later keeps the load, moves the hours', () => {
    const [p] = loadsFor(ledger, before, applyChange(before, { shiftDays: 7 }), range, 5);
    expect(p).toMatchObject({ personId: 'p', capacityHours: 80, before: { bookedHours: 40, loadPercent: 50 }, after: { bookedHours: 40 } });
  });

  it('handing the role to a half-booked person overbooks them, and frees the first', () => {
    const loads = loadsFor(ledger, before, applyChange(before, { reassign: [{ planItemId: 'r1', personId: 'q' }] }), range, 5);
    expect(loads.map((load) => [load.personId, load.before.loadPercent, load.after.loadPercent, load.after.overbookedDays])).toEqual([
      ['p', 50, 0, 0],
      ['q', 50, 100, 5],
    ]);
  });
});

describe('missionFinish: when the roles get done with what people have free', () => {
  const days = calendarDays('2026-03-02', '2026-04-30');
  it.each<[string, Map<string, LoadDay[]>, MissionRole[], string | null]>([
    [
      'on plan when the person is free (this role booked)',
      new Map([['p', days.map((d) => ledgerDay(d, isWorkday(d) && d <= '2026-03-06' ? 8 : 0))]]),
      [role()],
      '2026-03-06',
    ],
    [
      'later when another project takes half of each day',
      new Map([['p', days.map((d) => ledgerDay(d, isWorkday(d) ? (d <= '2026-03-06' ? 12 : 4) : 0))]]),
      [role()],
      '2026-03-13',
    ],
    ['an unfilled role ends on its end date', new Map(), [role({ personId: null })], '2026-03-06'],
    ['never, when the person has nothing free', new Map([['p', days.map((d) => ledgerDay(d, isWorkday(d) ? 16 : 0))]]), [role()], null],
  ])('%s', (_label, ledger, roles, finish) => {
    expect(missionFinish(roles, ledger, roles, 5)).toBe(finish);
  });
});

describe('weeklyPlot', () => {
  it('plans and availability per week (Monday), leave counted', () => {
    const days = calendarDays('2026-03-02', '2026-03-15');
    const ledger = new Map([
      ['p', days.map((d) => ledgerDay(d, isWorkday(d) && d <= '2026-03-06' ? 8 : 0, d === '2026-03-10' ? { leaveApprovedHours: 8 } : {}))],
    ]);
    expect(weeklyPlot([role()], ledger, { from: '2026-03-02', to: '2026-03-15' }, 5)).toEqual([
      { weekStart: '2026-03-02', plannedHours: 40, availableHours: 40, leaveHours: 0 },
      { weekStart: '2026-03-09', plannedHours: 0, availableHours: 32, leaveHours: 8 },
    ]);
  });
});

describe('shiftFits', () => {
  const span = { from: '2026-03-02', to: '2026-03-27' };
  it.each<[{ from: string; to: string }, number, boolean]>([
    [span, 0, true],
    [span, 366, true],
    [span, -366, true],
    [span, 367, false],
    [span, -46081, false],
    // finishes are looked for 180 days past the end, before and after the move, inside 1900–2999
    [{ from: '2999-01-04', to: '2999-07-04' }, 0, true],
    [{ from: '2999-01-04', to: '2999-07-05' }, 0, false],
    [{ from: '2999-01-04', to: '2999-06-04' }, 30, true],
    [{ from: '2999-01-04', to: '2999-06-04' }, 31, false],
    [{ from: '1900-01-10', to: '1900-02-10' }, -9, true],
    [{ from: '1900-01-10', to: '1900-02-10' }, -10, false],
  ])('%j moved %i days: %s', (days, shift, fits) => {
    expect(shiftFits(days, shift)).toBe(fits);
  });
});
