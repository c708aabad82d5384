import type { RoleCellKind, RoleWeekCell, Timesheet, TimesheetStatus } from '@crewplan/domain/time/time';
import { ROLE_CELL_LABELS } from '@crewplan/domain/time/role-cells';
import { canTransition, timesheetActors } from '@crewplan/domain/time/rules';
import { personName, type Names } from './approvals.ts';
import { STATUS_LABELS } from './status.ts';

/**
 * The rows of the board's Timesheets tab: the weeks of the missions I manage that were submitted, approved or rejected,
 * and the organisation-level role cells of the weeks that were not (rule 80). A draft sheet shows as its role's
 * 'Not submitted yet (Draft)' cell.
 */
export type BoardRow = { type: 'sheet'; sheet: Timesheet } | { type: 'cell'; cell: RoleWeekCell };

/** What the status filter picks: a sheet's status, or a role cell ('draft' is both a draft sheet and its cell). */
export type BoardStatus = Exclude<TimesheetStatus, 'draft'> | RoleCellKind;

export type BoardFilters = { mission: string | null; person: string | null; status: BoardStatus | null; week: string | null };

export const BOARD_STATUS_OPTIONS: { value: BoardStatus; label: string }[] = [
  { value: 'submitted', label: STATUS_LABELS.submitted },
  { value: 'approved', label: STATUS_LABELS.approved },
  { value: 'rejected', label: STATUS_LABELS.rejected },
  { value: 'draft', label: ROLE_CELL_LABELS.draft },
  { value: 'unfilled', label: ROLE_CELL_LABELS.unfilled },
  { value: 'needsAssignment', label: ROLE_CELL_LABELS.needsAssignment },
];

const statusOf = (row: BoardRow) => (row.type === 'sheet' ? row.sheet.status : row.cell.kind);
const weekOf = (row: BoardRow) => (row.type === 'sheet' ? row.sheet.weekStart : row.cell.weekStart);
const missionOf = (row: BoardRow) => (row.type === 'sheet' ? row.sheet.mission : row.cell.mission);
const personOf = (row: BoardRow) => (row.type === 'sheet' ? row.sheet.person : row.cell.person);

/** Who a row is about: the sheet's person, the role's holder, or nobody for an unfilled role. */
export function rowPerson(row: BoardRow, names: Names): string {
  if (row.type === 'sheet') return personName(row.sheet, names);
  return row.cell.person ? (names.people.get(row.cell.person) ?? row.cell.personName ?? row.cell.person) : '';
}

/**
 * Whether the viewer (`selfId`, null until known) decides this week from the board: a submitted week of somebody
 * else. Nobody approves or rejects their own week; the server refuses it too.
 */
export const decidable = (sheet: Timesheet, selfId: string | null) =>
  sheet.status === 'submitted' && selfId !== null && sheet.person !== selfId;

/**
 * Whether the viewer reopens this week from the board (back to a draft the person changes and submits again): the
 * server's rule for an approver — every week here is of a mission the viewer manages — on an approved week of
 * somebody else. A week on a sent or paid invoice is refused by the server, which says which invoice.
 */
export const reopenable = (sheet: Timesheet, selfId: string | null) =>
  sheet.status === 'approved' &&
  selfId !== null &&
  canTransition(timesheetActors({ personId: sheet.person }, { personId: selfId, approves: true }), sheet.status, 'draft');

/** Sheets and cells as one list, the cells' drafts not repeated as sheets. */
export function allRows(sheets: readonly Timesheet[], cells: readonly RoleWeekCell[]): BoardRow[] {
  const drafts = new Set(cells.flatMap((cell) => (cell.draft ? [cell.draft._id] : [])));
  return [
    ...sheets.filter((sheet) => !drafts.has(sheet._id)).map((sheet): BoardRow => ({ type: 'sheet', sheet })),
    ...cells.map((cell): BoardRow => ({ type: 'cell', cell })),
  ];
}

/** Whether a row passes the mission, person and week filters (the status filter apart). */
const inScope = (row: BoardRow, filters: BoardFilters) =>
  (!filters.mission || missionOf(row) === filters.mission) &&
  (!filters.person || personOf(row) === filters.person) &&
  (!filters.week || weekOf(row) === filters.week);

/** The rows shown: those matching every filter set, newest week first, weeks to decide before role cells, then by person. */
export function shownRows(rows: readonly BoardRow[], filters: BoardFilters, names: Names): BoardRow[] {
  return rows
    .filter((row) => inScope(row, filters) && (!filters.status || statusOf(row) === filters.status))
    .sort(
      (a, b) =>
        weekOf(b).localeCompare(weekOf(a)) ||
        (a.type === b.type ? 0 : a.type === 'sheet' ? -1 : 1) ||
        rowPerson(a, names).localeCompare(rowPerson(b, names)) ||
        (a.type === 'cell' && b.type === 'cell' ? a.cell.title.localeCompare(b.cell.title) : 0),
    );
}

/** How many role cells of each kind the mission, person and week filters hold (the shortcuts above the list). */
export function cellCounts(rows: readonly BoardRow[], filters: BoardFilters): Record<RoleCellKind, number> {
  const counts: Record<RoleCellKind, number> = { unfilled: 0, needsAssignment: 0, draft: 0 };
  for (const row of rows) if (row.type === 'cell' && inScope(row, filters)) counts[row.cell.kind] += 1;
  return counts;
}

/** The filters' choices: every mission, person and week of the rows, named. */
export function filterChoices(rows: readonly BoardRow[], names: Names, weekTitle: (monday: string) => string) {
  const people = new Map<string, string>();
  const missions = new Map<string, string>();
  for (const row of rows) {
    const person = personOf(row);
    if (person) people.set(person, rowPerson(row, names));
    const mission = missionOf(row);
    if (mission) missions.set(mission, names.missions.get(mission) ?? (row.type === 'cell' ? row.cell.missionTitle : undefined) ?? mission);
  }
  const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
  return {
    people: [...people].map(([value, label]) => ({ value, label })).sort(byLabel),
    missions: [...missions].map(([value, label]) => ({ value, label })).sort(byLabel),
    weeks: [...new Set(rows.map(weekOf))]
      .sort()
      .reverse()
      .map((value) => ({ value, label: weekTitle(value) })),
  };
}
