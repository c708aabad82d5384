import { HOURLY_SHARE, type RateUnit } from './rates.ts';

/**
 * Cost and revenue of a mission (issue Money; spec 2 §§3, 9; rules 1, 3, 10, 173, 182, 189, 191). The server computes
 * these in SQL over whole missions at once; the rules are stated here once, in the same integer arithmetic, and the
 * SQL follows them (the API tests check both give the same numbers).
 *
 * - Planned hours of a person item: allocation % × 8 hours on each working day (Mon–Fri) from its start to its end,
 *   both included (rules 1, 3, 10). Planned cost: those hours × the rate turned hourly by rule 189, rounded once per
 *   item and month. A One time rate is a fixed amount, counted once, in the month the item starts.
 * - Planned revenue: the same with the bill rate and bill unit (the rate time when no bill unit is set).
 * - A cost item counts its amount on its start day: planned always, actual once that day has come.
 * - Rule 191: an item whose start is not before its end counts no cost and no revenue (its hours still show).
 * - Actual hours are approved weeks only (rule 173). Actual cost is the approved minutes × the rate the week was
 *   approved with (weeks approved before rates were kept with them take the role's current rate); actual revenue the
 *   same with the bill rate. A One time rate counts once, in the month of the role's first approved week.
 * - Revenue: a `notBillable` mission earns nothing. A mission that bills using milestones earns only its milestones
 *   (hourly revenue is not counted, so that nothing is billed twice); any other earns only hourly revenue. A milestone
 *   (or fundable milestone) with an amount plans its revenue on its start day and earns it when approved or when its
 *   linked task is 100% complete.
 * - Expenses count toward actual cost when approved or paid (rule 182): they join the sum once expenses exist.
 * - Amounts are minor units of the mission's currency. A report in another currency converts each month's amounts at
 *   the rate serving the month's first day (rule 193, the currency module), a drill-down line at its own day, budgets
 *   at today's rate; an organisation's report adds up its missions after converting each.
 * - Earned value as of today: PV = planned cost up to today, BAC = the mission's budget when set, else its total
 *   planned cost, EV = BAC × percent complete, AC = actual cost, CPI = EV / AC, SPI = EV / PV (null when the divisor
 *   is 0), EAC = BAC / CPI (null when CPI is null or 0). Percent complete is that of the mission's tasks (leaf
 *   actions), weighted by their estimated duration; equally weighted when none has an estimate; 0 without tasks.
 */

/** Rule 1: a working day is 8 hours, 480 minutes. */
export const DAY_MINUTES = 480;

const dayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;

/** ISO day of the week, Monday 1 … Sunday 7. */
export const isoDayOfWeek = (iso: string) => ((((Math.floor(dayNumber(iso)) + 3) % 7) + 7) % 7) + 1;

/**
 * Working days (Mon–Fri, rule 3) from `from` to `to`, both included; 0 when `to` is before `from`. Closed form (the
 * SQL uses the same): five per whole week, then the weekdays among the remaining days starting on `from`'s weekday.
 */
export function weekdaysBetween(from: string, to: string): number {
  const span = Math.round(dayNumber(to) - dayNumber(from)) + 1;
  if (span <= 0) return 0;
  const rest = span % 7;
  const d = isoDayOfWeek(from);
  return Math.floor(span / 7) * 5 + Math.max(0, Math.min(5, d + rest - 1) - d + 1) + Math.max(0, d + rest - 8);
}

/** Planned minutes of a person item over `workingDays` days at `allocation` percent (not rounded: 480 × % / 100). */
export const plannedMinutes = (allocation: number, workingDays: number) => (DAY_MINUTES * allocation * workingDays) / 100;

/** Integer division rounding half away from zero (PostgreSQL's `round(numeric)`). */
function divideRounded(dividend: bigint, divisor: bigint): bigint {
  const negative = dividend < 0n !== divisor < 0n;
  const a = dividend < 0n ? -dividend : dividend;
  const b = divisor < 0n ? -divisor : divisor;
  const quotient = (a * 2n + b) / (2n * b);
  return negative ? -quotient : quotient;
}

/**
 * Planned cost (or revenue) in minor units of a person item over `workingDays` at `allocation` percent and
 * `rateMinor` per `unit`, rounded once: rate × days × 8 h × % / 100 × the hourly share of rule 189. A One time
 * rate is not spread over days: see `oneTimeAmount`.
 */
export function plannedAmount(rateMinor: number, unit: RateUnit, allocation: number, workingDays: number): number {
  const share = HOURLY_SHARE[unit];
  if (!share) return 0;
  const dividend = BigInt(rateMinor) * BigInt(workingDays) * 8n * BigInt(allocation) * BigInt(share.numerator);
  return Number(divideRounded(dividend, 100n * BigInt(share.denominator)));
}

/** A One time rate counts its amount once (in the month the item starts, or of the first approved week). */
export const oneTimeAmount = (rateMinor: number, unit: RateUnit) => (HOURLY_SHARE[unit] ? 0 : rateMinor);

/** What a mission earns from: nothing (`notBillable`), its milestones (`billUsingMilestones`), else its hours. */
export type RevenueSource = 'none' | 'milestones' | 'hours';
export function revenueSource(mission: { notBillable: boolean; billUsingMilestones: boolean }): RevenueSource {
  if (mission.notBillable) return 'none';
  return mission.billUsingMilestones ? 'milestones' : 'hours';
}

/** The plan item types that earn milestone revenue. */
export const MILESTONE_TYPES = ['milestone', 'fundable_milestone'] as const;

/** A milestone's amount is earned (actual revenue) when it is approved or its linked task is 100% complete. */
export const milestoneEarned = (milestone: { approved: boolean; linkedTaskPercent: number | null }) =>
  milestone.approved || milestone.linkedTaskPercent === 100;

/** A cost item's amount is actual cost once its start day has come. */
export const costItemSpent = (startDate: string | null, today: string) => startDate !== null && startDate <= today;

/** Percent complete of a mission from its tasks: weighted by estimated hours, equally without estimates, 0 without tasks. */
export function tasksPercentComplete(tasks: readonly { percentComplete: number; estimatedHours: number | null }[]): number {
  if (tasks.length === 0) return 0;
  const weight = tasks.reduce((sum, task) => sum + Math.max(0, task.estimatedHours ?? 0), 0);
  if (weight === 0) return tasks.reduce((sum, task) => sum + task.percentComplete, 0) / tasks.length;
  return tasks.reduce((sum, task) => sum + task.percentComplete * Math.max(0, task.estimatedHours ?? 0), 0) / weight;
}

/** Indices are shown to four decimals. */
const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10_000) / 10_000);

/** Earned value in minor units (see the header): EV rounded to the cent, EAC rounded to the cent. */
export function earnedValue(input: { bacMinor: number; percentComplete: number; pvMinor: number; acMinor: number }) {
  const ev = Math.round((input.bacMinor * input.percentComplete) / 100);
  const cpi = ratio(ev, input.acMinor);
  const spi = ratio(ev, input.pvMinor);
  // EAC = BAC / CPI, from the unrounded index: BAC × AC / EV
  const eac = cpi === null || ev === 0 ? null : Math.round((input.bacMinor * input.acMinor) / ev);
  return { ev, cpi, spi, eac };
}

/**
 * The burn chart's earned value per month: only today's is known (task progress has no history), so months up to
 * today earn it in proportion to their cumulative planned value (as if earned on plan), months after hold it.
 */
export function burnEarned(evMinor: number, cumulativePvMinor: number, pvToDateMinor: number, monthIsPast: boolean): number {
  if (!monthIsPast || pvToDateMinor <= 0) return evMinor;
  return Math.round((evMinor * Math.min(cumulativePvMinor, pvToDateMinor)) / pvToDateMinor);
}

/** Cost tracker risk: forecast at completion over budget (null without a budget or a forecast). */
export const costRisk = (forecastMinor: number | null, budgetMinor: number | null) =>
  forecastMinor === null || !budgetMinor ? null : Math.round((forecastMinor / budgetMinor) * 10_000) / 10_000;

/**
 * Rule 182: what an expense adds to its mission's actual cost, in the mission's currency: its converted total once
 * approved or paid, nothing before (a draft, submitted or rejected expense costs nothing yet).
 */
export function expenseActualCost(expense: { status: string; costMinor: number | null }): number {
  return (expense.status === 'approved' || expense.status === 'paid') && expense.costMinor !== null ? expense.costMinor : 0;
}
