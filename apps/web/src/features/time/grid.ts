import {
  TIME_MESSAGES,
  type MyTimesheetRole,
  type MyTimesheetTask,
  type Timesheet,
  type TimesheetStatus,
} from '@crewplan/domain/time/time';
import type { WeekSave } from '@crewplan/domain/time/week-save';
import { formatHours, parseHoursInput } from '@crewplan/domain/time/hours-input';
import { capacityBarPercent, hoursEditable, weekWithinRole } from '@crewplan/domain/time/rules';

/**
 * One row of the weekly grid: a role of mine (its own week), or a task of mine on a mission where I hold a role that
 * week (a line of that mission's task-form week).
 */
export type GridRow = {
  /** The role's id, or `task:` and the task's id. */
  key: string;
  kind: 'role' | 'task';
  missionId: string;
  missionTitle: string;
  title: string;
  planItemId?: string;
  /** A role row's role (its allocation and dates fill the week from the plan). */
  role?: MyTimesheetRole;
  actionItemId?: string;
  /** The week the row's hours live in, when there is one. */
  sheet: Timesheet | null;
  status: TimesheetStatus;
  /** The typed text of each day (what the cell shows). */
  cells: string[];
  editable: boolean;
};

const EMPTY_WEEK = ['', '', '', '', '', '', ''];

const roleSheetOf = (sheets: readonly Timesheet[], planItemId: string, monday: string) =>
  sheets.find((s) => s.planItemId === planItemId && s.weekStart === monday) ?? null;

/** A mission's task-form week: the sheet of the mission itself (no role) kept per task. */
const taskSheetOf = (sheets: readonly Timesheet[], missionId: string, monday: string) =>
  sheets.find((s) => s.mission === missionId && s.planItemId === null && s.form === 'task' && s.weekStart === monday) ?? null;

const hoursOfTask = (sheet: Timesheet | null, actionItemId: string) => sheet?.actionItems.find((line) => line._id === actionItemId)?.hours;

/**
 * Rows of the week, by mission: my roles whose dates touch the week, then my tasks on those missions, each with
 * its week's hours. A role week kept per task (by an older client) shows its day totals, locked: saving role days
 * would drop its tasks.
 */
export function gridRows(
  roles: readonly MyTimesheetRole[],
  tasks: readonly MyTimesheetTask[],
  sheets: readonly Timesheet[],
  monday: string,
): GridRow[] {
  const roleRows: GridRow[] = roles
    .filter((role) => weekWithinRole(monday, role))
    .map((role) => {
      const sheet = roleSheetOf(sheets, role.planItemId, monday);
      const status = sheet?.status ?? 'draft';
      const cells = sheet ? sheet.dailyHours.map(formatHours) : [...EMPTY_WEEK];
      // a role week kept per task with no task left (an API client's empty task list) takes role days again
      const keptPerTask = sheet?.form === 'task' && sheet.actionItems.length > 0;
      const editable = hoursEditable(status) && !keptPerTask;
      const { mission: missionId, planItemId } = role;
      const [missionTitle, title] = [
        role.missionTitle || TIME_MESSAGES.projectNotFound,
        role.title.trim() || TIME_MESSAGES.unspecifiedRole,
      ];
      return { key: planItemId, kind: 'role', missionId, missionTitle, title, planItemId, role, sheet, status, cells, editable };
    });
  const withRole = new Set(roleRows.map((row) => row.missionId));
  const taskRows: GridRow[] = tasks
    .filter((task) => withRole.has(task.mission))
    .map((task) => {
      const sheet = taskSheetOf(sheets, task.mission, monday);
      const status = sheet?.status ?? 'draft';
      const cells = hoursOfTask(sheet, task.actionItemId)?.map(formatHours) ?? [...EMPTY_WEEK];
      const { mission: missionId, missionTitle, title, actionItemId } = task;
      const key = `task:${actionItemId}`;
      return { key, kind: 'task', missionId, missionTitle, title, actionItemId, sheet, status, cells, editable: hoursEditable(status) };
    });
  const kindOrder = (row: GridRow) => (row.kind === 'role' ? 0 : 1);
  return [...roleRows, ...taskRows].sort(
    (a, b) =>
      a.missionTitle.localeCompare(b.missionTitle) ||
      a.missionId.localeCompare(b.missionId) ||
      kindOrder(a) - kindOrder(b) ||
      a.title.localeCompare(b.title),
  );
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

/** Last week's hours for this week's editable rows (same role, same task), as typed text; rows without any stay as they are. */
export function copiedCells(rows: readonly GridRow[], sheets: readonly Timesheet[], lastMonday: string): string[][] {
  return rows.map((row) => {
    if (!row.editable) return row.cells;
    const hours = row.planItemId
      ? roleSheetOf(sheets, row.planItemId, lastMonday)?.dailyHours
      : hoursOfTask(taskSheetOf(sheets, row.missionId, lastMonday), row.actionItemId!);
    return hours ? hours.map(formatHours) : row.cells;
  });
}

/** The one request that saves (or submits) the week: every row given, in its order, with its readable hours. */
export function weekRequest(
  rows: readonly Pick<GridRow, 'missionId' | 'planItemId' | 'actionItemId' | 'cells'>[],
  monday: string,
  status: WeekSave['status'],
): WeekSave {
  return {
    weekStart: monday,
    status,
    rows: rows.map((row) => ({
      missionId: row.missionId,
      ...(row.planItemId ? { planItemId: row.planItemId } : { actionItemId: row.actionItemId! }),
      dailyHours: cellHours(row.cells).map((hours) => hours ?? 0),
    })),
  };
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
