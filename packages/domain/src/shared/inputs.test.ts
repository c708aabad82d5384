import { describe, expect, it } from 'vitest';
import { queryIntSchema } from './inputs.ts';

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
