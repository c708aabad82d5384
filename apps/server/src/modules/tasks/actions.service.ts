import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import {
  actionDatesValid,
  createsCycle,
  seesMissionMoney,
  type Action,
  type ActionBulk,
  type ActionCreate,
  type ActionItem,
  type ActionUpdate,
} from '@crewplan/domain';
import { lockMission, type RecordMissionWrite, runMissionCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { actionItems, actions, dependencies, planItems } from '../../db/schema/index.ts';
import { entityNotFound, type MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { updateItemsInTx } from './action-items.service.ts';
import {
  actionFacts,
  loadAction,
  requireOnTask,
  requireOnTeam,
  requireSectionTag,
  requireTaskMoneyRights,
  TASK_ERRORS,
  type ActionRow,
} from './tasks.access.ts';
import { actionPatchOf, changesOf, claimCodes, nextSortIndex, nextWbs } from './tasks.fields.ts';
import { actionById, itemsOfAction } from './tasks.queries.ts';
import { unlinkDeletedTasks } from './tasks.unlink.ts';

export type ActionWithItems = { action: Action; actionItems: ActionItem[] };

/** The action as the caller sees it (its money only if they see the mission's). */
const presentAction = async (ctx: AppContext, access: MissionAccess, actionId: string) =>
  actionById(ctx.pool, actionId, seesMissionMoney(access.actor));

const withItems = async (ctx: AppContext, access: MissionAccess, actionId: string): Promise<ActionWithItems> => ({
  action: (await presentAction(ctx, access, actionId))!,
  actionItems: await itemsOfAction(ctx.pool, access.personId, actionId, seesMissionMoney(access.actor)),
});

/** `GET /action/:id`: one action as the mission read carries it (what a realtime change of it reads again). */
export async function readAction(ctx: AppContext, access: MissionAccess, actionId: string): Promise<Action> {
  const action = await presentAction(ctx, access, actionId);
  if (!action) throw entityNotFound('action');
  return action;
}

/**
 * `POST /mission-plan/:id/action`: a new action under a live plan item of the mission (404 for a deleted one), in a
 * section of the mission when one is named. Dates: none, or both with start before end
 * (rule 52); its code comes from the mission's prefix (rule 50), its sort index and WBS number after the last ones.
 * `withItem` also creates a first action item with the same title.
 */
export async function createAction(
  ctx: AppContext,
  access: MissionAccess,
  planItemId: string,
  input: ActionCreate,
  options: { withItem?: boolean | undefined },
): Promise<ActionWithItems> {
  if (!actionDatesValid(input.startDate, input.endDate)) throw TASK_ERRORS.actionDates();
  requireTaskMoneyRights(access, input);
  requireSectionTag(access, input.sectionTagId);
  const mission = access.mission;
  const actionId = await runMissionCommand(ctx, mission.id, access.personId, async (tx, record) => {
    // Locks the mission row first (mission → action → task), handing out the codes.
    const codes = await claimCodes(tx, mission.id, (input.code ? 0 : 1) + (options.withItem ? 1 : 0));
    const [plan] = await tx
      .select({ id: planItems.id })
      .from(planItems)
      .where(and(eq(planItems.id, planItemId), eq(planItems.missionId, mission.id), eq(planItems.wasDeleted, false)));
    if (!plan) throw entityNotFound('planItem');
    await requireOnTeam(tx, mission.id, input.people ?? []);
    const parent = input.parentId ? await loadAction(tx, mission.id, input.parentId) : null;
    const { rate, billRate, ...fields } = input;
    const [row] = await tx
      .insert(actions)
      .values({
        ...actionPatchOf({ ...fields, rate, billRate }),
        title: input.title,
        missionId: mission.id,
        planItemId,
        code: input.code ?? codes.shift() ?? null,
        sortIndex: input.sortIndex ?? (await nextSortIndex(tx, mission.id)),
        wbs: input.wbs ?? (await nextWbs(tx, mission.id, parent)),
        percentComplete: input.percentComplete ?? (input.status === 'done' ? 100 : 0),
        createdBy: access.personId,
      })
      .returning();
    record({ action: 'create', entity: 'actions', id: row!.id, title: row!.title, changes: { title: { from: null, to: row!.title } } });
    if (options.withItem) {
      const [item] = await tx
        .insert(actionItems)
        .values({
          actionId: row!.id,
          missionId: mission.id,
          title: row!.title,
          code: codes.shift() ?? null,
          people: row!.people,
          startDate: row!.startDate,
          endDate: row!.endDate,
          dueDate: row!.dueDate,
          week: row!.week,
          createdBy: access.personId,
        })
        .returning();
      record({
        action: 'create',
        entity: 'action.items',
        id: item!.id,
        title: item!.title,
        changes: { actionId: { from: null, to: row!.id } },
        actionIds: [row!.id],
      });
    }
    return row!.id;
  });
  return withItems(ctx, access, actionId);
}

/**
 * Applies an update to a loaded action in the transaction: status changes need changeStatus, anything else update.
 * A new parent must be an action of the mission (404) that is neither this action nor under it ('Circular dependency').
 */
async function updateActionInTx(
  tx: Tx,
  record: RecordMissionWrite,
  access: MissionAccess,
  before: ActionRow,
  input: ActionUpdate,
  now: Date,
) {
  const { status, ...rest } = input;
  const others = Object.values(rest).some((value) => value !== undefined);
  if (status !== undefined && status !== before.status) requireOnTask(access, 'changeStatus', actionFacts(before));
  if (others || status === before.status) requireOnTask(access, 'update', actionFacts(before));
  requireTaskMoneyRights(access, input);
  const start = input.startDate === undefined ? before.startDate : input.startDate;
  const end = input.endDate === undefined ? before.endDate : input.endDate;
  if (start && end && end < start) throw TASK_ERRORS.endBeforeStart();
  if (input.sectionTagId !== before.sectionTagId) requireSectionTag(access, input.sectionTagId);
  if (input.people) {
    // taking people on or off is the action's admins' (rule 99: invite), as on its tasks; anyone may take themselves off
    const next = input.people;
    const added = next.some((personId) => !before.people.includes(personId));
    const othersRemoved = before.people.some((personId) => personId !== access.personId && !next.includes(personId));
    if (added || othersRemoved) requireOnTask(access, 'invite', actionFacts(before));
    await requireOnTeam(tx, before.missionId, next);
  }
  if (input.parentId && input.parentId !== before.parentId) {
    if (input.parentId === before.id) throw TASK_ERRORS.circular();
    await loadAction(tx, before.missionId, input.parentId);
    // The new parent must not sit under this action: its chain of parents may not lead back here.
    const tree = await tx
      .select({ fromId: actions.id, toId: actions.parentId })
      .from(actions)
      .where(and(eq(actions.missionId, before.missionId), isNotNull(actions.parentId)));
    const edges = tree.map((edge) => ({ fromId: edge.fromId, toId: edge.toId! }));
    if (createsCycle(edges, before.id, input.parentId)) throw TASK_ERRORS.circular();
  }
  const patch = actionPatchOf(input);
  if (input.percentComplete === undefined && status !== undefined && status !== before.status) {
    // done is complete; reopened, it is no longer complete (as a task, rule 44: the gantt draws its progress)
    if (status === 'done') patch.percentComplete = 100;
    else if (before.status === 'done') patch.percentComplete = 0;
  }
  const changes = changesOf(before, patch);
  if (Object.keys(changes).length === 0) return;
  await tx
    .update(actions)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(actions.id, before.id), eq(actions.missionId, access.mission.id)));
  record({ action: 'update', entity: 'actions', id: before.id, title: input.title ?? before.title, changes });
}

/**
 * A new parent is checked against the mission's whole tree of actions: the mission row is locked first (mission →
 * action → task), so that two re-parentings asked at once are checked one after the other and cannot close a loop.
 */
async function lockForNewParent(tx: Tx, access: MissionAccess, input: ActionUpdate): Promise<void> {
  if (input.parentId) await lockMission(tx, access.mission.id);
}

/** `PUT /action/:id`: change an action (a done action is closed: only its admins may reopen it). */
export async function updateAction(ctx: AppContext, access: MissionAccess, actionId: string, input: ActionUpdate): Promise<Action> {
  await runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    await lockForNewParent(tx, access, input);
    const before = await loadAction(tx, access.mission.id, actionId);
    await updateActionInTx(tx, record, access, before, input, ctx.clock.now());
  });
  return (await presentAction(ctx, access, actionId))!;
}

/** `PUT /action/:id/bulk`: the action's fields and several of its items' fields at once, all or nothing. */
export async function bulkUpdateAction(
  ctx: AppContext,
  access: MissionAccess,
  actionId: string,
  input: ActionBulk,
): Promise<ActionWithItems> {
  await runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    if (input.action) await lockForNewParent(tx, access, input.action);
    const before = await loadAction(tx, access.mission.id, actionId);
    if (input.action) await updateActionInTx(tx, record, access, before, input.action, ctx.clock.now());
    if (input.items?.length) {
      const ids = await tx
        .select({ id: actionItems.id })
        .from(actionItems)
        .where(
          and(
            eq(actionItems.actionId, actionId),
            inArray(
              actionItems.id,
              input.items.map((item) => item._id),
            ),
          ),
        );
      if (ids.length !== new Set(input.items.map((item) => item._id)).size) throw entityNotFound('actionItem');
      await updateItemsInTx(ctx, tx, record, access, input.items);
    }
  });
  return withItems(ctx, access, actionId);
}

/** `DELETE /action/:id`: the action, its items (and their checklists) and every dependency on any of them. */
export async function deleteAction(ctx: AppContext, access: MissionAccess, actionId: string): Promise<{ deleted: string[] }> {
  return runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const before = await loadAction(tx, access.mission.id, actionId);
    requireOnTask(access, 'delete', actionFacts(before));
    const items = await tx
      .select({ id: actionItems.id, title: actionItems.title })
      .from(actionItems)
      .where(eq(actionItems.actionId, actionId));
    const ids = [actionId, ...items.map((item) => item.id)];
    await tx
      .delete(dependencies)
      .where(and(eq(dependencies.missionId, access.mission.id), or(inArray(dependencies.fromId, ids), inArray(dependencies.toId, ids))));
    await tx.update(actions).set({ parentId: null }).where(eq(actions.parentId, actionId));
    await tx.delete(actions).where(and(eq(actions.id, actionId), eq(actions.missionId, access.mission.id)));
    for (const item of items) record({ action: 'delete', entity: 'action.items', id: item.id, title: item.title, actionIds: [actionId] });
    record({ action: 'delete', entity: 'actions', id: actionId, title: before.title });
    await unlinkDeletedTasks(tx, access.mission.id, ids, record);
    return { deleted: ids };
  });
}

/**
 * `PUT /action/:id/dependency/add|remove`: the action depends (or no longer depends) on another action of the
 * mission; a dependency on itself or closing a loop is 'Circular dependency'. An add locks the mission row first
 * (mission → action → task), so that two links asked at once are checked one after the other.
 */
export async function changeActionDependency(
  ctx: AppContext,
  access: MissionAccess,
  actionId: string,
  otherId: string,
  change: 'add' | 'remove',
): Promise<Action> {
  await runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    if (change === 'add') await lockMission(tx, access.mission.id);
    const before = await loadAction(tx, access.mission.id, actionId);
    requireOnTask(access, 'update', actionFacts(before));
    if (otherId === actionId) throw TASK_ERRORS.circular();
    await loadAction(tx, access.mission.id, otherId);
    const edge = and(eq(dependencies.kind, 'action'), eq(dependencies.fromId, actionId), eq(dependencies.toId, otherId));
    if (change === 'remove') {
      const removed = await tx.delete(dependencies).where(edge).returning({ id: dependencies.id });
      if (removed.length > 0)
        record({
          action: 'delete',
          entity: 'dependencies',
          id: removed[0]!.id,
          title: before.title,
          changes: { linkTo: { from: otherId, to: null } },
        });
      return;
    }
    const edges = await tx
      .select({ fromId: dependencies.fromId, toId: dependencies.toId })
      .from(dependencies)
      .where(and(eq(dependencies.missionId, access.mission.id), eq(dependencies.kind, 'action')));
    if (edges.some((e) => e.fromId === actionId && e.toId === otherId)) return;
    if (createsCycle(edges, actionId, otherId)) throw TASK_ERRORS.circular();
    const [row] = await tx
      .insert(dependencies)
      .values({ missionId: access.mission.id, kind: 'action', fromId: actionId, toId: otherId, createdBy: access.personId })
      .returning();
    record({
      action: 'create',
      entity: 'dependencies',
      id: row!.id,
      title: before.title,
      changes: { linkTo: { from: null, to: otherId } },
    });
  });
  return (await presentAction(ctx, access, actionId))!;
}
