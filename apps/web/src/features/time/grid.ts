import type { MyTimesheetRole, Timesheet, TimesheetStatus } from '@crewplan/domain/time/time';
import { formatHours, parseHoursInput } from '@crewplan/domain/time/hours-input';
import { capacityBarPercent, hoursEditable, weekWithinRole } from '@crewplan/domain/time/rules';

/** One row of the weekly grid: a role of mine, with its week's sheet when there is one. */
export type GridRow = {
  role: MyTimesheetRole;
  sheet: Timesheet | null;
  status: TimesheetStatus;
  /** The typed text of each day (what the cell shows). */
  cells: string[];
  editable: boolean;
};

const EMPTY_WEEK = ['', '', '', '', '', '', ''];

/** Rows of the week: my roles whose dates touch the week (by mission, then role), with their sheets' hours. */
export function gridRows(roles: readonly MyTimesheetRole[], sheets: readonly Timesheet[], monday: string): GridRow[] {
  return roles
    .filter((role) => weekWithinRole(monday, role))
    .sort((a, b) => a.missionTitle.localeCompare(b.missionTitle) || a.title.localeCompare(b.title))
    .map((role) => {
      const sheet = sheets.find((s) => s.planItemId === role.planItemId && s.weekStart === monday) ?? null;
      const status = sheet?.status ?? 'draft';
      // a week kept per task shows its day totals here; it is changed per task, never flattened into the role's days
      const editable = hoursEditable(status) && sheet?.form !== 'task';
      return { role, sheet, status, cells: sheet ? sheet.dailyHours.map(formatHours) : [...EMPTY_WEEK], editable };
    });
}

/** The hours of typed cells; null where a cell cannot be read (the cell refuses it). */
export const cellHours = (cells: readonly string[]) => cells.map(parseHoursInput);

/** Sum of readable hours (unreadable cells count 0), to the hundredth. */
export const sumHours = (hours: readonly (number | null)[]) => Math.round(hours.reduce<number>((sum, h) => sum + (h ?? 0), 0) * 100) / 100;

/** Each day's total over the rows. */
export function dayTotals(rows: readonly { cells: readonly string[] }[]): number[] {
  return Array.from({ length: 7 }, (_, day) => sumHours(rows.map((row) => parseHoursInput(row.cells[day] ?? ''))));
}

/** Rule 12: the bar drawn in each cell of a day, from that day's total. */
export const capacityBars = (totals: readonly number[]) => totals.map(capacityBarPercent);

/** Last week's hours for this week's editable rows (same role), as typed text; rows without one stay as they are. */
export function copiedCells(rows: readonly GridRow[], sheets: readonly Timesheet[], lastMonday: string): string[][] {
  return rows.map((row) => {
    if (!row.editable) return row.cells;
    const last = sheets.find((s) => s.planItemId === row.role.planItemId && s.weekStart === lastMonday);
    return last ? last.dailyHours.map(formatHours) : row.cells;
  });
}

/** Where an arrow key moves from (row, day) in a grid of `rows` × 7, staying inside. */
export function moveFocus(at: { row: number; day: number }, key: string, rows: number): { row: number; day: number } | null {
  const next = { ...at };
  if (key === 'ArrowLeft') next.day -= 1;
  else if (key === 'ArrowRight') next.day += 1;
  else if (key === 'ArrowUp') next.row -= 1;
  else if (key === 'ArrowDown') next.row += 1;
  else return null;
  if (next.day < 0 || next.day > 6 || next.row < 0 || next.row >= rows) return at;
  return next;
}
