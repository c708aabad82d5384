import { currencyOfRateCode, isWholeUnitCurrency, rateCodeOf } from '../money/currencies.ts';

/**
 * Money as the card payment provider counts it: the ISO 4217 code in lower case (the product's YEN is `jpy`) and the
 * amount in the currency's own smallest unit. The product keeps every currency in hundredths (`toMinorUnits`, YEN
 * included); the provider takes zero-decimal currencies in whole units and three-decimal ones in thousandths.
 */
export type ProviderMoney = { currency: string; amount: number };

/** The provider's three-decimal currencies. */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/**
 * An amount in minor units of a product currency as the provider takes it, or null when it cannot be charged exactly
 * (a fraction of a yen).
 */
export function toProviderMoney(currency: string, amountMinor: number): ProviderMoney | null {
  const iso = rateCodeOf(currency);
  const code = iso.toLowerCase();
  if (isWholeUnitCurrency(currency)) return amountMinor % 100 === 0 ? { currency: code, amount: amountMinor / 100 } : null;
  return { currency: code, amount: THREE_DECIMAL.has(iso) ? amountMinor * 10 : amountMinor };
}

/**
 * What the provider reports paid, in a product currency and its minor units; null for a currency the product does
 * not list or an amount finer than a hundredth.
 */
export function fromProviderMoney(providerCurrency: string, amount: number): { currency: string; amountMinor: number } | null {
  const iso = providerCurrency.toUpperCase();
  const currency = currencyOfRateCode(iso);
  if (!currency || !Number.isSafeInteger(amount)) return null;
  if (isWholeUnitCurrency(currency)) return { currency, amountMinor: amount * 100 };
  if (THREE_DECIMAL.has(iso)) return amount % 10 === 0 ? { currency, amountMinor: amount / 10 } : null;
  return { currency, amountMinor: amount };
}
