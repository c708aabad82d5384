import { createHash } from 'node:crypto';
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
