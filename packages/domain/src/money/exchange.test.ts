import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convertMinor, crossRate, isRate } from './exchange.ts';

describe('cross rates through the EUR', () => {
  it.each([
    // from per EUR, to per EUR, units of "to" per one "from"
    ['1.0812', '161.23', '149.1213467'],
    ['1.0812', '1', '0.9248982612'],
    ['0.85763', '1.0812', '1.260683512'],
    ['1', '1.0812', '1.0812'],
    ['7.8102', '7.8102', '1'],
  ])('%s → %s is %s', (from, to, rate) => {
    expect(crossRate(from, to)).toBe(rate);
  });
});

describe('converting minor units', () => {
  it.each([
    [10_000, '1.0812', '1', 9_249, '100 USD is 92.49 EUR'],
    [9_249, '1', '1.0812', 10_000, '92.49 EUR is 100.00 USD'],
    [10_000, '1.0812', '161.23', 1_491_213, 'USD to JPY through the EUR, rounded once'],
    [1, '2', '1', 1, 'half a cent rounds away from zero'],
    [-1, '2', '1', -1, 'negative amounts too'],
    [3, '2', '1', 2, '1.5 cents is 2'],
    [1, '3', '1', 0, 'a third of a cent is none'],
    [-1, '3', '1', 0, 'never minus zero'],
    [0, '1.0812', '1', 0, 'nothing is nothing'],
    [10_000, '1e-7', '1', 100_000_000_000, 'a rate written with an exponent'],
    [10_000, '1.0812', '1.5e+3', 13_873_474, 'a target rate written with an exponent'],
  ])('%d at %s → %s is %d (%s)', (amount, from, to, expected) => {
    expect(Object.is(convertMinor(amount, from, to), expected)).toBe(true);
  });

  it.each([
    [9_555, '1', '161.23', 1_540_600, '95.55 EUR is 15,405.53 YEN to the cent, 15,406 YEN to the yen'],
    [4_250, '1', '161', 684_300, '42.50 EUR is 6,842.5 YEN: half a yen rounds away from zero'],
    [-4_250, '1', '161', -684_300, 'negative amounts too'],
    [10_000, '1', '123.49495', 1_234_900, '12,349.495 YEN is 12,349.50 to the cent, but rounded once 12,349 YEN'],
    [1, '1', '1', 0, 'a cent is no yen'],
    [-1, '1', '1', 0, 'never minus zero'],
    [10_000, '1', '1.2349495e+2', 1_234_900, 'a rate written with an exponent'],
  ])('%d at %s → %s is %d to a whole unit (%s)', (amount, from, to, expected) => {
    expect(Object.is(convertMinor(amount, from, to, 100), expected)).toBe(true);
  });

  it('is exact: the same as integer arithmetic on the decimal rates, for any amount up to 10^14 cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 14), max: 10 ** 14 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        (amount, fromScaled, toScaled) => {
          const from = (fromScaled / 10_000).toFixed(4);
          const to = (toScaled / 10_000).toFixed(4);
          // |amount| × to / from rounded half up is ⌊(2·|amount|·to + from) / (2·from)⌋, in integers
          const magnitude = (2n * BigInt(Math.abs(amount)) * BigInt(toScaled) + BigInt(fromScaled)) / (2n * BigInt(fromScaled));
          const expected = Number(amount < 0 ? -magnitude : magnitude);
          expect(convertMinor(amount, from, to)).toBe(expected + 0);
        },
      ),
    );
  });

  it('refuses an amount that is not a whole number of cents', () => {
    expect(() => convertMinor(1.5, '1', '1')).toThrow(RangeError);
    expect(() => convertMinor(Number.NaN, '1', '1')).toThrow(RangeError);
  });

  it('converts a sum beyond 2^53 minor units (a whole number, if no longer exact to the cent)', () => {
    expect(convertMinor(76_216_000_000_000_000, '190.54', '1')).toBe(400_000_000_000_000);
  });
});

describe('rate text', () => {
  it.each([
    ['1.0812', true],
    ['161.23', true],
    ['0.85763', true],
    ['0', false],
    ['-1.2', false],
    ['1e3', false],
    ['N/A', false],
    ['', false],
  ])('%s is a rate: %s', (text, ok) => {
    expect(isRate(text)).toBe(ok);
  });
});
