import { describe, expect, it } from 'vitest';
import {
  amountForMinutes,
  BILLING_UNIT_LABELS,
  copiedMoneyMinor,
  costsBlocked,
  defaultMissionRateUnit,
  hourlyRate,
  MAX_MONEY,
  RATE_UNITS,
} from './rates.ts';

describe('rate units (rules 187, 188)', () => {
  it('lists the six units in the spec order', () => {
    expect(RATE_UNITS).toEqual(['Hourly', 'Daily', 'Weekly', 'Monthly', 'Yearly', 'One time']);
  });
  it.each([
    ['Hourly', 'p/h'],
    ['Daily', 'p/d'],
    ['Weekly', 'p/w'],
    ['Monthly', 'p/m'],
    ['Yearly', 'p/y'],
    ['One time', '/1x'],
  ] as const)('%s is labelled %s', (unit, label) => {
    expect(BILLING_UNIT_LABELS[unit]).toBe(label);
  });
});

describe('rate to hourly (rule 189)', () => {
  it.each([
    ['Hourly', 50, 50],
    ['Daily', 400, 50],
    ['Weekly', 2000, 50],
    ['Yearly', 104_000, 50],
  ] as const)('%s %d is %d an hour', (unit, rate, hourly) => {
    expect(hourlyRate(rate, unit)).toBe(hourly);
  });
  it('monthly 5200 is 30 an hour (5200 / 40 × 12 / 52)', () => {
    expect(hourlyRate(5200, 'Monthly')).toBe(30);
  });
  it('one time has no hourly rate', () => {
    expect(hourlyRate(500, 'One time')).toBeNull();
  });
});

describe('amount for worked minutes', () => {
  it.each([
    // rate minor, unit, minutes, expected minor
    [5_000, 'Hourly', 90, 7_500],
    [40_000, 'Daily', 8 * 60, 40_000],
    [200_000, 'Weekly', 40 * 60, 200_000],
    [520_000, 'Monthly', 60, 3_000],
    [10_400_000, 'Yearly', 60, 5_000],
    [100, 'Hourly', 20, 33],
    [100, 'Hourly', 30, 50],
    [50_000, 'One time', 600, 50_000],
  ] as const)('%d per %s for %d minutes is %d', (rate, unit, minutes, expected) => {
    expect(amountForMinutes(rate, unit, minutes)).toBe(expected);
  });
  it('stays exact beyond the float range of the product', () => {
    expect(amountForMinutes(100_000_000_000_000, 'Hourly', 525_600)).toBe(876_000_000_000_000_000);
  });
});

describe('defaults and blocks (rules 190, 191)', () => {
  it('a mission role is Monthly, Hourly when project creation is restricted', () => {
    expect(defaultMissionRateUnit(false)).toBe('Monthly');
    expect(defaultMissionRateUnit(true)).toBe('Hourly');
  });
  it.each([
    ['2026-01-01', '2026-01-02', false],
    ['2026-01-02', '2026-01-02', true],
    ['2026-01-03', '2026-01-02', true],
    [null, '2026-01-02', false],
  ] as const)('start %s end %s blocked: %s', (start, end, blocked) => {
    expect(costsBlocked(start, end)).toBe(blocked);
  });
});

describe('money copied into a mission (a template rate)', () => {
  it.each([
    [125.5, 12_550],
    [0, 0],
    [12.345, 1_235],
    [0.001, 0],
    [MAX_MONEY, MAX_MONEY * 100],
  ])('%d is kept as %d minor units, rounded to the cent', (amount, minor) => {
    expect(copiedMoneyMinor(amount)).toBe(minor);
  });
  it.each([-0.01, -5, MAX_MONEY + 0.01, Number.NaN, Number.POSITIVE_INFINITY])('%d is no amount a plan item can hold', (amount) => {
    expect(copiedMoneyMinor(amount)).toBeNull();
  });
});
