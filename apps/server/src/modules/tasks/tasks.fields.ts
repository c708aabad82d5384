import { and, eq, like, or, sql } from 'drizzle-orm';
import { nextTaskCode, toMinorUnits, type ActionUpdate, type ActionItemUpdate } from '@crewplan/domain';
import type { Tx } from '../../db/database.ts';
import { actionItems, actions } from '../../db/schema/index.ts';
import type { ActionItemRow, ActionRow } from './tasks.access.ts';

type ActionPatch = Partial<typeof actions.$inferInsert>;
type ItemPatch = Partial<typeof actionItems.$inferInsert>;

const minor = (amount: number | null | undefined) => (amount === undefined ? undefined : amount === null ? null : toMinorUnits(amount));

/** The columns an action input sets (money in minor units). */
export function actionPatchOf(input: ActionUpdate & { source?: string | null }): ActionPatch {
  const { rate, billRate, ...rest } = input;
  const patch: ActionPatch = { ...rest };
  if (rate !== undefined) patch.rateMinor = minor(rate);
  if (billRate !== undefined) patch.billRateMinor = minor(billRate);
  return patch;
}

/** The columns an action item input sets (money in minor units); seen and pinned are handled apart. */
export function itemPatchOf(input: Omit<ActionItemUpdate, 'seen' | 'pinned'>): ItemPatch {
  const { billRate, ...rest } = input;
  const patch: ItemPatch = { ...rest };
  if (billRate !== undefined) patch.billRateMinor = minor(billRate);
  return patch;
}

/** The fields of `patch` that differ from the row, as history changes. */
export function changesOf(
  before: ActionRow | ActionItemRow,
  patch: ActionPatch | ItemPatch,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const row = before as Record<string, unknown>;
  for (const [field, to] of Object.entries(patch)) {
    if (to === undefined || field === 'updatedAt') continue;
    const from = row[field] instanceof Date ? (row[field] as Date).toISOString() : (row[field] ?? null);
    const next = to instanceof Date ? to.toISOString() : to;
    if (JSON.stringify(from) !== JSON.stringify(next)) changes[field] = { from, to: next };
  }
  return changes;
}

/** Rule 50: the mission's next task code (prefix, dash, count plus one), over its actions and action items. */
export async function nextCode(tx: Tx, missionId: string, prefix: string | null): Promise<string | null> {
  if (!prefix) return null;
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
  const rows = await tx
    .select({ code: actions.code })
    .from(actions)
    .where(and(eq(actions.missionId, missionId), like(actions.code, pattern)))
    .union(
      tx
        .select({ code: actionItems.code })
        .from(actionItems)
        .where(and(eq(actionItems.missionId, missionId), like(actionItems.code, pattern))),
    );
  return nextTaskCode(
    prefix,
    rows.map((row) => row.code),
  );
}

/** The next sort index after the last action of the mission, or the last item of an action. */
export async function nextSortIndex(tx: Tx, where: { missionId: string } | { actionId: string }): Promise<number> {
  const [row] =
    'actionId' in where
      ? await tx
          .select({ max: sql<number | null>`max(${actionItems.sortIndex})::float8` })
          .from(actionItems)
          .where(eq(actionItems.actionId, where.actionId))
      : await tx
          .select({ max: sql<number | null>`max(${actions.sortIndex})::float8` })
          .from(actions)
          .where(eq(actions.missionId, where.missionId));
  return (row?.max ?? -1) + 1;
}

/** The WBS number of a new action: its place among the mission's top-level actions, or under its parent's number. */
export async function nextWbs(tx: Tx, missionId: string, parent: ActionRow | null): Promise<string> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(actions)
    .where(and(eq(actions.missionId, missionId), parent ? eq(actions.parentId, parent.id) : or(sql`${actions.parentId} is null`)));
  const place = (row?.count ?? 0) + 1;
  return parent?.wbs ? `${parent.wbs}.${place}` : String(place);
}
