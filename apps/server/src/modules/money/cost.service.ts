import { and, eq, isNull } from 'drizzle-orm';
import {
  costRisk,
  ERRORS,
  errorOf,
  isMissionAdmin,
  timeTrackingEligible,
  fromMinorUnits,
  minutesToHours,
  type CostTrackerRow,
  type MoneyActual,
  type MoneyReport,
  type MoneyRow,
} from '@crewplan/domain';
import { missionPeople, missions, orgs, programs } from '../../db/schema/index.ts';
import { AppError, appError } from '../../lib/errors.ts';
import { todayOf } from '../../lib/clock.ts';
import { shownTeamRowsOf, type MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';
import {
  actualLines,
  missionMonths,
  missionProgress,
  missionTotals,
  moneyLines,
  type MissionMonthRow,
  type MissionTotalRow,
} from './cost.queries.ts';
import { convertOnDays, inCurrency, reportCurrency } from './money.currency.ts';
import {
  add,
  minorOf,
  missionEarnedValue,
  presentEarnedValue,
  presentFigures,
  presentRow,
  ZERO,
  type MinorFigures,
} from './money.presenter.ts';

/** Every month from the first to the last of `months` (YYYY-MM), in order. */
function monthRange(months: Iterable<string>): string[] {
  const sorted = [...new Set(months)].sort();
  if (sorted.length === 0) return [];
  const out: string[] = [];
  let [year, month] = sorted[0]!.split('-').map(Number) as [number, number];
  const last = sorted[sorted.length - 1]!;
  for (;;) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    out.push(current);
    if (current >= last) return out;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/** `GET /money/mission/:id`: the mission's cost and revenue per plan item and month, its earned value and burn. */
export async function missionReport(
  ctx: AppContext,
  access: MissionAccess,
  query: { currency?: string | undefined },
): Promise<MoneyReport> {
  const { mission } = access;
  const currency = reportCurrency(query.currency, mission.currency);
  const today = todayOf(ctx.clock);
  const found = await moneyLines(ctx.db, mission.orgId, mission.id, today, currency);
  const { items, pct } = found;
  // amounts are kept in the mission's currency; another is asked: each at the rate of its day, the budget at today's
  const lines = await inCurrency(ctx, found.lines, currency, (line) => `${line.kind}:${line.item_id ?? ''}:${line.month}`);
  const [budgetMinor] =
    mission.budgetAvailableMinor === null
      ? [null]
      : await convertOnDays(ctx, [{ amountMinor: mission.budgetAvailableMinor, day: today, from: mission.currency }], currency);
  // rows in the order of the items (by start), then those of no item
  const order = new Map(items.map((item, i) => [item.id, i]));
  const itemOf = new Map(items.map((item) => [item.id, item]));
  const byRow = new Map<string, { head: Parameters<typeof presentRow>[0]; months: { month: string; figures: MinorFigures }[] }>();
  const monthTotals = new Map<string, MinorFigures>();
  for (const line of lines) {
    const key = `${line.kind}:${line.item_id ?? ''}`;
    let entry = byRow.get(key);
    if (!entry) {
      const item = line.item_id ? itemOf.get(line.item_id) : undefined;
      const title = line.item_id ? (item?.title ?? '') : line.kind === 'expenses' ? 'Expenses' : 'Tasks';
      entry = { head: { planItemId: line.item_id, kind: line.kind, title, personName: item?.person_name ?? null }, months: [] };
      byRow.set(key, entry);
    }
    const figures = minorOf(line);
    entry.months.push({ month: line.month, figures });
    monthTotals.set(line.month, add(monthTotals.get(line.month) ?? ZERO, figures));
  }
  const rows: MoneyRow[] = [];
  let total = ZERO;
  const rank = (entry: { head: { planItemId: string | null } }) =>
    entry.head.planItemId ? (order.get(entry.head.planItemId) ?? -1) : Infinity;
  for (const entry of [...byRow.values()].sort((x, y) => rank(x) - rank(y))) {
    const presented = presentRow(entry.head, entry.months);
    rows.push(presented.row);
    total = add(total, presented.total);
  }
  const ev = missionEarnedValue(total, budgetMinor ?? null, pct);
  const months = monthRange(monthTotals.keys());
  return {
    currency,
    budget: budgetMinor === null || budgetMinor === undefined ? null : fromMinorUnits(budgetMinor),
    billable: !mission.notBillable,
    months,
    rows,
    total: presentFigures(total),
    ...presentEarnedValue(months, monthTotals, ev, today),
  };
}

/** `GET /money/mission/:id/actuals`: the approved weeks, spent cost items and earned milestones behind a figure. */
export async function missionActuals(
  ctx: AppContext,
  access: MissionAccess,
  query: { planItemId?: string | undefined; month?: string | undefined; currency?: string | undefined },
): Promise<MoneyActual[]> {
  const { mission } = access;
  const currency = reportCurrency(query.currency, mission.currency);
  const rows = await actualLines(ctx.db, mission.orgId, mission.id, todayOf(ctx.clock), query);
  // in another currency: each at the rate of its day (a week's start, an expense's or cost item's day), each month's
  // part of a week apart, as the report converts them (so the figures behind a number add up to it)
  const converted = await convertOnDays(
    ctx,
    rows.flatMap((row) => [
      { amountMinor: Number(row.cost), day: row.date, from: row.currency },
      { amountMinor: Number(row.revenue), day: row.date, from: row.currency },
    ]),
    currency,
  );
  const actuals: (MoneyActual & { minutes: number; costMinor: number; revenueMinor: number })[] = [];
  rows.forEach((row, i) => {
    const [minutes, costMinor, revenueMinor] = [Number(row.minutes), converted[2 * i]!, converted[2 * i + 1]!];
    const last = actuals.at(-1);
    // the parts of one week are next to each other (ordered by day, kind and source)
    if (last && last.kind === row.kind && last.id === row.id && last.date === row.date && last.planItemId === row.item_id) {
      last.minutes += minutes;
      last.costMinor += costMinor;
      last.revenueMinor += revenueMinor;
      return;
    }
    actuals.push({
      kind: row.kind,
      id: row.id,
      planItemId: row.item_id,
      personName: row.person_name,
      date: row.date,
      hours: 0,
      cost: 0,
      revenue: 0,
      minutes,
      costMinor,
      revenueMinor,
    });
  });
  return actuals.map(({ minutes, costMinor, revenueMinor, ...actual }) => ({
    ...actual,
    hours: minutesToHours(minutes),
    cost: fromMinorUnits(costMinor),
    revenue: fromMinorUnits(revenueMinor),
  }));
}

type MissionHead = { id: string; title: string; currency: string; budgetAvailableMinor: number | null; notBillable: boolean };

const headColumns = {
  id: missions.id,
  title: missions.title,
  currency: missions.currency,
  budgetAvailableMinor: missions.budgetAvailableMinor,
  notBillable: missions.notBillable,
};

/**
 * `GET /money/org/:orgId/report`: one row per mission of a program (`programId`) or of the whole organisation (its
 * portfolio: missions that are not templates nor archived), per month, with the summed earned value.
 */
export async function orgReport(
  ctx: AppContext,
  access: OrgAccess,
  query: { programId?: string | undefined; currency?: string | undefined },
): Promise<MoneyReport> {
  const org = access.org;
  if (query.programId) {
    const [program] = await ctx.db
      .select({ id: programs.id })
      .from(programs)
      .where(and(eq(programs.id, query.programId), eq(programs.orgId, org.id), eq(programs.isDeleted, false)));
    if (!program) throw appError('programNotFound');
  }
  const heads: MissionHead[] = await ctx.db
    .select(headColumns)
    .from(missions)
    .where(
      and(
        eq(missions.orgId, org.id),
        eq(missions.isTemplate, false),
        isNull(missions.archivedAt),
        query.programId ? eq(missions.programId, query.programId) : undefined,
      ),
    )
    .orderBy(missions.title, missions.id);
  const currency = reportCurrency(query.currency, org.currency);
  const today = todayOf(ctx.clock);
  const ids = heads.map((head) => head.id);
  const [raw, progress] = await Promise.all([
    missionMonths(ctx.db, org.id, ids, today, currency),
    missionProgress(ctx.db, org.id, ids, today),
  ]);
  const { lines, budgets, unconverted } = await portfolioInCurrency(ctx, heads, raw, currency, today);
  const shown = heads.filter((head) => !unconverted.some((mission) => mission.missionId === head.id));
  const byMission = new Map<string, { months: { month: string; figures: MinorFigures }[] }>();
  const monthTotals = new Map<string, MinorFigures>();
  for (const line of lines) {
    const entry = byMission.get(line.mission_id) ?? { months: [] };
    byMission.set(line.mission_id, entry);
    const figures = minorOf(line);
    entry.months.push({ month: line.month, figures });
    monthTotals.set(line.month, add(monthTotals.get(line.month) ?? ZERO, figures));
  }
  const rows: MoneyRow[] = [];
  let total = ZERO;
  const ev = { pv: 0, ev: 0, ac: 0, bac: 0 };
  let budget: number | null = null;
  for (const head of shown) {
    const entry = byMission.get(head.id) ?? { months: [] };
    const presented = presentRow(
      { planItemId: null, kind: 'person', title: head.title, personName: null, missionId: head.id, missionTitle: head.title },
      entry.months,
    );
    rows.push(presented.row);
    total = add(total, presented.total);
    const ownBudget = budgets.get(head.id) ?? null;
    const own = missionEarnedValue(presented.total, ownBudget, progress.get(head.id) ?? 0);
    ev.pv += own.pv;
    ev.ev += own.ev;
    ev.ac += own.ac;
    ev.bac += own.bac;
    if (ownBudget !== null) budget = (budget ?? 0) + ownBudget;
  }
  const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10_000) / 10_000);
  const cpi = ratio(ev.ev, ev.ac);
  const months = monthRange(monthTotals.keys());
  return {
    currency,
    budget: budget === null ? null : fromMinorUnits(budget),
    billable: shown.some((head) => !head.notBillable),
    months,
    rows,
    total: presentFigures(total),
    ...presentEarnedValue(
      months,
      monthTotals,
      { ...ev, cpi, spi: ratio(ev.ev, ev.pv), eac: cpi === null || ev.ev === 0 ? null : Math.round((ev.bac * ev.ac) / ev.ev) },
      today,
    ),
    unconverted,
  };
}

const isNoRate = (error: unknown): error is AppError => error instanceof AppError && error.code === ERRORS.noExchangeRate.code;
/** Whether `error` is the refusal of a missing rate for `currency` ('No exchange rate for AED on 2026-03-02'). */
const noRateFor = (error: unknown, currency: string) =>
  isNoRate(error) && error.message.startsWith(errorOf('noExchangeRate', currency, '').message);

/**
 * The missions' month lines and budgets in the report's `currency` (each at the rate of its day, a budget at today's). A
 * mission with money in a currency the rates do not cover cannot be shown: it is left out and named in `unconverted`
 * with that currency (never taken 1:1), and the other missions still make the report; a report currency without a
 * rate is refused as before (422). All are converted in one batch; only when that meets a missing rate are the
 * missions converted one by one, to tell which.
 */
async function portfolioInCurrency(ctx: AppContext, heads: MissionHead[], raw: MissionMonthRow[], currency: string, today: string) {
  const convert = async (some: MissionHead[], rows: MissionMonthRow[]) => {
    const lines = await inCurrency(ctx, rows, currency, (line) => `${line.mission_id}:${line.month}`);
    const budgeted = some.filter((head) => head.budgetAvailableMinor !== null);
    const converted = await convertOnDays(
      ctx,
      budgeted.map((head) => ({ amountMinor: head.budgetAvailableMinor!, day: today, from: head.currency })),
      currency,
    );
    return { lines, budgets: new Map(budgeted.map((head, i) => [head.id, converted[i]!])) };
  };
  try {
    return { ...(await convert(heads, raw)), unconverted: [] };
  } catch (error) {
    if (!isNoRate(error) || noRateFor(error, currency)) throw error;
  }
  const lines: MissionMonthRow[] = [];
  const budgets = new Map<string, number>();
  const unconverted: { missionId: string; title: string; currency: string }[] = [];
  for (const head of heads) {
    const own = raw.filter((line) => line.mission_id === head.id);
    try {
      const converted = await convert([head], own);
      lines.push(...converted.lines);
      for (const [id, amount] of converted.budgets) budgets.set(id, amount);
    } catch (error) {
      // the mission's currency, or one its money was approved in before the mission changed currency
      const missing = [head.currency, ...own.map((line) => line.currency)].find((code) => noRateFor(error, code));
      if (!missing || missing === currency) throw error;
      unconverted.push({ missionId: head.id, title: head.title, currency: missing });
    }
  }
  return { lines, budgets, unconverted };
}

/**
 * The missions the person manages (project manager or owner, invitation accepted), not archived nor templates, in
 * licensed organisations, theirs or another's (the board's project-manager workspace, as its Timesheets tab: a project
 * manager invited from outside sees the mission's money there too).
 */
async function managedMissions(ctx: AppContext, personId: string): Promise<MissionHead[]> {
  const rows = await ctx.db
    .select({
      head: headColumns,
      org: orgs,
      member: { permission: missionPeople.permission, isProjectManager: missionPeople.isProjectManager },
    })
    .from(missionPeople)
    .innerJoin(missions, eq(missions.id, missionPeople.missionId))
    .innerJoin(orgs, and(eq(orgs.id, missions.orgId), isNull(orgs.deletedAt)))
    .where(and(shownTeamRowsOf(personId), eq(missions.isTemplate, false)));
  const now = ctx.clock.now();
  return rows.filter((row) => isMissionAdmin(row.member) && timeTrackingEligible(row.org, now)).map((row) => row.head);
}

/**
 * The missions' totals, each in its own currency `to` (what was booked in another before the mission changed it, each
 * at the rate of its day). A mission whose money cannot be converted (no rate for one of its currencies) is named in
 * `unconverted` with that currency, never taken 1:1; the others are still answered. All are converted in one batch;
 * only when that meets a missing rate are the missions converted one by one, to tell which.
 */
async function totalsInOwnCurrency(ctx: AppContext, heads: MissionHead[], found: MissionTotalRow[]) {
  const totals = new Map<string, MissionTotalRow>();
  const unconverted = new Map<string, string>();
  const currencyOf = new Map(heads.map((head) => [head.id, head.currency]));
  for (const to of new Set(currencyOf.values())) {
    const own = found.filter((row) => currencyOf.get(row.mission_id) === to);
    try {
      for (const line of await inCurrency(ctx, own, to, (row) => row.mission_id)) totals.set(line.mission_id, line);
      continue;
    } catch (error) {
      if (!isNoRate(error)) throw error;
    }
    for (const missionId of new Set(own.map((row) => row.mission_id))) {
      const lines = own.filter((row) => row.mission_id === missionId);
      try {
        for (const line of await inCurrency(ctx, lines, to, (row) => row.mission_id)) totals.set(line.mission_id, line);
      } catch (error) {
        const missing = [to, ...lines.map((line) => line.currency)].find((code) => noRateFor(error, code));
        if (!missing) throw error;
        unconverted.set(missionId, missing);
      }
    }
  }
  return { totals, unconverted };
}

/**
 * `GET /money/project-manager/cost-tracker`: the missions the caller manages (project manager or owner, in
 * organisations that track time, as the board's Timesheets tab), with budget, spent, remaining, forecast at
 * completion (EAC), margin and risk (forecast over budget), riskiest first; missions without a risk last, by spent.
 * A mission whose money cannot be converted into its currency is listed with its budget only, naming the currency
 * without a rate (`unconverted`).
 */
export async function costTracker(ctx: AppContext, personId: string): Promise<CostTrackerRow[]> {
  const heads = await managedMissions(ctx, personId);
  if (heads.length === 0) return [];
  const found = await missionTotals(
    ctx.db,
    null,
    heads.map((head) => head.id),
    todayOf(ctx.clock),
  );
  const { totals, unconverted } = await totalsInOwnCurrency(ctx, heads, found);
  const rows = heads.map((head): CostTrackerRow => {
    const missing = unconverted.get(head.id);
    if (missing !== undefined) {
      const budget = head.budgetAvailableMinor === null ? null : fromMinorUnits(head.budgetAvailableMinor);
      const unknown = { spent: null, remaining: null, forecastAtCompletion: null, margin: null, risk: null };
      return { missionId: head.id, title: head.title, currency: head.currency, budget, ...unknown, unconverted: missing };
    }
    const line = totals.get(head.id);
    const figures = line ? minorOf(line) : ZERO;
    const ev = missionEarnedValue(figures, head.budgetAvailableMinor, Number(line?.pct ?? 0));
    const budget = head.budgetAvailableMinor;
    return {
      missionId: head.id,
      title: head.title,
      currency: head.currency,
      budget: budget === null ? null : fromMinorUnits(budget),
      spent: fromMinorUnits(figures.actualCost),
      remaining: budget === null ? null : fromMinorUnits(budget - figures.actualCost),
      forecastAtCompletion: ev.eac === null ? null : fromMinorUnits(ev.eac),
      margin: fromMinorUnits(figures.actualRevenue - figures.actualCost),
      risk: costRisk(ev.eac, budget),
    };
  });
  return rows.sort(
    (a, b) =>
      (b.risk ?? -Infinity) - (a.risk ?? -Infinity) ||
      (b.spent ?? -Infinity) - (a.spent ?? -Infinity) ||
      a.title.localeCompare(b.title) ||
      (a.missionId < b.missionId ? -1 : 1),
  );
}
