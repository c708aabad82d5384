import { and, eq } from 'drizzle-orm';
import { createsCycle, type ActionItem, type TaskLinkType } from '@crewplan/domain';
import { lockMission, runMissionCommand } from '../../commands/index.ts';
import { dependencies } from '../../db/schema/index.ts';
import type { MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { presentItem } from './action-items.service.ts';
import { itemFacts, loadItem, requireOnTask, TASK_ERRORS } from './tasks.access.ts';

/**
 * `POST /action-item/:id/dependency`: the item depends on another item of the mission (link type, lag in days).
 * On itself, or closing a loop through other dependencies: 400 'Circular dependency' (rule 53). Linking again
 * updates the link type and lag. The mission row is locked first (mission → action → task), so that two links asked
 * at once are checked one after the other: each alone closes no loop, both together may.
 */
export async function addItemDependency(
  ctx: AppContext,
  access: MissionAccess,
  id: string,
  input: { linkId: string; linkType: TaskLinkType; lag: number },
): Promise<ActionItem> {
  await runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    await lockMission(tx, access.mission.id);
    const { item, action } = await loadItem(tx, access.mission.id, id);
    requireOnTask(access, 'update', itemFacts(item, action));
    if (input.linkId === id) throw TASK_ERRORS.circular();
    await loadItem(tx, access.mission.id, input.linkId);
    const edges = await tx
      .select({ fromId: dependencies.fromId, toId: dependencies.toId })
      .from(dependencies)
      .where(and(eq(dependencies.missionId, access.mission.id), eq(dependencies.kind, 'actionItem')));
    if (createsCycle(edges, id, input.linkId)) throw TASK_ERRORS.circular();
    const [row] = await tx
      .insert(dependencies)
      .values({
        missionId: access.mission.id,
        kind: 'actionItem',
        fromId: id,
        toId: input.linkId,
        linkType: input.linkType,
        lag: input.lag,
        createdBy: access.personId,
      })
      .onConflictDoUpdate({
        target: [dependencies.kind, dependencies.fromId, dependencies.toId],
        set: { linkType: input.linkType, lag: input.lag, updatedAt: ctx.clock.now() },
      })
      .returning();
    record({
      action: 'create',
      entity: 'dependencies',
      taskId: id,
      id: row!.id,
      title: item.title,
      changes: {
        linkTo: { from: null, to: input.linkId },
        linkType: { from: null, to: input.linkType },
        lag: { from: null, to: input.lag },
      },
    });
  });
  return presentItem(ctx, access, id);
}

/** `DELETE /action-item/:id/dependency/:linkId` (one) and `DELETE /action-item/:id/dependency` (all). */
export async function removeItemDependencies(
  ctx: AppContext,
  access: MissionAccess,
  id: string,
  linkId: string | null,
): Promise<ActionItem> {
  await runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const { item, action } = await loadItem(tx, access.mission.id, id);
    requireOnTask(access, 'update', itemFacts(item, action));
    const removed = await tx
      .delete(dependencies)
      .where(and(eq(dependencies.kind, 'actionItem'), eq(dependencies.fromId, id), linkId ? eq(dependencies.toId, linkId) : undefined))
      .returning({ id: dependencies.id, toId: dependencies.toId });
    for (const row of removed)
      record({
        action: 'delete',
        entity: 'dependencies',
        taskId: id,
        id: row.id,
        title: item.title,
        changes: { linkTo: { from: row.toId, to: null } },
      });
  });
  return presentItem(ctx, access, id);
}
