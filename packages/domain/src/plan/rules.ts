import { addIsoDays, daysBetween, fixPlanItemEnd, isIsoDay, PLAN_ITEM_END_FIX_DAYS } from '../missions/dates.ts';
import type { AllocationStatus, PersonLeftRole, RequestContext, RequestStatus } from './plan.ts';

/**
 * Pure rules of plan items, roles and allocation (spec 1 §4–§5, §9; spec 3 §4; rules 10, 12, 68, 71, 73–80).
 * "Today" is always a parameter; days are 'YYYY-MM-DD'.
 */

/** Rule 1: a working day is 8 hours. */
const DAY_HOURS = 8;
/** Rule 79: a role reason needs at least 5 characters. */
export const ROLE_REASON_MIN_LENGTH = 5;
/** Rule 78: an unfilled role starting within this many days (or already started) is severity 3. */
export const UNFILLED_ROLE_URGENT_DAYS = 5;
/** Rule 78: an unfilled role starting within this many days is severity 2. */
export const UNFILLED_ROLE_SOON_DAYS = 10;
/** Rule 78: the two-day lookahead. */
export const UNFILLED_ROLE_LOOKAHEAD_DAYS = 2;
/** Mission permission of observers: never candidates for a role (rule 77). */
export const MISSION_OBSERVER_PERMISSION = 3;

// ---------------------------------------------------------------------------------------------------------------
// Allocation status (rule 68)

export type RequestFacts = { context: RequestContext; status: RequestStatus; person?: string | null };
export type AllocationFacts = {
  /** A stored PM draft of the allocation. */
  allocationDraft: unknown;
  /** Oldest first. */
  requests: readonly RequestFacts[];
  person: string | null;
};

const statusOfRequest = (status: RequestStatus): AllocationStatus => (status === 'rejected' ? 'draft' : status);

/**
 * The allocation status of a plan item (rule 68):
 * - pm: a stored draft gives draft; otherwise the last request decides (approved → approved, pending_approval →
 *   pending_approval, rejected → draft); without any request, a role with a person was assigned straight through
 *   (approved) and one without a person is a draft;
 * - org: the last request of the organisation context, or else the last pending one; default draft.
 */
export function allocationStatus(item: AllocationFacts, context: RequestContext): AllocationStatus {
  const last = <T>(list: readonly T[]) => list[list.length - 1];
  if (context === 'pm') {
    if (item.allocationDraft !== null && item.allocationDraft !== undefined) return 'draft';
    const request = last(item.requests);
    if (request) return statusOfRequest(request.status);
    return item.person ? 'approved' : 'draft';
  }
  const request =
    last(item.requests.filter((r) => r.context === 'org')) ?? last(item.requests.filter((r) => r.status === 'pending_approval'));
  return request ? statusOfRequest(request.status) : 'draft';
}

/** True when the item has a request waiting for approval. */
export const hasPendingRequest = (item: { requests: readonly RequestFacts[] }) =>
  item.requests.some((request) => request.status === 'pending_approval');

// ---------------------------------------------------------------------------------------------------------------
// Role approval (rule 71)

export type RoleApprovalFacts = {
  rolesNeedApproval: boolean;
  canProjectManagersApproveRoles: boolean;
  /** The caller may approve roles in the organisation (`roles.approve`). */
  callerMayApprove: boolean;
};

/**
 * Rule 71: when the organisation's roles need approval, project managers cannot approve and the caller may not
 * approve roles, assigning a person submits a request instead; otherwise the assignment goes straight through.
 */
export const assignmentNeedsApproval = (facts: RoleApprovalFacts) =>
  facts.rolesNeedApproval && !facts.canProjectManagersApproveRoles && !facts.callerMayApprove;

/** Rule 79: a role reason must be at least 5 characters (trimmed; an emoji is one character, not two code units). */
export const isReasonLongEnough = (reason: string | null | undefined) => [...(reason ?? '').trim()].length >= ROLE_REASON_MIN_LENGTH;

// ---------------------------------------------------------------------------------------------------------------
// Hours and capacity (rules 10, 12)

/** Rule 10: the default daily hours of an allocation percent: 8 hours × the percent (100 → 8, 50 → 4). */
export function defaultDailyHours(allocationPercent: number): number {
  const percent = Math.min(100, Math.max(0, allocationPercent));
  return Math.round(DAY_HOURS * percent) / 100;
}

/**
 * Rule 12: the height of a capacity bar for the hours booked on one day: up to 8 h → 25%, up to 16 → 50%, up to
 * 32 → 75%, more → 98%. No hours (0 or less) shows no bar (0%).
 */
export function capacityBarHeight(hoursPerDay: number): number {
  if (!(hoursPerDay > 0)) return 0;
  if (hoursPerDay <= 8) return 25;
  if (hoursPerDay <= 16) return 50;
  if (hoursPerDay <= 32) return 75;
  return 98;
}

// ---------------------------------------------------------------------------------------------------------------
// Dates (rules 28, 74)

/**
 * The dates a plan item is saved with (rule 74): a missing date takes the mission's, an end not after the start
 * is pushed to the start plus 5 days (`fixPlanItemEnd`).
 */
export function planItemDates(
  item: { startDate: string | null | undefined; endDate: string | null | undefined },
  mission: { start: string | null; end: string | null },
): { startDate: string | null; endDate: string | null } {
  const startDate = isIsoDay(item.startDate) ? item.startDate : isIsoDay(mission.start) ? mission.start : null;
  let endDate = isIsoDay(item.endDate) ? item.endDate : isIsoDay(mission.end) ? mission.end : null;
  if (startDate && endDate) endDate = fixPlanItemEnd(startDate, endDate);
  if (startDate && !endDate) endDate = addIsoDays(startDate, PLAN_ITEM_END_FIX_DAYS);
  return { startDate, endDate };
}

type PlanDates = { _id: string; startDate: string | null; endDate: string | null };

/**
 * Rule 28 down the plan: an item pinned to another plan item has that item's dates (`planItemDates` of the target,
 * the mission's filling a missing one — as when it was pinned). Given the plan's live items as they are and the new
 * dates of the items that `moved`, answers the items that follow — those pinned to a moved item, then those pinned
 * to them, down the chain — with their new dates; each follows once, and only changes are answered (a loop of
 * pins stops where the dates already agree). Items pinned to the mission are not followers here (`movePlan`).
 */
export function followPinnedItems(
  items: readonly (PlanDates & { pinnedTo: string | null })[],
  moved: readonly PlanDates[],
  mission: { start: string | null; end: string | null },
): PlanDates[] {
  const current = new Map<string, PlanDates>(items.map((item) => [item._id, item]));
  for (const item of moved) current.set(item._id, item);
  const pinnedTo = new Map<string, string[]>();
  for (const item of items) if (item.pinnedTo) pinnedTo.set(item.pinnedTo, [...(pinnedTo.get(item.pinnedTo) ?? []), item._id]);
  const followed = new Map<string, PlanDates>();
  const queue = moved.map((item) => item._id);
  for (let targetId = queue.shift(); targetId !== undefined; targetId = queue.shift()) {
    const target = current.get(targetId)!;
    for (const id of pinnedTo.get(targetId) ?? []) {
      if (followed.has(id)) continue;
      const next = { _id: id, ...planItemDates(target, mission) };
      const now = current.get(id)!;
      if (next.startDate === now.startDate && next.endDate === now.endDate) continue;
      current.set(id, next);
      followed.set(id, next);
      queue.push(id);
    }
  }
  return [...followed.values()];
}

// ---------------------------------------------------------------------------------------------------------------
// Overlapping roles (rule 75) and allocation candidates (rule 77)

export type RoleFacts = {
  _id: string;
  type: string;
  person: string | null;
  role: string | null;
  startDate: string | null;
  endDate: string | null;
  wasDeleted?: boolean;
};

/** Two periods overlap when they share at least one day; a missing date is open-ended on that side. */
export function periodsOverlap(
  a: { startDate: string | null; endDate: string | null },
  b: { startDate: string | null; endDate: string | null },
): boolean {
  const startsBeforeEnd = (start: string | null, end: string | null) => !isIsoDay(start) || !isIsoDay(end) || daysBetween(start, end) >= 0;
  return startsBeforeEnd(a.startDate, b.endDate) && startsBeforeEnd(b.startDate, a.endDate);
}

const liveRole = (item: RoleFacts) => item.type === 'person' && item.wasDeleted !== true;

/**
 * Rule 75: the first other live person role of the same person on the project whose dates overlap `candidate`'s,
 * or null. A role without a person never overlaps.
 */
export function overlappingRole<T extends RoleFacts>(candidate: RoleFacts, items: readonly T[]): T | null {
  if (!candidate.person || candidate.type !== 'person') return null;
  return (
    items.find(
      (other) => other._id !== candidate._id && liveRole(other) && other.person === candidate.person && periodsOverlap(other, candidate),
    ) ?? null
  );
}

export type CandidateFacts = {
  personId: string;
  /** Their mission permission (null when not on the mission team). */
  permission: number | null;
  departments: readonly string[];
};

export type CandidateContext = {
  /** The role being filled. */
  item: RoleFacts;
  /** Every plan item of the mission. */
  items: readonly RoleFacts[];
  /** Departments of the organisation that do not share their resources (dontShareResources). */
  closedDepartments: readonly string[];
  /** Departments the person choosing may reach (their accessible departments); empty means none beyond sharing. */
  accessibleDepartments: readonly string[];
};

/** Why a person cannot be allocated to a role (rule 77), or null when they can. */
export type CandidateExclusion = 'alreadyOnItem' | 'overlappingRole' | 'observer' | 'departmentClosed' | null;

/**
 * Rule 77: a person is not a candidate when they are already on the item, have an overlapping item of the same
 * role, are an observer (3) on the mission, or belong only to departments that do not share resources and that
 * the chooser cannot access. (Permission above 3 is not a working team member either, spec 1 §6.)
 */
export function candidateExclusion(person: CandidateFacts, context: CandidateContext): CandidateExclusion {
  const { item } = context;
  if (item.person === person.personId) return 'alreadyOnItem';
  const sameRoleOverlap = context.items.some(
    (other) =>
      other._id !== item._id &&
      liveRole(other) &&
      other.person === person.personId &&
      (other.role ?? '') === (item.role ?? '') &&
      periodsOverlap(other, item),
  );
  if (sameRoleOverlap) return 'overlappingRole';
  if (person.permission === MISSION_OBSERVER_PERMISSION) return 'observer';
  if (departmentsClosedTo(person.departments, context.closedDepartments, context.accessibleDepartments)) return 'departmentClosed';
  return null;
}

/**
 * Rule 77, its department part: a person whose every department keeps its people to itself (dontShareResources)
 * and lies outside what the chooser may reach is closed to them. A person without departments is open to all.
 */
export function departmentsClosedTo(
  personDepartments: readonly string[],
  closedDepartments: readonly string[],
  accessibleDepartments: readonly string[],
): boolean {
  return (
    personDepartments.length > 0 &&
    personDepartments.every((department) => closedDepartments.includes(department) && !accessibleDepartments.includes(department))
  );
}

/** Rule 77: the people who may be allocated to a role. */
export const allocationCandidates = <T extends CandidateFacts>(people: readonly T[], context: CandidateContext): T[] =>
  people.filter((person) => candidateExclusion(person, context) === null);

/** Whether a person with this mission permission may hold a role: a team member below observer (rule 77, spec 1 §6). */
export const mayHoldRole = (permission: number | null) => permission !== null && permission < MISSION_OBSERVER_PERMISSION;

// ---------------------------------------------------------------------------------------------------------------
// Unfilled roles (rule 78) and organisation role cells (rule 80)

/**
 * Rule 78: the alert severity of a role without a person: 3 when it starts within 5 days or has started, 2 when it
 * starts within 10 days, else 0 (no alert). With the two-day lookahead (the short-range alert) a role starting
 * within 2 days, or started, gives 2 and any other 0. A role with a person, or without a start, has no alert.
 */
export function unfilledRoleSeverity(
  item: { person: string | null; startDate: string | null },
  today: string,
  options: { twoDayLookahead?: boolean } = {},
): 0 | 2 | 3 {
  if (item.person || !isIsoDay(item.startDate)) return 0;
  const days = daysBetween(today, item.startDate);
  if (options.twoDayLookahead) return days <= UNFILLED_ROLE_LOOKAHEAD_DAYS ? 2 : 0;
  if (days <= UNFILLED_ROLE_URGENT_DAYS) return 3;
  if (days <= UNFILLED_ROLE_SOON_DAYS) return 2;
  return 0;
}

export const ORG_ROLE_CELL_LABELS = {
  unfilled: 'Unfilled role',
  needsAssignment: 'Needs assignment',
  draft: 'Not submitted yet (Draft)',
} as const;

/**
 * Rule 80: the label of a role in the organisation grid, or null when the cell shows the person:
 * - no person and an approved request not assigned yet: 'Needs assignment';
 * - no person otherwise (unless a request for someone is pending, shown as that person): 'Unfilled role';
 * - a person whose organisation status is draft (never submitted): 'Not submitted yet (Draft)'.
 */
export function orgRoleCellLabel(item: AllocationFacts): string | null {
  const status = allocationStatus(item, 'org');
  if (!item.person) {
    if (status === 'approved') return ORG_ROLE_CELL_LABELS.needsAssignment;
    const pendingFor = item.requests.some((request) => request.status === 'pending_approval' && request.person);
    return pendingFor ? null : ORG_ROLE_CELL_LABELS.unfilled;
  }
  return status === 'draft' ? ORG_ROLE_CELL_LABELS.draft : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Removed role (rule 73)

/**
 * Rule 73: removing the person from a role clears the person and the pin, ends the role today (an end not after
 * its start is pushed to the start plus 5 days, rule 74) and records who left, when and who removed them.
 */
export function removedRole(
  item: { person: string | null; startDate: string | null },
  remover: string | null,
  today: string,
  now: string,
): { person: null; pinnedTo: null; endDate: string; personLeftRole: PersonLeftRole | null } {
  const endDate = isIsoDay(item.startDate) ? fixPlanItemEnd(item.startDate, today) : today;
  const personLeftRole = item.person ? { when: now, personId: item.person, whoKilledTheRole: remover } : null;
  return { person: null, pinnedTo: null, endDate, personLeftRole };
}

// ---------------------------------------------------------------------------------------------------------------
// Dependencies (rule 53)

/**
 * Whether making `fromId` depend on `toId` closes a circle: itself, or `toId` already depends (through any chain)
 * on `fromId`. `edges` are the existing [from, to] pairs ("from depends on to").
 */
export function closesDependencyCircle(edges: readonly (readonly [string, string])[], fromId: string, toId: string): boolean {
  if (fromId === toId) return true;
  const next = new Map<string, string[]>();
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const seen = new Set<string>();
  const stack = [toId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === fromId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(next.get(id) ?? []));
  }
  return false;
}

/** Whether a schedule's days fall within the role's dates (a missing role date does not bound that side). */
export function scheduleWithinItem(
  schedule: { startDate: string; endDate: string },
  item: { startDate: string | null; endDate: string | null },
): boolean {
  if (daysBetween(schedule.startDate, schedule.endDate) < 0) return false;
  if (isIsoDay(item.startDate) && daysBetween(item.startDate, schedule.startDate) < 0) return false;
  if (isIsoDay(item.endDate) && daysBetween(schedule.endDate, item.endDate) < 0) return false;
  return true;
}
