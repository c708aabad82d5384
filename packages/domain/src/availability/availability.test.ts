import { describe, expect, it } from 'vitest';
import {
  availabilityQuerySchema,
  dayCapacity,
  heatLevel,
  leaveTakesDay,
  offWholeDay,
  roleBookedHours,
  type BookedRole,
} from './availability.ts';
import { PLANNER_OUT_OF_CALENDAR, plannerQuerySchema, plannerRoleChangeSchema } from './planner.ts';

describe('dayCapacity', () => {
  it.each([
    [{ contractHours: 8, holidayName: null, leaveApprovedHours: 0 }, 8],
    [{ contractHours: 8, holidayName: null, leaveApprovedHours: 4 }, 4],
    [{ contractHours: 8, holidayName: 'Good Friday', leaveApprovedHours: 0 }, 0],
    [{ contractHours: 8, holidayName: null, leaveApprovedHours: 12 }, 0],
    [{ contractHours: 0, holidayName: null, leaveApprovedHours: 0 }, 0],
  ])('%o → %s h', (day, hours) => expect(dayCapacity(day)).toBe(hours));
});

describe('roleBookedHours', () => {
  // the week of Easter Monday 2025 (a holiday) in five-day weeks
  const calendar = { daysPerWeek: 5, isHoliday: (day: string) => day === '2025-04-21' };
  const span = { from: '2025-04-21', to: '2025-04-27' };
  const role = (over: Partial<BookedRole> = {}): BookedRole => ({
    startDate: '2025-04-01',
    endDate: '2025-06-30',
    allocation: 100,
    dailyHours: [],
    weeklyLumpHours: [],
    ...over,
  });
  it.each([
    ['the standard day, nothing on a holiday or a weekend', role(), { '2025-04-22': 8, '2025-04-23': 8, '2025-04-24': 8, '2025-04-25': 8 }],
    ['8 h × the allocation', role({ allocation: 25, endDate: '2025-04-23' }), { '2025-04-22': 2, '2025-04-23': 2 }],
    [
      'a day’s own hours instead of the standard day (2 h a day)',
      role({ endDate: '2025-04-23', dailyHours: [22, 23].map((d) => ({ date: `2025-04-${d}`, hours: 2 })) }),
      { '2025-04-22': 2, '2025-04-23': 2 },
    ],
    [
      'a week’s lump shared over its working days but the holiday, the odd hundredths first',
      role({ endDate: '2025-04-27', weeklyLumpHours: [{ date: '2025-04-23', hours: 10 }] }),
      { '2025-04-22': 2.5, '2025-04-23': 2.5, '2025-04-24': 2.5, '2025-04-25': 2.5 },
    ],
    [
      'a lump over three days of the role, exact to the hundredth',
      role({ endDate: '2025-04-24', weeklyLumpHours: [{ date: '2025-04-21', hours: 10 }] }),
      { '2025-04-22': 3.34, '2025-04-23': 3.33, '2025-04-24': 3.33 },
    ],
    [
      'a day’s own hours beside a lump: the lump shares the other days',
      role({ endDate: '2025-04-25', dailyHours: [{ date: '2025-04-22', hours: 0 }], weeklyLumpHours: [{ date: '2025-04-21', hours: 6 }] }),
      { '2025-04-22': 0, '2025-04-23': 2, '2025-04-24': 2, '2025-04-25': 2 },
    ],
    ['nothing outside its dates', role({ startDate: '2025-05-10', endDate: null }), {}],
  ])('%s', (_, bookedRole, expected) => expect(Object.fromEntries(roleBookedHours(bookedRole, span, calendar))).toEqual(expected));

  it('reads only the days asked, a lump still shared over its whole week', () => {
    const lump = role({ weeklyLumpHours: [{ date: '2025-04-28', hours: 8 }] });
    expect(Object.fromEntries(roleBookedHours(lump, { from: '2025-05-01', to: '2025-05-02' }, calendar))).toEqual({
      '2025-05-01': 1.6,
      '2025-05-02': 1.6,
    });
  });
});

describe('approved leave: a whole day takes the person off their roles, part of a day lowers capacity only', () => {
  // Tuesday 22 April 2025; the role books 8 h × 100 % a day
  const role: BookedRole = { startDate: '2025-04-21', endDate: '2025-04-25', allocation: 100, dailyHours: [], weeklyLumpHours: [] };
  const booked = (leaveHours: number, over: Partial<BookedRole> = {}) => {
    const isAway = (day: string) => day === '2025-04-22' && leaveTakesDay(leaveHours);
    const days = roleBookedHours(
      { ...role, ...over },
      { from: '2025-04-21', to: '2025-04-25' },
      { daysPerWeek: 5, isHoliday: () => false, isAway },
    );
    return [...days.values()].reduce((sum, hours) => sum + hours, 0);
  };
  it.each([
    // leave hours that day, the role's hours booked that week, the day's capacity
    ['no leave', 0, {}, 40, 8],
    ['a half day (4 h): the booking stays, capacity falls', 4, {}, 40, 4],
    ['a whole day (8 h): nothing booked that day, no capacity', 8, {}, 32, 0],
    ['a day’s own hours on a whole day of leave are not booked', 8, { dailyHours: [{ date: '2025-04-22', hours: 3 }] }, 32, 0],
    ['a week’s lump is shared over the days the person is there', 8, { weeklyLumpHours: [{ date: '2025-04-21', hours: 10 }] }, 10, 0],
  ])('%s', (_, leaveHours, over, weekHours, capacity) => {
    expect(booked(leaveHours, over)).toBe(weekHours);
    expect(dayCapacity({ contractHours: 8, holidayName: null, leaveApprovedHours: leaveHours })).toBe(capacity);
  });
});

describe('heatLevel', () => {
  it.each([
    [40, 32, 'over'],
    [40, 40, 'full'],
    [36, 40, 'full'],
    [20, 40, 'free'],
    [0, 0, 'none'],
    [4, 0, 'over'],
  ] as const)('%s booked of %s → %s', (booked, capacity, level) => expect(heatLevel(booked, capacity)).toBe(level));
});

describe('the inputs', () => {
  it('refuses dates backwards, spans over a year, hours below zero and a person with dates at once', () => {
    expect(availabilityQuerySchema.safeParse({ from: '2025-04-23', to: '2025-04-21' }).success).toBe(false);
    expect(availabilityQuerySchema.safeParse({ from: '2025-01-01', to: '2026-01-10' }).success).toBe(false);
    expect(availabilityQuerySchema.safeParse({ from: '2025-01-01', to: '2025-12-31' }).success).toBe(true);
    expect(plannerRoleChangeSchema.safeParse({ allocation: -1 }).success).toBe(false);
    expect(plannerRoleChangeSchema.safeParse({ startDate: '2025-05-10', endDate: '2025-05-01' }).success).toBe(false);
    expect(plannerRoleChangeSchema.safeParse({ personId: 'a'.repeat(24), allocation: 50 }).success).toBe(false);
    expect(plannerRoleChangeSchema.safeParse({}).success).toBe(false);
    expect(plannerRoleChangeSchema.safeParse({ allocation: 0 }).success).toBe(true);
  });
});

describe('plannerQuerySchema', () => {
  it.each([
    [{ from: '2999-12-29', weeks: '1' }, null],
    [{ from: '1900-01-01', weeks: '26' }, null],
    [{ from: '2999-12-30', weeks: '1' }, PLANNER_OUT_OF_CALENDAR],
    [{ from: '2999-11-15' }, PLANNER_OUT_OF_CALENDAR],
    [{ from: '3000-01-01' }, 'Date out of range'],
    [{ from: '2025-02-30' }, 'Invalid ISO date'],
    [{ from: '2025-04-07', weeks: 'x' }, 'Expected a whole number'],
  ])('%o → %s', (query, message) => {
    const parsed = plannerQuerySchema.safeParse(query);
    expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe(message);
    if (!parsed.success) expect(parsed.error.issues).toHaveLength(1);
  });
});

describe('a day no role books the person', () => {
  it.each([
    ['a public holiday', { holidayName: 'Good Friday', leaveApprovedHours: 0 }, true],
    ['a whole day of approved leave (8 h)', { holidayName: null, leaveApprovedHours: 8 }, true],
    ['half a day of leave', { holidayName: null, leaveApprovedHours: 4 }, false],
    ['an ordinary day', { holidayName: null, leaveApprovedHours: 0 }, false],
  ] as const)('%s: %s', (_name, day, off) => expect(offWholeDay(day)).toBe(off));
});
