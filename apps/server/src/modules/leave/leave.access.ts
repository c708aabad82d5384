import { and, eq, sql } from 'drizzle-orm';
import { approvesOrgLeave, timeTrackingEligible } from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { missionPeople, missions, orgPeople, orgs } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import { orgMissionShown } from '../../plugins/mission-access.ts';
import type { OrgRow } from '../../plugins/types.ts';

/** Refusals of this module. */
export const leaveNotFound = () => appError('leaveNotFound');
export const leaveNotAllowed = () => appError('leaveNotAllowed');

/** Leave needs an organisation with the Unlimited subscription (spec 2 §1; a running trial counts). */
export function requireLeaveLicence(org: OrgRow | null | undefined, now: Date): OrgRow {
  if (!org || !timeTrackingEligible(org, now)) throw appError('leaveNotLicensed');
  return org;
}

export type OrgMember = typeof orgPeople.$inferSelect;

/** The person's current membership of the organisation, or null. */
export async function membershipOf(db: Db | Tx, orgId: string, personId: string): Promise<OrgMember | null> {
  const [row] = await db
    .select()
    .from(orgPeople)
    .where(and(eq(orgPeople.orgId, orgId), eq(orgPeople.personId, personId), currentMembership()));
  return row ?? null;
}

export async function loadOrg(db: Db | Tx, orgId: string): Promise<OrgRow | null> {
  const [row] = await db
    .select()
    .from(orgs)
    .where(and(eq(orgs.id, orgId), sql`${orgs.deletedAt} is null`));
  return row ?? null;
}

/**
 * Spec 3 §board, rule 212: whose leave a mission's owners and project managers review, as a condition on the
 * `mission_people` row `alias`: its working team (permission below 3), invite accepted.
 */
export const reviewedMember = (alias: string) => sql.raw(`not ${alias}.invite_pending and ${alias}.permission < 3`);

/**
 * Rule 212: the missions of the organisation on which `reviewerId` runs the team (owner, or project manager below
 * permission 3) and `personId` works on it (invite accepted, permission below 3: an observer's leave, or an
 * organisation admin's added as one, rule 103, is the organisation's approvers' to decide). As the board lists them:
 * not templates (rule 240), nor the missions of an organisation the reviewer has left, nor of one requiring two-factor
 * sign-in they lack (rule 109).
 */
export async function missionsReviewedFor(db: Db | Tx, orgId: string, reviewerId: string, personId: string): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select distinct m.id
    from ${missions} m
    join ${orgs} o on o.id = m.org_id
    join ${missionPeople} reviewer on reviewer.mission_id = m.id and reviewer.person_id = ${reviewerId} and not reviewer.invite_pending
      and reviewer.permission < 3 and (reviewer.permission = 2 or (reviewer.permission = 1 and reviewer.is_project_manager))
    join ${missionPeople} member on member.mission_id = m.id and member.person_id = ${personId} and ${reviewedMember('member')}
    where m.org_id = ${orgId} and m.archived_at is null and not m.is_template and ${sql.raw(orgMissionShown('reviewer.person_id'))}`);
  return rows.rows.map((row) => row.id);
}

/**
 * How the caller stands to one request: theirs (its person or creator, while a member), its organisation's approver, a
 * mission approver.
 */
export type LeaveStanding = { own: boolean; orgApprover: boolean; missionIds: string[] };

export async function standingOn(
  db: Db | Tx,
  request: { orgId: string; personId: string; createdBy: string },
  callerId: string,
): Promise<LeaveStanding> {
  const member = await membershipOf(db, request.orgId, callerId);
  // a request stays theirs only while they belong to its organisation: one who left (an approver who asked leave for
  // somebody) no longer changes it
  const mine = request.personId === callerId || request.createdBy === callerId;
  const own = !!member && mine;
  const orgApprover = approvesOrgLeave(member);
  const missionIds = mine ? [] : await missionsReviewedFor(db, request.orgId, callerId, request.personId);
  return { own, orgApprover, missionIds };
}

export const seesRequest = (standing: LeaveStanding) => standing.own || standing.orgApprover || standing.missionIds.length > 0;
