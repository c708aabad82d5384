import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  can,
  canSeeProgram,
  DEFAULT_LEAVE_CODES,
  emailDomain,
  isFreeEmailDomain,
  ORG_MESSAGES,
  OVERTIME_DEFAULTS,
  orgOvertimeTooLong,
  overtimeAfterForMode,
  type OvertimeModeName,
  type OrgCreate,
  type OrgDetail,
  type OrgUpdate,
} from '@crewplan/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { auditActorOf, checkFresh, diffFields, runOrgCommand } from '../../commands/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import {
  departments,
  goals,
  offices,
  orgApiKeys,
  orgInvites,
  orgPeople,
  orgRoles,
  orgs,
  orgStorageKeys,
  people,
  programs,
  ssoProviders,
} from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { orgCountryChanged } from './org.country.ts';
import { isHolidayCountry } from '../../lib/holidays.ts';
import { newId } from '../../lib/ids.ts';
import { storeImage } from '../../lib/images.ts';
import { currentMembership, memberFacts, orgNotFound } from '../../plugins/org-access.ts';
import type { AppContext, OrgAccess, Principal } from '../../plugins/types.ts';
import {
  goalFacts,
  personRef,
  presentDepartment,
  presentGoal,
  presentOffice,
  presentOrg,
  presentProgram,
  presentRole,
  type Viewer,
} from './org.presenter.ts';
import { presentApiKey } from './keys.service.ts';
import { presentInvite } from './invites.service.ts';

export const viewerOf = (access: OrgAccess): Viewer => ({ actor: access.actor, personId: access.personId, member: access.member });

/** The holiday country must be one whose public holidays are known (rule 216), else 400 naming the field. */
function checkHolidayCountry(code: string | null | undefined) {
  if (!code || isHolidayCountry(code)) return;
  throw appError('orgHolidayCountryUnknown');
}

/**
 * Creates an organisation; its creator becomes its admin (permission 2). A new organisation approves
 * its creator's email domain for invites, unless that is a free mail provider, and has the default leave codes.
 */
export async function createOrg(ctx: AppContext, principal: Principal, input: OrgCreate) {
  checkHolidayCountry(input.holidayCountryCode);
  const domain = emailDomain(principal.email);
  const orgId = newId();
  const mode = input.overTimeAfterDayOrWeek ?? 'week';
  if (orgOvertimeTooLong({ overTimeAfterDayOrWeek: mode, overTimeAfter: input.overTimeAfter ?? OVERTIME_DEFAULTS[mode] }))
    throw appError('missionOvertimeTooLong');
  const { org, member } = await runOrgCommand(ctx, orgId, { personId: principal.personId, apiKeyId: null }, async (tx, record) => {
    const [org] = await tx
      .insert(orgs)
      .values({
        leaveCodes: DEFAULT_LEAVE_CODES,
        inviteDomains: isFreeEmailDomain(domain) ? [] : [domain],
        ...(input.overTimeAfterDayOrWeek ? { overTimeAfter: OVERTIME_DEFAULTS[input.overTimeAfterDayOrWeek] } : {}),
        ...input,
        id: orgId,
        createdBy: principal.personId,
      })
      .returning();
    const [member] = await tx
      .insert(orgPeople)
      .values({ orgId, personId: principal.personId, level: 'ADMIN', email: principal.email, startDate: sql`current_date` })
      .returning();
    record({ action: 'create', entity: 'orgs', id: orgId, title: org!.title, changes: diffFields({}, input) });
    record({
      action: 'create',
      entity: 'org.people',
      id: principal.personId,
      title: principal.email,
      changes: { level: { from: null, to: 'ADMIN' } },
    });
    return { org: org!, member: member! };
  });
  return presentOrg(org, { actor: memberFacts(member), personId: principal.personId, member }, ctx.clock.now());
}

/** The organisations the caller is a current member of, by title. */
export async function listMyOrgs(db: Db, personId: string, now: Date) {
  const rows = await db
    .select({ org: orgs, member: orgPeople })
    .from(orgPeople)
    .innerJoin(orgs, eq(orgs.id, orgPeople.orgId))
    .where(and(eq(orgPeople.personId, personId), currentMembership(), isNull(orgs.deletedAt)))
    .orderBy(asc(sql`lower(${orgs.title})`), asc(orgs.id));
  return { orgs: rows.map(({ org, member }) => presentOrg(org, { actor: memberFacts(member), personId, member }, now)) };
}

/** Roles, departments, offices, programs and goals of an organisation (deleted ones only when asked). */
export async function loadStructure(db: Db | Tx, orgId: string, includeDeleted: boolean) {
  const live = (table: { orgId: AnyPgColumn; isDeleted: AnyPgColumn }) =>
    and(eq(table.orgId, orgId), includeDeleted ? undefined : eq(table.isDeleted, false));
  const [roleRows, departmentRows, officeRows, programRows, goalRows] = await Promise.all([
    db
      .select()
      .from(orgRoles)
      .where(live(orgRoles))
      .orderBy(asc(sql`lower(${orgRoles.name})`)),
    db
      .select()
      .from(departments)
      .where(live(departments))
      .orderBy(asc(sql`lower(${departments.title})`)),
    db
      .select()
      .from(offices)
      .where(live(offices))
      .orderBy(asc(sql`lower(${offices.title})`)),
    db
      .select()
      .from(programs)
      .where(live(programs))
      .orderBy(asc(sql`lower(${programs.title})`)),
    db
      .select()
      .from(goals)
      .where(live(goals))
      .orderBy(asc(sql`lower(${goals.title})`)),
  ]);
  return { roleRows, departmentRows, officeRows, programRows, goalRows };
}

/** `GET /org/:id`: the organisation, its structure (goals and programs as the viewer may see them), invites and keys. */
export async function loadOrgDetail(ctx: AppContext, access: OrgAccess, includeDeleted: boolean): Promise<OrgDetail> {
  const viewer = viewerOf(access);
  const orgId = access.org.id;
  const structure = await loadStructure(ctx.db, orgId, includeDeleted);
  const visibleGoals = structure.goalRows.filter((goal) => can(viewer.actor, 'goals.read', { goal: goalFacts(goal) }));
  const goalsById = new Map(structure.goalRows.map((goal) => [goal.id, goal]));
  const visiblePrograms = structure.programRows.filter((program) => {
    const portfolio = program.portfolioId ? goalsById.get(program.portfolioId) : undefined;
    return canSeeProgram(viewer.actor, { managers: program.managers, portfolio: portfolio ? goalFacts(portfolio) : null });
  });
  const [[{ value: peopleCount } = { value: 0 }], invites, keys] = await Promise.all([
    ctx.db
      .select({ value: count() })
      .from(orgPeople)
      .where(and(eq(orgPeople.orgId, orgId), currentMembership())),
    can(viewer.actor, 'org.invite')
      ? ctx.db
          .select({ invite: orgInvites, inviter: people })
          .from(orgInvites)
          .leftJoin(people, eq(people.id, orgInvites.invitedBy))
          .where(and(eq(orgInvites.orgId, orgId), eq(orgInvites.status, 'pending'), gt(orgInvites.expiresAt, sql`now()`)))
          .orderBy(desc(orgInvites.createdAt))
      : Promise.resolve([]),
    can(viewer.actor, 'org.apiKeys.manage')
      ? ctx.db
          .select({ key: orgApiKeys, creator: people })
          .from(orgApiKeys)
          .leftJoin(people, eq(people.id, orgApiKeys.createdBy))
          .where(and(eq(orgApiKeys.orgId, orgId), isNull(orgApiKeys.revokedAt)))
          .orderBy(desc(orgApiKeys.createdAt))
      : Promise.resolve([]),
  ]);
  return {
    ...presentOrg(access.org, viewer, ctx.clock.now()),
    roles: structure.roleRows.map((row) => presentRole(row, viewer)),
    departments: structure.departmentRows.map((row) => presentDepartment(row, viewer)),
    offices: structure.officeRows.map((row) => presentOffice(row, viewer)),
    programs: visiblePrograms.map((row) => presentProgram(row, viewer)),
    goals: visibleGoals.map((row) => presentGoal(row, viewer)),
    peopleCount,
    invites: invites.map(({ invite, inviter }) => presentInvite(invite, inviter ? personRef(inviter) : null)),
    apiKeys: keys.map(({ key, creator }) => presentApiKey(key, creator ? personRef(creator) : null)),
  };
}

/** Updates settings; `updatedAt` from the client makes a concurrent edit a 409. */
export async function updateOrg(ctx: AppContext, access: OrgAccess, input: OrgUpdate) {
  const { updatedAt, ...patch } = input;
  checkHolidayCountry(patch.holidayCountryCode);
  const org = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const [current] = await tx.select().from(orgs).where(eq(orgs.id, access.org.id)).for('update');
    if (!current || current.deletedAt) throw orgNotFound();
    checkFresh(current, updatedAt);
    // Lowering a protection of the whole organisation is for its admins, as its single sign-on is (rule 109).
    if (current.isMFARequired && patch.isMFARequired === false && !can(access.actor, 'org.sso.manage'))
      throw appError('routeRefused', ORG_MESSAGES.administerOrg);
    if (patch.overTimeAfterDayOrWeek && patch.overTimeAfter === undefined)
      patch.overTimeAfter = overtimeAfterForMode(
        current.overTimeAfter,
        current.overTimeAfterDayOrWeek as OvertimeModeName,
        patch.overTimeAfterDayOrWeek,
      );
    if (orgOvertimeTooLong({ ...current, ...patch })) throw appError('missionOvertimeTooLong');
    const changes = diffFields(current as Record<string, unknown>, patch);
    if (Object.keys(changes).length === 0) return current;
    const [updated] = await tx.update(orgs).set(patch).where(eq(orgs.id, current.id)).returning();
    record({ action: 'update', entity: 'orgs', id: current.id, title: updated!.title, changes });
    if (changes.holidayCountryCode) await orgCountryChanged(tx, updated!, record);
    return updated!;
  });
  return presentOrg(org, viewerOf(access), ctx.clock.now());
}

/**
 * Deletes an organisation (rule 108: admins and managers may): it is marked deleted, answers 404 from then on,
 * and its API and storage keys stop working. People, structure and history are kept, as is every reference to it.
 */
export async function deleteOrg(ctx: AppContext, access: OrgAccess) {
  await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    await markOrgDeleted(tx, access.org.id, access.personId, ctx.clock.now());
    record({ action: 'delete', entity: 'orgs', id: access.org.id, title: access.org.title });
  });
  await ctx.events.emit('org.deleted', { orgId: access.org.id, deletedBy: access.personId });
  return { deleted: true as const };
}

/** The rows a deletion changes, inside the caller's transaction. */
export async function markOrgDeleted(tx: Tx, orgId: string, personId: string | null, now: Date) {
  await tx.update(orgs).set({ deletedAt: now, deletedBy: personId }).where(eq(orgs.id, orgId));
  await tx
    .update(orgStorageKeys)
    .set({ revokedAt: now })
    .where(and(eq(orgStorageKeys.orgId, orgId), isNull(orgStorageKeys.revokedAt)));
  await tx
    .update(orgApiKeys)
    .set({ revokedAt: now })
    .where(and(eq(orgApiKeys.orgId, orgId), isNull(orgApiKeys.revokedAt)));
  // its single sign-on goes with it: its domains no longer sign in through it nor refuse passwords
  await tx.delete(ssoProviders).where(eq(ssoProviders.organizationId, orgId));
}

/**
 * Rule 109: an organisation requiring two-factor sign-in withholds its projects (its workspace reports too) from a
 * person who has not set it up: 403 `auth/mfa-required`, as its missions answer. An API key is no person.
 */
export async function refuseWithheld(ctx: AppContext, access: OrgAccess) {
  if (!access.org.isMFARequired || access.personId === null) return;
  const [me] = await ctx.db.select({ on: people.twoFactorEnabled }).from(people).where(eq(people.id, access.personId));
  if (!me?.on) throw appError('missionWithheld');
}

export const ORG_LOGO_FOLDER = 'org-logos';

export async function saveOrgLogo(ctx: AppContext, access: OrgAccess, image: { bytes: Buffer; type: string }) {
  await storeImage(ctx.config.dataDir, ORG_LOGO_FOLDER, access.org.id, image.bytes);
  const org = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const [updated] = await tx
      .update(orgs)
      .set({ logoType: image.type, logoVersion: sql`coalesce(${orgs.logoVersion}, 0) + 1` })
      .where(eq(orgs.id, access.org.id))
      .returning();
    record({
      action: 'update',
      entity: 'orgs',
      id: updated!.id,
      title: updated!.title,
      changes: { logo: { from: null, to: updated!.logoVersion } },
    });
    return updated!;
  });
  return presentOrg(org, viewerOf(access), ctx.clock.now());
}
