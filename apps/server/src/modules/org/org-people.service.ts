import { and, arrayContains, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  accessGrantError,
  adminDomainError,
  can,
  departmentChangeError,
  isManagerLevel,
  officeChangeError,
  seesMemberEmails,
  type OrgPeopleQuery,
  type OrgPersonSchedule,
  type OrgPersonUpdate,
} from '@crewplan/domain';
import { auditActorOf, checkFresh, diffFields, runOrgCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { departments, offices, orgPeople, orgRoles, orgs, people, programs } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import { otherPersonHasEmail } from '../people/index.ts';
import type { AppContext, OrgAccess, OrgPersonRow } from '../../plugins/types.ts';
import { CrmUnavailableError, type CrmConnector } from './crm-connector.ts';
import { presentOrgPerson, targetFacts } from './org.presenter.ts';
import { markOrgDeleted, viewerOf } from './org.service.ts';

export const personNotFound = () => appError('orgPersonNotFound');
const lastAdmin = () => appError('orgLastAdmin');
const onlyAdminLeaving = () => appError('orgOnlyAdminLeaving');
const UNKNOWN_IN_ORG = { department: 'orgUnknownDepartment', office: 'orgUnknownOffice', role: 'orgUnknownRole' } as const;

const personColumns = { id: people.id, firstName: people.firstName, lastName: people.lastName, avatarVersion: people.avatarVersion };

/** `%` and `_` typed into the search box are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `GET /v2/orgs/:orgId/people`: the people table, with its department, office, program, level and text filters. */
export async function listPeople(ctx: AppContext, access: OrgAccess, query: OrgPeopleQuery) {
  const orgId = access.org.id;
  const conditions: (SQL | undefined)[] = [
    eq(orgPeople.orgId, orgId),
    query.includeEnded ? undefined : currentMembership(),
    query.department ? arrayContains(orgPeople.departments, [query.department]) : undefined,
    query.office ? eq(orgPeople.officeId, query.office) : undefined,
    query.level ? eq(orgPeople.level, query.level) : undefined,
    // People of a program are its managers until missions (and their programs) arrive.
    query.program
      ? sql`${orgPeople.personId} = any(select unnest(${programs.managers}) from ${programs} where ${programs.id} = ${query.program} and ${programs.orgId} = ${orgId})`
      : undefined,
  ];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(sql`${people.firstName} || ' ' || ${people.lastName}`, pattern),
        ilike(people.lastName, pattern),
        // nobody finds an email by searching who may not see it
        seesMemberEmails(access.member?.level) ? or(ilike(orgPeople.email, pattern), ilike(people.email, pattern)) : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    ctx.db
      .select({ member: orgPeople, person: personColumns })
      .from(orgPeople)
      .innerJoin(people, eq(people.id, orgPeople.personId))
      .where(where)
      .orderBy(asc(sql`lower(${people.firstName})`), asc(sql`lower(${people.lastName})`), asc(orgPeople.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ total: count() }).from(orgPeople).innerJoin(people, eq(people.id, orgPeople.personId)).where(where),
  ]);
  const viewer = viewerOf(access);
  return { people: rows.map(({ member, person }) => presentOrgPerson(member, person, viewer)), total };
}

async function loadMember(db: AppContext['db'] | Tx, orgId: string, personId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ member: orgPeople, person: personColumns })
    .from(orgPeople)
    .innerJoin(people, eq(people.id, orgPeople.personId))
    .where(and(eq(orgPeople.orgId, orgId), eq(orgPeople.personId, personId), currentMembership()));
  const [row] = await (options.lock ? query.for('update', { of: orgPeople }) : query);
  if (!row) throw personNotFound();
  return row;
}

export async function getPerson(ctx: AppContext, access: OrgAccess, personId: string) {
  const { member, person } = await loadMember(ctx.db, access.org.id, personId);
  return presentOrgPerson(member, person, viewerOf(access));
}

/**
 * Changes to an organisation's people take turns (the organisation's row, locked first): of two admins demoting or
 * removing each other at once, the second then counts the admins the first has left, and the last one stays.
 */
async function takeTurnInOrg(tx: Tx, orgId: string): Promise<void> {
  await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.id, orgId)).for('no key update');
}

/** Admins besides `personId` who are still members today, though a day to leave is set for them. */
async function otherAdminsLeavingLater(tx: Tx, orgId: string, personId: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(orgPeople)
    .where(
      and(
        eq(orgPeople.orgId, orgId),
        eq(orgPeople.level, 'ADMIN'),
        ne(orgPeople.personId, personId),
        currentMembership(),
        isNotNull(orgPeople.endDate),
      ),
    );
  return row?.value ?? 0;
}

/** Admins besides `personId` who stay: current and not scheduled to leave. */
async function otherStayingAdmins(tx: Tx, orgId: string, personId: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(orgPeople)
    .where(and(eq(orgPeople.orgId, orgId), eq(orgPeople.level, 'ADMIN'), ne(orgPeople.personId, personId), isNull(orgPeople.endDate)));
  return row?.value ?? 0;
}

/** Ids that must name live items of this organisation. */
async function checkExisting(tx: Tx, orgId: string, input: OrgPersonUpdate) {
  const checks: ['department' | 'office' | 'role', string[], typeof departments | typeof offices | typeof orgRoles][] = [];
  const departmentIds = [...(input.departments ?? []), ...(input.accessibleDepartments ?? [])];
  const officeIds = [...(input.office ? [input.office] : []), ...(input.accessibleOffices ?? [])];
  if (departmentIds.length > 0) checks.push(['department', departmentIds, departments]);
  if (officeIds.length > 0) checks.push(['office', officeIds, offices]);
  if (input.role) checks.push(['role', [input.role], orgRoles]);
  for (const [kind, ids, table] of checks) {
    const unique = [...new Set(ids)];
    const found = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.orgId, orgId), inArray(table.id, unique), eq(table.isDeleted, false)));
    if (found.length !== unique.length) throw appError(UNKNOWN_IN_ORG[kind]);
  }
}

const GRANT_FIELDS = [
  'permission',
  'canApproveRoles',
  'canApproveLeaves',
  'canManageGoals',
  'canCreateProjects',
  'accessibleDepartments',
  'accessibleOffices',
] as const;

const OWN_LEAVE_FIELDS = ['leaveAmounts', 'yearsOfPreService', 'startDate'] as const;

/**
 * `PUT /org/:id/people/:personId`. Managers (and limited managers) edit the people they reach; handing out
 * levels and rights takes a full manager (admin for admins); nobody but an admin changes their own rights or leave;
 * the department and office tag rules apply to editors limited to some of them; admin needs an approved domain;
 * the last admin stays an admin.
 */
export async function updatePerson(ctx: AppContext, access: OrgAccess, personId: string, input: OrgPersonUpdate) {
  const { updatedAt, permission, ...fields } = input;
  const viewer = viewerOf(access);
  const editor = access.member;
  const self = access.personId === personId;
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    await takeTurnInOrg(tx, access.org.id);
    const { member } = await loadMember(tx, access.org.id, personId, { lock: true });
    checkFresh(member, updatedAt);
    const target = targetFacts(member);
    if (!can(access.actor, 'org.people.manage', { target })) throw appError('forbidden');
    const grants = GRANT_FIELDS.some((field) => input[field] !== undefined);
    const notAdminSelf = self && access.actor.kind === 'person' && access.actor.level !== 'ADMIN';
    // what the person's leave balance is counted from
    if (notAdminSelf && OWN_LEAVE_FIELDS.some((field) => input[field] !== undefined)) throw appError('ownLeave');
    if (grants) {
      if (notAdminSelf) throw appError('ownPermissions');
      if (!can(access.actor, 'org.people.grant', { target })) throw appError('forbidden');
    }
    if (permission !== undefined && permission !== member.level) {
      if (!can(access.actor, 'org.people.assignLevel', { level: permission })) throw appError('levelNotGiven');
      if (permission === 'ADMIN') {
        const domainError = adminDomainError(access.org.inviteDomains, member.email);
        if (domainError) throw appError('adminDomainNotApproved');
      }
      if (member.level === 'ADMIN' && (await otherStayingAdmins(tx, access.org.id, personId)) === 0) throw lastAdmin();
    }
    if (fields.startDate && member.endDate && member.endDate < fields.startDate) throw appError('orgDatesBackwards', 'startDate');
    await checkExisting(tx, access.org.id, input);
    if (editor) {
      const departmentError = fields.departments ? departmentChangeError(editor, member.departments, fields.departments) : null;
      if (departmentError) throw appError('orgDepartmentRestricted', departmentError);
      const officeError = fields.office !== undefined ? officeChangeError(editor, member.officeId, fields.office) : null;
      if (officeError) throw appError('orgOfficeRestricted', officeError);
      // the access the person ends up with, when it changes or comes to matter (a new manager manages people by it)
      const becomesManager = permission !== undefined && permission !== member.level && isManagerLevel(permission);
      if (fields.accessibleDepartments !== undefined || fields.accessibleOffices !== undefined || becomesManager) {
        const grantError = accessGrantError(
          editor,
          fields.accessibleDepartments ?? member.accessibleDepartments,
          fields.accessibleOffices ?? member.accessibleOffices,
        );
        if (grantError) throw appError('orgAccessRestricted', grantError);
      }
    }
    const { role, office, ...rest } = fields;
    const patch: Partial<OrgPersonRow> = {
      ...rest,
      ...(permission !== undefined ? { level: permission } : {}),
      ...(role !== undefined ? { roleId: role } : {}),
      ...(office !== undefined ? { officeId: office } : {}),
    };
    const changes = diffFields(member as Record<string, unknown>, patch);
    if (Object.keys(changes).length === 0) return member;
    const [updated] = await tx
      .update(orgPeople)
      .set(patch)
      .where(and(eq(orgPeople.id, member.id), eq(orgPeople.orgId, access.org.id)))
      .returning();
    record({ action: 'update', entity: 'org.people', id: personId, title: member.email, changes });
    return updated!;
  });
  const { person } = await loadMember(ctx.db, access.org.id, personId);
  return presentOrgPerson(row, person, viewer);
}

/** A person may act on their own entry; anyone else needs to manage them (the organisation policy's `verb`). */
function mayActOn(
  access: OrgAccess,
  member: OrgPersonRow,
  verb: 'org.people.remove' | 'org.people.email.update' | 'org.people.schedule',
): void {
  if (!can(access.actor, verb, { target: targetFacts(member) })) throw appError('forbidden');
}

/**
 * Whether this address is somebody else's: another person's sign-in or verified address anywhere (rule 156), or the
 * organisation email of another current member.
 */
async function emailOfSomebodyElse(tx: Tx, orgId: string, member: OrgPersonRow, email: string): Promise<boolean> {
  if (await otherPersonHasEmail(tx, member.personId, email)) return true;
  const [taken] = await tx
    .select({ id: orgPeople.id })
    .from(orgPeople)
    .where(and(eq(orgPeople.orgId, orgId), eq(orgPeople.email, email), ne(orgPeople.id, member.id), currentMembership()))
    .limit(1);
  return Boolean(taken);
}

/**
 * `PUT /org/:id/people/:personId/email`: the address the organisation uses for this person. It may not be somebody
 * else's (invites to them would answer that they are already a member), and an admin's stays on an approved domain
 * (rule 124).
 */
export async function changePersonEmail(ctx: AppContext, access: OrgAccess, personId: string, email: string) {
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const { member } = await loadMember(tx, access.org.id, personId, { lock: true });
    mayActOn(access, member, 'org.people.email.update');
    if (member.email === email) throw appError('sameEmail');
    if (member.level === 'ADMIN' && adminDomainError(access.org.inviteDomains, email)) throw appError('adminDomainNotApproved');
    // two people taking the same address at once: the second waits for the first, then finds it taken
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`org-email:${email}`}))`);
    if (await emailOfSomebodyElse(tx, access.org.id, member, email)) throw appError('emailInUse');
    const [updated] = await tx
      .update(orgPeople)
      .set({ email })
      .where(and(eq(orgPeople.id, member.id), eq(orgPeople.orgId, access.org.id)))
      .returning();
    record({ action: 'update', entity: 'org.people', id: personId, title: email, changes: { email: { from: member.email, to: email } } });
    return updated!;
  });
  const { person } = await loadMember(ctx.db, access.org.id, personId);
  return presentOrgPerson(row, person, viewerOf(access));
}

/**
 * `DELETE /org/:id/people/:personId`: the person leaves tomorrow (rule 283), removeFromMissions recorded for
 * the missions to act on. The only admin leaving deletes the organisation (rule 284): refused with 409 unless
 * `confirmDeleteOrganisation` says so.
 */
export async function removePerson(
  ctx: AppContext,
  access: OrgAccess,
  personId: string,
  options: { removeFromMissions: boolean; confirmDeleteOrganisation: boolean },
) {
  const result = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    await takeTurnInOrg(tx, access.org.id);
    const { member, person } = await loadMember(tx, access.org.id, personId, { lock: true });
    mayActOn(access, member, 'org.people.remove');
    const onlyAdmin = member.level === 'ADMIN' && (await otherStayingAdmins(tx, access.org.id, personId)) === 0;
    // another admin still works here until their own later day: the organisation is not deleted under them
    if (onlyAdmin && (await otherAdminsLeavingLater(tx, access.org.id, personId)) > 0) throw lastAdmin();
    if (onlyAdmin && !options.confirmDeleteOrganisation) throw onlyAdminLeaving();
    const [updated] = await tx
      .update(orgPeople)
      .set({
        endDate: sql`least(coalesce(${orgPeople.endDate}, current_date + 1), current_date + 1)`,
        removeFromMissions: options.removeFromMissions,
        removedBy: removerAfter(access, member),
      })
      .where(and(eq(orgPeople.id, member.id), eq(orgPeople.orgId, access.org.id)))
      .returning();
    record({
      action: 'remove',
      entity: 'org.people',
      id: personId,
      title: member.email,
      changes: diffFields(member as Record<string, unknown>, { endDate: updated!.endDate, removeFromMissions: options.removeFromMissions }),
    });
    if (onlyAdmin) {
      await markOrgDeleted(tx, access.org.id, access.personId, ctx.clock.now());
      record({ action: 'delete', entity: 'orgs', id: access.org.id, title: access.org.title });
    }
    return { member: updated!, person, organisationDeleted: onlyAdmin };
  });
  await ctx.events.emit('org.person.removed', {
    orgId: access.org.id,
    personId,
    endDate: result.member.endDate,
    removeFromMissions: options.removeFromMissions,
  });
  if (result.organisationDeleted) await ctx.events.emit('org.deleted', { orgId: access.org.id, deletedBy: access.personId });
  return {
    person: presentOrgPerson(result.member, result.person, viewerOf(access)),
    organisationDeleted: result.organisationDeleted,
  };
}

/** The caller acts on their own membership, which somebody (or something) else has given an end. */
const endedByOther = (access: OrgAccess, member: OrgPersonRow) =>
  member.personId === access.personId && member.endDate !== null && member.removedBy !== access.personId;

/** Who a new end is recorded against: leaving early keeps the remover who gave the first end. */
const removerAfter = (access: OrgAccess, member: OrgPersonRow) => (endedByOther(access, member) ? member.removedBy : access.personId);

/**
 * `POST /org/:id/schedule/people`: the day a person leaves (after today), or null to cancel it. A person may bring
 * their own end closer, but not cancel or postpone the one somebody else gave them.
 */
export async function schedulePerson(ctx: AppContext, access: OrgAccess, input: OrgPersonSchedule) {
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    await takeTurnInOrg(tx, access.org.id);
    const { member, person } = await loadMember(tx, access.org.id, input.personId, { lock: true });
    mayActOn(access, member, 'org.people.schedule');
    // Cancelling or postponing an end somebody else gave would undo their removal.
    if (endedByOther(access, member) && (input.endDate === null || input.endDate > member.endDate!)) throw appError('forbidden');
    if (input.endDate !== null) {
      const { rows } = await tx.execute<{ ok: boolean }>(sql`select ${input.endDate}::date > current_date as ok`);
      if (!rows[0]?.ok) throw appError('orgEndDatePast');
      if (member.startDate && input.endDate < member.startDate) throw appError('orgDatesBackwards', 'endDate');
      if (member.level === 'ADMIN' && (await otherStayingAdmins(tx, access.org.id, input.personId)) === 0) throw lastAdmin();
    }
    const [updated] = await tx
      .update(orgPeople)
      .set({
        endDate: input.endDate,
        removeFromMissions: input.removeFromMissions,
        removedBy: input.endDate ? removerAfter(access, member) : null,
      })
      .where(and(eq(orgPeople.id, member.id), eq(orgPeople.orgId, access.org.id)))
      .returning();
    record({
      action: 'schedule',
      entity: 'org.people',
      id: input.personId,
      title: member.email,
      changes: diffFields(member as Record<string, unknown>, { endDate: input.endDate, removeFromMissions: input.removeFromMissions }),
    });
    return { member: updated!, person };
  });
  await ctx.events.emit('org.person.removed', {
    orgId: access.org.id,
    personId: input.personId,
    endDate: row.member.endDate,
    removeFromMissions: input.removeFromMissions,
  });
  return presentOrgPerson(row.member, row.person, viewerOf(access));
}

/**
 * `POST /org/:id/gt/sync/person/:personId`: takes over what the organisation's CRM knows of a person (their role,
 * matched by name, and the days they start and leave) onto their organisation entry. Without a CRM configured it
 * answers 409 org/directory-not-configured; a person the CRM does not know is 404; a CRM that does not answer, 502.
 */
export async function syncPerson(ctx: AppContext, access: OrgAccess, personId: string, crm: CrmConnector | null) {
  const { member } = await loadMember(ctx.db, access.org.id, personId);
  if (!crm) throw appError('directoryNotConfigured');
  let found;
  try {
    found = await crm.findPerson({ orgId: access.org.id, email: member.email });
  } catch (error) {
    if (!(error instanceof CrmUnavailableError)) throw error;
    throw appError('crmUnavailable');
  }
  if (!found) throw appError('crmPersonNotFound');
  const [role] = found.roleName
    ? await ctx.db
        .select({ id: orgRoles.id })
        .from(orgRoles)
        .where(
          and(eq(orgRoles.orgId, access.org.id), eq(orgRoles.isDeleted, false), sql`lower(${orgRoles.name}) = lower(${found.roleName})`),
        )
    : [];
  const startDate = found.startDate ?? member.startDate;
  const endDate = found.endDate ?? member.endDate;
  if (startDate && endDate && startDate > endDate) throw appError('crmDatesBackwards');
  const patch: Partial<OrgPersonRow> = { startDate, endDate, ...(role ? { roleId: role.id } : {}) };
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const { member: locked } = await loadMember(tx, access.org.id, personId, { lock: true });
    const changes = diffFields(locked as Record<string, unknown>, patch);
    if (Object.keys(changes).length === 0) return locked;
    const [updated] = await tx.update(orgPeople).set(patch).where(eq(orgPeople.id, locked.id)).returning();
    record({ action: 'update', entity: 'org.people', id: personId, title: locked.email, changes });
    return updated!;
  });
  const { person } = await loadMember(ctx.db, access.org.id, personId);
  return presentOrgPerson(row, person, viewerOf(access));
}
