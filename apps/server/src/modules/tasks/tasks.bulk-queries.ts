import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { actionItems } from '../../db/schema/index.ts';

type ItemRow = typeof actionItems.$inferSelect;
type ItemPatch = Partial<typeof actionItems.$inferInsert>;
type ItemColumn = keyof ItemRow;

const COLUMNS = getTableColumns(actionItems);

/** One value for the VALUES list, typed as its column (so that NULLs and arrays keep their type). */
function valueOf(key: ItemColumn, value: unknown): SQL {
  const column = COLUMNS[key];
  const driverValue = value === null || value === undefined ? null : column.mapToDriverValue(value);
  return sql`${driverValue}::${sql.raw(column.getSQLType())}`;
}

/**
 * Writes several items in one statement: `UPDATE action_items … FROM (VALUES …)`. Every column that any item
 * changes is set on each of them, from `set` where the item changes it, else from its current (locked) `row`.
 * Returns the ids written.
 */
export async function updateRows(tx: Tx, updates: { id: string; set: ItemPatch; row: ItemRow }[]): Promise<string[]> {
  if (updates.length === 0) return [];
  const keys = [...new Set(updates.flatMap(({ set }) => Object.keys(set)))].filter((key) => key in COLUMNS && key !== 'id') as ItemColumn[];
  if (keys.length === 0) return [];
  const names = keys.map((key) => sql.identifier(COLUMNS[key].name));
  const tuples = updates.map(
    ({ id, set, row }) =>
      sql`(${id}::varchar(24), ${sql.join(
        keys.map((key) => valueOf(key, key in set ? (set as Record<string, unknown>)[key] : row[key])),
        sql`, `,
      )})`,
  );
  const assignments = names.map((name) => sql`${name} = v.${name}`);
  const result = await tx.execute<{ id: string }>(sql`
    update action_items as ai set ${sql.join(assignments, sql`, `)}
    from (values ${sql.join(tuples, sql`, `)}) as v (id, ${sql.join(names, sql`, `)})
    where ai.id = v.id
    returning ai.id`);
  return result.rows.map((r) => r.id);
}
