import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isoText } from '../lib/instants.ts';

/**
 * The statements that insert many rows, one per shape of row (the set of fields it gives), without RETURNING, for a
 * caller that runs them in its own statement: `insert … select u.a::type, … from unnest($1::text[], …) as u(a, …)`,
 * one array per column whatever the number of rows. A multi-row `VALUES` list grows the statement with every row and
 * PostgreSQL parses and plans it again each time: 1,000 tasks took 215 ms that way. Each value travels as drizzle's
 * driver text and is cast to its column's type; fields no row gives keep the database's default, and `$defaultFn`
 * fields (ids) are filled here as drizzle would.
 */
export function insertStatements<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]): SQL[] {
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const shapes = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const filled: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = (row as Record<string, unknown>)[key];
      if (value !== undefined) filled[key] = value;
      else if (column.defaultFn) filled[key] = column.defaultFn();
    }
    const shape = Object.keys(filled).join(',');
    const group = shapes.get(shape);
    if (group) group.push(filled);
    else shapes.set(shape, [filled]);
  }
  return [...shapes].map(([shape, group]) => {
    const keys = new Set(shape.split(','));
    const given = columns.filter(([key]) => keys.has(key));
    const names = given.map(([, column]) => sql.identifier(column.name));
    const arrays = given.map(([key, column]) => sql`${sql.param(group.map((row) => asText(column, row[key])))}::text[]`);
    const casts = given.map(([, column]) => sql`u.${sql.identifier(column.name)}::${sql.raw(column.getSQLType())}`);
    return sql`insert into ${sql.identifier(getTableName(table))} (${sql.join(names, sql`, `)})
      select ${sql.join(casts, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as u(${sql.join(names, sql`, `)})`;
  });
}

/** A value as the text PostgreSQL casts to the column's type (drizzle's driver value: JSON, array literal, ISO time). */
export function asText(column: PgColumn, value: unknown): string | null {
  if (value === null) return null;
  // text, and days as text, are their own driver value; an instant is its ISO text
  if (typeof value === 'string' && column.dataType === 'string') return value;
  if (value instanceof Date) return isoText(value);
  const driver = column.mapToDriverValue(value);
  if (driver === null || driver === undefined) return null;
  if (driver instanceof Date) return isoText(driver);
  return typeof driver === 'object' ? JSON.stringify(driver) : String(driver);
}
