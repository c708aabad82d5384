import {
  burnEarned,
  earnedValue,
  fromMinorUnits,
  minutesToHours,
  type MoneyFigures,
  type MoneyReport,
  type MoneyRow,
} from '@crewplan/domain';
import type { LineRow, RawFigures } from './cost.queries.ts';

/** Figures in minor units and minutes, as summed by SQL. */
export type MinorFigures = {
  plannedMinutes: number;
  approvedMinutes: number;
  plannedCost: number;
  actualCost: number;
  plannedRevenue: number;
  actualRevenue: number;
  pvToDate: number;
};

export const ZERO: MinorFigures = {
  plannedMinutes: 0,
  approvedMinutes: 0,
  plannedCost: 0,
  actualCost: 0,
  plannedRevenue: 0,
  actualRevenue: 0,
  pvToDate: 0,
};

export const minorOf = (row: RawFigures): MinorFigures => ({
  plannedMinutes: Number(row.planned_minutes),
  approvedMinutes: Number(row.approved_minutes),
  plannedCost: Number(row.planned_cost),
  actualCost: Number(row.actual_cost),
  plannedRevenue: Number(row.planned_revenue),
  actualRevenue: Number(row.actual_revenue),
  pvToDate: Number(row.pv_to_date),
});

export const add = (a: MinorFigures, b: MinorFigures): MinorFigures => ({
  plannedMinutes: a.plannedMinutes + b.plannedMinutes,
  approvedMinutes: a.approvedMinutes + b.approvedMinutes,
  plannedCost: a.plannedCost + b.plannedCost,
  actualCost: a.actualCost + b.actualCost,
  plannedRevenue: a.plannedRevenue + b.plannedRevenue,
  actualRevenue: a.actualRevenue + b.actualRevenue,
  pvToDate: a.pvToDate + b.pvToDate,
});

/** Minor units and minutes as the API shows them: major units and decimal hours. */
export function presentFigures(f: MinorFigures): MoneyFigures {
  return {
    plannedHours: minutesToHours(f.plannedMinutes),
    approvedHours: minutesToHours(f.approvedMinutes),
    plannedCost: fromMinorUnits(f.plannedCost),
    actualCost: fromMinorUnits(f.actualCost),
    plannedRevenue: fromMinorUnits(f.plannedRevenue),
    actualRevenue: fromMinorUnits(f.actualRevenue),
    margin: fromMinorUnits(f.actualRevenue - f.actualCost),
  };
}

/** A row's months and total from its lines (already summed per month by SQL). */
export function presentRow(
  head: Pick<MoneyRow, 'planItemId' | 'kind' | 'title' | 'personName'> & { missionId?: string; missionTitle?: string },
  months: { month: string; figures: MinorFigures }[],
): { row: MoneyRow; total: MinorFigures } {
  let total = ZERO;
  const presented: MoneyRow['months'] = {};
  for (const { month, figures } of months) {
    presented[month] = presentFigures(figures);
    total = add(total, figures);
  }
  return { row: { ...head, months: presented, total: presentFigures(total) }, total };
}

/** Earned value of one mission in minor units (BAC: its budget, else its total planned cost). */
export function missionEarnedValue(total: MinorFigures, budgetMinor: number | null, pct: number) {
  const bac = budgetMinor ?? total.plannedCost;
  return {
    bac,
    pv: total.pvToDate,
    ac: total.actualCost,
    ...earnedValue({ bacMinor: bac, percentComplete: pct, pvMinor: total.pvToDate, acMinor: total.actualCost }),
  };
}

/**
 * The report's earned value and burn points from the month totals: cumulative PV, EV (today's spread over past months
 * by planned value, see `burnEarned`) and AC at each month's end.
 */
export function presentEarnedValue(
  months: string[],
  monthTotals: ReadonlyMap<string, MinorFigures>,
  ev: { pv: number; ev: number; ac: number; cpi: number | null; spi: number | null; eac: number | null },
  today: string,
): Pick<MoneyReport, 'earnedValue' | 'burn'> {
  let pv = 0;
  let ac = 0;
  const thisMonth = today.slice(0, 7);
  const burn = months.map((month) => {
    const figures = monthTotals.get(month) ?? ZERO;
    pv += figures.plannedCost;
    ac += figures.actualCost;
    return { month, pv: fromMinorUnits(pv), ev: fromMinorUnits(burnEarned(ev.ev, pv, ev.pv, month < thisMonth)), ac: fromMinorUnits(ac) };
  });
  return {
    earnedValue: {
      asOf: today,
      pv: fromMinorUnits(ev.pv),
      ev: fromMinorUnits(ev.ev),
      ac: fromMinorUnits(ev.ac),
      cpi: ev.cpi,
      spi: ev.spi,
      eac: ev.eac === null ? null : fromMinorUnits(ev.eac),
    },
    burn,
  };
}

export const lineFigures = (line: LineRow) => minorOf(line);
