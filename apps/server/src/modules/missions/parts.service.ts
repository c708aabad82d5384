import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  daysBetween,
  type MissionKpi,
  type SectionTag,
  type baselineCreateSchema,
  type kpiCreateSchema,
  type kpiUpdateSchema,
  type sectionTagCreateSchema,
  type sectionTagUpdateSchema,
} from '@crewplan/domain';
import { diffFields, lockMission, runMissionCommand } from '../../commands/index.ts';
import { actionItems, actions, missionBaselines, missions, planItems } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { MissionAccess, MissionRow } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';

type SectionTagCreate = z.output<typeof sectionTagCreateSchema>;
type SectionTagUpdate = z.output<typeof sectionTagUpdateSchema>;
type KpiCreate = z.output<typeof kpiCreateSchema>;
type KpiUpdate = z.output<typeof kpiUpdateSchema>;

export const sectionTagNotFound = () => appError('sectionTagNotFound');
export const kpiNotFound = () => appError('kpiNotFound');

function checkTagDates(from: string | null | undefined, to: string | null | undefined): void {
  if (from && to && daysBetween(from, to) < 0) throw appError('sectionEndsBeforeStart');
}

/** Adds a section tag to the mission's timeline. */
export async function addSectionTag(ctx: AppContext, access: MissionAccess, input: SectionTagCreate) {
  checkTagDates(input.from, input.to);
  return runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const mission = await lockMission(tx, access.mission.id);
    const tag: SectionTag = { _id: newId(), title: input.title, from: input.from ?? null, to: input.to ?? null };
    const sectionTags = [...mission.sectionTags, tag];
    await tx.update(missions).set({ sectionTags }).where(eq(missions.id, mission.id));
    record({
      action: 'create',
      entity: 'section.tags',
      id: tag._id,
      title: tag.title,
      changes: diffFields({}, { title: tag.title, from: tag.from, to: tag.to }),
    });
    return { sectionTags };
  });
}

function editableTag(mission: MissionRow, tagId: string): SectionTag {
  const tag = mission.sectionTags.find((candidate) => candidate._id === tagId);
  if (!tag) throw sectionTagNotFound();
  // Rule 34: the catch-all tag cannot be updated (nor deleted: tasks without a section belong to it).
  if (tag.catchAll) throw appError('catchAllLocked');
  return tag;
}

/** Renames or re-dates a section tag; the catch-all tag cannot be changed (rule 34). */
export async function updateSectionTag(ctx: AppContext, access: MissionAccess, tagId: string, input: SectionTagUpdate) {
  return runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const mission = await lockMission(tx, access.mission.id);
    const tag = editableTag(mission, tagId);
    const next: SectionTag = { ...tag, ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) };
    checkTagDates(next.from, next.to);
    const sectionTags = mission.sectionTags.map((candidate) => (candidate._id === tagId ? next : candidate));
    const changes = diffFields(tag as Record<string, unknown>, next as Record<string, unknown>);
    if (Object.keys(changes).length > 0) {
      await tx.update(missions).set({ sectionTags }).where(eq(missions.id, mission.id));
      record({ action: 'update', entity: 'section.tags', id: tagId, title: next.title, changes });
    }
    return { sectionTags };
  });
}

/** Deletes a section tag; its actions fall back to the catch-all tag. The catch-all tag cannot be deleted. */
export async function deleteSectionTag(ctx: AppContext, access: MissionAccess, tagId: string) {
  return runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const mission = await lockMission(tx, access.mission.id);
    const tag = editableTag(mission, tagId);
    const sectionTags = mission.sectionTags.filter((candidate) => candidate._id !== tagId);
    const catchAll = sectionTags.find((candidate) => candidate.catchAll)?._id ?? null;
    await tx.update(missions).set({ sectionTags }).where(eq(missions.id, mission.id));
    await tx
      .update(actions)
      .set({ sectionTagId: catchAll })
      .where(and(eq(actions.missionId, mission.id), eq(actions.sectionTagId, tagId)));
    record({ action: 'delete', entity: 'section.tags', id: tagId, title: tag.title });
    return { sectionTags };
  });
}

/** Adds a KPI (a measured target) to the mission. */
export async function addKpi(ctx: AppContext, access: MissionAccess, input: KpiCreate) {
  return runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const mission = await lockMission(tx, access.mission.id);
    const kpi: MissionKpi = {
      _id: newId(),
      title: input.title,
      target: input.target ?? null,
      actual: input.actual ?? null,
      unit: input.unit ?? '',
    };
    const kpis = [...mission.kpis, kpi];
    await tx.update(missions).set({ kpis }).where(eq(missions.id, mission.id));
    record({ action: 'create', entity: 'kpis', id: kpi._id, title: kpi.title, changes: diffFields({}, { ...kpi, _id: undefined }) });
    return { kpis };
  });
}

/** Changes a KPI's title, target, actual value or unit. */
export async function updateKpi(ctx: AppContext, access: MissionAccess, kpiId: string, input: KpiUpdate) {
  return runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const mission = await lockMission(tx, access.mission.id);
    const kpi = mission.kpis.find((candidate) => candidate._id === kpiId);
    if (!kpi) throw kpiNotFound();
    const next: MissionKpi = { ...kpi, ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) };
    const changes = diffFields(kpi as Record<string, unknown>, next as Record<string, unknown>);
    const kpis = mission.kpis.map((candidate) => (candidate._id === kpiId ? next : candidate));
    if (Object.keys(changes).length > 0) {
      await tx.update(missions).set({ kpis }).where(eq(missions.id, mission.id));
      record({ action: 'update', entity: 'kpis', id: kpiId, title: next.title, changes });
    }
    return { kpis };
  });
}

/** Deletes a KPI. */
export async function deleteKpi(ctx: AppContext, access: MissionAccess, kpiId: string) {
  return runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const mission = await lockMission(tx, access.mission.id);
    const kpi = mission.kpis.find((candidate) => candidate._id === kpiId);
    if (!kpi) throw kpiNotFound();
    const kpis = mission.kpis.filter((candidate) => candidate._id !== kpiId);
    await tx.update(missions).set({ kpis }).where(eq(missions.id, mission.id));
    record({ action: 'delete', entity: 'kpis', id: kpiId, title: kpi.title });
    return { kpis };
  });
}

/**
 * Saves a baseline: the dates of the mission, its plan items, actions and action items now, to compare the forecast
 * against later. A baseline does not change the plan, so a template stays saved.
 */
export async function createBaseline(ctx: AppContext, access: MissionAccess, input: z.output<typeof baselineCreateSchema>) {
  const missionId = access.mission.id;
  return runMissionCommand(
    ctx,
    missionId,
    access.personId,
    async (tx, record) => {
      const mission = await lockMission(tx, missionId);
      const plan = await tx
        .select({
          _id: planItems.id,
          type: planItems.type,
          title: planItems.title,
          startDate: planItems.startDate,
          endDate: planItems.endDate,
        })
        .from(planItems)
        .where(and(eq(planItems.missionId, missionId), eq(planItems.wasDeleted, false)));
      const tasks = await tx
        .select({ _id: actions.id, title: actions.title, startDate: actions.startDate, endDate: actions.endDate, dueDate: actions.dueDate })
        .from(actions)
        .where(eq(actions.missionId, missionId));
      const items = await tx
        .select({
          _id: actionItems.id,
          actionId: actionItems.actionId,
          startDate: actionItems.startDate,
          endDate: actionItems.endDate,
          dueDate: actionItems.dueDate,
          week: actionItems.week,
        })
        .from(actionItems)
        .where(eq(actionItems.missionId, missionId));
      const title = input.title?.trim() || `Baseline ${ctx.clock.now().toISOString().slice(0, 10)}`;
      const [baseline] = await tx
        .insert(missionBaselines)
        .values({
          missionId,
          title,
          createdBy: access.personId,
          snapshot: {
            mission: { planStartDate: mission.planStartDate, planEndDate: mission.planEndDate, sectionTags: mission.sectionTags },
            planItems: plan,
            actions: tasks,
            actionItems: items,
          },
        })
        .returning();
      record({ action: 'create', entity: 'baselines', id: baseline!.id, title });
      return { _id: baseline!.id, title, createdAt: baseline!.createdAt.toISOString(), items: plan.length + tasks.length + items.length };
    },
    { keepTemplateSaved: true },
  );
}
