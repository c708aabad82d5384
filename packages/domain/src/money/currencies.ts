import { currencies as isoCurrencies } from 'countries-list/currencies';

/**
 * The currencies money can be kept in (rule 192): USD, EUR, CAD, GBP, YEN, INR, CNY and BTC first, then every other
 * ISO 4217 currency by code. The product calls the Japanese yen YEN (the code people know it by in the product), which
 * is JPY in ISO 4217 and in the reference rates: `rateCodeOf` and `currencyOfRateCode` translate.
 */
export type Currency = { code: string; symbol: string; name: string };

export const FIRST_CURRENCIES = ['USD', 'EUR', 'CAD', 'GBP', 'YEN', 'INR', 'CNY', 'BTC'] as const;

/** Product codes that differ from the code the reference rates (and ISO 4217) use. */
const RATE_CODES: Readonly<Record<string, string>> = { YEN: 'JPY' };
const PRODUCT_CODES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(RATE_CODES).map(([p, r]) => [r, p]));

/** Not money: ISO 4217's testing code and its "no currency". */
const NOT_MONEY = new Set(['XTS', 'XXX']);
/** Not in ISO 4217, kept by the product (rule 192). */
const EXTRA: Readonly<Record<string, Currency>> = { BTC: { code: 'BTC', symbol: '₿', name: 'Bitcoin' } };

const iso = isoCurrencies as Readonly<Record<string, { name: string; symbol: string }>>;

function currencyOfCode(code: string): Currency {
  const extra = EXTRA[code];
  if (extra) return extra;
  const data = iso[RATE_CODES[code] ?? code];
  if (!data) throw new Error(`No ISO 4217 data for ${code}`);
  return { code, symbol: data.symbol, name: data.name };
}

const rest = Object.keys(iso)
  .map((code) => PRODUCT_CODES[code] ?? code)
  .filter((code) => !NOT_MONEY.has(code) && !(FIRST_CURRENCIES as readonly string[]).includes(code))
  .sort();

/** Every currency in the order the product lists them. */
export const CURRENCIES: readonly Currency[] = [...FIRST_CURRENCIES, ...rest].map(currencyOfCode);
export const CURRENCY_CODES: readonly string[] = CURRENCIES.map((currency) => currency.code);

const BY_CODE = new Map(CURRENCIES.map((currency) => [currency.code, currency]));

export const isCurrencyCode = (code: string): boolean => BY_CODE.has(code);
export const currencyOf = (code: string): Currency | undefined => BY_CODE.get(code);

/** The code the reference rates publish a product currency under (YEN → JPY; others as they are). */
export const rateCodeOf = (code: string): string => RATE_CODES[code] ?? code;
/** The product's currency for a code of the reference rates (JPY → YEN), or null when the product does not list it. */
export function currencyOfRateCode(rateCode: string): string | null {
  const code = PRODUCT_CODES[rateCode] ?? rateCode;
  return RATE_CODES[rateCode] === undefined && BY_CODE.has(code) ? code : null;
}

/**
 * Currencies without minor units, by their ISO 4217 code: amounts in them are whole (no fraction of a yen), and the
 * card payment provider takes them in whole units only.
 */
const WHOLE_UNIT_RATE_CODES: ReadonlySet<string> = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** Whether a product currency has no minor units (YEN): its amounts are whole. */
export const isWholeUnitCurrency = (code: string): boolean => WHOLE_UNIT_RATE_CODES.has(rateCodeOf(code));

/**
 * The smallest amount of a currency in the hundredths money is kept in: 100 (one whole unit) for a currency without
 * minor units, 1 (a cent) for the others.
 */
export const currencyStepMinor = (code: string): 1 | 100 => (isWholeUnitCurrency(code) ? 100 : 1);

/**
 * An amount in minor units rounded (half away from zero) to the currency's smallest amount: itself for a currency
 * with cents, a whole unit for one without (YEN). For amounts that come into a mission from elsewhere (a template's
 * budget) rather than typed in its currency, which a whole-unit check would refuse for a fraction nobody can fix.
 */
export function roundToCurrencyStep(amountMinor: number, code: string): number {
  const step = currencyStepMinor(code);
  return Math.sign(amountMinor) * Math.round(Math.abs(amountMinor) / step) * step + 0;
}

/** How many decimals an amount of the currency is shown with: none without minor units, two otherwise. */
export const currencyDecimals = (code: string): 0 | 2 => (isWholeUnitCurrency(code) ? 0 : 2);
