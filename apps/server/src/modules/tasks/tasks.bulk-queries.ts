import { getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { asText } from '../../db/insert-many.ts';
import { actionItems } from '../../db/schema/index.ts';

type ItemRow = typeof actionItems.$inferSelect;
type ItemPatch = Partial<typeof actionItems.$inferInsert>;
type ItemColumn = keyof ItemRow;

const COLUMNS = getTableColumns(actionItems);

/**
 * Writes several items in one statement: `UPDATE action_items … FROM unnest(…)`, one text array per column cast to its
 * type (the statement stays the same size for any number of items). Every column that any item changes is set on each
 * of them, from `set` where the item changes it, else from its current (locked) `row`. Returns the ids written.
 */
export async function updateRows(tx: Tx, updates: { id: string; set: ItemPatch; row: ItemRow }[]): Promise<string[]> {
  if (updates.length === 0) return [];
  const keys = [...new Set(updates.flatMap(({ set }) => Object.keys(set)))].filter((key) => key in COLUMNS && key !== 'id') as ItemColumn[];
  if (keys.length === 0) return [];
  const names = keys.map((key) => sql.identifier(COLUMNS[key].name));
  const valueOf = ({ set, row }: (typeof updates)[number], key: ItemColumn) =>
    asText(COLUMNS[key], key in set ? (set as Record<string, unknown>)[key] : row[key]);
  const arrays = keys.map((key) => sql`${sql.param(updates.map((update) => valueOf(update, key)))}::text[]`);
  const casts = keys.map((key) => sql`u.${sql.identifier(COLUMNS[key].name)}::${sql.raw(COLUMNS[key].getSQLType())}`);
  const assignments = names.map((name) => sql`${name} = v.${name}`);
  const result = await tx.execute<{ id: string }>(sql`
    update action_items as ai set ${sql.join(assignments, sql`, `)}
    from (
      select u.id, ${sql.join(casts, sql`, `)}
      from unnest(${sql.param(updates.map(({ id }) => id))}::varchar[], ${sql.join(arrays, sql`, `)}) as u (id, ${sql.join(names, sql`, `)})
    ) as v (id, ${sql.join(names, sql`, `)})
    where ai.id = v.id
    returning ai.id`);
  return result.rows.map((r) => r.id);
}
