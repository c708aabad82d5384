import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { currencySchema } from '../shared/inputs.ts';
import {
  CURRENCIES,
  CURRENCY_CODES,
  currencyOf,
  currencyOfRateCode,
  isCurrencyCode,
  rateCodeOf,
  roundToCurrencyStep,
} from './currencies.ts';

describe('currency list (rule 192)', () => {
  it('starts USD, EUR, CAD, GBP, YEN, INR, CNY, BTC', () => {
    expect(CURRENCY_CODES.slice(0, 8)).toEqual(['USD', 'EUR', 'CAD', 'GBP', 'YEN', 'INR', 'CNY', 'BTC']);
  });

  it('then lists every other ISO 4217 currency once, by code', () => {
    const rest = CURRENCY_CODES.slice(8);
    expect(rest).toEqual([...rest].sort());
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    expect(rest).toEqual(expect.arrayContaining(['AUD', 'CHF', 'SEK', 'ZAR', 'BRL', 'MXN', 'XAF']));
    expect(CURRENCY_CODES.length).toBeGreaterThan(170);
  });

  it('keeps the yen as YEN only, and leaves out the testing and "no currency" codes', () => {
    expect(CURRENCY_CODES).not.toContain('JPY');
    expect(CURRENCY_CODES).not.toContain('XTS');
    expect(CURRENCY_CODES).not.toContain('XXX');
  });

  it.each([
    ['USD', '$', 'US Dollar'],
    ['EUR', '€', 'Euro'],
    ['GBP', '£', 'British Pound'],
    ['YEN', '¥', 'Japanese Yen'],
    ['INR', '₹', 'Indian Rupee'],
    ['BTC', '₿', 'Bitcoin'],
  ])('%s has the symbol %s', (code, symbol, name) => {
    expect(currencyOf(code)).toEqual({ code, symbol, name });
  });

  it('gives every currency a code and a symbol', () => {
    for (const currency of CURRENCIES) {
      expect(currency.code).toMatch(/^[A-Z]{3}$/);
      expect(currency.symbol.length).toBeGreaterThan(0);
    }
  });

  it('maps YEN to the JPY of the reference rates and back; other codes stay', () => {
    expect(rateCodeOf('YEN')).toBe('JPY');
    expect(rateCodeOf('USD')).toBe('USD');
    expect(currencyOfRateCode('JPY')).toBe('YEN');
    expect(currencyOfRateCode('USD')).toBe('USD');
    expect(currencyOfRateCode('YEN')).toBeNull();
    expect(currencyOfRateCode('CYP')).toBeNull();
  });

  it.each([
    ['USD', true],
    ['YEN', true],
    ['BTC', true],
    ['JPY', false],
    ['ABC', false],
    ['usd', false],
  ])('%s is a currency of the list: %s', (code, known) => {
    expect(isCurrencyCode(code)).toBe(known);
    expect(z.object({ currency: currencySchema }).safeParse({ currency: code }).success).toBe(known);
  });
});

describe('rounding to the smallest amount of a currency', () => {
  it.each([
    [250_050, 'YEN', 250_100],
    [250_049, 'YEN', 250_000],
    [250_050, 'JPY', 250_100],
    [99, 'YEN', 100],
    [-150, 'YEN', -200],
    [0, 'YEN', 0],
    [250_049, 'EUR', 250_049],
    [1, 'USD', 1],
  ])('%d minor units of %s become %d', (minor, code, rounded) => {
    expect(roundToCurrencyStep(minor, code)).toBe(rounded);
  });
});
