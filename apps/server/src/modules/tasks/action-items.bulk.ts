import { and, eq, inArray, sql } from 'drizzle-orm';
import { alignStatusAndColumn, seesMissionMoney, statusEffects, TO_DO_COLUMN, type ActionItemsBulkCreate } from '@crewplan/domain';
import { runMissionCommand, type MissionWrite } from '../../commands/index.ts';
import { atItem } from '../../lib/errors.ts';
import { newIds } from '../../lib/ids.ts';
import { actionItems, actions } from '../../db/schema/index.ts';
import { entityNotFound, type MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { powerEnd } from './action-items.service.ts';
import { requireBoardColumn, requireOnTeam, requireTaskMoneyRights, TASK_ERRORS } from './tasks.access.ts';
import { claimCodes, itemPatchOf } from './tasks.fields.ts';
import { insertRowsAnswering } from './tasks.bulk-queries.ts';

type ItemInsert = typeof actionItems.$inferInsert;

/**
 * `POST /mission/:id/tasks/bulk`: many new tasks at once, by the rules of one create (each action of the mission and
 * not closed, an end not before the start, people on the team, status effects, power ends, the mission's next
 * codes), all or nothing; one history row per task and one realtime message for all. One statement inserts the
 * tasks and their history rows and builds the answer, the new tasks as JSON text.
 */
export async function createItems(ctx: AppContext, access: MissionAccess, input: ActionItemsBulkCreate): Promise<string> {
  const mission = access.mission;
  const { items } = input;
  for (const item of items) requireTaskMoneyRights(access, item);
  return runMissionCommand(
    ctx,
    mission.id,
    access.personId,
    async (tx, _record, history) => {
      // Mission → action → task: the mission row (with the codes), then the actions, shared.
      const codes = await claimCodes(tx, mission.id, items.filter((item) => !item.code).length);
      const actionIds = [...new Set(items.map((item) => item.actionId))];
      const found = await tx
        .select({ id: actions.id, status: actions.status })
        .from(actions)
        .where(and(inArray(actions.id, actionIds), eq(actions.missionId, mission.id)))
        .orderBy(actions.id)
        .for('share', { of: actions });
      if (found.length !== actionIds.length) throw entityNotFound('action');
      if (found.some((action) => action.status === 'done')) throw TASK_ERRORS.closed();
      await requireOnTeam(
        tx,
        mission.id,
        items.flatMap((item) => item.people ?? []),
      );
      const lastSort = await tx
        .select({ actionId: actionItems.actionId, max: sql<number | null>`max(${actionItems.sortIndex})::float8` })
        .from(actionItems)
        .where(inArray(actionItems.actionId, actionIds))
        .groupBy(actionItems.actionId);
      const nextSort = new Map(actionIds.map((id) => [id, (lastSort.find((row) => row.actionId === id)?.max ?? -1) + 1]));
      const now = ctx.clock.now();
      const ids = newIds(items.length);
      const values: (ItemInsert & { id: string })[] = items.map(({ actionId, people, status, ...fields }, i) => {
        const patch = itemPatchOf(fields);
        requireBoardColumn(mission, patch.col, `items.${i}.col`);
        if (mission.projectType === 'power' && patch.endDate === undefined) powerEnd({}, patch, mission.includeWeekends);
        if (patch.startDate && patch.endDate && patch.endDate < patch.startDate) throw atItem(TASK_ERRORS.endBeforeStart(), i);
        // as one create: created in Done it is done, created done it is in Done
        const placed = { status: 'open', col: TO_DO_COLUMN };
        const both = alignStatusAndColumn(placed, { status, col: patch.col ?? undefined }, mission.cols);
        if (both.col !== undefined) patch.col = both.col;
        if (both.status !== undefined)
          Object.assign(patch, statusEffects(placed, both.status, { personId: access.personId, now, projectType: mission.projectType }));
        const sortIndex = fields.sortIndex ?? nextSort.get(actionId)!;
        if (fields.sortIndex === undefined) nextSort.set(actionId, sortIndex + 1);
        return {
          ...patch,
          id: ids[i]!,
          title: fields.title,
          actionId,
          missionId: mission.id,
          people: people ?? [],
          code: fields.code ?? codes.shift() ?? null,
          sortIndex,
          createdBy: access.personId,
        };
      });
      const writes = values.map(({ id, title, actionId }): MissionWrite => ({
        action: 'create',
        entity: 'action.items',
        id,
        title,
        changes: { actionId: { from: null, to: actionId } },
        actionIds: [actionId],
      }));
      return insertRowsAnswering(tx, values, history(writes), access.personId, seesMissionMoney(access.actor));
    },
    { oneMessage: true },
  );
}
