import { isCurrencyCode } from '@crewplan/domain';
import { appError } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/types.ts';
import { convertAmounts } from '../currency/index.ts';
import type { RawFigures } from './cost.queries.ts';

const MONEY_FIELDS = ['planned_cost', 'actual_cost', 'planned_revenue', 'actual_revenue', 'pv_to_date'] as const;

/** The currency a report is shown in: the one asked for (a known code, else 400), else `own`. */
export function reportCurrency(asked: string | undefined, own: string): string {
  if (asked === undefined) return own;
  if (!isCurrencyCode(asked)) throw appError('unknownCurrency', asked);
  return asked;
}

/**
 * Money lines (per month) in another currency, through the currency module in one batch (rule 193's day rules):
 * each month's amounts at the rate serving its first day. A missing rate refuses the report (422, naming the currency
 * and the day). Amounts stay integer minor units, rounded once per line and field.
 */
export async function convertLines<L extends RawFigures & { month: string }>(
  ctx: AppContext,
  lines: L[],
  fromOf: (line: L) => string,
  to: string,
): Promise<L[]> {
  if (lines.every((line) => fromOf(line) === to)) return lines;
  const conversions = lines.flatMap((line) =>
    MONEY_FIELDS.map((field) => ({ amountMinor: Number(line[field]), from: fromOf(line), day: `${line.month}-01` })),
  );
  const converted = await convertAmounts({ db: ctx.db, clock: ctx.clock }, to, conversions);
  return lines.map((line, i) => {
    const copy = { ...line };
    MONEY_FIELDS.forEach((field, j) => (copy[field] = String(converted[i * MONEY_FIELDS.length + j])));
    return copy;
  });
}

/** Amounts (each of its currency `from`, on its day) in `to`, in one batch. */
export async function convertOnDays(
  ctx: AppContext,
  amounts: readonly { amountMinor: number; day: string; from: string }[],
  to: string,
): Promise<number[]> {
  if (amounts.every((amount) => amount.from === to)) return amounts.map((amount) => amount.amountMinor);
  return convertAmounts({ db: ctx.db, clock: ctx.clock }, to, amounts);
}
