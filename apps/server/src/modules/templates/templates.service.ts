import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  can,
  canManageTemplate,
  canOnMission,
  canShareTemplate,
  canUseTemplate,
  templateDataSchema,
  type Change,
  type MissionAuditEntity,
  type Template,
  type TemplateBulkUpdate,
  type TemplateCreate,
  type TemplatePlanItem,
} from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { missions, orgPeople, orgs, templates } from '../../db/schema/index.ts';
import { AppError, appError, atField } from '../../lib/errors.ts';
import {
  loadMissionAccess,
  missionInvitePending,
  missionNotFound,
  missionWithheld,
  type MissionRow,
} from '../../plugins/mission-access.ts';
import { currentMembership, loadOrgAccess, orgNotFound } from '../../plugins/org-access.ts';
import type { AppContext, Principal } from '../../plugins/types.ts';
import { checkReferences } from '../missions/index.ts';
import { createTemplateMission, layOutTemplate, snapshotMission } from './template-plan.ts';
import { presentTemplate, templateDataOf, templateFactsOf, templatePlanItemsOf, type TemplateWithViewer } from './templates.presenter.ts';

export const templateNotFound = () => appError('templateNotFound');

type MissionChanges = Map<string, Change<MissionAuditEntity>[]>;

function noteChange(changes: MissionChanges, missionId: string, change: Change<MissionAuditEntity>) {
  changes.set(missionId, [...(changes.get(missionId) ?? []), change]);
}

/** Tells the missions' rooms what changed, once the transaction has committed. */
async function emitMissionChanges(ctx: AppContext, changes: MissionChanges) {
  for (const [missionId, list] of changes) await ctx.events.emit('mission.changed', { missionId, changes: list });
}

/**
 * Templates joined with the caller's current level in their organisation (none for a deleted organisation); a
 * template mission deleted since (archived) no longer counts as the template's.
 */
function templatesWithViewer(db: Db | Tx, personId: string) {
  return db
    .select({ template: templates, level: orgPeople.level, orgAlive: orgs.id, missionAlive: missions.id })
    .from(templates)
    .leftJoin(orgs, and(eq(orgs.id, templates.orgId), isNull(orgs.deletedAt)))
    .leftJoin(orgPeople, and(eq(orgPeople.orgId, orgs.id), eq(orgPeople.personId, personId), currentMembership()))
    .leftJoin(missions, and(eq(missions.id, templates.missionId), isNull(missions.archivedAt)))
    .$dynamic();
}

type ViewerRow = {
  template: typeof templates.$inferSelect;
  level: TemplateWithViewer['orgLevel'];
  orgAlive: string | null;
  missionAlive: string | null;
};
const withViewer = (row: ViewerRow): TemplateWithViewer => ({
  template: { ...row.template, missionId: row.missionAlive },
  orgLevel: row.orgAlive ? row.level : null,
});

/** The caller may share templates with this organisation: a current member allowed to create its projects. */
async function checkOrgTemplates(tx: Tx, orgId: string, personId: string) {
  const access = await loadOrgAccess(tx, orgId, { personId });
  if (!access) throw orgNotFound();
  if (!can(access.actor, 'projects.create', { org: access.org })) throw appError('forbidden');
}

/** The mission a template is saved from: visible to the caller, who may save it as a template (rule 98 admins). */
async function missionToSave(tx: Tx, missionId: string, personId: string): Promise<MissionRow> {
  const access = await loadMissionAccess(tx, missionId, personId);
  if (!access || !canOnMission(access.actor, 'mission.read', access.facts)) {
    if (access?.member?.invitePending) throw missionInvitePending();
    throw missionNotFound();
  }
  if (access.withheld) throw missionWithheld();
  if (access.mission.isTemplate) throw appError('templateAlreadyTemplate');
  if (!canOnMission(access.actor, 'template.save', access.facts)) throw appError('forbidden');
  return access.mission;
}

/**
 * The departments a template gives the projects made from it are live departments of its organisation (a personal
 * template names none): 400 naming the field otherwise.
 */
async function checkTemplateDepartments(tx: Tx, orgId: string | null, departmentTags: string[]) {
  try {
    await checkReferences(tx, orgId, { departmentTags });
  } catch (error) {
    throw error instanceof AppError ? atField(error, 'template.data.departmentTags') : error;
  }
}

/**
 * Creates a template (`POST /template`), in one transaction. From a mission: a snapshot of its data and plan, and
 * a template mission copied from it, linked both ways (the source's linkedTemplate, the copy's linkedProject).
 * Otherwise from the given data and plan items. Organisation templates need the right to create projects there.
 */
export async function createTemplate(ctx: AppContext, principal: Principal, input: TemplateCreate['template']): Promise<Template> {
  const { personId } = principal;
  const changes: MissionChanges = new Map();
  const created = await ctx.db.transaction(async (tx) => {
    const source = input.mission ? await missionToSave(tx, input.mission, personId) : null;
    if (input.org) {
      await checkOrgTemplates(tx, input.org, personId);
      if (source && source.orgId !== null && source.orgId !== input.org) {
        throw appError('templateOtherOrg');
      }
    }
    let content: { data: unknown; dataPlanItems: TemplatePlanItem[]; missionId: string | null };
    if (source) {
      const snapshot = await snapshotMission(tx, source);
      const copy = await createTemplateMission(tx, {
        source,
        items: snapshot.planItems,
        title: input.title,
        orgId: input.org,
        creator: principal,
      });
      await tx.update(missions).set({ linkedTemplate: copy.id }).where(eq(missions.id, source.id));
      noteChange(changes, source.id, { type: 'update', entity: 'missions', id: source.id, data: { linkedTemplate: copy.id } });
      content = { data: snapshot.data, dataPlanItems: snapshot.dataPlanItems, missionId: copy.id };
    } else {
      const data = templateDataSchema.parse(input.data ?? {});
      await checkTemplateDepartments(tx, input.org, data.departmentTags);
      content = { data, dataPlanItems: input.dataPlanItems ?? [], missionId: null };
    }
    const [row] = await tx
      .insert(templates)
      .values({
        orgId: input.org,
        ownerId: personId,
        title: input.title,
        description: input.description,
        isPrivate: input.isPrivate,
        isProposalTemplate: input.isProposalTemplate,
        data: content.data as Record<string, unknown>,
        dataPlanItems: content.dataPlanItems,
        missionId: content.missionId,
      })
      .returning();
    const [viewer] = await templatesWithViewer(tx, personId).where(eq(templates.id, row!.id));
    return withViewer(viewer!);
  });
  await emitMissionChanges(ctx, changes);
  return presentTemplate(created.template, { personId, orgLevel: created.orgLevel });
}

/**
 * `GET /template`: the caller's personal templates and the templates of the organisations they belong to now,
 * newest first; `org` keeps one organisation's (404 when the caller is not a current member of it).
 */
export async function listTemplates(db: Db, personId: string, query: { org?: string; isProposalTemplate?: boolean }) {
  const mine = and(eq(templates.isPrivate, true), eq(templates.ownerId, personId));
  const ofMyOrgs = and(eq(templates.isPrivate, false), sql`${orgPeople.id} is not null`, sql`${orgs.id} is not null`);
  const conditions: (SQL | undefined)[] = [query.org ? ofMyOrgs : or(mine, ofMyOrgs)];
  if (query.org) {
    const access = await loadOrgAccess(db, query.org, { personId });
    if (!access) throw orgNotFound();
    conditions.push(eq(templates.orgId, query.org));
  }
  if (query.isProposalTemplate !== undefined) conditions.push(eq(templates.isProposalTemplate, query.isProposalTemplate));
  const rows = await templatesWithViewer(db, personId)
    .where(and(...conditions))
    .orderBy(desc(templates.createdAt), desc(templates.id));
  return {
    templates: rows.map(withViewer).map(({ template, orgLevel }) => presentTemplate(template, { personId, orgLevel })),
  };
}

/**
 * The templates of a bulk call, locked, each one the caller may see and manage: all of them or an error
 * (404 for one they may not see or that does not exist, 403 for one they may only use).
 */
async function templatesToManage(tx: Tx, personId: string, ids: string[]): Promise<Map<string, TemplateWithViewer>> {
  const rows = await templatesWithViewer(tx, personId).where(inArray(templates.id, ids)).for('update', { of: templates });
  const found = new Map(rows.map((row) => [row.template.id, withViewer(row)]));
  for (const id of ids) {
    const entry = found.get(id);
    const viewer = { personId, orgLevel: entry?.orgLevel ?? null };
    if (!entry || !canUseTemplate(viewer, templateFactsOf(entry.template))) throw templateNotFound();
    if (!canManageTemplate(viewer, templateFactsOf(entry.template))) throw appError('forbidden');
  }
  return found;
}

/** Locks a mission; null when it has gone (deleted missions are archived). */
async function lockedMission(tx: Tx, missionId: string | null): Promise<MissionRow | null> {
  if (!missionId) return null;
  const [mission] = await tx
    .select()
    .from(missions)
    .where(and(eq(missions.id, missionId), isNull(missions.archivedAt)))
    .for('update');
  return mission ?? null;
}

/**
 * `PUT /template/bulk`: titles, descriptions, proposal flags and sharing of several templates, and `resave`
 * (the template mission's data and plan taken again; the mission is marked saved). One transaction: any template
 * the caller may not change leaves every one unchanged.
 */
export async function updateTemplates(ctx: AppContext, personId: string, items: TemplateBulkUpdate['templates']) {
  const changes: MissionChanges = new Map();
  const updated = await ctx.db.transaction(async (tx) => {
    const found = await templatesToManage(
      tx,
      personId,
      items.map((item) => item._id),
    );
    for (const item of items) {
      const { template, orgLevel } = found.get(item._id)!;
      const viewer = { personId, orgLevel };
      const patch: Partial<typeof templates.$inferInsert> = {};
      const missionPatch: Partial<typeof missions.$inferInsert> = {};
      if (item.title !== undefined) patch.title = missionPatch.title = item.title;
      if (item.description !== undefined) patch.description = item.description;
      if (item.isProposalTemplate !== undefined) patch.isProposalTemplate = item.isProposalTemplate;
      if (item.isPrivate !== undefined || item.org !== undefined) {
        const isPrivate = item.isPrivate ?? template.isPrivate;
        const orgId = isPrivate ? null : (item.org ?? template.orgId);
        if (isPrivate && item.org) throw appError('templatePersonalHasNoOrg');
        if (!isPrivate && !orgId) throw appError('templateOrgNeeded');
        if (isPrivate !== template.isPrivate || orgId !== template.orgId) {
          if (!canShareTemplate(viewer, templateFactsOf(template))) throw appError('forbidden');
          if (orgId) await checkOrgTemplates(tx, orgId, personId);
          patch.isPrivate = isPrivate;
          patch.orgId = missionPatch.orgId = orgId;
        }
      }
      const mission = await lockedMission(tx, template.missionId);
      if (item.resave) {
        if (!mission) throw appError('templateNotLinked');
        const snapshot = await snapshotMission(tx, mission);
        patch.data = snapshot.data;
        patch.dataPlanItems = snapshot.dataPlanItems;
        missionPatch.isTemplateSaved = true;
      }
      if (mission && Object.keys(missionPatch).length > 0) {
        await tx.update(missions).set(missionPatch).where(eq(missions.id, mission.id));
        noteChange(changes, mission.id, { type: 'update', entity: 'missions', id: mission.id, data: missionPatch });
      }
      if (Object.keys(patch).length > 0) await tx.update(templates).set(patch).where(eq(templates.id, template.id));
    }
    const ids = items.map((item) => item._id);
    const rows = await templatesWithViewer(tx, personId).where(inArray(templates.id, ids));
    const byId = new Map(rows.map((row) => [row.template.id, withViewer(row)]));
    return ids.map((id) => byId.get(id)!);
  });
  await emitMissionChanges(ctx, changes);
  return { templates: updated.map(({ template, orgLevel }) => presentTemplate(template, { personId, orgLevel })) };
}

/**
 * `POST /template/delete/bulk`: deletes templates and their template missions (rule 32; deleted as missions are:
 * archived, answering 404 from then on), and clears the link of the projects they were made from. One transaction:
 * all of them or none.
 */
export async function deleteTemplates(ctx: AppContext, personId: string, ids: string[]) {
  const changes: MissionChanges = new Map();
  const result = await ctx.db.transaction(async (tx) => {
    const found = await templatesToManage(tx, personId, ids);
    const missionIds = [...found.values()].map(({ template }) => template.missionId).filter((id): id is string => id !== null);
    let deletedMissions: string[] = [];
    if (missionIds.length > 0) {
      const sources = await tx
        .update(missions)
        .set({ linkedTemplate: null })
        .where(inArray(missions.linkedTemplate, missionIds))
        .returning({ id: missions.id });
      for (const { id } of sources) noteChange(changes, id, { type: 'update', entity: 'missions', id, data: { linkedTemplate: null } });
      const deleted = await tx
        .update(missions)
        .set({ archivedAt: ctx.clock.now() })
        .where(and(inArray(missions.id, missionIds), eq(missions.isTemplate, true), isNull(missions.archivedAt)))
        .returning({ id: missions.id });
      deletedMissions = deleted.map(({ id }) => id);
      for (const id of deletedMissions) noteChange(changes, id, { type: 'delete', entity: 'missions', id });
    }
    await tx.delete(templates).where(inArray(templates.id, ids));
    return { deleted: ids, deletedMissions };
  });
  await emitMissionChanges(ctx, changes);
  return result;
}

/**
 * Copies a template into a mission being created from it (`POST /mission {template}`), in the creation's
 * transaction: 404 'template/not-found' unless the caller may use the template (its owner, or a current member of
 * its organisation).
 */
export async function instantiateTemplate(
  tx: Tx,
  args: { templateId: string; missionId: string; personId: string; today: string },
): Promise<void> {
  const [row] = await templatesWithViewer(tx, args.personId).where(eq(templates.id, args.templateId));
  const entry = row ? withViewer(row) : null;
  if (!entry || !canUseTemplate({ personId: args.personId, orgLevel: entry.orgLevel }, templateFactsOf(entry.template))) {
    throw templateNotFound();
  }
  const mission = await lockedMission(tx, args.missionId);
  if (!mission) throw missionNotFound();
  const { template } = entry;
  await layOutTemplate(
    tx,
    mission,
    { orgId: template.orgId, data: templateDataOf(template), dataPlanItems: templatePlanItemsOf(template) },
    args.personId,
    args.today,
  );
}
