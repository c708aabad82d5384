import { describe, expect, it } from 'vitest';
import { formatAmount } from './format.ts';

describe('amounts on an invoice', () => {
  it.each([
    [1191, 'EUR', '1,191.00 EUR'],
    [190.19, 'EUR', '190.19 EUR'],
    [1191, 'YEN', '1,191 YEN'], // no minor units: whole, without decimals
    [1000.5, 'YEN', '1,000.5 YEN'], // a unit price with a fraction keeps it
    [0, 'KRW', '0 KRW'],
  ])('%d %s is shown as %s', (amount, currency, text) => expect(formatAmount(amount, currency)).toBe(text));
});
