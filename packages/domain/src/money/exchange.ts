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

/** Decimal text `scaledRate` reads; any other form of a rate (an exponent) is converted by decimal arithmetic. */
const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;

/** A rate's decimal text as a whole number over a power of ten: '1.0812' is 10812 / 10^4. */
function scaledRate(rate: string): [bigint, bigint] {
  const dot = rate.indexOf('.');
  if (dot < 0) return [BigInt(rate), 1n];
  return [BigInt(rate.slice(0, dot) + rate.slice(dot + 1)), 10n ** BigInt(rate.length - dot - 1)];
}

/**
 * An amount in minor units (cents) of the source currency, in minor units of the target, rounded once (half away from
 * zero) to a multiple of `stepMinor`: the cent by default, or the target's smallest amount (`currencyStepMinor`: 100,
 * a whole yen) for an amount that is kept in it. In integers, exactly: a report in another currency converts every
 * week and expense apart, and this is several times faster than decimal arithmetic.
 */
export function convertMinor(amountMinor: number, fromPerEur: string, toPerEur: string, stepMinor = 1): number {
  // sums of huge amounts go past 2^53: such a number is still whole, only no longer exact to the cent
  if (!Number.isInteger(amountMinor)) throw new RangeError(`Not a whole amount of minor units: ${amountMinor}`);
  if (!PLAIN_DECIMAL.test(toPerEur) || !PLAIN_DECIMAL.test(fromPerEur))
    return new Exact(amountMinor).times(toPerEur).div(fromPerEur).div(stepMinor).toDecimalPlaces(0).times(stepMinor).toNumber() + 0;
  const [to, toScale] = scaledRate(toPerEur);
  const [from, fromScale] = scaledRate(fromPerEur);
  // |amount| × to / (from × step) = |amount| × to × fromScale / (from × toScale × step); rounded half up: ⌊(2n + d) / 2d⌋
  const numerator = BigInt(Math.abs(amountMinor)) * to * fromScale;
  const denominator = from * toScale * BigInt(stepMinor);
  const magnitude = ((2n * numerator + denominator) / (2n * denominator)) * BigInt(stepMinor);
  return Number(amountMinor < 0 ? -magnitude : magnitude) + 0; // + 0: never -0
}
