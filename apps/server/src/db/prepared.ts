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
