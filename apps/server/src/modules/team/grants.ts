import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import {
  countsAsSeat,
  FREE_SLOTS,
  inviteOptions,
  isMissionAdmin,
  missionApprovesDomain,
  MISSION_PERMISSIONS,
  orgLicenceActive,
  PERMISSION_ADMIN,
  PERMISSION_TEAM_LEAD,
} from '@crewplan/domain';
import type { Tx } from '../../db/database.ts';
import { missionInvites, missionPeople } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import type { MissionAccess } from '../../plugins/mission-access.ts';

/** Invite states in which the invite can still be answered. */
export const OPEN_INVITE_STATUSES = ['pending', 'confirmed'] as const;
const SEAT_PERMISSIONS = MISSION_PERMISSIONS.filter(countsAsSeat);

/** The caller's team row once their invite is accepted (a pending invitee acts as nobody on the team). */
export const activeMemberOf = (access: MissionAccess) => (access.member && !access.member.invitePending ? access.member : null);

/**
 * Whether an email's domain is approved for admin (rule 124): by the organisation or the mission; a personal mission
 * that approves no domain approves every one.
 */
const adminDomainApproved = ({ mission, org }: MissionAccess, email: string) =>
  missionApprovesDomain(org?.inviteDomains ?? null, mission.inviteDomains, email);

/** An invite to the mission that can still be answered. */
export const openInviteOn = (missionId: string, now: Date) =>
  and(
    eq(missionInvites.missionId, missionId),
    inArray(missionInvites.status, [...OPEN_INVITE_STATUSES]),
    gt(missionInvites.expiresAt, now),
  );

/** Who is given a permission on the mission: their email, and their account if they have one. */
export type Grantee = { email: string; personId: string | null };
export type Grant = { permission: number; isProjectManager: boolean };

/**
 * Free-plan seats taken on the mission, pending invites included, leaving out the grantee's own (rule 134):
 * team people at a counting permission, plus open invites of people not yet on the team.
 */
async function seatsTakenByOthers(tx: Tx, missionId: string, grantee: Grantee, now: Date): Promise<number> {
  const [team] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(missionPeople)
    .where(
      and(
        eq(missionPeople.missionId, missionId),
        inArray(missionPeople.permission, SEAT_PERMISSIONS),
        grantee.personId ? ne(missionPeople.personId, grantee.personId) : undefined,
      ),
    );
  const [invited] = await tx
    .select({ n: sql<number>`count(distinct ${missionInvites.inviteeEmail})::int` })
    .from(missionInvites)
    .where(
      and(
        openInviteOn(missionId, now),
        inArray(missionInvites.permission, SEAT_PERMISSIONS),
        ne(missionInvites.inviteeEmail, grantee.email),
        sql`not exists (select 1 from ${missionPeople} where ${missionPeople.missionId} = ${missionInvites.missionId} and ${missionPeople.personId} = ${missionInvites.personId})`,
      ),
    );
  return (team?.n ?? 0) + (invited?.n ?? 0);
}

/**
 * What giving a permission on the mission must pass, by an invite or by a later change of somebody's permission
 * (rules 124, 132, 134): admin only for approved domains; one of the permissions the invite dialog offers the giver
 * (never 4 or 5, which the organisation's own rules give); and, unless the mission or its
 * organisation is licensed, a free seat when the permission takes one and the person does not hold one already (`heldSeat`).
 */
export async function checkGrant(tx: Tx, access: MissionAccess, grantee: Grantee, grant: Grant, now: Date, heldSeat = false) {
  const { mission, org, orgMember } = access;
  const giver = activeMemberOf(access);
  const domainApproved = adminDomainApproved(access, grantee.email);
  if (grant.permission === PERMISSION_ADMIN && !domainApproved) throw appError('adminDomainNotApproved');
  const options = inviteOptions({
    inviterIsMissionAdmin: isMissionAdmin(giver),
    inviterIsOrgAdmin: orgMember?.level === 'ADMIN',
    inviterIsProjectManager: giver?.isProjectManager ?? false,
    inviterIsOrgMember: orgMember !== null,
    rolesNeedApproval: org?.rolesNeedApproval ?? false,
    fromCrm: mission.createdFromGtCrm,
    projectType: mission.projectType,
    isTemplate: mission.isTemplate,
    isModel: mission.isModel,
    hasOrg: org !== null,
    domainApproved,
  });
  const offered = options.some(
    (option) =>
      option.permission === grant.permission &&
      (grant.permission !== PERMISSION_TEAM_LEAD || option.isProjectManager === grant.isProjectManager),
  );
  if (!offered) throw appError('invitePermissionNotAllowed');
  const licensed = mission.isLicensedActive || (org ? orgLicenceActive(org, now) : false);
  if (countsAsSeat(grant.permission) && !heldSeat && !licensed && (await seatsTakenByOthers(tx, mission.id, grantee, now)) >= FREE_SLOTS) {
    throw appError('freeSlotsFull');
  }
}
