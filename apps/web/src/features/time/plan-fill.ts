import { formatHours, parseHoursInput } from '@crewplan/domain/time/hours-input';
import { planWeekHours, type DaysOff } from '@crewplan/domain/time/plan-fill';
import type { GridRow } from './grid.ts';

/** A row 'Fill from plan' may fill: open for typing, with nothing in its week yet (no hours saved or typed). */
export function fillableRow(row: GridRow, typed: readonly string[] | undefined): boolean {
  const empty = (cells: readonly string[]) => cells.every((text) => (parseHoursInput(text) ?? 1) === 0);
  return row.editable && row.status === 'draft' && empty(row.cells) && (!typed || empty(typed));
}

/**
 * The typed text of each empty draft row, from its role's allocation spread over the week (rule 11); rows the plan
 * gives no hours this week are left out, and days off (a holiday, a whole day of leave) get none. Nothing is saved:
 * the rows show as typed until the person saves.
 */
export function planFilledCells(
  rows: readonly GridRow[],
  typed: Readonly<Record<string, readonly string[]>>,
  monday: string,
  daysOff?: DaysOff,
): Record<string, string[]> {
  const filled: Record<string, string[]> = {};
  for (const row of rows) {
    if (!row.role || !fillableRow(row, typed[row.key])) continue;
    const hours = planWeekHours(row.role, monday, daysOff);
    if (hours.some((h) => h > 0)) filled[row.key] = hours.map(formatHours);
  }
  return filled;
}
