import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * A statement prepared once per database (`.prepare(name)` of a query with placeholders): built once, and planned
 * once per connection. For hot reads whose planning costs more than running them.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = build(db)));
    return statement;
  };
}

/**
 * A raw SQL query named after its text, so that each pooled connection plans it once and reuses the plan (a query
 * built from filters has a few shapes: each is its own statement).
 */
export function namedByText<Q extends { text: string; values: unknown[] }>(query: Q): Q & { name: string } {
  return { ...query, name: `q_${createHash('sha1').update(query.text).digest('hex').slice(0, 20)}` };
}

/**
 * A statement written once as text with numbered parameters (`$1`, `$2`…), as a drizzle query with those values:
 * the same text serves a named statement on a pooled connection and a write inside a drizzle transaction.
 */
export function boundSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)\b/);
  const chunks: SQL[] = [sql.raw(parts[0]!)];
  for (let i = 1; i < parts.length; i += 2) chunks.push(sql`${sql.param(values[Number(parts[i]) - 1])}`, sql.raw(parts[i + 1]!));
  return sql.join(chunks);
}
