import { describe, expect, it } from 'vitest';
import { toNumber } from './numbers.ts';

// Spec rule 163: numbers with commas have commas stripped; non-numeric values become 0.
describe('toNumber', () => {
  it.each<[unknown, number]>([
    ['1,234.5', 1234.5],
    // a money input: the comma is a thousands separator, never the decimal point (not 1.25)
    ['1,250.75', 1250.75],
    ['1,234,567', 1234567],
    ['1,2,3', 123],
    ['-1,000.25', -1000.25],
    ['42', 42],
    ['  42  ', 42],
    ['0.5', 0.5],
    ['0', 0],
    ['abc', 0],
    ['12abc', 0],
    ['', 0],
    ['   ', 0],
    [',', 0],
    ['Infinity', 0],
    ['NaN', 0],
    [7, 7],
    [-3.25, -3.25],
    [0, 0],
    [NaN, 0],
    [Infinity, 0],
    [-Infinity, 0],
    [null, 0],
    [undefined, 0],
    [true, 0],
    [{}, 0],
    [[1], 0],
  ])('%j → %s', (value, expected) => {
    expect(toNumber(value)).toBe(expected);
  });
});
