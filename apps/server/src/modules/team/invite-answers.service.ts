import { and, desc, eq, gt, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  canOnMission,
  defaultMissionRateUnit,
  PERMISSION_LABELS,
  type MissionInviteAnswered,
  type MissionInviteByToken,
} from '@crewplan/domain';
import { lockMission, type RecordMissionWrite, runMissionCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { missionInvites, missionPeople, missions, orgs, people, personEmails, planItemRequests, planItems } from '../../db/schema/index.ts';
import { loadMissionAccess } from '../../plugins/mission-access.ts';
import { personToday } from '../people/index.ts';
import { assignmentGoesThroughRequest } from '../plan/index.ts';
import { appError } from '../../lib/errors.ts';
import { hashSecret } from '../../plugins/org-access.ts';
import type { AppContext, Principal } from '../../plugins/types.ts';
import { autoCreateRoleStillApplies, invitedRoleDates } from './auto-role.ts';
import { OPEN_INVITE_STATUSES, type MissionInviteRow } from './invites.service.ts';
import { isOnTeam } from './team.service.ts';

export const missionInviteNoLongerValid = () => appError('missionInviteNoLongerValid');
const inviteNotFound = () => appError('missionInviteNotFound');

const inviters = alias(people, 'inviters');

/** An invite with its mission (archived or not) and its inviter. */
async function loadInvite(ctx: AppContext, where: SQL) {
  const [row] = await ctx.db
    .select({ invite: missionInvites, mission: missions, inviter: inviters })
    .from(missionInvites)
    .innerJoin(missions, eq(missions.id, missionInvites.missionId))
    .leftJoin(inviters, eq(inviters.id, missionInvites.invitedBy))
    .where(where)
    .limit(1);
  return row ?? null;
}
type LoadedInvite = NonNullable<Awaited<ReturnType<typeof loadInvite>>>;

/** Still answerable: pending or confirmed, not expired, and its mission not archived. */
const isUsable = ({ invite, mission }: LoadedInvite, now: Date) =>
  (OPEN_INVITE_STATUSES as readonly string[]).includes(invite.status) && invite.expiresAt.getTime() > now.getTime() && !mission.archivedAt;

/**
 * An invite gives only what its inviter may still give: once they may no longer invite to the mission (they left it,
 * or its organisation), it is no longer valid; an invite to an address nobody else can revoke.
 */
async function inviterStillInvites(db: AppContext['db'] | Tx, invite: MissionInviteRow): Promise<boolean> {
  if (!invite.invitedBy) return false;
  const inviter = await loadMissionAccess(db, invite.missionId, invite.invitedBy);
  return !!inviter && canOnMission(inviter.actor, 'mission.invite', inviter.facts);
}

/** 410 unless the invite can still be answered and its inviter may still invite. */
async function checkUsable(db: AppContext['db'] | Tx, row: LoadedInvite, now: Date): Promise<void> {
  if (!isUsable(row, now) || !(await inviterStillInvites(db, row.invite))) throw missionInviteNoLongerValid();
}

function presentByToken({ invite, mission, inviter }: LoadedInvite): MissionInviteByToken {
  return {
    _id: invite.id,
    mission: { _id: mission.id, title: mission.title, isTemplate: mission.isTemplate },
    inviteeEmail: invite.inviteeEmail,
    permission: invite.permission,
    isProjectManager: invite.isProjectManager,
    message: invite.message,
    invitedBy: inviter ? { firstName: inviter.firstName, lastName: inviter.lastName } : null,
    status: invite.status,
    expiresAt: invite.expiresAt.toISOString(),
  };
}

const answered = (invite: MissionInviteRow, planItem: string | null = null): MissionInviteAnswered => ({
  _id: invite.id,
  mission: invite.missionId,
  status: invite.status,
  planItem,
});

/** How the caller relates to an email: their sign-in email or a secondary one, verified or not, or neither. */
async function emailMatch(ctx: AppContext, principal: Principal, email: string): Promise<'verified' | 'unverified' | 'none'> {
  if (principal.email === email) return principal.emailVerified ? 'verified' : 'unverified';
  const [secondary] = await ctx.db
    .select({ verified: personEmails.verified })
    .from(personEmails)
    .where(and(eq(personEmails.personId, principal.personId), eq(personEmails.email, email)))
    .limit(1);
  if (!secondary) return 'none';
  return secondary.verified ? 'verified' : 'unverified';
}

/** Whether the invite was sent to the caller: to one of their emails, and not bound to somebody else. */
async function inviteeMatch(ctx: AppContext, principal: Principal, invite: MissionInviteRow) {
  if (invite.personId && invite.personId !== principal.personId) return 'none' as const;
  return emailMatch(ctx, principal, invite.inviteeEmail);
}

/** `GET /mission-invite/token/:token`: what the mailed link offers, while it is still valid (410 after). */
export async function missionInviteByToken(ctx: AppContext, token: string): Promise<MissionInviteByToken> {
  const row = await loadInvite(ctx, eq(missionInvites.tokenHash, hashSecret(token)));
  if (!row) throw inviteNotFound();
  await checkUsable(ctx.db, row, ctx.clock.now());
  return presentByToken(row);
}

/** Binds an open invite to its invitee and marks it confirmed; puts them on the team as pending when they are not on it yet. */
async function confirmFor(ctx: AppContext, principal: Principal, row: LoadedInvite): Promise<MissionInviteRow> {
  const { invite } = row;
  return runMissionCommand(ctx, invite.missionId, principal.personId, async (tx, record) => {
    const [confirmed] = await tx
      .update(missionInvites)
      .set({ status: 'confirmed', personId: principal.personId, updatedAt: ctx.clock.now() })
      .where(and(eq(missionInvites.id, invite.id), inArray(missionInvites.status, [...OPEN_INVITE_STATUSES])))
      .returning();
    if (!confirmed) throw missionInviteNoLongerValid();
    if (invite.status !== 'confirmed') {
      record({
        action: 'update',
        entity: 'mission.invites',
        id: invite.id,
        title: invite.inviteeEmail,
        changes: { status: { from: invite.status, to: 'confirmed' } },
      });
    }
    const [member] = await tx
      .insert(missionPeople)
      .values({
        missionId: invite.missionId,
        personId: principal.personId,
        email: invite.inviteeEmail,
        permission: invite.permission,
        isProjectManager: invite.isProjectManager,
        role: invite.role,
        invitePending: true,
        addedBy: invite.invitedBy,
      })
      .onConflictDoNothing()
      .returning({ id: missionPeople.id });
    if (member)
      record({
        action: 'create',
        entity: 'mission.people',
        id: member.id,
        title: invite.inviteeEmail,
        changes: { invitePending: { from: null, to: true } },
      });
    return confirmed;
  });
}

/**
 * `POST /mission-invite/handle/:token`, called by the web once signed in with the token of the link. The invite
 * must have been sent to one of the caller's emails; the token was mailed there, so holding it proves that
 * mailbox: an unverified sign-in email of the caller's that matches becomes verified (rule 140). The invite is
 * then bound to the caller and confirmed; the web accepts or rejects it by id.
 */
export async function handleMissionInvite(ctx: AppContext, principal: Principal, token: string): Promise<MissionInviteByToken> {
  const row = await loadInvite(ctx, eq(missionInvites.tokenHash, hashSecret(token)));
  if (!row) throw inviteNotFound();
  await checkUsable(ctx.db, row, ctx.clock.now());
  const match = await inviteeMatch(ctx, principal, row.invite);
  if (match === 'none' || (match === 'unverified' && principal.email !== row.invite.inviteeEmail)) {
    throw appError('inviteEmailMismatch', row.invite.inviteeEmail);
  }
  if (match === 'unverified') {
    await ctx.db.update(people).set({ emailVerified: true }).where(eq(people.id, principal.personId));
    ctx.sessions.forgetPerson(principal.personId);
  }
  const confirmed = await confirmFor(ctx, principal, row);
  return presentByToken({ ...row, invite: confirmed });
}

/** The caller's own invite by id: somebody else's is 404 (they may not know it exists); one no longer valid 410. */
async function ownInvite(ctx: AppContext, principal: Principal, inviteId: string) {
  const row = await loadInvite(ctx, eq(missionInvites.id, inviteId));
  if (!row) throw inviteNotFound();
  const match = await inviteeMatch(ctx, principal, row.invite);
  if (match === 'none') throw inviteNotFound();
  if (!isUsable(row, ctx.clock.now())) throw missionInviteNoLongerValid();
  return { row, match };
}

/** `PUT /mission-invite/:id/confirm`: the invitee has seen the invite; it is bound to them. */
export async function confirmMissionInvite(ctx: AppContext, principal: Principal, inviteId: string): Promise<MissionInviteAnswered> {
  const { row } = await ownInvite(ctx, principal, inviteId);
  return answered(await confirmFor(ctx, principal, row));
}

/** The request an auto-created role waits on (rule 72), told to the approvers once the acceptance has committed. */
type RoleAsked = { planItemId: string; requestId: string; title: string };

/** Why the invitee is asked for on the role they were invited with (rule 79 wants 5 characters or more). */
const INVITED_ROLE_REASON = 'Invited to the mission with this role';

/**
 * Rules 71–72: in an organisation whose roles need approval, the role an invite creates is assigned only if the
 * inviter could have assigned it straight away (approvers, and project managers where the organisation lets them);
 * otherwise the role is created unfilled with an organisation request for the invitee, sent by the inviter.
 */
async function roleNeedsApproval(tx: Tx, row: LoadedInvite): Promise<boolean> {
  const { invite, mission } = row;
  if (!mission.orgId) return false;
  const inviter = invite.invitedBy ? await loadMissionAccess(tx, mission.id, invite.invitedBy) : null;
  if (inviter) return assignmentGoesThroughRequest(inviter);
  const [org] = await tx.select({ rolesNeedApproval: orgs.rolesNeedApproval }).from(orgs).where(eq(orgs.id, mission.orgId));
  return !!org?.rolesNeedApproval;
}

/**
 * The role an accepted invite creates (autoCreateRole): the invitee at 100 % from the week they accept in to the
 * mission's end (`invitedRoleDates`), or a request for them.
 */
async function createRole(
  tx: Tx,
  row: LoadedInvite,
  personId: string,
  record: RecordMissionWrite,
  now: Date,
): Promise<{ planItemId: string; asked: RoleAsked | null }> {
  const { invite, mission } = row;
  const [org] = mission.orgId
    ? await tx
        .select({ rateTime: orgs.roleDefaultRateTime, restricted: orgs.projectCreationRestricted })
        .from(orgs)
        .where(eq(orgs.id, mission.orgId))
    : [];
  const role = invite.role?.trim() || PERMISSION_LABELS.teamMember;
  const ask = await roleNeedsApproval(tx, row);
  const dates = invitedRoleDates(await personToday(tx, personId, now), { start: mission.planStartDate, end: mission.planEndDate });
  const [item] = await tx
    .insert(planItems)
    .values({
      missionId: mission.id,
      type: 'person',
      title: role,
      role,
      personId: ask ? null : personId,
      allocation: 100,
      ...dates,
      // rule 190: Hourly where project creation is restricted, else the organisation's default (Monthly)
      rateTime: org?.restricted ? defaultMissionRateUnit(true) : (org?.rateTime ?? defaultMissionRateUnit(false)),
      createdBy: personId,
    })
    .returning({ id: planItems.id });
  const planItemId = item!.id;
  record({
    action: 'create',
    entity: 'plan.items',
    id: planItemId,
    title: role,
    // a role waiting on its request has no person yet: its history says which role was made
    changes: ask ? { role: { from: null, to: role } } : { person: { from: null, to: personId } },
  });
  if (!ask) return { planItemId, asked: null };
  const [request] = await tx
    .insert(planItemRequests)
    .values({
      planItemId,
      missionId: mission.id,
      context: 'org',
      personId,
      reason: INVITED_ROLE_REASON,
      sentForApprovalBy: invite.invitedBy,
    })
    .returning({ id: planItemRequests.id });
  record({
    action: 'create',
    entity: 'plan.requests',
    id: request!.id,
    title: role,
    changes: { person: { from: null, to: personId }, context: { from: null, to: 'org' } },
  });
  return { planItemId, asked: { planItemId, requestId: request!.id, title: role } };
}

/** Gives the invite's plan item to the invitee when it still exists and nobody holds it. */
async function takePlanItem(tx: Tx, row: LoadedInvite, personId: string, record: RecordMissionWrite, now: Date): Promise<string | null> {
  if (!row.invite.planItemId) return null;
  const [item] = await tx
    .update(planItems)
    .set({ personId, updatedAt: now })
    .where(
      and(
        eq(planItems.id, row.invite.planItemId),
        eq(planItems.missionId, row.mission.id),
        or(isNull(planItems.personId), eq(planItems.personId, personId)),
      ),
    )
    .returning({ id: planItems.id, title: planItems.title });
  if (item)
    record({ action: 'update', entity: 'plan.items', id: item.id, title: item.title, changes: { person: { from: null, to: personId } } });
  return item?.id ?? null;
}

/**
 * `PUT /mission-invite/:id/accept` (rules 136–137): needs the invitee email verified. The invitee joins the
 * mission's team at the invited permission (their pending row becomes active; somebody already on it is refused, 409);
 * with autoCreateRole, while it still applies (rule 133), a Team member (or the invited role) plan item from the week
 * they accept in to the mission's end is created for them, else the invite's plan item is theirs.
 */
export async function acceptMissionInvite(ctx: AppContext, principal: Principal, inviteId: string): Promise<MissionInviteAnswered> {
  const { row, match } = await ownInvite(ctx, principal, inviteId);
  if (match !== 'verified') throw appError('emailNotVerifiedForInvites');
  const { invite, mission } = row;
  const { answer, asked } = await runMissionCommand(ctx, invite.missionId, principal.personId, async (tx, record) => {
    // Invites and acceptances of one mission take turns, so that the team row read here is the one changed below.
    await lockMission(tx, invite.missionId);
    const [current] = await tx
      .select()
      .from(missionPeople)
      .where(and(eq(missionPeople.missionId, invite.missionId), eq(missionPeople.personId, principal.personId)));
    // An invite to another of their addresses must not change the permission (nor take the last admin's) of somebody on the team.
    if (isOnTeam(current)) throw appError('alreadyOnTeam', invite.inviteeEmail);
    if (!(await inviterStillInvites(tx, invite))) throw missionInviteNoLongerValid();
    const [accepted] = await tx
      .update(missionInvites)
      .set({ status: 'accepted', personId: principal.personId, respondedAt: ctx.clock.now(), updatedAt: ctx.clock.now() })
      .where(and(eq(missionInvites.id, invite.id), inArray(missionInvites.status, [...OPEN_INVITE_STATUSES])))
      .returning();
    if (!accepted) throw missionInviteNoLongerValid();
    record({
      action: 'accept',
      entity: 'mission.invites',
      id: invite.id,
      title: invite.inviteeEmail,
      changes: { status: { from: invite.status, to: 'accepted' } },
    });
    await tx
      .update(missionInvites)
      .set({ status: 'revoked', updatedAt: ctx.clock.now() })
      .where(
        and(
          eq(missionInvites.missionId, invite.missionId),
          ne(missionInvites.id, invite.id),
          inArray(missionInvites.status, [...OPEN_INVITE_STATUSES]),
          or(eq(missionInvites.personId, principal.personId), eq(missionInvites.inviteeEmail, invite.inviteeEmail)),
        ),
      );
    const values = { permission: invite.permission, isProjectManager: invite.isProjectManager, role: invite.role, invitePending: false };
    const [member] = await tx
      .insert(missionPeople)
      .values({
        missionId: invite.missionId,
        personId: principal.personId,
        email: invite.inviteeEmail,
        addedBy: invite.invitedBy,
        ...values,
      })
      .onConflictDoUpdate({ target: [missionPeople.missionId, missionPeople.personId], set: { ...values, updatedAt: ctx.clock.now() } })
      .returning({ id: missionPeople.id });
    record({
      action: 'update',
      entity: 'mission.people',
      id: member!.id,
      title: invite.inviteeEmail,
      changes: { invitePending: { from: true, to: false }, permission: { from: null, to: invite.permission } },
    });
    // rule 133 is read again now: the licence may have lapsed, or the project become a template or stop keeping timesheets
    if (!(await autoCreateRoleStillApplies(tx, invite, ctx.clock.now())))
      return { answer: answered(accepted, await takePlanItem(tx, row, principal.personId, record, ctx.clock.now())), asked: null };
    const created = await createRole(tx, row, principal.personId, record, ctx.clock.now());
    return { answer: answered(accepted, created.planItemId), asked: created.asked };
  });
  if (asked) {
    await ctx.events.emit('plan.request.changed', {
      missionId: mission.id,
      missionTitle: mission.title,
      orgId: mission.orgId,
      ...asked,
      status: 'pending_approval',
      context: 'org',
      personId: principal.personId,
      requesterId: invite.invitedBy,
      actorId: invite.invitedBy ?? principal.personId,
      reason: INVITED_ROLE_REASON,
    });
  }
  await ctx.events.emit('mission.invite.accepted', {
    missionId: invite.missionId,
    inviteId: invite.id,
    personId: principal.personId,
    inviterId: invite.invitedBy,
  });
  return answer;
}

/** `PUT /mission-invite/:id/reject`: the pending team row goes, and the inviter is told (rule 136). */
export async function rejectMissionInvite(ctx: AppContext, principal: Principal, inviteId: string): Promise<MissionInviteAnswered> {
  const { row } = await ownInvite(ctx, principal, inviteId);
  const { invite, mission } = row;
  const result = await runMissionCommand(ctx, invite.missionId, principal.personId, async (tx, record) => {
    const [rejected] = await tx
      .update(missionInvites)
      .set({ status: 'rejected', personId: principal.personId, respondedAt: ctx.clock.now(), updatedAt: ctx.clock.now() })
      .where(and(eq(missionInvites.id, invite.id), inArray(missionInvites.status, [...OPEN_INVITE_STATUSES])))
      .returning();
    if (!rejected) throw missionInviteNoLongerValid();
    record({
      action: 'reject',
      entity: 'mission.invites',
      id: invite.id,
      title: invite.inviteeEmail,
      changes: { status: { from: invite.status, to: 'rejected' } },
    });
    const removed = await tx
      .delete(missionPeople)
      .where(
        and(
          eq(missionPeople.missionId, invite.missionId),
          eq(missionPeople.personId, principal.personId),
          eq(missionPeople.invitePending, true),
        ),
      )
      .returning({ id: missionPeople.id });
    for (const member of removed) record({ action: 'remove', entity: 'mission.people', id: member.id, title: invite.inviteeEmail });
    return answered(rejected);
  });
  await ctx.events.emit('mission.invite.rejected', {
    missionId: mission.id,
    missionTitle: mission.title,
    inviteId: invite.id,
    inviteeEmail: invite.inviteeEmail,
    inviterId: invite.invitedBy,
    rejectedBy: principal.personId,
  });
  return result;
}

/** `GET /mission-invite/mine`: the caller's invites still to answer (to their sign-in email, a verified secondary one, or bound to them), newest first. */
export async function myMissionInvites(ctx: AppContext, principal: Principal): Promise<{ invites: MissionInviteByToken[] }> {
  const secondaries = await ctx.db
    .select({ email: personEmails.email })
    .from(personEmails)
    .where(and(eq(personEmails.personId, principal.personId), eq(personEmails.verified, true)));
  const emails = [principal.email, ...secondaries.map((s) => s.email)];
  const rows = await ctx.db
    .select({ invite: missionInvites, mission: missions, inviter: inviters })
    .from(missionInvites)
    .innerJoin(missions, and(eq(missions.id, missionInvites.missionId), isNull(missions.archivedAt)))
    .leftJoin(inviters, eq(inviters.id, missionInvites.invitedBy))
    .where(
      and(
        inArray(missionInvites.status, [...OPEN_INVITE_STATUSES]),
        gt(missionInvites.expiresAt, ctx.clock.now()),
        or(
          eq(missionInvites.personId, principal.personId),
          and(isNull(missionInvites.personId), inArray(missionInvites.inviteeEmail, emails)),
        ),
      ),
    )
    .orderBy(desc(missionInvites.createdAt))
    .limit(100);
  return { invites: rows.map(presentByToken) };
}
