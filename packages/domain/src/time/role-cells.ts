import { ORG_ROLE_CELL_LABELS, type RequestFacts } from '../plan/rules.ts';
import { weekWithinRole } from './rules.ts';
import type { RoleCellKind, TimesheetStatus } from './time.ts';

/**
 * The organisation-level role cells of a week on the project managers' Timesheets tab (rule 80, spec 3 §2): a role
 * whose week was submitted, approved or rejected shows that week; any other role of the week shows one of three cells.
 */
/** The spec's labels, exact: 'Unfilled role', 'Needs assignment', 'Not submitted yet (Draft)'. */
export const ROLE_CELL_LABELS: Record<RoleCellKind, string> = ORG_ROLE_CELL_LABELS;

/**
 * The cell of one role in one week, or null when the week itself shows (some sheet of it is past draft):
 * - a person holds the role and has not submitted the week (no sheet, or a draft): 'Not submitted yet (Draft)';
 * - nobody holds it, but somebody is asked for (a request waits for approval) or was approved and no longer holds
 *   it (the last request is approved): 'Needs assignment';
 * - nobody holds it otherwise: 'Unfilled role'.
 */
export function roleWeekCell(
  role: { person: string | null; requests: readonly RequestFacts[] },
  sheetStatuses: readonly TimesheetStatus[],
): RoleCellKind | null {
  if (sheetStatuses.some((status) => status !== 'draft')) return null;
  if (role.person) return 'draft';
  const last = role.requests[role.requests.length - 1];
  const asked = role.requests.some((request) => request.status === 'pending_approval') || last?.status === 'approved';
  return asked ? 'needsAssignment' : 'unfilled';
}

export type RoleWeekFacts = {
  planItemId: string;
  person: string | null;
  startDate: string | null;
  endDate: string | null;
  /** Oldest first. */
  requests: readonly RequestFacts[];
};

/** The cells of every role over the weeks (Mondays) its dates touch; weeks that show a sheet past draft are left out. */
export function roleWeekCells(
  roles: readonly RoleWeekFacts[],
  sheets: readonly { planItemId: string | null; weekStart: string; status: TimesheetStatus }[],
  weeks: readonly string[],
): { planItemId: string; weekStart: string; kind: RoleCellKind }[] {
  const statuses = new Map<string, TimesheetStatus[]>();
  for (const sheet of sheets) {
    const key = `${sheet.planItemId}:${sheet.weekStart}`;
    statuses.set(key, [...(statuses.get(key) ?? []), sheet.status]);
  }
  const cells = [];
  for (const role of roles)
    for (const weekStart of weeks) {
      if (!weekWithinRole(weekStart, role)) continue;
      const kind = roleWeekCell(role, statuses.get(`${role.planItemId}:${weekStart}`) ?? []);
      if (kind) cells.push({ planItemId: role.planItemId, weekStart, kind });
    }
  return cells;
}
