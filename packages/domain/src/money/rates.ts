import { RATE_TIMES, type RateTime } from '../org/settings.ts';
import { toMinorUnits } from '../shared/inputs.ts';

/**
 * Rates and billing units (spec 2 §9; rules 187–191). Money is integer minor units (cents) with its currency beside
 * it; a rate is turned into cost only here, with integer arithmetic, so a total never drifts by a cent.
 */

/** Rule 187. */
export const RATE_UNITS = RATE_TIMES;
export type RateUnit = RateTime;

/** Rule 188: the billing unit label shown beside a rate. */
export const BILLING_UNIT_LABELS: Record<RateUnit, string> = {
  Hourly: 'p/h',
  Daily: 'p/d',
  Weekly: 'p/w',
  Monthly: 'p/m',
  Yearly: 'p/y',
  'One time': '/1x',
};

/**
 * Rule 189 as an exact fraction: the share of a rate that one hour costs. Weekly 1/40, daily 1/8, monthly
 * 1/40 × 12/52, yearly 1/40 × 1/52, hourly 1. One time is a fixed amount and has no hourly share (null).
 */
export const HOURLY_SHARE: Record<RateUnit, { numerator: number; denominator: number } | null> = {
  Hourly: { numerator: 1, denominator: 1 },
  Daily: { numerator: 1, denominator: 8 },
  Weekly: { numerator: 1, denominator: 40 },
  Monthly: { numerator: 12, denominator: 40 * 52 },
  Yearly: { numerator: 1, denominator: 40 * 52 },
  'One time': null,
};

/** Rule 189: a rate per its unit as an hourly rate (not rounded; for display). One time answers null. */
export function hourlyRate(rate: number, unit: RateUnit): number | null {
  const share = HOURLY_SHARE[unit];
  return share ? (rate * share.numerator) / share.denominator : null;
}

/** Integer division rounding half away from zero. */
function divideRounded(dividend: bigint, divisor: bigint): bigint {
  const negative = dividend < 0n !== divisor < 0n;
  const a = dividend < 0n ? -dividend : dividend;
  const b = divisor < 0n ? -divisor : divisor;
  const quotient = (a * 2n + b) / (2n * b);
  return negative ? -quotient : quotient;
}

/**
 * The cost (or revenue) in minor units of `minutes` of work at `rateMinor` per `unit`, rounded once to the cent.
 * A One time rate is its fixed amount whatever the hours.
 */
export function amountForMinutes(rateMinor: number, unit: RateUnit, minutes: number): number {
  const share = HOURLY_SHARE[unit];
  if (!share) return rateMinor;
  const dividend = BigInt(rateMinor) * BigInt(Math.round(minutes)) * BigInt(share.numerator);
  return Number(divideRounded(dividend, 60n * BigInt(share.denominator)));
}

/** Rule 190: a role created on a mission is paid Monthly, Hourly where project creation is restricted. */
export function defaultMissionRateUnit(projectCreationRestricted: boolean): RateUnit {
  return projectCreationRestricted ? 'Hourly' : 'Monthly';
}

/** Rule 191: costs are counted only when start is before end. */
export const COSTS_BLOCKED_MESSAGE = 'Costs are blocked when start is not before end';
export function costsBlocked(startDate: string | null, endDate: string | null): boolean {
  return startDate !== null && endDate !== null && !(startDate < endDate);
}

/** Money may not go beyond 10^12 in major units (10^14 minor units). */
export const MAX_MONEY = 1_000_000_000_000;

/**
 * A money number copied into a mission from elsewhere (a template's rate), in minor units as a plan item keeps it:
 * finite, not below zero and at most MAX_MONEY, as `moneySchema` asks of a typed one, and rounded to the cent
 * (more decimals are only precision). Null for a number no plan item can hold.
 */
export function copiedMoneyMinor(amount: number): number | null {
  if (!Number.isFinite(amount) || amount < 0 || amount > MAX_MONEY) return null;
  return toMinorUnits(amount) + 0;
}
