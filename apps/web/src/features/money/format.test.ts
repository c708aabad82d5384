import { describe, expect, it } from 'vitest';
import { formatDay } from '../../lib/days.ts';
import { exactMoney, formatMoneyWhole, formatHours, formatIndex, formatMoney, formatNumber, monthLabel } from './format.ts';

describe('formatMoney (rule 164: abbreviated with a letter above 10,000 and above 1,000,000)', () => {
  it.each([
    [0, 'USD', '$0.00'],
    [9999.5, 'USD', '$9,999.50'],
    [9999.99, 'EUR', '€9,999.99'],
    [10_000, 'USD', '$10,000.00'],
    [-10_000, 'USD', '-$10,000.00'],
    [10_000.01, 'USD', '$10K'],
    [12_345.67, 'USD', '$12.3K'],
    [-12_345.67, 'GBP', '-£12.3K'],
    [999_949, 'USD', '$999.9K'],
    [1_000_000, 'USD', '$1M'],
    [1_234_567, 'EUR', '€1.23M'],
    [2_500_000_000, 'USD', '$2.5B'],
  ])('%d %s → %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });

  it('shows YEN by the yen sign and BTC, which is not in ISO 4217, by its code (kept with the number by a no-break space)', () => {
    expect(formatMoney(1500, 'YEN')).toBe('¥1,500');
    expect(formatMoney(1500, 'BTC')).toBe('BTC\u00a01,500.00');
    expect(formatMoney(20_000, 'BTC')).toBe('BTC\u00a020K');
  });

  it('leaves the cents out on chart axes', () => {
    expect(formatMoneyWhole(7000, 'USD')).toBe('$7,000');
    expect(formatMoneyWhole(10_000, 'USD')).toBe('$10,000');
    expect(formatMoneyWhole(10_500, 'USD')).toBe('$10.5K');
  });

  it('shows a dash for no amount, and the exact amount to the cent for tooltips', () => {
    expect(formatMoney(null, 'USD')).toBe('—');
    expect(formatMoney(Number.NaN, 'USD')).toBe('—');
    expect(exactMoney(1_234_567.891, 'USD')).toBe('$1,234,567.89');
    expect(exactMoney(null, 'USD')).toBe('No amount');
  });
});

describe('each currency with its own decimals (none without minor units), the abbreviation kept', () => {
  it.each([
    // currency, amount, shown, exact (tooltip and screen readers)
    ['YEN', 1234.5, '¥1,235', '¥1,235'],
    ['YEN', 0, '¥0', '¥0'],
    ['YEN', -999.4, '-¥999', '-¥999'],
    ['YEN', 10_000, '¥10,000', '¥10,000'],
    ['YEN', 10_001, '¥10K', '¥10,001'],
    ['YEN', 12_345.67, '¥12.3K', '¥12,346'],
    ['YEN', 1_234_567, '¥1.23M', '¥1,234,567'],
    ['KRW', 1234.5, '₩1,235', '₩1,235'],
    ['EUR', 1234.5, '€1,234.50', '€1,234.50'],
    ['EUR', 10_000, '€10,000.00', '€10,000.00'],
    ['EUR', 10_000.01, '€10K', '€10,000.01'],
    ['EUR', 12_345.67, '€12.3K', '€12,345.67'],
    ['USD', 1_000_001, '$1M', '$1,000,001.00'],
  ])('%s %d → %s (exactly %s)', (currency, amount, shown, exact) => {
    expect(formatMoney(amount, currency)).toBe(shown);
    expect(exactMoney(amount, currency)).toBe(exact);
  });

  it('leaves the decimals out on chart axes for every currency', () => {
    expect(formatMoneyWhole(7000.4, 'YEN')).toBe('¥7,000');
    expect(formatMoneyWhole(10_500, 'YEN')).toBe('¥10.5K');
  });
});

describe('numbers, hours and indices', () => {
  it('abbreviates plain numbers and hours by the same rule', () => {
    expect(formatNumber(9999.25)).toBe('9,999.25');
    expect(formatNumber(10_000)).toBe('10,000');
    expect(formatNumber(10_500)).toBe('10.5K');
    expect(formatNumber(3_250_000)).toBe('3.25M');
    expect(formatHours(37.5)).toBe('37.5 h');
    expect(formatHours(0)).toBe('0 h');
  });

  it('shows an index to two decimals, none as a dash', () => {
    expect(formatIndex(0.9333)).toBe('0.93');
    expect(formatIndex(1)).toBe('1.00');
    expect(formatIndex(null)).toBe('—');
  });

  it('names months and days', () => {
    expect(monthLabel('2026-01')).toBe('Jan 2026');
    expect(monthLabel('2026-12')).toBe('Dec 2026');
    expect(formatDay('2026-11-23')).toBe('23 Nov 2026');
  });
});
