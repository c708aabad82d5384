import { isCurrencyCode } from '@crewplan/domain';
import { appError } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/types.ts';
import { convertAmounts } from '../currency/index.ts';
import type { RawFigures } from './cost.queries.ts';

const MONEY_FIELDS = ['planned_cost', 'actual_cost', 'planned_revenue', 'actual_revenue', 'pv_to_date'] as const;
const FIGURE_FIELDS = ['planned_minutes', 'approved_minutes', ...MONEY_FIELDS] as const;

/** The currency a report is shown in: the one asked for (a known code, else 400), else `own`. */
export function reportCurrency(asked: string | undefined, own: string): string {
  if (asked === undefined) return own;
  if (!isCurrencyCode(asked)) throw appError('unknownCurrency', asked);
  return asked;
}

/**
 * Money lines in `to`, through the currency module in one batch (rule 193's day rules): a line in another currency
 * (a mission's own, or what a week or an expense was approved in before its mission changed currency) at the rate
 * serving the first day of its month; then the lines of one `keyOf` added up. A missing rate refuses the report (422,
 * naming the currency and the day). Amounts stay integer minor units, rounded once per line and field.
 */
export async function inCurrency<L extends RawFigures & { month: string | null; currency: string }>(
  ctx: AppContext,
  lines: L[],
  to: string,
  keyOf: (line: L) => string,
): Promise<L[]> {
  const foreign = lines.filter((line) => line.currency !== to);
  const converted =
    foreign.length === 0
      ? []
      : await convertAmounts(
          { db: ctx.db, clock: ctx.clock },
          to,
          foreign.flatMap((line) =>
            MONEY_FIELDS.map((field) => ({ amountMinor: Number(line[field]), from: line.currency, day: `${line.month}-01` })),
          ),
        );
  let next = 0;
  const byKey = new Map<string, L>();
  for (const line of lines) {
    const copy: L = { ...line, currency: to };
    if (line.currency !== to) for (const field of MONEY_FIELDS) copy[field] = String(converted[next++]);
    const seen = byKey.get(keyOf(line));
    if (!seen) byKey.set(keyOf(line), copy);
    else for (const field of FIGURE_FIELDS) seen[field] = String(Number(seen[field]) + Number(copy[field]));
  }
  return [...byKey.values()];
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
