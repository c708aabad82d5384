import { describe, expect, it } from 'vitest';
import { amountText, expenseAmountsOf, moneyText } from './format.ts';

describe('the amounts an expense form sends (spec 2 §3: amount, tip, tax1, tax2)', () => {
  it('sends the tip and both taxes with the amount, commas read as thousands separators', () => {
    expect(expenseAmountsOf({ amount: '1,250.75', tip: '12.5', tax1: '2,000', tax2: '0.19' })).toEqual({
      amount: 1250.75,
      tip: 12.5,
      tax1: 2000,
      tax2: 0.19,
    });
  });

  it('takes a tip or tax left empty (or not a number) as 0', () => {
    expect(expenseAmountsOf({ amount: '42', tip: '', tax1: ' ', tax2: 'abc' })).toEqual({ amount: 42, tip: 0, tax1: 0, tax2: 0 });
  });

  it('starts a changed expense from its amounts, an empty field for none', () => {
    expect([amountText(3.5), amountText(0), amountText(undefined)]).toEqual(['3.5', '', '']);
  });
});

describe('an amount of an expense as lists show it', () => {
  it.each([
    [1234.5, 'EUR', '1,234.50 EUR'],
    [0, 'USD', '0.00 USD'],
    [1234, 'YEN', '1,234 YEN'], // no minor units: no decimals
    [1234.5, 'YEN', '1,235 YEN'], // a converted total rounds to a whole yen
    [12_345_678, 'YEN', '12,345,678 YEN'], // lists show the exact amount, never abbreviated
  ])('%d %s → %s', (amount, currency, text) => expect(moneyText(amount, currency)).toBe(text));
});
