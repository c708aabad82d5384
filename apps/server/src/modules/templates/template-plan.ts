import { and, asc, eq, sql } from 'drizzle-orm';
import {
  copiedIntoMission,
  copiedMoneyMinor,
  datesFromOffsets,
  fromMinorUnits,
  offsetsOf,
  PIN_TARGETS,
  PROJECT_MANAGER_ROLE,
  projectDurationDays,
  repairMissionDates,
  roundToCurrencyStep,
  toMinorUnits,
  type TemplateData,
  type TemplatePlanItem,
} from '@crewplan/domain';
import type { Tx } from '../../db/database.ts';
import { missionPeople, missions, planItems } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import type { MissionRow } from '../../plugins/mission-access.ts';

type PlanItemRow = typeof planItems.$inferSelect;

/**
 * A template is a snapshot of a project: its data (type, budget, departments, length) and its plan items with
 * dates kept as day offsets from the project's plan start. A template may also have a template mission: a project
 * (isTemplate) that people edit like any other, under the 'Template manager' wording; saving the template again
 * takes that project's snapshot anew.
 */
export type MissionSnapshot = { data: TemplateData; dataPlanItems: TemplatePlanItem[]; planItems: PlanItemRow[] };

const isPinTarget = (value: string | null) => value !== null && (PIN_TARGETS as readonly string[]).includes(value);

/** The plan items a project has now (deleted ones left out), in their order on the plan. */
async function livePlanItems(tx: Tx, missionId: string): Promise<PlanItemRow[]> {
  return tx
    .select()
    .from(planItems)
    .where(and(eq(planItems.missionId, missionId), eq(planItems.wasDeleted, false)))
    .orderBy(sql`${planItems.y} asc nulls last`, asc(planItems.createdAt), asc(planItems.id));
}

/**
 * The project's data and plan as a template keeps them. Items pinned to another plan item lose that pin (the
 * item ids do not survive the copy); people are never kept.
 */
export async function snapshotMission(tx: Tx, mission: MissionRow): Promise<MissionSnapshot> {
  const items = await livePlanItems(tx, mission.id);
  const data: TemplateData = {
    projectType: mission.projectType as TemplateData['projectType'],
    budgetAvailable: mission.budgetAvailableMinor === null ? null : fromMinorUnits(mission.budgetAvailableMinor),
    departmentTags: mission.departmentTags,
    durationDays: projectDurationDays(mission.planStartDate, mission.planEndDate),
  };
  const dataPlanItems = items.map((item) => ({
    type: item.type,
    title: item.title,
    role: item.role,
    allocation: item.allocation,
    ...offsetsOf(mission.planStartDate, item),
    rate: fromMinorUnits(item.rateMinor),
    rateTime: item.rateTime,
    pinnedTo: isPinTarget(item.pinnedTo) ? item.pinnedTo : null,
  }));
  return { data, dataPlanItems, planItems: items };
}

/** The copy of a plan item into another project: same role, dates and rates, nobody assigned, nothing approved. */
function copyOfPlanItem(item: PlanItemRow, missionId: string, createdBy: string): typeof planItems.$inferInsert {
  return {
    missionId,
    type: item.type,
    title: item.title,
    role: item.role,
    orgRoleId: item.orgRoleId,
    allocation: item.allocation,
    startDate: item.startDate,
    endDate: item.endDate,
    rateMinor: item.rateMinor,
    rateTime: item.rateTime,
    billRateMinor: item.billRateMinor,
    billUnit: item.billUnit,
    quantity: item.quantity,
    hoursNeeded: item.hoursNeeded,
    amountMinor: item.amountMinor,
    isForecast: item.isForecast,
    y: item.y,
    pinnedTo: isPinTarget(item.pinnedTo) ? item.pinnedTo : null,
    createdBy,
  };
}

/**
 * Creates the template mission of a template made from `source`: a project flagged isTemplate (saved), titled as
 * the template, with the source's type, dates, columns and section tags, its creator as admin and project manager
 * (permission 2), and the source's plan items without their people. It points back to the source (linkedProject).
 */
export async function createTemplateMission(
  tx: Tx,
  input: {
    source: MissionRow;
    items: PlanItemRow[];
    title: string;
    orgId: string | null;
    creator: { personId: string; email: string };
  },
): Promise<MissionRow> {
  const { source, creator } = input;
  const [mission] = await tx
    .insert(missions)
    .values({
      orgId: input.orgId,
      title: input.title,
      description: source.description,
      projectType: source.projectType,
      planStartDate: source.planStartDate,
      planEndDate: source.planEndDate,
      cols: source.cols,
      sectionTags: source.sectionTags,
      currency: source.currency,
      budgetAvailableMinor: source.budgetAvailableMinor,
      departmentTags: input.orgId === source.orgId ? source.departmentTags : [],
      offices: input.orgId === source.orgId ? source.offices : [],
      theme: source.theme,
      isTemplate: true,
      isTemplateSaved: true,
      linkedProject: source.id,
      createdBy: creator.personId,
    })
    .returning();
  await tx
    .insert(missionPeople)
    .values({ missionId: mission!.id, personId: creator.personId, email: creator.email, permission: 2, isProjectManager: true });
  if (input.items.length > 0) {
    await tx.insert(planItems).values(input.items.map((item) => copyOfPlanItem(item, mission!.id, creator.personId)));
  }
  return mission!;
}

/** How many live plan items the project has, and whether one is the Project manager role. */
async function existingPlan(tx: Tx, missionId: string): Promise<{ count: number; hasProjectManager: boolean }> {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      hasProjectManager: sql<boolean>`coalesce(bool_or(lower(trim(${planItems.role})) = ${PROJECT_MANAGER_ROLE.toLowerCase()}), false)`,
    })
    .from(planItems)
    .where(and(eq(planItems.missionId, missionId), eq(planItems.wasDeleted, false)));
  return row ?? { count: 0, hasProjectManager: false };
}

/**
 * A template item's rate as the new plan item takes it, checked as a typed rate is: rounded to the cent; a rate no
 * plan item can hold (below zero, beyond the limit: only an old template has one) refuses the copy, naming the item.
 */
function rateOfTemplateItem(item: TemplatePlanItem): number {
  const rateMinor = copiedMoneyMinor(item.rate);
  if (rateMinor !== null) return rateMinor;
  const message = `The template's plan item "${item.title}" has a rate that cannot be used (${item.rate}). Correct it in the template and try again.`;
  throw appError('invalidInput', { message, fields: { template: message } });
}

/**
 * Lays a template's plan out in a new project: each item starts at the project's plan start plus its offset and
 * keeps its length, inside the project's dates (`datesFromOffsets`), nobody assigned; the Project manager role the
 * project was created with keeps its place. The template's type (when the project kept the default 'simple'),
 * budget and departments fill in what the project did not set. Its money (rates, budget) and departments go only
 * into a project of the template's own organisation (or from a personal template into a personal project): an
 * organisation's rates are told only to who manages its money, not to whoever makes a project of their own.
 * A template keeps no currency: its budget is rounded to the project's smallest amount (a whole yen), as its numbers
 * are taken, not converted.
 */
export async function layOutTemplate(
  tx: Tx,
  mission: MissionRow,
  template: { orgId: string | null; data: TemplateData; dataPlanItems: TemplatePlanItem[] },
  createdBy: string,
  today: string,
): Promise<void> {
  const { planStartDate: start, planEndDate: end } = repairMissionDates(mission, today);
  const existing = await existingPlan(tx, mission.id);
  const sameOwner = mission.orgId === template.orgId;
  const rows = template.dataPlanItems
    .filter((item) => copiedIntoMission(item, existing.hasProjectManager))
    .map((item, index) => ({
      missionId: mission.id,
      type: item.type,
      title: item.title,
      role: item.role,
      allocation: item.allocation,
      ...datesFromOffsets({ start, end }, item),
      ...(sameOwner && { rateMinor: rateOfTemplateItem(item) }),
      rateTime: item.rateTime,
      pinnedTo: isPinTarget(item.pinnedTo) ? item.pinnedTo : null,
      y: existing.count + index,
      createdBy,
    }));
  if (rows.length > 0) await tx.insert(planItems).values(rows);
  const { data } = template;
  const fill: Partial<typeof missions.$inferInsert> = {};
  if (mission.projectType === 'simple' && data.projectType !== 'simple') fill.projectType = data.projectType;
  if (sameOwner && mission.budgetAvailableMinor === null && data.budgetAvailable !== null)
    fill.budgetAvailableMinor = roundToCurrencyStep(toMinorUnits(data.budgetAvailable), mission.currency);
  if (sameOwner && mission.orgId !== null && mission.departmentTags.length === 0 && data.departmentTags.length > 0) {
    fill.departmentTags = data.departmentTags;
  }
  if (Object.keys(fill).length > 0) await tx.update(missions).set(fill).where(eq(missions.id, mission.id));
}
