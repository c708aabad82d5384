import { describe, expect, it } from 'vitest';
import { planWeekHours, plannedWeekHours } from './plan-fill.ts';

/** The week of Monday 23 Nov 2026. */
const MONDAY = '2026-11-23';
const role = (allocation: number, startDate: string | null = null, endDate: string | null = null) => ({ allocation, startDate, endDate });

describe("a week's hours from the plan (rules 1, 3, 10, 11)", () => {
  it.each([
    ['100% all week: 40 h, five days of 8', role(100), 40, [8, 8, 8, 8, 8, 0, 0]],
    ['50% all week: 20 h in the 24 h band, three days', role(50), 20, [6.75, 6.75, 6.5, 0, 0, 0, 0]],
    ['40% all week: 16 h in the 16 h band, two days', role(40), 16, [8, 8, 0, 0, 0, 0, 0]],
    ['60% all week: 24 h, three days of 8', role(60), 24, [8, 8, 8, 0, 0, 0, 0]],
    ['70% all week: 28 h in the 48 h band, five days', role(70), 28, [5.75, 5.75, 5.5, 5.5, 5.5, 0, 0]],
    ['10% all week: 4 h over two days', role(10), 4, [2, 2, 0, 0, 0, 0, 0]],
    ['33% all week: 13.2 h to the quarter hour', role(33), 13.2, [6.75, 6.5, 0, 0, 0, 0, 0]],
    ['0%: nothing', role(0), 0, [0, 0, 0, 0, 0, 0, 0]],
    ['100% from Wednesday: 24 h on Wednesday to Friday', role(100, '2026-11-25'), 24, [0, 0, 8, 8, 8, 0, 0]],
    ['100% until Tuesday: 16 h on Monday and Tuesday', role(100, null, '2026-11-24'), 16, [8, 8, 0, 0, 0, 0, 0]],
    ['100% from Tuesday: 32 h, four working days (the band asks five)', role(100, '2026-11-24'), 32, [0, 8, 8, 8, 8, 0, 0]],
    ['100% on Friday only: 8 h that day (the band asks two)', role(100, '2026-11-27', '2026-11-27'), 8, [0, 0, 0, 0, 8, 0, 0]],
    ['100% from Saturday: no working day', role(100, '2026-11-28'), 0, [0, 0, 0, 0, 0, 0, 0]],
    ['a role ended the week before', role(100, '2026-10-01', '2026-11-22'), 0, [0, 0, 0, 0, 0, 0, 0]],
  ] as const)('%s', (_name, planned, total, hours) => {
    expect(plannedWeekHours(planned, MONDAY)).toBeCloseTo(total, 10);
    expect(planWeekHours(planned, MONDAY)).toEqual(hours);
  });

  it('fills no day past 24 hours, however far over 100% a role is planned', () => {
    const hours = planWeekHours(role(500), MONDAY);
    expect(plannedWeekHours(role(500), MONDAY)).toBe(200);
    expect(Math.max(...hours)).toBe(24);
    expect(hours).toEqual([24, 24, 24, 24, 24, 24, 24]);
  });

  it('keeps every prefilled day in quarter hours and its total within a quarter of the plan', () => {
    for (let allocation = 0; allocation <= 100; allocation += 1) {
      const hours = planWeekHours(role(allocation), MONDAY);
      for (const day of hours) expect((day * 4) % 1).toBe(0);
      const total = hours.reduce((a, b) => a + b, 0);
      expect(Math.abs(total - plannedWeekHours(role(allocation), MONDAY))).toBeLessThanOrEqual(0.125);
    }
  });

  it.each([
    ['100% with a holiday on Thursday: 32 h on the other four days', role(100), [3], 32, [8, 8, 8, 0, 8, 0, 0]],
    ['50% with Monday off: 16 h in the 16 h band, Tuesday and Wednesday', role(50), [0], 16, [0, 8, 8, 0, 0, 0, 0]],
    ['100% with the whole week off: nothing', role(100), [0, 1, 2, 3, 4], 0, [0, 0, 0, 0, 0, 0, 0]],
    ['a weekend day off changes nothing below the top band', role(100), [5], 40, [8, 8, 8, 8, 8, 0, 0]],
  ] as const)('days off (a holiday, a whole day of leave): %s', (_name, planned, off, total, hours) => {
    expect(plannedWeekHours(planned, MONDAY, new Set(off))).toBeCloseTo(total, 10);
    expect(planWeekHours(planned, MONDAY, new Set(off))).toEqual(hours);
  });
});
