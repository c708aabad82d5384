import { eq } from 'drizzle-orm';
import {
  bulkMergeGroups,
  mergeInto,
  ROLE_PLAN_DRAFT,
  ROLE_PLAN_MERGED,
  ROLE_PLAN_MESSAGES,
  splitItem,
  type RolePlanBulkBody,
  type RolePlanBulkResult,
  type RolePlanCreate,
  type RolePlanItem,
  type RolePlanListQuery,
  type RolePlanStatusBody,
  type RolePlanRefusal,
  type RuleResult,
} from '@crewplan/domain';
import { auditActorOf, diffFields, runOrgCommand, type RecordOrgWrite } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { rolePlanItems, type RolePlanMessage } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';
import {
  alreadyMerged,
  holdsMerged,
  datesBackwards,
  itemsNotFound,
  mergeTarget,
  notInOrg,
  nothingToMerge,
  requireLicensed,
  requireSpecialRights,
  splitTooMuch,
} from './role-plans.access.ts';
import { presentItem } from './role-plans.presenter.ts';
import {
  byIds,
  callerRights,
  filtersOf,
  foreignReferences,
  lockItems,
  mergedSourceProjects,
  ofPerson,
  readItems,
  type RolePlanRow,
} from './role-plans.queries.ts';

const ENTITY = 'role.plan.items' as const;
const titleOf = (row: Pick<RolePlanRow, 'hoursApproved' | 'hoursNeeded' | 'status'>) =>
  `Role plan (${row.status}): ${row.hoursApproved} of ${row.hoursNeeded} hours approved`;
/** What the history keeps of an item (its thread and free metadata stay out). */
const summary = (row: RolePlanRow) => ({
  status: row.status,
  personId: row.personId,
  roleId: row.roleId,
  hoursNeeded: row.hoursNeeded,
  hoursApproved: row.hoursApproved,
  mergedTo: row.mergedTo,
});
const created = (row: RolePlanRow) => diffFields({} as Record<string, unknown>, summary(row));

/** A status change a decision made, told to the item's person and creator once committed. */
type StatusChanged = { item: RolePlanRow; from: string };

function refuse(result: Extract<RuleResult<unknown>, { ok: false }>, field: string): never {
  const refusals: Record<RolePlanRefusal, () => Error> = {
    alreadyMerged: () => alreadyMerged(field),
    nothingToMerge,
    mergeTarget,
    splitTooMuch,
  };
  throw refusals[result.refusal]();
}

async function present(ctx: AppContext | Tx, orgId: string, ids: readonly string[]): Promise<RolePlanItem[]> {
  if (ids.length === 0) return [];
  const db = 'db' in ctx ? ctx.db : ctx;
  const rows = await readItems(db, orgId, [byIds(ids)]);
  const order = new Map(ids.map((id, index) => [id, index]));
  return rows.map(presentItem).sort((a, b) => order.get(a._id)! - order.get(b._id)!);
}

/** `GET /org-role-plan-item/org/:id`: the organisation view, filtered. */
export async function listOrg(ctx: AppContext, access: OrgAccess, query: RolePlanListQuery) {
  requireLicensed(access, ctx.clock.now());
  return { items: (await readItems(ctx.db, access.org.id, filtersOf(query))).map(presentItem) };
}

/** `GET …/my`: the caller's own items (an API key has none). */
export async function listMine(ctx: AppContext, access: OrgAccess) {
  requireLicensed(access, ctx.clock.now());
  if (!access.personId) return { items: [] };
  return { items: (await readItems(ctx.db, access.org.id, [ofPerson(access.personId)])).map(presentItem) };
}

/** `POST …/role-plan-item/list`: items by id; an id that is not the organisation's is 404, naming the field. */
export async function listByIds(ctx: AppContext, access: OrgAccess, ids: readonly string[]) {
  requireLicensed(access, ctx.clock.now());
  const items = await present(ctx, access.org.id, ids);
  if (items.length !== ids.length) throw itemsNotFound('rolePlanItemId');
  return { items };
}

/**
 * Who may label an item an offer of the CRM ('CRM Offers', rule 86): the CRM itself, which calls with an API key of
 * the organisation, and the organisation's admins, who hold those keys anyway. Anyone else's item is 'Created in
 * Crewplan', whatever the body claims, as it is a draft whatever status it asks for.
 */
const offersForCrm = (access: OrgAccess) => access.apiKeyId !== null || access.member?.level === 'ADMIN';

/** `POST /org-role-plan-item/org/:id`: a new item, always a draft (rule 85), its references checked against the organisation. */
export async function createItem(ctx: AppContext, access: OrgAccess, body: RolePlanCreate): Promise<RolePlanItem> {
  const now = ctx.clock.now();
  requireLicensed(access, now);
  const wrong = await foreignReferences(ctx.db, access.org.id, {
    roleId: body.roleId,
    personIds: body.personId ? [body.personId] : [],
    programId: body.programId,
    missionId: body.missionId,
    planItemId: body.planItemId,
  });
  if (wrong.length > 0) throw notInOrg(wrong);
  const messages: RolePlanMessage[] = body.message ? [{ msg: body.message, createdBy: access.personId, createdOn: now.toISOString() }] : [];
  const id = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const [row] = await tx
      .insert(rolePlanItems)
      .values({
        orgId: access.org.id,
        status: ROLE_PLAN_DRAFT,
        statusChanges: [{ status: ROLE_PLAN_DRAFT, changedOn: now.toISOString(), changedBy: access.personId }],
        personId: body.personId ?? null,
        roleId: body.roleId,
        planItemId: body.planItemId ?? null,
        programId: body.programId ?? null,
        missionId: body.missionId ?? null,
        hoursNeeded: body.hoursNeeded,
        hoursApproved: body.hoursApproved,
        startDate: body.startDate ?? null,
        endDate: body.endDate ?? null,
        origin: body.createdFromGtCrm && offersForCrm(access) ? 'crm' : 'product',
        metaData: body.metaData ?? {},
        customId: body.customId ?? null,
        context: body.context ?? null,
        messages,
        createdBy: access.personId,
      })
      .returning();
    record({ action: 'create', entity: ENTITY, id: row!.id, title: titleOf(row!), changes: created(row!) });
    return row!.id;
  });
  return (await present(ctx, access.org.id, [id]))[0]!;
}

/**
 * `DELETE …/role-plan-item/:itemId`: withdraws an item; what was merged into another stays as history (409). A draft
 * is withdrawn by those who request items; one decided on since (approved, say) only by those rule 89 lets decide it.
 */
export async function deleteItem(ctx: AppContext, access: OrgAccess, itemId: string) {
  requireLicensed(access, ctx.clock.now());
  await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const [row] = await lockItems(tx, access.org.id, [itemId]);
    if (!row) throw itemsNotFound('itemId');
    if (row.mergedTo || row.status === ROLE_PLAN_MERGED) throw alreadyMerged('itemId');
    // once decided on (out of draft), withdrawing it undoes that decision: rule 89 decides who, as for a status
    if (row.status !== ROLE_PLAN_DRAFT) await requireRightsOn(tx, access, [row]);
    // the items merged into it keep only their link to it: deleted, their approved hours would be gone for good
    const [merged] = await tx.select({ id: rolePlanItems.id }).from(rolePlanItems).where(eq(rolePlanItems.mergedTo, itemId)).limit(1);
    if (merged) throw holdsMerged();
    await tx.delete(rolePlanItems).where(eq(rolePlanItems.id, itemId));
    record({ action: 'delete', entity: ENTITY, id: itemId, title: titleOf(row) });
  });
  return { deleted: itemId };
}

/**
 * Rule 89 on the projects of `rows`: 403 unless the caller has the special rights on every one of them. The item a
 * bulk merge made stands for no one project: it is decided by whoever may decide every item that went into it (so
 * the project admin who combined their project's hours still decides the result).
 */
async function requireRightsOn(tx: Tx, access: OrgAccess, rows: readonly RolePlanRow[]) {
  const combined = rows.filter((row) => row.origin === 'merge' && row.missionId === null).map((row) => row.id);
  const sources = await mergedSourceProjects(tx, access.org.id, combined);
  const projects = rows.flatMap((row) => sources.get(row.id) ?? [row.missionId]);
  const missionIds = [...new Set(projects.filter((id): id is string => id !== null))];
  const rights = await callerRights(tx, access.org.id, access.personId ?? '', missionIds);
  requireSpecialRights(access, rights, projects);
}

/** Locks the organisation's items of `ids` (all of them, else 404 naming `field`) and checks rule 89 on their projects. */
async function lockForDecision(ctx: AppContext, tx: Tx, access: OrgAccess, asked: readonly string[], field: string) {
  // an id named twice is one item: counted twice, a merge would add its hours twice
  const ids = [...new Set(asked)];
  const rows = await lockItems(tx, access.org.id, ids);
  if (rows.length !== ids.length) throw itemsNotFound(field);
  await requireRightsOn(tx, access, rows);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}

/** Moves items to a status (free values, rule 85), with the change in their history and an optional message in their thread. */
async function changeStatus(
  tx: Tx,
  record: RecordOrgWrite,
  rows: RolePlanRow[],
  input: { status: string; message?: string; personId: string | null; now: Date },
): Promise<StatusChanged[]> {
  const changed: StatusChanged[] = [];
  for (const row of rows) {
    if (row.mergedTo || row.status === ROLE_PLAN_MERGED) throw alreadyMerged(rows.length === 1 ? 'rolePlanItemId' : 'rolePlanItemIds');
    const messages = input.message
      ? [...row.messages, { msg: input.message, createdBy: input.personId, createdOn: input.now.toISOString() }]
      : row.messages;
    if (row.status === input.status && !input.message) continue;
    const statusChanges =
      row.status === input.status
        ? row.statusChanges
        : [...row.statusChanges, { status: input.status, changedOn: input.now.toISOString(), changedBy: input.personId }];
    const updated = await updateRecorded(tx, record, row, { status: input.status, statusChanges, messages });
    if (row.status !== input.status) changed.push({ item: updated, from: row.status });
  }
  return changed;
}

/** Tells of status changes once committed: the item's person and creator are notified (orgRolePlanItemStatusChange). */
async function tellStatusChanges(ctx: AppContext, access: OrgAccess, changes: StatusChanged[]) {
  for (const { item, from } of changes)
    await ctx.events.emit('rolePlan.status.changed', {
      orgId: access.org.id,
      orgTitle: access.org.title,
      rolePlanItemId: item.id,
      actorId: access.personId,
      recipients: [item.personId, item.createdBy].filter((id): id is string => id !== null),
      from,
      status: item.status,
      statusMap: {
        programId: item.programId,
        roleId: item.roleId,
        status: item.status,
        hoursNeeded: item.hoursNeeded,
        hoursApproved: item.hoursApproved,
      },
    });
}

/** `PUT …/role-plan-item/status`: one item's new status (rule 85), decided under rule 89. */
export async function setStatus(ctx: AppContext, access: OrgAccess, body: RolePlanStatusBody): Promise<RolePlanItem> {
  const now = ctx.clock.now();
  requireLicensed(access, now);
  const changes = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const rows = await lockForDecision(ctx, tx, access, [body.rolePlanItemId], 'rolePlanItemId');
    return changeStatus(tx, record, rows, { status: body.status, message: body.message, personId: access.personId, now });
  });
  await tellStatusChanges(ctx, access, changes);
  return (await present(ctx, access.org.id, [body.rolePlanItemId]))[0]!;
}

/** `PUT …/role-plan-item/bulk`: a status for many items, a bulk merge (rule 88), a merge into one (rule 87), or a split. */
export async function bulk(ctx: AppContext, access: OrgAccess, body: RolePlanBulkBody): Promise<RolePlanBulkResult> {
  const now = ctx.clock.now();
  requireLicensed(access, now);
  let changes: StatusChanged[] = [];
  const result = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    switch (body.action) {
      case 'status': {
        const rows = await lockForDecision(ctx, tx, access, body.rolePlanItemIds, 'rolePlanItemIds');
        changes = await changeStatus(tx, record, rows, { status: body.status, message: body.message, personId: access.personId, now });
        return { ids: rows.map((row) => row.id), message: null };
      }
      case 'merge':
        return { ids: await bulkMerge(ctx, tx, record, access, body.rolePlanItemIds, now), message: ROLE_PLAN_MESSAGES.combined };
      case 'assign':
        return { ids: await assign(ctx, tx, record, access, body.rolePlanItemIds, body.personId), message: null };
      case 'mergeInto':
        return {
          ids: await mergeIntoOne(ctx, tx, record, access, body.rolePlanItemIds, body.into, now),
          message: ROLE_PLAN_MESSAGES.combined,
        };
      case 'split':
        return { ids: await split(ctx, tx, record, access, body, now), message: null };
    }
  });
  await tellStatusChanges(ctx, access, changes);
  return { items: await present(ctx, access.org.id, result.ids), message: result.message };
}

/** Gives many items to one person (a current member of the organisation), or to nobody. */
async function assign(ctx: AppContext, tx: Tx, record: RecordOrgWrite, access: OrgAccess, ids: string[], personId: string | null) {
  const rows = await lockForDecision(ctx, tx, access, ids, 'rolePlanItemIds');
  if (personId) {
    const wrong = await foreignReferences(tx, access.org.id, { personIds: [personId] });
    if (wrong.length > 0) throw notInOrg(wrong);
  }
  for (const row of rows) {
    if (row.mergedTo || row.status === ROLE_PLAN_MERGED) throw alreadyMerged('rolePlanItemIds');
    if (row.personId === personId) continue;
    await updateRecorded(tx, record, row, { personId });
  }
  return ids;
}

/** The merge marks of an item merged into `into` (rule 87/88): the merged status, with date and merger. */
const mergedInto = (into: string, personId: string | null, now: Date, row: RolePlanRow) => ({
  status: ROLE_PLAN_MERGED,
  statusChanges: [...row.statusChanges, { status: ROLE_PLAN_MERGED, changedOn: now.toISOString(), changedBy: personId }],
  mergedTo: into,
  mergedOn: now,
  mergedBy: personId,
  mergeReferenceId: into,
});

async function markMerged(tx: Tx, record: RecordOrgWrite, rows: RolePlanRow[], into: string, personId: string | null, now: Date) {
  for (const row of rows) {
    await updateRecorded(tx, record, row, mergedInto(into, personId, now, row));
  }
}

/** Changes one item and records the change in the organisation's history; answers the item as it is now. */
async function updateRecorded(tx: Tx, record: RecordOrgWrite, before: RolePlanRow, values: Partial<RolePlanRow>): Promise<RolePlanRow> {
  const [updated] = await tx.update(rolePlanItems).set(values).where(eq(rolePlanItems.id, before.id)).returning();
  record({
    action: 'update',
    entity: ENTITY,
    id: before.id,
    title: titleOf(updated!),
    changes: diffFields(summary(before), summary(updated!)),
  });
  return updated!;
}

const facts = (row: RolePlanRow) => ({ ...row, hoursNeeded: row.hoursNeeded, hoursApproved: row.hoursApproved });
const earliest = (days: (string | null)[]) => days.filter((d): d is string => d !== null).sort()[0] ?? null;
const latest = (days: (string | null)[]) =>
  days
    .filter((d): d is string => d !== null)
    .sort()
    .at(-1) ?? null;

/**
 * Rule 88: groups by program then role; each group becomes one new item with the summed approved hours, zero hours
 * needed and no single project ('merged'), and its items are marked merged into it. Answers the new items' ids.
 */
async function bulkMerge(ctx: AppContext, tx: Tx, record: RecordOrgWrite, access: OrgAccess, ids: string[], now: Date) {
  const rows = await lockForDecision(ctx, tx, access, ids, 'rolePlanItemIds');
  const groups = bulkMergeGroups(rows.map(facts));
  if (!groups.ok) refuse(groups, 'rolePlanItemIds');
  const createdIds: string[] = [];
  for (const group of groups.value) {
    const members = rows.filter((row) => group.itemIds.includes(row.id));
    const people = [...new Set(members.map((row) => row.personId))];
    const id = newId();
    const [row] = await tx
      .insert(rolePlanItems)
      .values({
        id,
        orgId: access.org.id,
        status: ROLE_PLAN_DRAFT,
        statusChanges: [{ status: ROLE_PLAN_DRAFT, changedOn: now.toISOString(), changedBy: access.personId }],
        personId: people.length === 1 ? people[0]! : null,
        roleId: group.roleId,
        programId: group.programId,
        missionId: null,
        hoursNeeded: group.hoursNeeded,
        hoursApproved: group.hoursApproved,
        startDate: earliest(members.map((m) => m.startDate)),
        endDate: latest(members.map((m) => m.endDate)),
        mergeReferenceId: id,
        mergedBy: access.personId,
        mergedOn: now,
        origin: 'merge',
        createdBy: access.personId,
      })
      .returning();
    record({ action: 'create', entity: ENTITY, id, title: titleOf(row!), changes: created(row!) });
    await markMerged(tx, record, members, id, access.personId, now);
    createdIds.push(id);
  }
  return createdIds;
}

/** Rule 87: the items get mergedTo `into`, whose approved hours become the sum. Answers the accepting item's id. */
async function mergeIntoOne(ctx: AppContext, tx: Tx, record: RecordOrgWrite, access: OrgAccess, ids: string[], into: string, now: Date) {
  if (ids.includes(into)) throw mergeTarget();
  const rows = await lockForDecision(ctx, tx, access, [into, ...ids], 'rolePlanItemIds');
  const [target, ...merged] = rows;
  const result = mergeInto(facts(target!), merged.map(facts));
  if (!result.ok) refuse(result, 'rolePlanItemIds');
  await updateRecorded(tx, record, target!, { hoursApproved: result.value.targetHoursApproved, mergeReferenceId: into });
  await markMerged(tx, record, merged, into, access.personId, now);
  return [into];
}

/** Splits one item into parts that take their hours from it (origin 'Split role'). Answers the parts' ids, then the item's. */
async function split(
  ctx: AppContext,
  tx: Tx,
  record: RecordOrgWrite,
  access: OrgAccess,
  body: Extract<RolePlanBulkBody, { action: 'split' }>,
  now: Date,
) {
  const [row] = await lockForDecision(ctx, tx, access, [body.rolePlanItemId], 'rolePlanItemId');
  const result = splitItem(facts(row!), body.parts);
  if (!result.ok) refuse(result, 'rolePlanItemId');
  const personIds = body.parts.map((part) => part.personId).filter((id): id is string => !!id);
  const wrong = await foreignReferences(tx, access.org.id, { personIds });
  if (wrong.length > 0) throw notInOrg(wrong);
  const ids: string[] = [];
  const datesOf = (part: (typeof body.parts)[number]) => ({
    startDate: part.startDate === undefined ? row!.startDate : part.startDate,
    endDate: part.endDate === undefined ? row!.endDate : part.endDate,
  });
  if (body.parts.map(datesOf).some((d) => d.startDate && d.endDate && d.startDate > d.endDate)) throw datesBackwards('parts');
  for (const part of body.parts) {
    const [inserted] = await tx
      .insert(rolePlanItems)
      .values({
        orgId: access.org.id,
        status: row!.status,
        statusChanges: [{ status: row!.status, changedOn: now.toISOString(), changedBy: access.personId }],
        personId: part.personId === undefined ? row!.personId : part.personId,
        roleId: row!.roleId,
        planItemId: row!.planItemId,
        programId: row!.programId,
        missionId: row!.missionId,
        hoursNeeded: part.hoursNeeded,
        hoursApproved: part.hoursApproved,
        ...datesOf(part),
        splitFrom: row!.id,
        origin: 'split',
        createdBy: access.personId,
      })
      .returning();
    record({ action: 'create', entity: ENTITY, id: inserted!.id, title: titleOf(inserted!), changes: created(inserted!) });
    ids.push(inserted!.id);
  }
  await updateRecorded(tx, record, row!, result.value.rest);
  return [...ids, row!.id];
}
