import { describe, expect, it } from 'vitest';
import { fromProviderMoney, toProviderMoney } from './provider-money.ts';

describe('toProviderMoney: our minor units (hundredths of every currency) as the payment provider takes them', () => {
  it.each<[string, number, ReturnType<typeof toProviderMoney>]>([
    ['USD', 1_250, { currency: 'usd', amount: 1_250 }],
    ['EUR', 1, { currency: 'eur', amount: 1 }],
    // the product's YEN is ISO 4217's JPY, which the provider counts in whole yen: ¥1,000 is 1000, not 100000
    ['YEN', 100_000, { currency: 'jpy', amount: 1_000 }],
    ['YEN', 0, { currency: 'jpy', amount: 0 }],
    ['KRW', 5_000_000, { currency: 'krw', amount: 50_000 }],
    // a fraction of a yen cannot be charged
    ['YEN', 100_050, null],
    ['YEN', 1, null],
    // three-decimal currencies: thousandths
    ['KWD', 5_120, { currency: 'kwd', amount: 51_200 }],
    ['GBP', 999, { currency: 'gbp', amount: 999 }],
  ])('%s %i → %j', (currency, amountMinor, expected) => {
    expect(toProviderMoney(currency, amountMinor)).toEqual(expected);
  });
});

describe('fromProviderMoney: what the provider reports paid, back in our currency and minor units', () => {
  it.each<[string, number, ReturnType<typeof fromProviderMoney>]>([
    ['usd', 1_250, { currency: 'USD', amountMinor: 1_250 }],
    ['eur', 8_000, { currency: 'EUR', amountMinor: 8_000 }],
    ['jpy', 1_000, { currency: 'YEN', amountMinor: 100_000 }],
    ['JPY', 1_000, { currency: 'YEN', amountMinor: 100_000 }],
    ['kwd', 51_200, { currency: 'KWD', amountMinor: 5_120 }],
    // finer than a hundredth, a code the provider never sends for yen, unknown codes, not a whole amount
    ['kwd', 51_205, null],
    ['yen', 1_000, null],
    ['zzz', 1_000, null],
    ['usd', 12.5, null],
  ])('%s %s → %j', (currency, amount, expected) => {
    expect(fromProviderMoney(currency, amount)).toEqual(expected);
  });

  it.each([
    ['USD', 1_234],
    ['YEN', 123_400],
    ['KRW', 100],
    ['KWD', 7_770],
  ])('goes back and forth unchanged: %s %i', (currency, amountMinor) => {
    const sent = toProviderMoney(currency, amountMinor)!;
    expect(fromProviderMoney(sent.currency, sent.amount)).toEqual({ currency, amountMinor });
  });
});
