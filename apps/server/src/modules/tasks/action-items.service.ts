import { and, eq, inArray } from 'drizzle-orm';
import {
  alignStatusAndColumn,
  COPY_SUFFIX,
  scheduleEnd,
  statusEffects,
  TO_DO_COLUMN,
  type ActionItem,
  type ActionItemBulk,
  type ActionItemCreate,
  type ActionItemMove,
  type ActionItemUpdate,
  type TaskStatus,
  seesMissionMoney,
} from '@crewplan/domain';
import { type MissionWrite, type RecordMissionWrite, runMissionCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { actionItems, checklistItems, dependencies } from '../../db/schema/index.ts';
import { entityNotFound, type MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { AppError, atItem } from '../../lib/errors.ts';
import { isoText } from '../../lib/instants.ts';
import {
  itemFacts,
  loadAction,
  loadItem,
  loadItemColumns,
  requireOnTask,
  requireBoardColumn,
  requireOnTeam,
  requireTaskMoneyRights,
  taskActorOf,
  TASK_ERRORS,
  type ActionFactsRow,
  type ActionItemRow,
} from './tasks.access.ts';
import { changesOf, claimCodes, itemPatchOf, changedOnly, presentItemChanges, sortIndexAfterLast } from './tasks.fields.ts';
import { updateRows, type ItemUpdate } from './tasks.bulk-queries.ts';
import { itemById, myItemsQuery } from './tasks.queries.ts';
import { unlinkDeletedTasks } from './tasks.unlink.ts';

type ItemPatch = Partial<typeof actionItems.$inferInsert>;
type Mark = { by: string; when: string };
type PowerFields = Pick<ItemPatch, 'startDate' | 'startHour' | 'estimatedDuration' | 'endDate'>;

/** The item as the caller sees it after a write (its money only if they see the mission's). */
export const presentItem = async (ctx: AppContext, access: MissionAccess, id: string): Promise<ActionItem> => {
  const item = await itemById(ctx.pool, access.personId, id, seesMissionMoney(access.actor));
  if (!item) throw entityNotFound('actionItem');
  return item;
};

/** `GET /action-item/:id`. */
export const readItem = (ctx: AppContext, access: MissionAccess, id: string) => presentItem(ctx, access, id);

/**
 * `GET /action-item/my/items`: `{ items }`, the tasks assigned to me as the JSON text SQL builds; `licensedOnly` keeps
 * licensed missions and organisations, `pinned` the tasks I pinned.
 */
export async function myItemsJson(ctx: AppContext, personId: string, licensedOnly: boolean, pinned = false): Promise<string> {
  const { rows } = await ctx.pool.query<{ json: string }>(myItemsQuery(personId, licensedOnly, pinned));
  return rows[0]!.json;
}

/** Adds or removes the caller's mark (seen or pinned by them). */
function mark(marks: Mark[], personId: string, on: boolean, now: Date): Mark[] {
  const others = marks.filter((m) => m.by !== personId);
  return on ? [...others, { by: personId, when: now.toISOString() }] : others;
}

/**
 * The change asked for with its status and board column in agreement (`alignStatusAndColumn`: completing moves the
 * task to Done, a move to Done completes it, reopening takes it out of Done).
 */
function aligned<T extends { status?: TaskStatus | undefined; col?: string | undefined }>(
  access: MissionAccess,
  item: ActionItemRow,
  input: T,
  colField?: string,
): T & { status?: TaskStatus } {
  if (input.col !== item.col) requireBoardColumn(access.mission, input.col, colField);
  const both = alignStatusAndColumn(item, { status: input.status, col: input.col }, access.mission.cols);
  // the rule answers only statuses of TASK_STATUSES
  return { ...input, ...(both as { status?: TaskStatus; col?: string }) };
}

/** What an update does to the item's columns: status effects, column history, description stamp (rules 43, 44). */
function effectsOf(access: MissionAccess, item: ActionItemRow, input: Omit<ActionItemUpdate, 'seen' | 'pinned'>, now: Date): ItemPatch {
  const patch = itemPatchOf(input);
  if (input.status !== undefined && input.status !== item.status) {
    Object.assign(patch, statusEffects(item, input.status, { personId: access.personId, now, projectType: access.mission.projectType }));
    // a percentage given with a reopening is kept
    if (input.status !== 'done' && input.percentComplete !== undefined) patch.percentComplete = input.percentComplete;
  }
  if (input.col !== undefined && input.col !== item.col)
    patch.colHistory = [...item.colHistory, { movedTo: input.col, movedOn: isoText(now) }];
  if (input.description !== undefined && input.description !== item.description) {
    patch.descriptionUpdate = now;
    patch.descriptionUpdateById = access.personId;
  }
  if (access.mission.projectType === 'power' && input.endDate === undefined) powerEnd(item, patch, access.mission.includeWeekends);
  const start = patch.startDate === undefined ? item.startDate : patch.startDate;
  const end = patch.endDate === undefined ? item.endDate : patch.endDate;
  if (start && end && end < start) throw TASK_ERRORS.endBeforeStart();
  return patch;
}

/**
 * Power scheduling (rules 1–3), when the start, hour or duration change and no end is given: a scheduled task with
 * a duration ends where `scheduleEnd` says (8-hour days from 9:00, weekends skipped unless the mission includes
 * them); a task taken off the grid (start cleared) loses its end too. A task without a duration keeps its end.
 */
export function powerEnd(item: PowerFields, patch: ItemPatch, includeWeekends: boolean): void {
  if (patch.startDate === undefined && patch.startHour === undefined && patch.estimatedDuration === undefined) return;
  const start = patch.startDate === undefined ? item.startDate : patch.startDate;
  const hours = patch.estimatedDuration === undefined ? item.estimatedDuration : patch.estimatedDuration;
  if (!start) {
    if (patch.startDate === null && item.endDate !== null) patch.endDate = null;
    return;
  }
  if (!hours) return;
  const startHour = patch.startHour === undefined ? item.startHour : patch.startHour;
  patch.endDate = scheduleEnd(start, startHour, hours, includeWeekends).endDate;
}

/**
 * Checks one item's update (status changes need changeStatus, the rest update) and works out its columns and its
 * history changes; null when it changes nothing.
 */
function planUpdate(
  access: MissionAccess,
  item: ActionItemRow,
  action: ActionFactsRow,
  input: ActionItemUpdate,
  now: Date,
  colField?: string,
  actor = taskActorOf(access),
) {
  const { seen, pinned, ...asked } = input;
  const fields = aligned(access, item, asked, colField);
  const { status, ...rest } = fields;
  const facts = itemFacts(item, action);
  if (status !== undefined && status !== item.status) requireOnTask(access, 'changeStatus', facts, actor);
  if (Object.values(rest).some((value) => value !== undefined)) requireOnTask(access, 'update', facts, actor);
  requireTaskMoneyRights(access, rest);
  const patch = effectsOf(access, item, fields, now);
  const changes = changesOf(item, patch);
  const changed = Object.keys(changes).length > 0;
  if (!changed && seen === undefined && pinned === undefined) return null;
  const set = changedOnly(patch, changes);
  if (changed) set.updatedAt = now;
  if (seen !== undefined) set.seen = mark(item.seen, access.personId, seen, now);
  if (pinned !== undefined) set.pinned = mark(item.pinned, access.personId, pinned, now);
  return { set, changes };
}

/** The history of an item's update; null when only the caller's own marks changed (seen and pinned: not the task's history). */
function updateWrite(item: ActionItemRow, title: string, changes: Record<string, { from: unknown; to: unknown }>): MissionWrite | null {
  if (Object.keys(changes).length === 0) return null;
  return { action: 'update', entity: 'action.items', id: item.id, title, changes, actionIds: [item.actionId] };
}

/**
 * What the rules of an update read of a task besides the fields it names: its status and column (`aligned`), people
 * (`itemFacts`), its title (the history's), and each column a status's effects set (the history's "from").
 */
const RULE_COLUMNS = ['title', 'status', 'col', 'people', 'percentComplete', 'completedOn', 'completedBy'] as const;
/** What a power project's rules read besides: `powerEnd`'s, and what reopening a done task clears. */
const POWER_COLUMNS = ['startDate', 'endDate', 'startHour', 'estimatedDuration', 'position'] as const;

/**
 * Works out several updates of the mission's items, all or nothing (404 when one is not there, 403 when one is
 * refused): the items are locked and read once and each update is worked out in memory by the rules of one update
 * (an item named twice takes both, in order). Answers the columns each item takes and the history of the updates.
 */
async function planUpdates(
  ctx: AppContext,
  tx: Tx,
  access: MissionAccess,
  inputs: ActionItemBulk['items'],
): Promise<{ updates: ItemUpdate[]; writes: MissionWrite[]; createdAt: Map<string, Date> }> {
  // the columns the rules read and those the updates name; a cleared code reads as one made up from the creation
  // time (`presentItemChanges`)
  const columns = new Set<keyof ActionItemRow>(RULE_COLUMNS);
  for (const input of inputs) for (const key in input) columns.add(key === 'billRate' ? 'billRateMinor' : (key as keyof ActionItemRow));
  // a new start or end is checked against the other
  if (columns.has('startDate') || columns.has('endDate')) columns.add('startDate').add('endDate');
  if (access.mission.projectType === 'power') for (const key of POWER_COLUMNS) columns.add(key);
  const clearsCode = inputs.some((input) => input.code === null);
  if (clearsCode) columns.add('createdAt');
  const rows = await loadItemColumns(
    tx,
    access.mission.id,
    inputs.map((input) => input._id),
    [...columns],
  );
  // The column history is not read: the write appends to it (`ItemUpdate`), so each row starts with none and
  // collects the entries its updates add. The rows read are this call's own: an update of an item named again finds
  // the item as the one before left it.
  const byId = new Map(rows.map((row) => [row.item.id, row]));
  for (const { item } of rows) item.colHistory = [];
  const sets = new Map<string, ItemPatch>();
  const writes: MissionWrite[] = [];
  const now = ctx.clock.now();
  const actor = taskActorOf(access);
  for (const [i, { _id, ...input }] of inputs.entries()) {
    const { item, action } = byId.get(_id)!;
    const planned = withinItem(i, () => planUpdate(access, item, action, input, now, `items.${i}.col`, actor));
    if (!planned) continue;
    const write = updateWrite(item, input.title ?? item.title, planned.changes);
    if (write) writes.push(write);
    Object.assign(item, planned.set);
    const set = sets.get(_id);
    if (set) Object.assign(set, planned.set);
    else sets.set(_id, planned.set);
  }
  const createdAt = new Map(clearsCode ? rows.map(({ item }) => [item.id, item.createdAt]) : []);
  return { updates: [...sets].map(([id, set]) => ({ id, set })), writes, createdAt };
}

/**
 * One item's rules of a bulk call: a value they refuse (400) is named as `items.<index>.<field>`, as the bulk call's
 * other checks name theirs. Refusals of the caller's rights (money, 403) name the field alone, as every call does.
 */
function withinItem<T>(index: number, rules: () => T): T {
  try {
    return rules();
  } catch (error) {
    const field = error instanceof AppError && error.statusCode === 400 ? Object.keys(error.fields ?? {})[0] : undefined;
    throw field && !field.startsWith('items.') ? atItem(error as AppError, index) : error;
  }
}

/** Updates several items of the mission in the transaction (`planUpdates`), written by one set-based UPDATE. */
export async function updateItemsInTx(
  ctx: AppContext,
  tx: Tx,
  record: RecordMissionWrite,
  access: MissionAccess,
  inputs: ActionItemBulk['items'],
): Promise<void> {
  const { updates, writes } = await planUpdates(ctx, tx, access, inputs);
  for (const write of writes) record(write);
  await updateRows(tx, updates);
}

/**
 * `POST /action-item/action/:actionId`: a new item under an action that is not closed, with the mission's next code.
 * `copyOf` copies another item of the mission (title + ' (Copy)'), allowed in simple and kanban projects once an
 * admin or project manager has opened the project (rule 51).
 */
export async function createItem(ctx: AppContext, access: MissionAccess, actionId: string, input: ActionItemCreate): Promise<ActionItem> {
  const mission = access.mission;
  const id = await runMissionCommand(ctx, mission.id, access.personId, async (tx, record) => {
    const { copyOf, people, status, ...fields } = input;
    requireTaskMoneyRights(access, fields);
    // Locks the mission row first (mission → action → task), handing out the code.
    const [autoCode] = await claimCodes(tx, mission.id, fields.code ? 0 : 1);
    const action = await loadAction(tx, mission.id, actionId, 'share');
    if (action.status === 'done') throw TASK_ERRORS.closed();
    let base: ItemPatch = {};
    let checklist: (typeof checklistItems.$inferSelect)[] = [];
    if (copyOf) {
      if ((mission.projectType === 'simple' || mission.projectType === 'kanban') && !mission.managerVisitedAt)
        throw TASK_ERRORS.copyNotReady();
      const [source] = await tx
        .select()
        .from(actionItems)
        .where(and(eq(actionItems.id, copyOf), eq(actionItems.missionId, mission.id)));
      if (!source) throw entityNotFound('actionItem');
      const {
        id: _id,
        code: _code,
        createdAt: _c,
        updatedAt: _u,
        seen: _s,
        pinned: _p,
        colHistory: _h,
        completedOn: _o,
        completedBy: _b,
        ...copied
      } = source;
      // the copy starts open: out of Done, or of a column that holds another status, into the open one
      const reopened = alignStatusAndColumn(source, { status: 'open' }, mission.cols);
      base = { ...copied, title: `${source.title}${COPY_SUFFIX}`, status: 'open', col: reopened.col ?? source.col, percentComplete: 0 };
      checklist = await tx.select().from(checklistItems).where(eq(checklistItems.actionItemId, copyOf));
    }
    const patch = itemPatchOf(fields);
    requireBoardColumn(mission, patch.col);
    // A task created already on the power grid gets its end as a move would give it.
    if (mission.projectType === 'power' && patch.endDate === undefined) powerEnd(base, patch, mission.includeWeekends);
    // The same check as an update: an end before the start is refused, and nothing is written.
    const start = patch.startDate === undefined ? base.startDate : patch.startDate;
    const end = patch.endDate === undefined ? base.endDate : patch.endDate;
    if (start && end && end < start) throw TASK_ERRORS.endBeforeStart();
    await requireOnTeam(tx, mission.id, people ?? base.people ?? []);
    // created in Done it is done, created done it is in Done
    const placed = { status: base.status ?? 'open', col: base.col ?? TO_DO_COLUMN };
    const both = alignStatusAndColumn(placed, { status, col: patch.col ?? undefined }, mission.cols);
    if (both.col !== undefined) patch.col = both.col;
    if (both.status !== undefined)
      Object.assign(
        patch,
        statusEffects(placed, both.status, { personId: access.personId, now: ctx.clock.now(), projectType: mission.projectType }),
      );
    const [row] = await tx
      .insert(actionItems)
      .values({
        ...base,
        ...patch,
        title: fields.title ?? base.title!,
        actionId,
        missionId: mission.id,
        people: people ?? base.people ?? [],
        code: fields.code ?? autoCode ?? null,
        sortIndex: fields.sortIndex ?? sortIndexAfterLast(actionId),
        createdBy: access.personId,
      })
      .returning();
    if (checklist.length > 0) {
      await tx.insert(checklistItems).values(
        checklist.map((line) => ({
          actionItemId: row!.id,
          missionId: mission.id,
          title: line.title,
          description: line.description,
          sortIndex: line.sortIndex,
          people: line.people,
          col: line.col,
          color: line.color,
        })),
      );
    }
    record({
      action: 'create',
      entity: 'action.items',
      id: row!.id,
      title: row!.title,
      changes: { actionId: { from: null, to: actionId }, ...(copyOf ? { copyOf: { from: null, to: copyOf } } : {}) },
      actionIds: [actionId],
    });
    return row!.id;
  });
  return presentItem(ctx, access, id);
}

/**
 * `PUT /action-item/:id`: fields (status effects of rules 43–44), and the caller's seen and pinned marks. In a power
 * project a new duration, start or hour re-dates the end of a scheduled task (`powerEnd`).
 */
export async function updateItem(ctx: AppContext, access: MissionAccess, id: string, input: ActionItemUpdate): Promise<ActionItem> {
  await runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const { item, action } = await loadItem(tx, access.mission.id, id);
    const planned = planUpdate(access, item, action, input, ctx.clock.now());
    if (!planned) return;
    await tx
      .update(actionItems)
      .set(planned.set)
      .where(and(eq(actionItems.id, id), eq(actionItems.missionId, access.mission.id)));
    const write = updateWrite(item, input.title ?? item.title, planned.changes);
    if (write) record(write);
  });
  return presentItem(ctx, access, id);
}

/**
 * `PUT /action-item/:id/bulk`: many items of the mission at once, all or nothing (`planUpdates`). One statement writes
 * the items, one more their history rows; the answer is each item named with what changed (`actionItemChangesSchema`),
 * worked out here, not read again: 500 whole tasks were 0.6 MB that the board, which renumbers with it, never used.
 */
export async function bulkUpdateItems(ctx: AppContext, access: MissionAccess, input: ActionItemBulk): Promise<string> {
  return runMissionCommand(
    ctx,
    access.mission.id,
    access.personId,
    async (tx, _record, history) => {
      const { updates, writes, createdAt } = await planUpdates(ctx, tx, access, input.items);
      // The UPDATE goes out first: its history rows and the answer are made while PostgreSQL runs it, and the rows'
      // INSERT waits in the connection's queue, sent the moment the UPDATE is done.
      const written = updateRows(tx, updates);
      const historyRows = writes.length > 0 ? history(writes) : null;
      const changed = new Map(updates.map(({ id, set }) => [id, set]));
      const named = [...new Set(input.items.map((item) => item._id))];
      const answer = JSON.stringify({ actionItems: named.map((id) => presentItemChanges(id, changed.get(id) ?? {}, createdAt.get(id))) });
      await Promise.all([written, historyRows && tx.execute(historyRows)]);
      return answer;
    },
    { oneMessage: true },
  );
}

/**
 * `PUT /action-item/:id/move`: to another action (not closed), column (recorded in colHistory), position, week, or
 * day and hour; in a power project a new start with a duration sets the end by the working calendar, and moving
 * back to unscheduled (start null) clears the end too (`powerEnd`).
 */
export async function moveItem(ctx: AppContext, access: MissionAccess, id: string, input: ActionItemMove): Promise<ActionItem> {
  await runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const { actionId, ...asked } = input;
    // The action it may move to is locked before the task (mission → action → task).
    const target = actionId === undefined ? null : await loadAction(tx, access.mission.id, actionId, 'share');
    const { item, action } = await loadItem(tx, access.mission.id, id);
    requireOnTask(access, 'update', itemFacts(item, action));
    const fields = aligned(access, item, asked);
    // a move into or out of Done changes the status too
    if (fields.status !== undefined && fields.status !== item.status) requireOnTask(access, 'changeStatus', itemFacts(item, action));
    const now = ctx.clock.now();
    const patch: ItemPatch = effectsOf(access, item, fields, now);
    if (target && actionId !== item.actionId) {
      if (target.status === 'done') throw TASK_ERRORS.closed();
      patch.actionId = actionId;
    }
    const changes = changesOf(item, patch);
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(actionItems)
      .set({ ...patch, updatedAt: now })
      .where(and(eq(actionItems.id, id), eq(actionItems.missionId, access.mission.id)));
    record({
      action: 'update',
      entity: 'action.items',
      id,
      title: item.title,
      changes,
      actionIds: [...new Set([item.actionId, patch.actionId ?? item.actionId])],
    });
  });
  return presentItem(ctx, access, id);
}

/** `DELETE /action-item/:id`: the item, its checklist and every dependency on it (admins of its action). */
export async function deleteItem(ctx: AppContext, access: MissionAccess, id: string): Promise<{ deleted: string[] }> {
  return runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const { item, action } = await loadItem(tx, access.mission.id, id);
    requireOnTask(access, 'delete', itemFacts(item, action));
    await tx.delete(dependencies).where(and(eq(dependencies.kind, 'actionItem'), inArray(dependencies.fromId, [id])));
    await tx.delete(dependencies).where(and(eq(dependencies.kind, 'actionItem'), eq(dependencies.toId, id)));
    await tx.delete(actionItems).where(and(eq(actionItems.id, id), eq(actionItems.missionId, access.mission.id)));
    record({ action: 'delete', entity: 'action.items', id, title: item.title, actionIds: [item.actionId] });
    await unlinkDeletedTasks(tx, access.mission.id, [id], record);
    return { deleted: [id] };
  });
}

/**
 * `POST /action-item/:id/people/:personId` and `.../people/remove`: assign or unassign people (admins of the action;
 * anyone may take themselves off). A person not on the mission is 409 not_part_of_mission (the web invites, then retries).
 * `byMention`: a chat message mentioned the person, who joins the task whoever wrote it (rule 65).
 */
export async function changeItemPeople(
  ctx: AppContext,
  access: MissionAccess,
  id: string,
  change: { add: string } | { remove: string[] | 'ALL' },
  options: { byMention?: boolean } = {},
): Promise<ActionItem> {
  await runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const { item, action } = await loadItem(tx, access.mission.id, id);
    const onlySelf = 'remove' in change && change.remove !== 'ALL' && change.remove.every((personId) => personId === access.personId);
    const mentioned = options.byMention === true && 'add' in change;
    // rule 45: a closed action takes nobody in, not even by a mention in its chat
    if (mentioned && action.status === 'done') return;
    if (!onlySelf && !mentioned) requireOnTask(access, 'invite', itemFacts(item, action));
    let people: string[];
    if ('add' in change) {
      await requireOnTeam(tx, access.mission.id, [change.add]);
      people = item.people.includes(change.add) ? item.people : [...item.people, change.add];
    } else {
      const removed = change.remove;
      people = removed === 'ALL' ? [] : item.people.filter((personId) => !removed.includes(personId));
    }
    if (people.length === item.people.length && people.every((p, i) => p === item.people[i])) return;
    await tx
      .update(actionItems)
      .set({ people, updatedAt: ctx.clock.now() })
      .where(and(eq(actionItems.id, id), eq(actionItems.missionId, access.mission.id)));
    record({
      action: 'update',
      entity: 'action.items',
      id,
      title: item.title,
      changes: { people: { from: item.people, to: people } },
      actionIds: [item.actionId],
    });
  });
  return presentItem(ctx, access, id);
}
