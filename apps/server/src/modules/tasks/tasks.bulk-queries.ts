import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { asText, insertStatements } from '../../db/insert-many.ts';
import { actionItems } from '../../db/schema/index.ts';
import { itemsAnswerSql } from './tasks.queries.ts';

type ItemInsert = typeof actionItems.$inferInsert;
type ItemPatch = Partial<ItemInsert>;
type ItemColumn = keyof typeof actionItems.$inferSelect;
/** An item's changes; its `colHistory` holds only the entries to add (a task's column history grows with every move). */
export type ItemUpdate = { id: string; set: ItemPatch };

const COLUMNS = getTableColumns(actionItems);
const isJson = (key: ItemColumn) => COLUMNS[key].getSQLType() === 'jsonb';

/**
 * Several items written by one statement: `UPDATE action_items … FROM jsonb_array_elements(…)`, one JSON object per
 * item with its id and the columns it changes, each as its driver text cast to the column's type (a JSON column's
 * value as it is, not as text to parse a second time). A column an item's object does not name keeps its value, so
 * the items' other columns need not be read first; the column history is appended to, so it is neither read nor
 * sent whole. The statement is the same size for any number of items. Null when no item changes a column.
 */
function updateStatement(updates: readonly ItemUpdate[]): SQL | null {
  const keys = [...new Set(updates.flatMap(({ set }) => Object.keys(set)))].filter((key) => key in COLUMNS && key !== 'id') as ItemColumn[];
  if (keys.length === 0) return null;
  const objects = updates.map(({ id, set }) => {
    const object: Record<string, unknown> = { id };
    for (const key of keys) {
      const value = set[key];
      if (value !== undefined) object[COLUMNS[key].name] = isJson(key) ? value : asText(COLUMNS[key], value);
    }
    return object;
  });
  const assignments = keys.map((key) => {
    const column = COLUMNS[key];
    const name = sql.identifier(column.name);
    // the column's name is the schema's, never input: a literal, so the planner sees a constant
    const field = sql.raw(`'${column.name}'`);
    const value =
      key === 'colHistory'
        ? sql`ai.${name} || (v.item -> ${field})`
        : isJson(key)
          ? sql`nullif(v.item -> ${field}, 'null')`
          : sql`(v.item ->> ${field})::${sql.raw(column.getSQLType())}`;
    // a column every item changes needs no test of whether this one does
    const everyItem = objects.every((object) => column.name in object);
    return everyItem ? sql`${name} = ${value}` : sql`${name} = case when v.item ? ${field} then ${value} else ai.${name} end`;
  });
  return sql`update action_items as ai set ${sql.join(assignments, sql`, `)}
    from jsonb_array_elements(${JSON.stringify(objects)}::jsonb) as v (item)
    where ai.id = v.item ->> 'id'`;
}

/** Writes several items' changes in one statement. */
export async function updateRows(tx: Tx, updates: readonly ItemUpdate[]): Promise<void> {
  const update = updateStatement(updates);
  if (update) await tx.execute(update);
}

/**
 * Inserts new items (one INSERT per shape of row, `insertStatements`) and their history rows, and answers the new
 * items as `personId` sees them (`{"actionItems":[…]}`), all in one statement, from the INSERTs' RETURNING.
 */
export async function insertRowsAnswering(
  tx: Tx,
  values: readonly (ItemInsert & { id: string })[],
  history: SQL,
  personId: string,
  money: boolean,
): Promise<string> {
  const names = insertStatements(actionItems, values).map((statement, i) => ({ name: sql.identifier(`inserted${i}`), statement }));
  const ctes = [...names.map(({ name, statement }) => sql`${name} as (${statement} returning *)`), sql`history as (${history})`];
  const rows = sql.join(
    names.map(({ name }) => sql`select * from ${name}`),
    sql` union all `,
  );
  return answerOf(
    tx,
    ctes,
    rows,
    values.map((value) => value.id),
    personId,
    money,
  );
}

async function answerOf(tx: Tx, ctes: SQL[], rows: SQL, ids: string[], personId: string, money: boolean): Promise<string> {
  const answer = itemsAnswerSql(rows, ids, personId, money);
  const statement = ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ${answer}` : answer;
  const result = await tx.execute<{ json: string }>(statement);
  return result.rows[0]!.json;
}
