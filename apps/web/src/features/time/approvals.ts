import { MISSION_MESSAGES } from '@crewplan/domain/messages/index';
import { TIME_MESSAGES, type Timesheet, type TimesheetStatus } from '@crewplan/domain/time/time';
import { weekDays } from '@crewplan/domain/time/week';

/** Names the approver's list shows: people and missions by id (the board's work space knows them). */
export type Names = { people: ReadonlyMap<string, string>; missions: ReadonlyMap<string, string> };

export type ApprovalFilters = { mission: string | null; person: string | null; status: TimesheetStatus | null };

/** The weeks shown: those matching every filter set, newest week first, then by person. */
export function shownWeeks(sheets: readonly Timesheet[], filters: ApprovalFilters, names: Names): Timesheet[] {
  return sheets
    .filter(
      (sheet) =>
        (!filters.mission || sheet.mission === filters.mission) &&
        (!filters.person || sheet.person === filters.person) &&
        (!filters.status || sheet.status === filters.status),
    )
    .sort((a, b) => b.weekStart.localeCompare(a.weekStart) || personName(a, names).localeCompare(personName(b, names)));
}

const snapshotText = (sheet: Timesheet, key: string) => {
  const value = sheet.snapshot[key];
  return typeof value === 'string' ? value : '';
};

export const personName = (sheet: Timesheet, names: Names) =>
  names.people.get(sheet.person) ?? (snapshotText(sheet, 'personName') || MISSION_MESSAGES.personNotFound);
export const missionName = (sheet: Timesheet, names: Names) =>
  (sheet.mission && names.missions.get(sheet.mission)) ||
  snapshotText(sheet, 'missionTitle') ||
  (sheet.mission ? TIME_MESSAGES.projectNotFound : 'Organisation');
/** The role's title as the person saw it when saving ('Unspecified role' for a role that had none). */
export const roleName = (sheet: Timesheet) =>
  snapshotText(sheet, 'roleTitle') || (sheet.form === 'role' && (sheet.planItemId || sheet.orgRole) ? TIME_MESSAGES.unspecifiedRole : '');

/** One line of the export: a day of a week (a task's day in task form); days without hours are left out. */
export type ExportLine = {
  person: string;
  mission: string;
  role: string;
  task: string;
  date: string;
  hours: number;
  status: TimesheetStatus;
};

export function exportLines(sheets: readonly Timesheet[], names: Names): ExportLine[] {
  const lines: ExportLine[] = [];
  for (const sheet of sheets) {
    const base = { person: personName(sheet, names), mission: missionName(sheet, names), role: roleName(sheet), status: sheet.status };
    const days = weekDays(sheet.weekStart);
    const parts =
      sheet.form === 'task'
        ? sheet.actionItems.map((task) => ({ task: task.title ?? 'Deleted task', hours: task.hours }))
        : [{ task: '', hours: sheet.dailyHours }];
    for (const part of parts)
      part.hours.forEach((hours, i) => {
        if (hours > 0) lines.push({ ...base, task: part.task, date: days[i]!, hours });
      });
  }
  return lines;
}

export const EXPORT_COLUMNS = [
  'person',
  'mission',
  'role',
  'task',
  'date',
  'hours',
  'status',
] as const satisfies readonly (keyof ExportLine)[];

/**
 * How the export is written (papaparse's `unparse`): a text cell a spreadsheet would run as a formula (starting with
 * =, +, -, @, a tab or a return: a task or role named so by anybody on the team) is kept as text.
 */
export const EXPORT_CSV_CONFIG = { columns: [...EXPORT_COLUMNS], escapeFormulae: true };
