import { currencyDecimals } from '@crewplan/domain/money/currencies';

/** An amount as people read it: the currency's own decimals (two for EUR, none for YEN), then its code. */
export function moneyText(amount: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  return `${amount.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })} ${currency}`.trim();
}
