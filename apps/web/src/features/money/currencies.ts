import { CURRENCIES, CURRENCY_CODES, FIRST_CURRENCIES } from '@crewplan/domain/money/currencies';

export { FIRST_CURRENCIES };

/**
 * The currencies offered for a mission and for the report, in the product's order (rule 192: USD, EUR, CAD, GBP, YEN,
 * INR, CNY, BTC first, then every other by code), each searchable by its name. The shown currency is added when the
 * list lacks it, so a choice made elsewhere stays selectable.
 */
export function currencyChoices(...current: (string | null | undefined)[]): { value: string; label: string }[] {
  const extra = [...new Set(current.filter((code): code is string => !!code && !CURRENCY_CODES.includes(code)))];
  return [
    ...CURRENCIES.map((currency) => ({ value: currency.code, label: `${currency.code} · ${currency.name}` })),
    ...extra.map((code) => ({ value: code, label: code })),
  ];
}

/**
 * What changing a mission's currency does to its amounts, said before it is saved: nothing is converted (its budget,
 * rates, cost items and milestones keep their numbers). Null while the currency is the saved one.
 */
export const currencyChangeNotice = (saved: string, chosen: string): string | null =>
  saved === chosen
    ? null
    : `Amounts are not converted: the budget, rates, cost items and milestones keep their numbers, counted in ${chosen} instead of ${saved}.`;
