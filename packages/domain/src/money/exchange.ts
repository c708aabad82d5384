import Decimal from 'decimal.js';

/**
 * Exchange arithmetic on the reference rates, which give each currency per one EUR as decimal text ('1.0812').
 * Decimal throughout: a cross rate is computed to 10 significant digits for display, and an amount is converted
 * exactly and rounded once, to the cent (half away from zero), so no binary float drifts into stored money.
 */
const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
/** Division correctly rounded to the 10 significant digits a cross rate is shown with. */
const Shown = Decimal.clone({ precision: 10, rounding: Decimal.ROUND_HALF_UP });

/** A rate is decimal text of a positive number ('1.0812', '161.23'). */
export const RATE_PATTERN = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,12})?$/;
export const isRate = (text: string): boolean => RATE_PATTERN.test(text) && new Exact(text).greaterThan(0);

/** Units of the target currency one unit of the source buys, both given per one EUR (10 significant digits). */
export function crossRate(fromPerEur: string, toPerEur: string): string {
  return new Shown(toPerEur).div(fromPerEur).toString();
}

/** An amount in minor units (cents) of the source currency, in minor units of the target, rounded once. */
export function convertMinor(amountMinor: number, fromPerEur: string, toPerEur: string): number {
  // sums of huge amounts go past 2^53: such a number is still whole, only no longer exact to the cent
  if (!Number.isInteger(amountMinor)) throw new RangeError(`Not a whole amount of minor units: ${amountMinor}`);
  return new Exact(amountMinor).times(toPerEur).div(fromPerEur).toDecimalPlaces(0).toNumber() + 0; // + 0: never -0
}
