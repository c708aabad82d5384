import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { connect, type Database, type PoolSettings } from '../../src/db/database.ts';
import { TEMPLATE_DATABASE, withDatabase } from '../global-setup.ts';

/** A database of this test file's own, cloned from the migrated template. */
export async function createTestDatabase(pool: Partial<PoolSettings> = {}): Promise<TestDatabase> {
  const serverUrl = inject('serverUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  await admin.end();
  const database = connect(withDatabase(serverUrl, name), { max: 10, ...pool });
  return {
    ...database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export type TestDatabase = Database & { drop: () => Promise<void> };

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  request: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

/**
 * The real server on a real database, ready for `inject`; close it in afterAll. Delayed work waits until the test
 * calls `app.ctx.jobs.runDue()` (pass a test clock to move the time first). With `database`, the app opens that one
 * (a restart) and leaves it to its owner on close.
 */
export async function buildTestApp(
  options: Partial<Omit<BuildOptions, 'config' | 'database'>> & {
    env?: Record<string, string>;
    pool?: Partial<PoolSettings>;
    database?: TestDatabase;
    /** Adds to the app before it starts (a hook standing in for a plugin the test is about). */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const { pool, database: shared, beforeReady, ...rest } = options;
  const database = shared ?? (await createTestDatabase(pool));
  const dataDir = mkdtempSync(join(tmpdir(), 'crewplan-files-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...rest.env,
  });
  const app = await buildApp({ config, database, logger: false, runJobs: false, ...rest });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    dataDir,
    request: ({ token, headers, ...rest }) =>
      app.inject({ ...rest, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } }),
    close: async () => {
      await app.close();
      if (!shared) await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
