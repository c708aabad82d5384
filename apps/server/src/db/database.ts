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

/** How the pool behaves under load: its size and the time-outs that keep one slow or stuck transaction from holding the rest. */
export type PoolSettings = {
  /** Connections in the pool. */
  max: number;
  /** How long a request waits for a free connection before it is answered 503 (ms). */
  connectTimeoutMs: number;
  /** The longest one statement may run (ms; 0 = no limit). */
  statementTimeoutMs: number;
  /** The longest a statement waits for a row lock (ms; 0 = no limit); past it the write is retried, then 503. */
  lockTimeoutMs: number;
  /** A transaction left idle this long is ended by the database and its connection freed (ms; 0 = no limit). */
  idleInTransactionTimeoutMs: number;
};

export const POOL_DEFAULTS: PoolSettings = {
  max: 20,
  connectTimeoutMs: 10_000,
  statementTimeoutMs: 30_000,
  lockTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 60_000,
};

export function connect(url: string, settings: number | Partial<PoolSettings> = {}): Database {
  const s = { ...POOL_DEFAULTS, ...(typeof settings === 'number' ? { max: settings } : settings) };
  const pool = new pg.Pool({
    connectionString: url,
    max: s.max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: s.connectTimeoutMs,
    statement_timeout: s.statementTimeoutMs,
    lock_timeout: s.lockTimeoutMs,
    idle_in_transaction_session_timeout: s.idleInTransactionTimeoutMs,
  });
  pool.on('error', () => undefined); // a dropped idle client is replaced on next use
  return { db: drizzle(pool, { schema, casing: 'snake_case' }), pool, url, close: () => pool.end() };
}

/** Applies the committed migrations; an advisory lock keeps concurrent starts from racing. */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // A migration may rewrite large tables and wait for other starts: no time-outs for it.
    await client.query('set statement_timeout = 0; set lock_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.query('reset statement_timeout; reset lock_timeout').catch(() => undefined);
    client.release();
  }
}

export { schema };
