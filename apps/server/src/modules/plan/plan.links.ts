import { and, eq } from 'drizzle-orm';
import {
  closesDependencyCircle,
  defaultDailyHours,
  scheduleWithinItem,
  type PlanItem,
  type PlanScheduleCreate,
  type PlanScheduleUpdate,
} from '@crewplan/domain';
import { diffFields, lockMission, runMissionCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { dependencies, planItemSchedules } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import type { PlanItemRow } from './plan.presenter.ts';
import { planItemRow, presentPlanItemById } from './plan.queries.ts';

const circular = () => appError('planCircular');
const scheduleNotFound = () => appError('planScheduleNotFound');
const scheduleOutside = () => appError('planScheduleOutside');

/**
 * `PUT /mission-plan/:id/dependency/add`: the item depends on `planItemId`, a live item of the same mission (404
 * otherwise). Itself, or a chain back to it, is 400 'Circular dependency'. Adding an existing one changes nothing.
 */
export async function addDependency(ctx: AppContext, access: MissionAccess, id: string, toId: string): Promise<PlanItem> {
  if (toId === id) throw circular();
  const missionId = access.mission.id;
  return runMissionCommand(ctx, missionId, access.personId, async (tx, record) => {
    await lockMission(tx, missionId);
    const item = await planItemRow(tx, access.mission.id, id);
    await planItemRow(tx, access.mission.id, toId);
    const edges = await tx
      .select({ fromId: dependencies.fromId, toId: dependencies.toId })
      .from(dependencies)
      .where(and(eq(dependencies.kind, 'plan'), eq(dependencies.missionId, missionId)));
    if (edges.some((edge) => edge.fromId === id && edge.toId === toId)) return presentPlanItemById(tx, access, id);
    if (
      closesDependencyCircle(
        edges.map((edge) => [edge.fromId, edge.toId] as const),
        id,
        toId,
      )
    )
      throw circular();
    const depId = newId();
    await tx.insert(dependencies).values({ id: depId, missionId, kind: 'plan', fromId: id, toId, createdBy: access.personId });
    record({
      action: 'create',
      entity: 'dependencies',
      id: depId,
      title: item.title,
      changes: { fromId: { from: null, to: id }, toId: { from: null, to: toId } },
    });
    return presentPlanItemById(tx, access, id);
  });
}

/** `PUT /mission-plan/:id/dependency/remove`: the item no longer depends on `planItemId` (nothing to remove is fine). */
export async function removeDependency(ctx: AppContext, access: MissionAccess, id: string, toId: string): Promise<PlanItem> {
  const missionId = access.mission.id;
  return runMissionCommand(ctx, missionId, access.personId, async (tx, record) => {
    const item = await planItemRow(tx, access.mission.id, id);
    const removed = await tx
      .delete(dependencies)
      .where(
        and(eq(dependencies.kind, 'plan'), eq(dependencies.missionId, missionId), eq(dependencies.fromId, id), eq(dependencies.toId, toId)),
      )
      .returning({ id: dependencies.id });
    for (const dep of removed)
      record({ action: 'delete', entity: 'dependencies', id: dep.id, title: item.title, changes: { toId: { from: toId, to: null } } });
    return presentPlanItemById(tx, access, id);
  });
}

function checkSchedule(schedule: { startDate: string; endDate: string }, item: PlanItemRow): void {
  if (!scheduleWithinItem(schedule, item)) throw scheduleOutside();
}

/**
 * `POST /mission-plan/:id/schedule`: hours per day between two days inside the role's dates (400 otherwise); the
 * hours default to the role's allocation (8 h × percent).
 */
export async function addSchedule(ctx: AppContext, access: MissionAccess, id: string, input: PlanScheduleCreate): Promise<PlanItem> {
  return runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const item = await planItemRow(tx, access.mission.id, id, true);
    checkSchedule(input, item);
    const row = {
      id: newId(),
      planItemId: id,
      missionId: access.mission.id,
      startDate: input.startDate,
      endDate: input.endDate,
      hoursPerDay: input.hoursPerDay ?? defaultDailyHours(item.allocation),
      note: input.note ?? '',
      createdBy: access.personId,
    };
    await tx.insert(planItemSchedules).values(row);
    record({
      action: 'create',
      entity: 'plan.schedules',
      id: row.id,
      title: item.title,
      changes: diffFields({}, { startDate: row.startDate, endDate: row.endDate, hoursPerDay: row.hoursPerDay }),
    });
    return presentPlanItemById(tx, access, id);
  });
}

async function scheduleOf(tx: Tx, id: string, scheduleId: string) {
  const [row] = await tx
    .select()
    .from(planItemSchedules)
    .where(and(eq(planItemSchedules.id, scheduleId), eq(planItemSchedules.planItemId, id)))
    .for('update');
  if (!row) throw scheduleNotFound();
  return row;
}

/** `PUT /mission-plan/:id/schedule/:scheduleId`: changes a schedule of the role; it must stay inside the role's dates. */
export async function updateSchedule(
  ctx: AppContext,
  access: MissionAccess,
  id: string,
  scheduleId: string,
  input: PlanScheduleUpdate,
): Promise<PlanItem> {
  return runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const item = await planItemRow(tx, access.mission.id, id, true);
    const before = await scheduleOf(tx, id, scheduleId);
    const after = { ...before, ...input };
    checkSchedule(after, item);
    const changes = diffFields(before as unknown as Record<string, unknown>, input);
    if (Object.keys(changes).length > 0) {
      await tx.update(planItemSchedules).set(input).where(eq(planItemSchedules.id, scheduleId));
      record({ action: 'update', entity: 'plan.schedules', id: scheduleId, title: item.title, changes });
    }
    return presentPlanItemById(tx, access, id);
  });
}

/** `DELETE /mission-plan/:id/schedule/:scheduleId`. */
export async function deleteSchedule(ctx: AppContext, access: MissionAccess, id: string, scheduleId: string): Promise<PlanItem> {
  return runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const item = await planItemRow(tx, access.mission.id, id, true);
    const before = await scheduleOf(tx, id, scheduleId);
    await tx.delete(planItemSchedules).where(eq(planItemSchedules.id, scheduleId));
    record({
      action: 'delete',
      entity: 'plan.schedules',
      id: scheduleId,
      title: item.title,
      changes: { startDate: { from: before.startDate, to: null } },
    });
    return presentPlanItemById(tx, access, id);
  });
}
