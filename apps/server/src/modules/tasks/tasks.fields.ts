import { and, eq, or, sql } from 'drizzle-orm';
import { fromMinorUnits, toMinorUnits, type ActionItemChanges, type ActionUpdate, type ActionItemUpdate } from '@crewplan/domain';
import type { Tx } from '../../db/database.ts';
import { isoText } from '../../lib/instants.ts';
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

/**
 * A task's changed columns as a read of it shows them (`itemFields`): money in major units, instants as ISO text, a
 * cleared code as the code a read makes up from the creation time. The column history is left out: it only grows,
 * and it would repeat every move of every task of a bulk write; a read of the task has it.
 */
export function presentItemChanges(id: string, set: ItemPatch, createdAt?: Date): ActionItemChanges {
  const shown: Record<string, unknown> = { _id: id };
  for (const [key, value] of Object.entries(set)) {
    if (value === undefined || key === 'colHistory') continue;
    if (key === 'billRateMinor') shown.billRate = value === null ? null : fromMinorUnits(value as number);
    else if (key === 'code' && value === null && createdAt) shown.code = String(createdAt.getTime()).slice(-4);
    else shown[key] = value instanceof Date ? isoText(value) : value;
  }
  return shown as ActionItemChanges;
}

/**
 * Columns a change keeps for its own sake, each following another field's change: the column history follows the
 * column, the description's stamp the description. The history records the field they follow; with the column
 * history it would also repeat the whole list of a task's moves on every move.
 */
const BOOKKEEPING = new Set(['updatedAt', 'colHistory', 'descriptionUpdate', 'descriptionUpdateById']);

/**
 * `patch` without what its `changes` (`changesOf`) say it does not change: a status effect that clears what is already
 * clear writes nothing, and a bulk write of many tasks sends and sets only what moves.
 */
export function changedOnly(patch: ItemPatch, changes: Record<string, unknown>): ItemPatch {
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) if (field in changes || BOOKKEEPING.has(field)) kept[field] = value;
  return kept as ItemPatch;
}

/** The fields of `patch` that differ from the row, as history changes. */
export function changesOf(
  before: ActionRow | ActionItemRow,
  patch: ActionPatch | ItemPatch,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const row = before as Record<string, unknown>;
  for (const [field, to] of Object.entries(patch)) {
    if (to === undefined || BOOKKEEPING.has(field)) continue;
    const from = row[field] instanceof Date ? isoText(row[field] as Date) : (row[field] ?? null);
    const next = to instanceof Date ? isoText(to) : to;
    // values (text, numbers, null) compare as they are; lists and objects by their JSON
    const same = typeof from === 'object' || typeof next === 'object' ? JSON.stringify(from) === JSON.stringify(next) : from === next;
    if (!same) changes[field] = { from, to: next };
  }
  return changes;
}

/**
 * Rule 50: the mission's next `count` task codes (prefix, dash, number), from the mission's counter. The counter is
 * bumped in the statement that locks the mission row, so creates hand out codes one at a time without reading the
 * mission's codes; only when the prefix changed is it set again from the highest number under the new prefix. A
 * number already taken (a code typed by hand) is passed over. With no prefix the codes are null; the mission row
 * is locked either way (sort positions are handed out under that lock too).
 */
export async function claimCodes(tx: Tx, missionId: string, count: number): Promise<(string | null)[]> {
  // the counted codes already taken (typed by hand) come back with the bump, so most creates ask once
  const bumped = await tx.execute<{ prefix: string | null; counted: string | null; seq: number; taken: string[] | null }>(sql`
    with bumped as (
      update missions set task_code_seq = case when task_code_prefix = default_task_code then task_code_seq + ${count} else task_code_seq end
      where id = ${missionId}
      returning default_task_code as prefix, task_code_prefix as counted, task_code_seq as seq)
    select prefix, counted, seq, case when prefix = counted then array(
        select code from ${actions} where mission_id = ${missionId} and code = any(candidates)
        union select code from ${actionItems} where mission_id = ${missionId} and code = any(candidates)) end as taken
    from bumped, lateral (select array(select prefix || '-' || n from generate_series(seq - ${count} + 1, seq) n) as candidates) c`);
  const row = bumped.rows[0];
  if (!row?.prefix) return Array.from({ length: count }, () => null);
  const prefix = row.prefix;
  let last = row.seq;
  if (row.counted !== prefix) last = (await highestNumber(tx, missionId, prefix)) + count;
  const numbers = Array.from({ length: count }, (_, i) => last - count + 1 + i);
  const codes: string[] = [];
  let known = row.taken;
  while (numbers.length > 0) {
    const candidates = numbers.map((n) => `${prefix}-${n}`);
    const taken = new Set(known ?? (await takenCodes(tx, missionId, candidates)));
    known = null;
    codes.push(...candidates.filter((code) => !taken.has(code)));
    numbers.length = 0;
    for (let i = 0; i < taken.size; i += 1) numbers.push((last += 1));
  }
  // the first statement already counted these codes unless the prefix changed or numbers were passed over
  if (row.counted !== prefix || last !== row.seq)
    await tx.execute(sql`update missions set task_code_prefix = ${prefix}, task_code_seq = ${last} where id = ${missionId}`);
  return codes;
}

/** Rule 50 for one code. */
export const nextCode = async (tx: Tx, missionId: string) => (await claimCodes(tx, missionId, 1))[0]!;

/** The highest number of the mission's codes under the prefix (0 when none): a scan, only when the prefix changes. */
async function highestNumber(tx: Tx, missionId: string, prefix: string): Promise<number> {
  const result = await tx.execute<{ max: number | null }>(sql`
    select max(substr(c.code, length(${prefix}) + 2)::int) as max from (
      select code from ${actions} where mission_id = ${missionId} union all select code from ${actionItems} where mission_id = ${missionId}
    ) c
    where left(c.code, length(${prefix}) + 1) = ${prefix} || '-' and substr(c.code, length(${prefix}) + 2) ~ '^[0-9]{1,9}$'`);
  return Number(result.rows[0]?.max ?? 0);
}

/** Which of these codes the mission's actions or action items already carry (by the (mission, code) indexes). */
async function takenCodes(tx: Tx, missionId: string, codes: string[]): Promise<string[]> {
  const result = await tx.execute<{ code: string }>(sql`
    select code from ${actions} where mission_id = ${missionId} and code = any(${sql.param(codes)}::text[])
    union select code from ${actionItems} where mission_id = ${missionId} and code = any(${sql.param(codes)}::text[])`);
  return result.rows.map((r) => r.code);
}

/** The next sort index after the last item of an action, worked out in the statement that inserts the item. */
export const sortIndexAfterLast = (actionId: string) =>
  sql<number>`(select coalesce(max(${actionItems.sortIndex}), -1) + 1 from ${actionItems} where ${actionItems.actionId} = ${actionId})`;

/** The next sort index after the last action of the mission. */
export async function nextSortIndex(tx: Tx, missionId: string): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${actions.sortIndex})::float8` })
    .from(actions)
    .where(eq(actions.missionId, missionId));
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
