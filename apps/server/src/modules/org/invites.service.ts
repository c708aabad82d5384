import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import {
  accessGrantError,
  adminDomainError,
  can,
  isManagerLevel,
  ORG_INVITE_LIFETIME_DAYS,
  ORG_PERMISSION_OF_LEVEL,
  type OrgInvite,
  type OrgInviteCreate,
  type PersonRef,
} from '@crewplan/domain';
import { auditActorOf, runOrgCommand, type RecordOrgWrite } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { orgInvites, orgPeople, orgs, people, personEmails } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { currentMembership, hashSecret, loadOrgAccess, memberFacts } from '../../plugins/org-access.ts';
import type { AppContext, OrgAccess, Principal } from '../../plugins/types.ts';
import { orgLogoUrl, personRef, presentOrg, presentOrgPerson } from './org.presenter.ts';

type InviteRow = typeof orgInvites.$inferSelect;

export function presentInvite(row: InviteRow, invitedBy: PersonRef | null): OrgInvite {
  return {
    _id: row.id,
    org: row.orgId,
    inviteeEmail: row.inviteeEmail,
    permission: ORG_PERMISSION_OF_LEVEL[row.level],
    level: row.level,
    message: row.message,
    status: row.status,
    invitedBy,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export const inviteNoLongerValid = () => appError('orgInviteNoLongerValid');
const inviteNotFound = () => appError('orgInviteNotFound');

/** The link the invite mail carries: the web signs the person in (or up) and then handles the token. */
export function orgInviteLink(publicUrl: string, token: string): string {
  const url = new URL('/', publicUrl);
  url.searchParams.set('from', 'orgInvite');
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Invites somebody by email (spec 3 §7). The inviter's own email must be verified (rule 127); they may only
 * give levels the policy lets them give; admin only to approved domains (rule 124); a current member is not
 * invited again; a newer invite to the same address replaces a pending one. The mail goes out once committed.
 */
export async function createInvite(ctx: AppContext, access: OrgAccess, principal: Principal, input: OrgInviteCreate) {
  const email = input.inviteeEmail;
  const level = input.config.permission;
  if (!principal.emailVerified) throw appError('emailNotVerified');
  if (!can(access.actor, 'org.people.assignLevel', { level })) throw appError('levelNotGiven');
  // an invited manager joins with no access limits, which an inviter limited to some departments or offices has not
  const limitsError = isManagerLevel(level) && access.member ? accessGrantError(access.member, [], []) : null;
  if (limitsError) throw appError('orgAccessRestricted', limitsError);
  if (level === 'ADMIN') {
    const domainError = adminDomainError(access.org.inviteDomains, email);
    if (domainError) throw appError('adminDomainNotApproved');
  }
  const token = randomBytes(32).toString('base64url');
  const invite = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    // Invites of one organisation take turns, so that of parallel invites to one address the last replaces the others
    // (the partial unique index org_invites_pending_unique keeps one pending invite per address in any case).
    await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.id, access.org.id)).for('no key update');
    const [member] = await tx
      .select({ id: orgPeople.id })
      .from(orgPeople)
      .innerJoin(people, eq(people.id, orgPeople.personId))
      .where(and(eq(orgPeople.orgId, access.org.id), currentMembership(), or(eq(orgPeople.email, email), eq(people.email, email))))
      .limit(1);
    if (member) throw appError('alreadyOrgMember');
    const replaced = await tx
      .update(orgInvites)
      .set({ status: 'revoked' })
      .where(and(eq(orgInvites.orgId, access.org.id), eq(orgInvites.inviteeEmail, email), eq(orgInvites.status, 'pending')))
      .returning({ id: orgInvites.id });
    for (const old of replaced)
      record({
        action: 'update',
        entity: 'org.invites',
        id: old.id,
        title: email,
        changes: { status: { from: 'pending', to: 'revoked' } },
      });
    const [row] = await tx
      .insert(orgInvites)
      .values({
        orgId: access.org.id,
        inviteeEmail: email,
        level,
        message: input.message,
        tokenHash: hashSecret(token),
        invitedBy: principal.personId,
        expiresAt: new Date(ctx.clock.now().getTime() + ORG_INVITE_LIFETIME_DAYS * 24 * 3_600_000),
      })
      .returning();
    record({ action: 'invite', entity: 'org.invites', id: row!.id, title: email, changes: { level: { from: null, to: level } } });
    return row!;
  });
  const [inviter] = await ctx.db.select().from(people).where(eq(people.id, principal.personId));
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email : '';
  await ctx.events.emit('org.invite.created', {
    orgId: access.org.id,
    orgTitle: access.org.title,
    inviteId: invite.id,
    inviteeEmail: email,
    level,
    message: input.message,
    token,
    inviterName,
  });
  return presentInvite(invite, inviter ? personRef(inviter) : null);
}

/** An invite, its organisation and its inviter; the organisation must still exist. */
async function loadInvite(ctx: AppContext, where: ReturnType<typeof eq>) {
  const [row] = await ctx.db
    .select({ invite: orgInvites, org: orgs, inviter: people })
    .from(orgInvites)
    .innerJoin(orgs, eq(orgs.id, orgInvites.orgId))
    .leftJoin(people, eq(people.id, orgInvites.invitedBy))
    .where(and(where, sql`${orgs.deletedAt} is null`))
    .limit(1);
  return row ?? null;
}

const isUsable = (invite: InviteRow, now: Date) => invite.status === 'pending' && invite.expiresAt.getTime() > now.getTime();

/**
 * An invite gives only what its inviter may still give: once they have left the organisation, or may no longer give
 * its level (a manager level without access limits included), it is no longer valid; nobody else can revoke it.
 */
async function inviterStillGives(db: AppContext['db'] | Tx, invite: InviteRow): Promise<boolean> {
  if (!invite.invitedBy) return false;
  const [inviter] = await db
    .select()
    .from(orgPeople)
    .where(and(eq(orgPeople.orgId, invite.orgId), eq(orgPeople.personId, invite.invitedBy), currentMembership()))
    .limit(1);
  if (!inviter || !can(memberFacts(inviter), 'org.people.assignLevel', { level: invite.level })) return false;
  return !(isManagerLevel(invite.level) && accessGrantError(inviter, [], []));
}

/** 410 unless the invite can still be answered and its inviter may still give it. */
async function checkUsable(db: AppContext['db'] | Tx, invite: InviteRow, now: Date): Promise<void> {
  if (!isUsable(invite, now) || !(await inviterStillGives(db, invite))) throw inviteNoLongerValid();
}

function presentByToken(row: NonNullable<Awaited<ReturnType<typeof loadInvite>>>) {
  return {
    _id: row.invite.id,
    org: { _id: row.org.id, title: row.org.title, logo: orgLogoUrl(row.org) },
    inviteeEmail: row.invite.inviteeEmail,
    permission: ORG_PERMISSION_OF_LEVEL[row.invite.level],
    level: row.invite.level,
    message: row.invite.message,
    invitedBy: row.inviter ? { firstName: row.inviter.firstName, lastName: row.inviter.lastName } : null,
    expiresAt: row.invite.expiresAt.toISOString(),
  };
}

/** `GET /org-invite/token/:token`: what the mailed link offers, while it is still valid. */
export async function inviteByToken(ctx: AppContext, token: string) {
  const row = await loadInvite(ctx, eq(orgInvites.tokenHash, hashSecret(token)));
  if (!row) throw inviteNotFound();
  await checkUsable(ctx.db, row.invite, ctx.clock.now());
  return presentByToken(row);
}

/** How the caller relates to an invite's email: their sign-in email (verified or not), a verified secondary one, or neither. */
async function emailMatch(ctx: AppContext, principal: Principal, email: string): Promise<'verified' | 'unverified' | 'none'> {
  if (principal.email === email) return principal.emailVerified ? 'verified' : 'unverified';
  const [secondary] = await ctx.db
    .select({ id: personEmails.id })
    .from(personEmails)
    .where(and(eq(personEmails.personId, principal.personId), eq(personEmails.email, email), eq(personEmails.verified, true)))
    .limit(1);
  return secondary ? 'verified' : 'none';
}

/**
 * `POST /org-invite/handle/:token`, called by the web once signed in with a token from the link. The token
 * was mailed to the invitee, so holding it proves that mailbox: when it is the caller's own sign-in email,
 * that email becomes verified (rule 140: sign-up through an invite sends no verification mail).
 */
export async function handleInvite(ctx: AppContext, principal: Principal, token: string) {
  const row = await loadInvite(ctx, eq(orgInvites.tokenHash, hashSecret(token)));
  if (!row) throw inviteNotFound();
  await checkUsable(ctx.db, row.invite, ctx.clock.now());
  let match = await emailMatch(ctx, principal, row.invite.inviteeEmail);
  if (match === 'unverified') {
    await ctx.db.update(people).set({ emailVerified: true }).where(eq(people.id, principal.personId));
    ctx.sessions.forgetPerson(principal.personId);
    match = 'verified';
  }
  await ctx.db.update(orgInvites).set({ handledAt: ctx.clock.now() }).where(eq(orgInvites.id, row.invite.id));
  return {
    invite: presentByToken(row),
    canAccept: match === 'verified',
    reason: match === 'none' ? ('email-mismatch' as const) : null,
  };
}

/** The caller's own invite: somebody else's is 404 (they may not know it exists); a used or expired one 410. */
async function ownInvite(ctx: AppContext, principal: Principal, inviteId: string) {
  const row = await loadInvite(ctx, eq(orgInvites.id, inviteId));
  if (!row) throw inviteNotFound();
  const match = await emailMatch(ctx, principal, row.invite.inviteeEmail);
  if (match === 'none') throw inviteNotFound();
  if (!isUsable(row.invite, ctx.clock.now())) throw inviteNoLongerValid();
  return { row, match };
}

/**
 * The rights somebody who had left does not get back with an invite, which gives a level and nothing more (an
 * inviter who could not give those rights would give them otherwise). Their access lists stay: only narrowing.
 */
const RIGHTS_NOT_KEPT = { canApproveRoles: false, canApproveLeaves: false, canManageGoals: false, canCreateProjects: false } as const;

/**
 * `PUT /org-invite/:id/accept`: the invitee (a verified email of theirs) joins the organisation at the invited
 * level; somebody who had left comes back, without the rights they held. A current member is refused (409) and keeps
 * their level: an invite to another of their emails must not change it (nor take the last admin's). The web then
 * loads the client list (rule 139).
 */
export async function acceptInvite(ctx: AppContext, principal: Principal, inviteId: string) {
  const { row, match } = await ownInvite(ctx, principal, inviteId);
  if (match !== 'verified') throw appError('emailNotVerifiedForInvites');
  const { invite, org } = row;
  // rule 124: an admin invite to a domain the organisation has stopped approving since gives a team member
  const level = invite.level === 'ADMIN' && adminDomainError(org.inviteDomains, invite.inviteeEmail) ? 'MEMBER' : invite.level;
  const member = await runOrgCommand(ctx, org.id, { personId: principal.personId, apiKeyId: null }, async (tx, record) => {
    const [current] = await tx
      .select({ id: orgPeople.id })
      .from(orgPeople)
      .where(and(eq(orgPeople.orgId, org.id), eq(orgPeople.personId, principal.personId), currentMembership()))
      .for('update');
    if (current) throw appError('alreadyOrgMember');
    if (!(await inviterStillGives(tx, invite))) throw inviteNoLongerValid();
    const [claimed] = await tx
      .update(orgInvites)
      .set({ status: 'accepted', respondedBy: principal.personId, respondedAt: ctx.clock.now() })
      .where(and(eq(orgInvites.id, invite.id), eq(orgInvites.status, 'pending')))
      .returning({ id: orgInvites.id });
    if (!claimed) throw inviteNoLongerValid();
    const [member] = await tx
      .insert(orgPeople)
      .values({
        orgId: org.id,
        personId: principal.personId,
        level,
        email: invite.inviteeEmail,
        startDate: sql`current_date`,
      })
      .onConflictDoUpdate({
        target: [orgPeople.orgId, orgPeople.personId],
        set: {
          ...RIGHTS_NOT_KEPT,
          level,
          email: invite.inviteeEmail,
          endDate: null,
          removeFromMissions: false,
          removedBy: null,
          startDate: sql`current_date`,
        },
      })
      .returning();
    record({
      action: 'accept',
      entity: 'org.invites',
      id: invite.id,
      title: invite.inviteeEmail,
      changes: { status: { from: 'pending', to: 'accepted' } },
    });
    record({
      action: 'create',
      entity: 'org.people',
      id: principal.personId,
      title: invite.inviteeEmail,
      changes: { level: { from: null, to: level } },
    });
    return member!;
  });
  await ctx.events.emit('org.invite.accepted', {
    orgId: org.id,
    inviteId: invite.id,
    personId: principal.personId,
    inviterId: invite.invitedBy,
  });
  const [person] = await ctx.db.select().from(people).where(eq(people.id, principal.personId));
  const viewer = { actor: memberFacts(member), personId: principal.personId, member };
  return { org: presentOrg(org, viewer, ctx.clock.now()), person: presentOrgPerson(member, person!, viewer) };
}

/** Closes a pending invite (rejected, or revoked), recorded; 410 when it is no longer pending (answered meanwhile). */
async function closeInvite(
  tx: Tx,
  record: RecordOrgWrite,
  invite: typeof orgInvites.$inferSelect,
  action: 'reject' | 'update',
  values: Partial<typeof orgInvites.$inferInsert> & { status: 'rejected' | 'revoked' },
) {
  const [updated] = await tx
    .update(orgInvites)
    .set(values)
    .where(and(eq(orgInvites.id, invite.id), eq(orgInvites.status, 'pending')))
    .returning();
  if (!updated) throw inviteNoLongerValid();
  record({
    action,
    entity: 'org.invites',
    id: invite.id,
    title: invite.inviteeEmail,
    changes: { status: { from: 'pending', to: values.status } },
  });
  return updated;
}

/** `PUT /org-invite/:id/reject`: recorded, and the inviter is told (event org.invite.rejected). */
export async function rejectInvite(ctx: AppContext, principal: Principal, inviteId: string) {
  const { row } = await ownInvite(ctx, principal, inviteId);
  const { invite, org } = row;
  const updated = await runOrgCommand(ctx, org.id, { personId: principal.personId, apiKeyId: null }, async (tx, record) => {
    const answer = { status: 'rejected', respondedBy: principal.personId, respondedAt: ctx.clock.now() } as const;
    return closeInvite(tx, record, invite, 'reject', answer);
  });
  await ctx.events.emit('org.invite.rejected', {
    orgId: org.id,
    inviteId: invite.id,
    inviteeEmail: invite.inviteeEmail,
    inviterId: invite.invitedBy,
    rejectedBy: principal.personId,
  });
  return presentInvite(updated, row.inviter ? personRef(row.inviter) : null);
}

/** `GET /org/:id/invites`: the organisation's pending invites that have not expired, newest first. */
export async function listPendingInvites(ctx: AppContext, access: OrgAccess): Promise<{ invites: OrgInvite[] }> {
  const rows = await ctx.db
    .select({ invite: orgInvites, inviter: people })
    .from(orgInvites)
    .leftJoin(people, eq(people.id, orgInvites.invitedBy))
    .where(and(eq(orgInvites.orgId, access.org.id), eq(orgInvites.status, 'pending'), gt(orgInvites.expiresAt, ctx.clock.now())))
    .orderBy(desc(orgInvites.createdAt));
  return { invites: rows.map(({ invite, inviter }) => presentInvite(invite, inviter ? personRef(inviter) : null)) };
}

/**
 * `DELETE /org-invite/:id`: whoever may invite at the invite's organisation revokes it, and so may its inviter. To
 * somebody who is neither a member nor the inviter it does not exist (404); a member who may not invite gets 403; an
 * invite already answered, revoked or lapsed answers 410. Its link then answers as a lapsed one does (410).
 */
export async function revokeInvite(ctx: AppContext, principal: Principal, inviteId: string): Promise<OrgInvite> {
  const row = await loadInvite(ctx, eq(orgInvites.id, inviteId));
  if (!row) throw inviteNotFound();
  const { invite, org } = row;
  if (invite.invitedBy !== principal.personId) {
    const access = await loadOrgAccess(ctx.db, org.id, { personId: principal.personId });
    if (!access) throw inviteNotFound();
    if (!can(access.actor, 'org.invite')) throw appError('forbidden');
  }
  if (!isUsable(invite, ctx.clock.now())) throw inviteNoLongerValid();
  const revoked = await runOrgCommand(ctx, org.id, { personId: principal.personId, apiKeyId: null }, (tx, record) =>
    closeInvite(tx, record, invite, 'update', { status: 'revoked' }),
  );
  return presentInvite(revoked, row.inviter ? personRef(row.inviter) : null);
}
