import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Database = { db: Db; pool: pg.Pool; url: string; close: () => Promise<void> };

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_LOCK = 827_364_001;

export function connect(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on('error', () => undefined); // a dropped idle client is replaced on next use
  return { db: drizzle(pool, { schema, casing: 'snake_case' }), pool, url, close: () => pool.end() };
}

/** Applies the committed migrations; an advisory lock keeps concurrent starts from racing. */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

export { schema };
