import { currencyDecimals, rateCodeOf } from '@crewplan/domain/money/currencies';

/**
 * Numbers of the money screens (rule 164): shown whole up to 10,000, abbreviated with a letter above 10,000 (12.3K)
 * and above 1,000,000 (1.23M); amounts carry their currency, with its own decimals (two for EUR, none for YEN). The
 * exact figure goes in a tooltip.
 */

/** Abbreviated only above it: 10,000 itself is shown whole. */
const ABBREVIATE_ABOVE = 10_000;
const MILLION = 1_000_000;
const LOCALE = 'en-US';

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(LOCALE, options);
    formatters.set(key, found);
  }
  return found;
}

/** The abbreviation for `value`: none up to 10,000, one decimal in thousands, two above a million. */
function compactDigits(value: number): number | null {
  const size = Math.abs(value);
  if (size <= ABBREVIATE_ABOVE) return null;
  return size <= MILLION ? 1 : 2;
}

/** An amount in its currency: '$9,999.50', '¥9,999', '$12.3K', '-€1.23M'; an empty amount is a dash. */
export function formatMoney(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const digits = compactDigits(amount);
  if (digits === null) return exactMoney(amount, currency);
  return formatter(`money:${currency}:${digits}`, {
    style: 'currency',
    currency: rateCodeOf(currency),
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
  }).format(amount);
}

/** An amount without cents up to 10,000 (chart axes): '$7,000', '$10.5K'. */
export function formatMoneyWhole(amount: number, currency: string): string {
  if (compactDigits(amount) !== null) return formatMoney(amount, currency);
  return formatter(`money-whole:${currency}`, {
    style: 'currency',
    currency: rateCodeOf(currency),
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amount);
}

/** The whole amount to the currency's smallest unit, for tooltips and screen readers: '$12,345.67', '¥12,346'. */
export function exactMoney(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return 'No amount';
  const decimals = currencyDecimals(currency);
  return formatter(`money:${currency}`, {
    style: 'currency',
    currency: rateCodeOf(currency),
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
}

/** A plain number with the same rule: '1,234.5', '12.3K', '1.5M'. */
export function formatNumber(value: number): string {
  const digits = compactDigits(value);
  if (digits === null) return formatter('number', { maximumFractionDigits: 2 }).format(value);
  return formatter(`number:${digits}`, { notation: 'compact', maximumFractionDigits: digits }).format(value);
}

/** Hours: '37.5 h', '12.3K h'. */
export const formatHours = (hours: number) => `${formatNumber(hours)} h`;

/** A performance index (CPI, SPI) to two decimals; none (no cost or plan yet) is a dash. */
export const formatIndex = (value: number | null) => (value === null || !Number.isFinite(value) ? '—' : value.toFixed(2));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'Jan 2026' for '2026-01'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTHS[Number(number) - 1] ?? number} ${year}`;
}

/** The colour of a figure that goes wrong (over budget, a loss): the theme's error red, AA in light and dark. */
export const DANGER = 'var(--mantine-color-error)';

/** Badge text in the page's own text colour: a light badge's tinted label falls below AA contrast. */
export const BADGE_TEXT = 'var(--mantine-color-text)';
