import { describe, expect, it } from 'vitest';
import {
  expenseActualCost,
  burnEarned,
  costItemSpent,
  costRisk,
  earnedValue,
  isoDayOfWeek,
  milestoneEarned,
  oneTimeAmount,
  plannedAmount,
  plannedMinutes,
  revenueSource,
  tasksPercentComplete,
  weekdaysBetween,
} from './cost.ts';

describe('working days (rules 1, 3)', () => {
  it.each([
    ['2026-11-02', 1],
    ['2026-11-07', 6],
    ['2026-11-08', 7],
  ] as const)('%s is ISO weekday %d', (day, dow) => {
    expect(isoDayOfWeek(day)).toBe(dow);
  });
  it.each([
    // from, to (both included), working days
    ['2026-11-02', '2026-11-02', 1], // a Monday
    ['2026-11-02', '2026-11-06', 5], // Monday to Friday
    ['2026-11-02', '2026-11-08', 5], // the whole week: the weekend adds nothing
    ['2026-11-07', '2026-11-08', 0], // a weekend
    ['2026-11-06', '2026-11-09', 2], // Friday to Monday
    ['2026-11-08', '2026-11-09', 1], // Sunday to Monday
    ['2026-11-01', '2026-11-30', 21], // November 2026
    ['2026-02-01', '2026-02-28', 20], // February 2026
    ['2026-01-01', '2026-12-31', 261], // the year 2026
    ['2026-11-04', '2026-11-03', 0], // an end before the start
  ] as const)('%s to %s: %d', (from, to, days) => {
    expect(weekdaysBetween(from, to)).toBe(days);
  });
  it('agrees with counting day by day over every start and span of four weeks', () => {
    const start = Date.UTC(2026, 10, 2);
    for (let s = 0; s < 7; s += 1)
      for (let span = 0; span < 28; span += 1) {
        const from = new Date(start + s * 86_400_000).toISOString().slice(0, 10);
        const to = new Date(start + (s + span) * 86_400_000).toISOString().slice(0, 10);
        let count = 0;
        for (let d = 0; d <= span; d += 1)
          if (isoDayOfWeek(new Date(start + (s + d) * 86_400_000).toISOString().slice(0, 10)) <= 5) count += 1;
        expect(weekdaysBetween(from, to)).toBe(count);
      }
  });
});

describe('planned hours and cost (rules 10, 189)', () => {
  it('plans 8 hours × allocation on each working day', () => {
    expect(plannedMinutes(100, 5)).toBe(2_400);
    expect(plannedMinutes(50, 21)).toBe(5_040);
    expect(plannedMinutes(33, 1)).toBe(158.4);
  });
  it.each([
    // rate minor, unit, allocation, working days, expected minor
    [5_000, 'Hourly', 100, 5, 200_000], // 50/h × 40 h
    [40_000, 'Daily', 100, 21, 840_000], // 400/d × 21 days
    [200_000, 'Weekly', 50, 10, 200_000], // 2000/w × 40 h at half time
    [520_000, 'Monthly', 100, 20, 480_000], // 5200/m = 30/h × 160 h
    [10_400_000, 'Yearly', 100, 261, 10_440_000], // 104000/y = 50/h × 2088 h
    [100, 'Hourly', 33, 1, 264], // 1.00/h × 2.64 h
    [50_000, 'One time', 100, 20, 0], // not spread over days
  ] as const)('%d per %s at %d%% over %d days is %d', (rate, unit, allocation, days, expected) => {
    expect(plannedAmount(rate, unit, allocation, days)).toBe(expected);
  });
  it('rounds half away from zero once per line', () => {
    // 1 cent per hour × 8 h × 1% × 1 day = 0.08 cent → 0; × 7 days = 0.56 → 1
    expect(plannedAmount(1, 'Hourly', 1, 1)).toBe(0);
    expect(plannedAmount(1, 'Hourly', 1, 7)).toBe(1);
  });
  it('a One time rate is its fixed amount, counted once', () => {
    expect(oneTimeAmount(50_000, 'One time')).toBe(50_000);
    expect(oneTimeAmount(50_000, 'Hourly')).toBe(0);
  });
});

describe('revenue sources and milestones', () => {
  it.each([
    [{ notBillable: true, billUsingMilestones: false }, 'none'],
    [{ notBillable: true, billUsingMilestones: true }, 'none'],
    [{ notBillable: false, billUsingMilestones: true }, 'milestones'],
    [{ notBillable: false, billUsingMilestones: false }, 'hours'],
  ] as const)('%o earns from %s', (mission, source) => {
    expect(revenueSource(mission)).toBe(source);
  });
  it.each([
    [{ approved: true, linkedTaskPercent: null }, true],
    [{ approved: false, linkedTaskPercent: 100 }, true],
    [{ approved: false, linkedTaskPercent: 99 }, false],
    [{ approved: false, linkedTaskPercent: null }, false],
  ] as const)('milestone %o is earned: %s', (milestone, earned) => {
    expect(milestoneEarned(milestone)).toBe(earned);
  });
  it('a cost item is spent from its start day', () => {
    expect(costItemSpent('2026-11-26', '2026-11-26')).toBe(true);
    expect(costItemSpent('2026-11-27', '2026-11-26')).toBe(false);
    expect(costItemSpent(null, '2026-11-26')).toBe(false);
  });
});

describe('earned value', () => {
  it('weights task progress by estimated hours, equally without estimates, 0 without tasks', () => {
    expect(
      tasksPercentComplete([
        { percentComplete: 100, estimatedHours: 30 },
        { percentComplete: 0, estimatedHours: 10 },
      ]),
    ).toBe(75);
    expect(
      tasksPercentComplete([
        { percentComplete: 100, estimatedHours: null },
        { percentComplete: 50, estimatedHours: 0 },
      ]),
    ).toBe(75);
    expect(tasksPercentComplete([])).toBe(0);
  });
  it('computes EV, CPI, SPI and EAC from hand-computed numbers', () => {
    // BAC 10,000.00, 40% complete → EV 4,000.00; AC 5,000.00 → CPI 0.8; PV 3,200.00 → SPI 1.25; EAC 12,500.00
    expect(earnedValue({ bacMinor: 1_000_000, percentComplete: 40, pvMinor: 320_000, acMinor: 500_000 })).toEqual({
      ev: 400_000,
      cpi: 0.8,
      spi: 1.25,
      eac: 1_250_000,
    });
  });
  it('answers null indices when the divisor is 0 and no EAC without progress', () => {
    expect(earnedValue({ bacMinor: 1_000_000, percentComplete: 0, pvMinor: 0, acMinor: 0 })).toEqual({
      ev: 0,
      cpi: null,
      spi: null,
      eac: null,
    });
    expect(earnedValue({ bacMinor: 1_000_000, percentComplete: 0, pvMinor: 10, acMinor: 500 })).toEqual({
      ev: 0,
      cpi: 0,
      spi: 0,
      eac: null,
    });
  });
  it('EAC comes from the unrounded CPI', () => {
    // EV 3,000.00, AC 7,000.00: CPI 0.428571… → EAC = 10,000 × 7,000 / 3,000 = 23,333.33
    expect(earnedValue({ bacMinor: 1_000_000, percentComplete: 30, pvMinor: 300_000, acMinor: 700_000 })).toMatchObject({
      cpi: 0.4286,
      eac: 2_333_333,
    });
  });
  it('spreads today’s EV over past months by planned value', () => {
    expect(burnEarned(400_000, 160_000, 320_000, true)).toBe(200_000);
    expect(burnEarned(400_000, 320_000, 320_000, true)).toBe(400_000);
    expect(burnEarned(400_000, 900_000, 320_000, false)).toBe(400_000);
    expect(burnEarned(400_000, 0, 0, true)).toBe(400_000);
  });
  it('risk is forecast over budget', () => {
    expect(costRisk(1_250_000, 1_000_000)).toBe(1.25);
    expect(costRisk(null, 1_000_000)).toBeNull();
    expect(costRisk(1_250_000, null)).toBeNull();
  });
});

describe('rule 182: what an expense adds to its mission’s cost', () => {
  it.each([
    ['draft', 500, 0],
    ['submitted', 500, 0],
    ['rejected', 500, 0],
    ['approved', 500, 500],
    ['paid', 500, 500],
    ['approved', null, 0],
  ] as const)('%s with cost %s adds %i', (status, costMinor, added) => {
    expect(expenseActualCost({ status, costMinor })).toBe(added);
  });
});
