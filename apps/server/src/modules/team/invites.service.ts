import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import {
  clearanceCheck,
  defaultInviteMessage,
  MISSION_INVITE_LIFETIME_DAYS,
  PERMISSION_ADMIN,
  type MissionInvite,
  type MissionInviteCreate,
} from '@crewplan/domain';
import { lockMission, type RecordMissionWrite, runMissionCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { departments, missionInvites, missionPeople, orgPeople, people, personEmails, planItems } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import type { MissionAccess, MissionPersonRow } from '../../plugins/mission-access.ts';
import { currentMembership, hashSecret } from '../../plugins/org-access.ts';
import type { AppContext, OrgPersonRow, Principal } from '../../plugins/types.ts';
import { autoCreateRoleApplies } from './auto-role.ts';
import { activeMemberOf, checkGrant, OPEN_INVITE_STATUSES, openInviteOn, type Grant } from './grants.ts';
import { isOnTeam, personNotFound } from './team.service.ts';

export type MissionInviteRow = typeof missionInvites.$inferSelect;

export { OPEN_INVITE_STATUSES };

export function presentMissionInvite(row: MissionInviteRow, alreadyInvited = false): MissionInvite {
  return {
    _id: row.id,
    mission: row.missionId,
    inviteeEmail: row.inviteeEmail,
    person: row.personId,
    permission: row.permission,
    isProjectManager: row.isProjectManager,
    role: row.role,
    message: row.message,
    autoCreateRole: row.autoCreateRole,
    status: row.status,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    alreadyInvited,
  };
}

/** The link the invite mail carries: the web signs the person in (or up) and then handles the token. */
export function missionInviteLink(publicUrl: string, token: string): string {
  const url = new URL('/', publicUrl);
  url.searchParams.set('from', 'invite');
  url.searchParams.set('token', token);
  return url.toString();
}

/** Who is invited: their email, their account if they have one, their membership of the mission's organisation. */
type Invitee = { email: string; personId: string | null; orgMember: OrgPersonRow | null };

async function orgMemberOf(tx: Tx, orgId: string | null, personId: string | null): Promise<OrgPersonRow | null> {
  if (!orgId || !personId) return null;
  const [row] = await tx
    .select()
    .from(orgPeople)
    .where(and(eq(orgPeople.orgId, orgId), eq(orgPeople.personId, personId), currentMembership()))
    .limit(1);
  return row ?? null;
}

/** `invitee` must be a current member of the mission's organisation (404 otherwise); an email may belong to an account or not. */
async function resolveInvitee(tx: Tx, access: MissionAccess, input: MissionInviteCreate): Promise<Invitee> {
  const orgId = access.mission.orgId;
  if (input.invitee !== undefined) {
    const [row] = orgId
      ? await tx
          .select({ email: people.email, orgMember: orgPeople })
          .from(orgPeople)
          .innerJoin(people, eq(people.id, orgPeople.personId))
          .where(and(eq(orgPeople.orgId, orgId), eq(orgPeople.personId, input.invitee), currentMembership()))
          .limit(1)
      : [];
    if (!row) throw personNotFound();
    return { email: row.email, personId: input.invitee, orgMember: row.orgMember };
  }
  const email = input.inviteeEmail!;
  const [primary] = await tx.select({ id: people.id }).from(people).where(eq(people.email, email)).limit(1);
  const [secondary] = primary
    ? []
    : await tx
        .select({ id: personEmails.personId })
        .from(personEmails)
        .where(and(eq(personEmails.email, email), eq(personEmails.verified, true)))
        .limit(1);
  const personId = primary?.id ?? secondary?.id ?? null;
  if (personId) return { email, personId, orgMember: await orgMemberOf(tx, orgId, personId) };
  // nobody signs in with the address, but it may be the organisation email of one of its people: the clearance
  // rules still apply to them (the invite stays with the address, which whoever verifies it accepts)
  const [byOrgEmail] = orgId
    ? await tx
        .select()
        .from(orgPeople)
        .where(and(eq(orgPeople.orgId, orgId), eq(orgPeople.email, email), currentMembership()))
        .limit(1)
    : [];
  return { email, personId: null, orgMember: byOrgEmail ?? null };
}

/** The invite of this person (or address) to the mission that can still be answered, if any. */
async function openInviteOf(tx: Tx, missionId: string, invitee: Invitee, now: Date): Promise<MissionInviteRow | null> {
  const who = invitee.personId
    ? or(eq(missionInvites.personId, invitee.personId), eq(missionInvites.inviteeEmail, invitee.email))
    : eq(missionInvites.inviteeEmail, invitee.email);
  const [row] = await tx
    .select()
    .from(missionInvites)
    .where(and(openInviteOn(missionId, now), who))
    .orderBy(desc(missionInvites.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The departments through which an inviter reaches a person by sharing (rule 123): the person's departments that
 * share their people (not dontShareResources), and the inviter's own.
 */
async function sharedDepartmentsOf(tx: Tx, orgId: string, personDepartments: string[], inviterDepartments: readonly string[]) {
  const closed =
    personDepartments.length === 0
      ? []
      : await tx
          .select({ id: departments.id })
          .from(departments)
          .where(
            and(
              eq(departments.orgId, orgId),
              inArray(departments.id, personDepartments),
              eq(departments.dontShareResources, true),
              eq(departments.isDeleted, false),
            ),
          );
  const closedIds = new Set(closed.map((department) => department.id));
  return [...personDepartments.filter((id) => !closedIds.has(id)), ...inviterDepartments];
}

/**
 * The rules an invite passes before anything is written (rules 119–135): not already on the team, the inviter's
 * clearance over an organisation person (accessible departments and offices, department sharing), then what any
 * grant of a permission passes (`checkGrant`).
 */
async function checkInvite(tx: Tx, access: MissionAccess, invitee: Invitee, teamRow: MissionPersonRow | null, grant: Grant, now: Date) {
  const { orgMember } = access;
  if (isOnTeam(teamRow)) throw appError('alreadyOnTeam', invitee.email);
  const inviter = activeMemberOf(access);
  if (invitee.orgMember && inviter?.permission !== PERMISSION_ADMIN && orgMember?.level !== 'ADMIN') {
    const refusal = clearanceCheck({
      inviterPermission: inviter?.permission ?? 4,
      inviterAccessibleDepartments: orgMember?.accessibleDepartments ?? [],
      inviterAccessibleOffices: orgMember?.accessibleOffices ?? [],
      person: { departments: invitee.orgMember.departments, office: invitee.orgMember.officeId },
      sharedDepartments: await sharedDepartmentsOf(
        tx,
        invitee.orgMember.orgId,
        invitee.orgMember.departments,
        orgMember?.departments ?? [],
      ),
    });
    if (refusal) throw appError('inviteNoClearance', refusal);
  }
  await checkGrant(tx, access, invitee, grant, now);
}

/**
 * Whether the invite keeps the auto-create-role timesheet setting (rules 130, 133). Like choosing observer, asking for
 * it where the toggle is not offered leaves it off: the invite itself is still valid, the setting just does not apply.
 */
const keepsAutoCreateRole = (access: MissionAccess, input: MissionInviteCreate, now: Date) =>
  input.autoCreateRole && autoCreateRoleApplies(access, input.config.permission, now);

const planItemNotFound = () => appError('inviteRoleNotFound');

async function planItemOfMission(tx: Tx, missionId: string, planItemId: string) {
  const [item] = await tx
    .select({ id: planItems.id })
    .from(planItems)
    .where(and(eq(planItems.id, planItemId), eq(planItems.missionId, missionId)))
    .limit(1);
  if (!item) throw planItemNotFound();
}

/** Puts a person on a plan item of the mission (its role is theirs); 404 when the plan item is not the mission's. */
export async function assignPlanItem(
  tx: Tx,
  missionId: string,
  planItemId: string,
  personId: string,
  record: RecordMissionWrite,
  now: Date,
) {
  const [item] = await tx
    .update(planItems)
    .set({ personId, updatedAt: now })
    .where(and(eq(planItems.id, planItemId), eq(planItems.missionId, missionId)))
    .returning({ id: planItems.id, title: planItems.title });
  if (!item) throw planItemNotFound();
  record({ action: 'update', entity: 'plan.items', id: item.id, title: item.title, changes: { person: { from: null, to: personId } } });
}

/**
 * `POST /mission/:id/invite` (spec 1 §5, rules 119–138). The inviter's own email must be verified. Somebody
 * already invited is updated with the new permission (and assigned to `planItemId`) and answered with
 * `alreadyInvited: true` instead of a second invite. Otherwise an invite with a 14-day mailed token is recorded
 * and, for somebody with an account, a pending team row; the mail goes out once committed.
 */
export async function createMissionInvite(
  ctx: AppContext,
  access: MissionAccess,
  principal: Principal,
  input: MissionInviteCreate,
): Promise<{ invite: MissionInvite; created: boolean }> {
  if (!principal.emailVerified) throw appError('emailNotVerified');
  const { mission } = access;
  const permission = input.config.permission;
  const grant = { permission, isProjectManager: (permission === 1 || permission === 2) && input.config.isProjectManager };
  const role = input.config.role ?? null;
  const token = randomBytes(32).toString('base64url');
  const result = await runMissionCommand(ctx, mission.id, principal.personId, async (tx, record) => {
    await lockMission(tx, mission.id);
    const invitee = await resolveInvitee(tx, access, input);
    if (input.planItemId) await planItemOfMission(tx, mission.id, input.planItemId);
    const [teamRow] = invitee.personId
      ? await tx
          .select()
          .from(missionPeople)
          .where(and(eq(missionPeople.missionId, mission.id), eq(missionPeople.personId, invitee.personId)))
          .limit(1)
      : [];
    await checkInvite(tx, access, invitee, teamRow ?? null, grant, ctx.clock.now());
    const open = await openInviteOf(tx, mission.id, invitee, ctx.clock.now());
    const settings = { ...grant, role, autoCreateRole: keepsAutoCreateRole(access, input, ctx.clock.now()) };
    if (open && (!teamRow || teamRow.invitePending)) {
      const [updated] = await tx
        .update(missionInvites)
        // the latest inviter vouches for it (an invite is valid while its inviter may invite)
        .set({ ...settings, planItemId: input.planItemId ?? open.planItemId, invitedBy: principal.personId, updatedAt: ctx.clock.now() })
        .where(eq(missionInvites.id, open.id))
        .returning();
      record({ action: 'update', entity: 'mission.invites', id: open.id, title: invitee.email });
      if (teamRow) {
        await tx
          .update(missionPeople)
          .set({ ...grant, role, updatedAt: ctx.clock.now() })
          .where(eq(missionPeople.id, teamRow.id));
        record({
          action: 'update',
          entity: 'mission.people',
          id: teamRow.id,
          title: invitee.email,
          changes: { permission: { from: teamRow.permission, to: permission } },
        });
      }
      if (input.planItemId && invitee.personId)
        await assignPlanItem(tx, mission.id, input.planItemId, invitee.personId, record, ctx.clock.now());
      return { row: updated!, created: false, invitee };
    }
    await tx
      .update(missionInvites)
      .set({ status: 'revoked', updatedAt: ctx.clock.now() })
      .where(
        and(
          eq(missionInvites.missionId, mission.id),
          eq(missionInvites.inviteeEmail, invitee.email),
          inArray(missionInvites.status, [...OPEN_INVITE_STATUSES]),
        ),
      );
    const [row] = await tx
      .insert(missionInvites)
      .values({
        missionId: mission.id,
        inviteeEmail: invitee.email,
        personId: invitee.personId,
        ...settings,
        message: input.message ?? defaultInviteMessage(mission.isTemplate),
        planItemId: input.planItemId ?? null,
        tokenHash: hashSecret(token),
        invitedBy: principal.personId,
        expiresAt: new Date(ctx.clock.now().getTime() + MISSION_INVITE_LIFETIME_DAYS * 24 * 3_600_000),
      })
      .returning();
    record({ action: 'invite', entity: 'mission.invites', id: row!.id, title: invitee.email });
    if (invitee.personId && (!teamRow || teamRow.invitePending)) {
      const values = { ...grant, role, email: invitee.email, invitePending: true, addedBy: principal.personId };
      const [member] = await tx
        .insert(missionPeople)
        .values({ missionId: mission.id, personId: invitee.personId, ...values })
        .onConflictDoUpdate({ target: [missionPeople.missionId, missionPeople.personId], set: { ...values, updatedAt: ctx.clock.now() } })
        .returning({ id: missionPeople.id });
      record({
        action: teamRow ? 'update' : 'create',
        entity: 'mission.people',
        id: member!.id,
        title: invitee.email,
        changes: { permission: { from: teamRow?.permission ?? null, to: permission }, invitePending: { from: null, to: true } },
      });
    }
    if (input.planItemId && invitee.personId)
      await assignPlanItem(tx, mission.id, input.planItemId, invitee.personId, record, ctx.clock.now());
    return { row: row!, created: true, invitee };
  });
  if (result.created) {
    const [inviter] = await ctx.db.select().from(people).where(eq(people.id, principal.personId));
    await ctx.events.emit('mission.invite.created', {
      missionId: mission.id,
      missionTitle: mission.title,
      isTemplate: mission.isTemplate,
      inviteId: result.row.id,
      inviteeEmail: result.invitee.email,
      inviteePersonId: result.invitee.personId,
      message: result.row.message,
      token,
      inviterName: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email : '',
    });
  }
  return { invite: presentMissionInvite(result.row, !result.created), created: result.created };
}
