import { describe, expect, it } from 'vitest';
import { dayLabel, exactMoney, formatMoneyWhole, formatHours, formatIndex, formatMoney, formatNumber, monthLabel } from './format.ts';

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

  it('shows the product currencies that are not ISO codes by their code (kept with the number by a no-break space)', () => {
    expect(formatMoney(1500, 'YEN')).toBe('YEN\u00a01,500.00');
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
    expect(dayLabel('2026-11-23')).toBe('23 Nov 2026');
  });
});
