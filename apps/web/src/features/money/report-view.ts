import type { CostTrackerRow, MoneyActual, MoneyFigures, MoneyReport, MoneyRow } from '@crewplan/domain/money/report';

/** What the Plan vs actual table shows in its cells: one measure at a time, the actual figure over the planned one. */
export const MEASURES = [
  { value: 'hours', label: 'Hours', actual: 'approvedHours', planned: 'plannedHours', money: false },
  { value: 'cost', label: 'Cost', actual: 'actualCost', planned: 'plannedCost', money: true },
  { value: 'revenue', label: 'Revenue', actual: 'actualRevenue', planned: 'plannedRevenue', money: true },
  { value: 'margin', label: 'Margin', actual: 'margin', planned: null, money: true },
] as const satisfies readonly {
  value: string;
  label: string;
  actual: keyof MoneyFigures;
  planned: keyof MoneyFigures | null;
  money: boolean;
}[];
export type Measure = (typeof MEASURES)[number];
export type MeasureValue = Measure['value'];

export const measureOf = (value: string | null): Measure => MEASURES.find((measure) => measure.value === value) ?? MEASURES[1];

export const EMPTY_FIGURES: MoneyFigures = {
  plannedHours: 0,
  approvedHours: 0,
  plannedCost: 0,
  actualCost: 0,
  plannedRevenue: 0,
  actualRevenue: 0,
  margin: 0,
};

const FIGURE_KEYS = Object.keys(EMPTY_FIGURES) as (keyof MoneyFigures)[];
/** Sums of amounts (two decimals) stay exact: added in hundredths. */
const add = (a: number, b: number) => Math.round(a * 100 + b * 100) / 100;
/** Hours come with up to 4 decimals (20 minutes is 0.3333 h): added in ten-thousandths, or three such make 0.99 h. */
const addHours = (a: number, b: number) => Math.round(a * 10_000 + b * 10_000) / 10_000;
const HOUR_KEYS: ReadonlySet<keyof MoneyFigures> = new Set(['plannedHours', 'approvedHours']);

/** The month's figures of every row added up: the footer of the table. */
export function monthTotals(report: Pick<MoneyReport, 'months' | 'rows'>): Record<string, MoneyFigures> {
  const totals: Record<string, MoneyFigures> = {};
  for (const month of report.months) {
    const sum = { ...EMPTY_FIGURES };
    for (const row of report.rows) {
      const figures = row.months[month];
      if (!figures) continue;
      for (const key of FIGURE_KEYS) sum[key] = (HOUR_KEYS.has(key) ? addHours : add)(sum[key], figures[key]);
    }
    totals[month] = sum;
  }
  return totals;
}

const KIND_ORDER: Record<MoneyRow['kind'], number> = { person: 0, cost: 1, milestone: 2, expenses: 3 };
export const KIND_LABELS: Record<MoneyRow['kind'], string> = {
  person: 'Role',
  cost: 'Cost item',
  milestone: 'Milestone',
  expenses: 'Expenses',
};

/** Roles first, then cost items, milestones and expenses; by title within each. */
export function sortedRows(rows: readonly MoneyRow[]): MoneyRow[] {
  return [...rows].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.title.localeCompare(b.title));
}

/** A figure that opens the approved weeks and expenses behind it: an actual one, not zero. */
export const drillable = (measure: Measure, figures: MoneyFigures | undefined) =>
  !!figures && measure.value !== 'margin' && figures[measure.actual] !== 0;

/** The burn chart's points: cumulative planned value, earned value and actual cost at each month's end. */
export const BURN_SERIES = [
  { name: 'Planned value', color: 'blue.6' },
  { name: 'Earned value', color: 'teal.6' },
  { name: 'Actual cost', color: 'orange.6' },
] as const;
export type BurnDatum = { month: string } & Record<(typeof BURN_SERIES)[number]['name'], number>;

export function burnData(report: Pick<MoneyReport, 'burn'>, label: (month: string) => string): BurnDatum[] {
  return [...report.burn]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((point) => ({ month: label(point.month), 'Planned value': point.pv, 'Earned value': point.ev, 'Actual cost': point.ac }));
}

/** The flash row: budget, spent, remaining, forecast at completion, margin. Without a budget nothing remains. */
export type Flash = { budget: number | null; spent: number; remaining: number | null; forecast: number | null; margin: number };

export function flashOf(report: Pick<MoneyReport, 'budget' | 'total' | 'earnedValue'>): Flash {
  const spent = report.total.actualCost;
  return {
    budget: report.budget,
    spent,
    remaining: report.budget === null ? null : add(report.budget, -spent),
    forecast: report.earnedValue.eac,
    margin: report.total.margin,
  };
}

/**
 * The notice of the missions an organisation's report leaves out, having no exchange rate into its currency (null
 * when none is): 'Not counted, no exchange rate into EUR: Dubai office (AED), Lagos (NGN).'
 */
export function unconvertedNotice(report: Pick<MoneyReport, 'currency' | 'unconverted'>): string | null {
  const missions = report.unconverted ?? [];
  if (missions.length === 0) return null;
  const named = missions.map((mission) => `${mission.title} (${mission.currency})`).join(', ');
  return `Not counted, no exchange rate into ${report.currency}: ${named}.`;
}

/**
 * The notice of the missions the cost tracker cannot count, some of their money having no exchange rate into their
 * currency (null when none): 'Spending not counted, no exchange rate: Dubai office (AED), Lagos (NGN).'
 */
export function trackerNotice(rows: readonly Pick<CostTrackerRow, 'title' | 'unconverted'>[]): string | null {
  const named = rows.flatMap((row) => (row.unconverted ? [`${row.title} (${row.unconverted})`] : []));
  return named.length === 0 ? null : `Spending not counted, no exchange rate: ${named.join(', ')}.`;
}

/** How a mission stands against its budget: forecast at completion over budget (1 = on budget). */
export type RiskLevel = 'no-budget' | 'no-forecast' | 'on-track' | 'watch' | 'over';
export const RISK_LABELS: Record<RiskLevel, string> = {
  'no-budget': 'No budget',
  'no-forecast': 'No forecast yet',
  'on-track': 'On track',
  watch: 'At risk',
  over: 'Over budget',
};
export const RISK_COLORS: Record<RiskLevel, string> = {
  'no-budget': 'gray',
  'no-forecast': 'gray',
  'on-track': 'green',
  watch: 'orange',
  over: 'red',
};
/** Within 10% under the budget is watched. */
const WATCH_FROM = 0.9;

export function riskLevel(row: Pick<CostTrackerRow, 'budget' | 'risk'>): RiskLevel {
  const { risk } = row;
  if (row.budget === null) return 'no-budget';
  // a budget without a forecast yet: too little progress to estimate the completion
  if (risk === null || !Number.isFinite(risk)) return 'no-forecast';
  if (risk > 1) return 'over';
  return risk >= WATCH_FROM ? 'watch' : 'on-track';
}

/** Riskiest first (the server's order, kept when rows arrive in another), missions without a budget last, then by title. */
export function byRisk(rows: readonly CostTrackerRow[]): CostTrackerRow[] {
  return [...rows].sort((a, b) => {
    if (a.risk === null || b.risk === null) return (a.risk === null ? 1 : 0) - (b.risk === null ? 1 : 0) || a.title.localeCompare(b.title);
    return b.risk - a.risk || a.title.localeCompare(b.title);
  });
}

/**
 * The approved weeks and counted expenses behind a figure of `row`, newest first: expenses only for the expenses row,
 * and only the weeks of no role for the Tasks row (both have no plan item to ask the server by).
 */
export function actualsOf(
  actuals: readonly MoneyActual[],
  row: (Pick<MoneyRow, 'kind'> & Partial<Pick<MoneyRow, 'planItemId'>>) | null,
): MoneyActual[] {
  const shown =
    row?.kind === 'expenses'
      ? actuals.filter((actual) => actual.kind === 'expense')
      : row?.kind === 'person' && row.planItemId === null
        ? actuals.filter((actual) => actual.kind === 'timesheet' && actual.planItemId === null)
        : [...actuals];
  return shown.sort((a, b) => b.date.localeCompare(a.date) || (a.personName ?? '').localeCompare(b.personName ?? ''));
}

export const ACTUAL_KIND_LABELS: Record<MoneyActual['kind'], string> = {
  timesheet: 'Approved week',
  expense: 'Expense',
  cost: 'Cost item',
  milestone: 'Milestone',
};
