import { and, eq, inArray, sql } from 'drizzle-orm';
import { type z } from 'zod';
import { type checklistBulkSchema, type checklistCreateSchema, type checklistUpdateSchema, type ActionItem } from '@crewplan/domain';
import { type RecordMissionWrite, runMissionCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { checklistItems } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import type { MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { presentItem } from './action-items.service.ts';
import { itemFacts, loadItem, requireOnTask, requireOnTeam } from './tasks.access.ts';

type ChecklistUpdate = z.output<typeof checklistUpdateSchema>;
type ChecklistRow = typeof checklistItems.$inferSelect;

const checklistNotFound = () => appError('checklistNotFound');

/**
 * Runs a checklist change of one action item: the caller must be able to update the item; one transaction, its
 * writes recorded as 'checklist' (on its task, which readers read again); answers the item as it is afterwards.
 */
async function onChecklist(
  ctx: AppContext,
  access: MissionAccess,
  itemId: string,
  change: (tx: Tx, record: RecordMissionWrite, title: string) => Promise<void>,
): Promise<ActionItem> {
  await runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const { item, action } = await loadItem(tx, access.mission.id, itemId);
    requireOnTask(access, 'update', itemFacts(item, action));
    await change(tx, (write) => record({ ...write, taskId: itemId }), item.title);
  });
  return presentItem(ctx, access, itemId);
}

async function loadLines(tx: Tx, itemId: string, ids: string[]): Promise<Map<string, ChecklistRow>> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(checklistItems)
    .where(and(eq(checklistItems.actionItemId, itemId), inArray(checklistItems.id, unique)));
  if (rows.length !== unique.length) throw checklistNotFound();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Ticking a line stamps who and when; unticking clears them. */
function patchOf(
  access: MissionAccess,
  before: ChecklistRow | null,
  input: ChecklistUpdate & { sortIndex?: number | undefined },
  now: Date,
) {
  const patch: Partial<typeof checklistItems.$inferInsert> = { ...input };
  if (input.done !== undefined && input.done !== (before?.done ?? false)) {
    patch.completedOn = input.done ? now : null;
    patch.completedBy = input.done ? access.personId : null;
  }
  return patch;
}

async function updateLine(
  tx: Tx,
  record: RecordMissionWrite,
  access: MissionAccess,
  title: string,
  before: ChecklistRow,
  input: ChecklistUpdate & { sortIndex?: number | undefined },
  now: Date,
) {
  if (input.people) await requireOnTeam(tx, access.mission.id, input.people);
  const patch = patchOf(access, before, input, now);
  await tx
    .update(checklistItems)
    .set({ ...patch, updatedAt: now })
    .where(eq(checklistItems.id, before.id));
  const changes = Object.fromEntries(
    Object.entries(input)
      .filter(([field, to]) => to !== undefined && JSON.stringify((before as Record<string, unknown>)[field]) !== JSON.stringify(to))
      .map(([field, to]) => [field, { from: (before as Record<string, unknown>)[field] ?? null, to }]),
  );
  if (Object.keys(changes).length > 0) record({ action: 'update', entity: 'checklist', id: before.id, title, changes });
}

/** `POST /action-item/:id/checklist`: a line at the end (or at `sortIndex`). */
export const addChecklistLine = (ctx: AppContext, access: MissionAccess, itemId: string, input: z.output<typeof checklistCreateSchema>) =>
  onChecklist(ctx, access, itemId, async (tx, record, title) => {
    if (input.people) await requireOnTeam(tx, access.mission.id, input.people);
    const [last] = await tx
      .select({ max: sql<number | null>`max(${checklistItems.sortIndex})::float8` })
      .from(checklistItems)
      .where(eq(checklistItems.actionItemId, itemId));
    const [row] = await tx
      .insert(checklistItems)
      .values({
        ...patchOf(access, null, input, ctx.clock.now()),
        title: input.title,
        actionItemId: itemId,
        missionId: access.mission.id,
        sortIndex: input.sortIndex ?? (last?.max ?? -1) + 1,
      })
      .returning();
    record({ action: 'create', entity: 'checklist', id: row!.id, title, changes: { title: { from: null, to: row!.title } } });
  });

/** `PUT /action-item/:id/checklist/:checklistId` and `.../move`. */
export const updateChecklistLine = (
  ctx: AppContext,
  access: MissionAccess,
  itemId: string,
  lineId: string,
  input: ChecklistUpdate & { sortIndex?: number },
) =>
  onChecklist(ctx, access, itemId, async (tx, record, title) => {
    const lines = await loadLines(tx, itemId, [lineId]);
    await updateLine(tx, record, access, title, lines.get(lineId)!, input, ctx.clock.now());
  });

/** `PUT /action-item/:id/checklist/bulk`: several lines at once, all or nothing. */
export const bulkUpdateChecklist = (ctx: AppContext, access: MissionAccess, itemId: string, input: z.output<typeof checklistBulkSchema>) =>
  onChecklist(ctx, access, itemId, async (tx, record, title) => {
    const lines = await loadLines(
      tx,
      itemId,
      input.items.map((line) => line._id),
    );
    for (const { _id, ...fields } of input.items) await updateLine(tx, record, access, title, lines.get(_id)!, fields, ctx.clock.now());
  });

/** `DELETE /action-item/:id/checklist/:checklistId`. */
export const deleteChecklistLine = (ctx: AppContext, access: MissionAccess, itemId: string, lineId: string) =>
  onChecklist(ctx, access, itemId, async (tx, record, title) => {
    await loadLines(tx, itemId, [lineId]);
    await tx.delete(checklistItems).where(eq(checklistItems.id, lineId));
    record({ action: 'delete', entity: 'checklist', id: lineId, title });
  });
