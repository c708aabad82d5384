/**
 * The currencies offered for a mission and for the report (rule 192): USD, EUR, CAD, GBP, YEN, INR, CNY, BTC first.
 * The shown currency is added when it is not among them, so a choice made elsewhere stays selectable.
 */
export const FIRST_CURRENCIES = ['USD', 'EUR', 'CAD', 'GBP', 'YEN', 'INR', 'CNY', 'BTC'] as const;

export function currencyChoices(...current: (string | null | undefined)[]): string[] {
  const extra = current.filter((code): code is string => !!code && !(FIRST_CURRENCIES as readonly string[]).includes(code));
  return [...FIRST_CURRENCIES, ...new Set(extra)];
}
