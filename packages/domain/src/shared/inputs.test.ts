import { describe, expect, it } from 'vitest';
import { dateTimeSchema, moneySchema, queryIntSchema, toMinorUnits } from './inputs.ts';

describe('a whole number in a query string', () => {
  const limit = queryIntSchema(1, 500);
  it.each([
    ['1', 1],
    ['500', 500],
    ['007', 7],
  ])('reads %j as %d', (text, value) => {
    expect(limit.parse(text)).toBe(value);
  });
  it.each(['0', '501', '', ' 5', '5 ', '+5', '-1', '1.5', '1e2', '0x10', 'Infinity', 'NaN', '١٢', '99999999999999999'])(
    'refuses %j',
    (text) => {
      expect(limit.safeParse(text).success).toBe(false);
    },
  );
});

describe('an amount of money', () => {
  it.each([
    [0, 0],
    [0.1, 10],
    [19.99, 1999],
    [59.97000000000001, 5997],
    [134241411.08, 13424141108],
    [75946438619.74, 7594643861974],
    [999999999999.99, 99999999999999],
    [1_000_000_000_000, 100000000000000],
  ])('takes %d as %d cents', (amount, cents) => {
    expect(moneySchema.parse(amount)).toBe(amount);
    expect(toMinorUnits(amount)).toBe(cents);
  });
  it.each([0.001, 1.005, 134241411.081, -1, 1_000_000_000_000.01, Number.NaN, Infinity])('refuses %d', (amount) => {
    expect(moneySchema.safeParse(amount).success).toBe(false);
  });
});

describe('a moment with its offset', () => {
  it.each([
    ['2026-11-29T10:00:00.000Z', true],
    ['2026-11-29T10:00:00+14:00', true],
    ['1900-01-01T00:00:00Z', true],
    ['2999-12-31T23:59:59Z', true],
    // the database keeps no year past 9999 nor the year 0, which a far offset reaches from the calendar's edges
    ['9999-12-31T23:59:59-12:00', false],
    ['0001-01-01T00:00:00+14:00', false],
    ['1899-12-31T23:59:59Z', false],
    ['3000-01-01T00:00:00Z', false],
    ['2026-11-29', false],
  ])('%s → %s', (value, valid) => {
    expect(dateTimeSchema.safeParse(value).success).toBe(valid);
  });
});
