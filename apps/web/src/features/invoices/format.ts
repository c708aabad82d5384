import { currencyDecimals } from '@crewplan/domain/money/currencies';

/**
 * An amount as invoices show it: two decimals, grouped, the currency code after (as on the PDF). A currency without
 * minor units (YEN) shows whole amounts without decimals; a unit price with a fraction keeps it.
 */
export const formatAmount = (amount: number, currency: string) =>
  `${amount.toLocaleString('en-US', { minimumFractionDigits: currencyDecimals(currency), maximumFractionDigits: 2 })} ${currency}`;

export const STATUS_COLORS = { draft: 'gray', sent: 'blue', paid: 'green', void: 'red' } as const;
export const STATUS_LABELS = { draft: 'Draft', sent: 'Sent', paid: 'Paid', void: 'Void' } as const;

/** Status badges' text in the page's own text colour: a light badge's tinted label (green 'Paid') falls below AA contrast. */
export const BADGE_TEXT = 'var(--mantine-color-text)';
