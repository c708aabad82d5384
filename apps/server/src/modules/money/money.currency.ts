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
 * serving its `day` (queries keep such lines apart per week, expense or item with their day, as the drill-down lists
 * them: see `linesApart`); then the lines of one `keyOf` added up. A missing rate refuses the report (422, naming the
 * currency and the day). Amounts stay integer minor units, rounded once per line and field.
 */
export async function inCurrency<L extends RawFigures & { day: string | null; currency: string }>(
  ctx: AppContext,
  lines: L[],
  to: string,
  keyOf: (line: L) => string,
): Promise<L[]> {
  const amounts: { line: L; field: (typeof MONEY_FIELDS)[number]; amountMinor: number; from: string; day: string }[] = [];
  for (const line of lines) {
    if (line.currency === to) continue;
    if (line.day === null) throw new Error(`A line in ${line.currency} without its day, to convert into ${to}`);
    // a zero stays zero: most fields of a line are (a week has no planned cost), and a long report has many lines
    for (const field of MONEY_FIELDS) {
      const amountMinor = Number(line[field]);
      if (amountMinor !== 0) amounts.push({ line, field, amountMinor, from: line.currency, day: line.day });
    }
  }
  const converted = amounts.length === 0 ? [] : await convertAmounts({ db: ctx.db, clock: ctx.clock }, to, amounts);
  const copies = new Map<L, L>();
  const copyOf = (line: L): L => {
    let copy = copies.get(line);
    if (!copy) {
      copy = { ...line, currency: to };
      if (line.currency !== to) for (const field of MONEY_FIELDS) copy[field] = '0';
      copies.set(line, copy);
    }
    return copy;
  };
  amounts.forEach((amount, i) => {
    copyOf(amount.line)[amount.field] = String(converted[i]);
  });
  const byKey = new Map<string, L>();
  for (const line of lines) {
    const copy = copyOf(line);
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
