import { and, eq, inArray } from 'drizzle-orm';
import {
  assignmentNeedsApproval,
  can,
  canOnMission,
  departmentsClosedTo,
  isMissionAdmin,
  isReasonLongEnough,
  mayHoldRole,
  overlappingRole,
  type RequestContext,
} from '@crewplan/domain';
import type { Tx } from '../../db/database.ts';
import { departments, missionPeople, orgPeople } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import type { MissionAccess } from '../../plugins/mission-access.ts';
import { currentMembership, memberFacts } from '../../plugins/org-access.ts';
import type { PlanItemRow } from './plan.presenter.ts';

export const overlappingRoles = () => appError('planOverlappingRoles');
export const assignPersonFirst = () => appError('planAssignPersonFirst');
export const longerDescription = () => appError('planReasonTooShort');

/** Rule 79: a reason of at least 5 characters; 400 'Please enter a longer description' otherwise. */
export function requireReason(reason: string | undefined): string {
  if (!isReasonLongEnough(reason)) throw longerDescription();
  return reason!.trim();
}

/** Only person roles take a person. */
export function requirePersonRole(type: string): void {
  if (type !== 'person') throw appError('planNotARole');
}

/**
 * Whether the caller may approve roles in the organisation (`roles.approve`: admins, members with canApproveRoles,
 * the mission's project managers when the organisation lets them). On a personal mission, its admins.
 */
export function callerMayApproveRoles(access: MissionAccess): boolean {
  if (!access.org) return isMissionAdmin(access.member && !access.member.invitePending ? access.member : null);
  if (!access.orgMember) return false;
  return can(memberFacts(access.orgMember), 'roles.approve', { org: access.org, isProjectManager: isMissionAdmin(access.member) });
}

/** Who may approve or reject a request of this context: 'org' as `roles.approve`, 'pm' the mission's plan managers. */
export function mayActionRequest(access: MissionAccess, context: RequestContext): boolean {
  return context === 'org' ? callerMayApproveRoles(access) : canOnMission(access.actor, 'plan.manage', access.facts);
}

/** Rule 71: assigning a person by this caller on this mission goes through a request first. */
export function assignmentGoesThroughRequest(access: MissionAccess): boolean {
  if (!access.org) return false;
  return assignmentNeedsApproval({
    rolesNeedApproval: access.org.rolesNeedApproval,
    canProjectManagersApproveRoles: access.org.canProjectManagersApproveRoles,
    callerMayApprove: callerMayApproveRoles(access),
  });
}

/**
 * A person may hold a role on the mission (rule 77): on its team at a working permission (below observer), and not
 * only in departments of the organisation that keep their people to themselves (dontShareResources) unless the
 * chooser may reach those departments (their own or accessible ones; organisation admins reach all). 400 otherwise.
 */
export async function requireTeamCandidate(tx: Tx, access: MissionAccess, personId: string): Promise<void> {
  const [row] = await tx
    .select({ permission: missionPeople.permission })
    .from(missionPeople)
    .where(and(eq(missionPeople.missionId, access.mission.id), eq(missionPeople.personId, personId)));
  if (!row) throw appError('planNotOnTeam');
  if (!mayHoldRole(row.permission)) throw appError('planObserver');
  if (!access.mission.orgId || access.orgMember?.level === 'ADMIN') return;
  const [member] = await tx
    .select({ departments: orgPeople.departments })
    .from(orgPeople)
    .where(and(eq(orgPeople.orgId, access.mission.orgId), eq(orgPeople.personId, personId), currentMembership()));
  if (!member || member.departments.length === 0) return;
  const closed = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        eq(departments.orgId, access.mission.orgId),
        eq(departments.dontShareResources, true),
        inArray(departments.id, member.departments),
      ),
    );
  const reachable = [...(access.orgMember?.departments ?? []), ...(access.orgMember?.accessibleDepartments ?? [])];
  const closedIds = closed.map((department) => department.id);
  if (departmentsClosedTo(member.departments, closedIds, reachable)) {
    throw appError('planDepartmentClosed');
  }
}

/** Rule 75: 409 when `item` (with its person and dates as they are to be saved) overlaps another role of that person. */
export function requireNoOverlap(
  item: Pick<PlanItemRow, 'id' | 'type' | 'personId' | 'role' | 'startDate' | 'endDate'>,
  items: PlanItemRow[],
): void {
  const facts = (row: Pick<PlanItemRow, 'id' | 'type' | 'personId' | 'role' | 'startDate' | 'endDate'> & { wasDeleted?: boolean }) => ({
    _id: row.id,
    type: row.type,
    person: row.personId,
    role: row.role,
    startDate: row.startDate,
    endDate: row.endDate,
    wasDeleted: row.wasDeleted ?? false,
  });
  if (overlappingRole(facts(item), items.map(facts))) throw overlappingRoles();
}
