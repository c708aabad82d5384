import { rmSync } from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect, migrateDatabase } from '../src/db/database.ts';
import { scratchDataDir, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { importRatesFile } from '../src/modules/currency/index.ts';
import { SAMPLE_RATES_FILE } from './support/rates-sample.ts';

export const TEMPLATE_DATABASE = 'crewplan_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
  }
}

/**
 * One PostgreSQL server for the run (embedded, or TEST_DATABASE_URL) with a migrated template database;
 * each test file clones its own database from the template.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = scratchDataDir('test');
    embedded = await startEmbeddedPostgres(dataDir, () => undefined);
    serverUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const template = connect(withDatabase(serverUrl, TEMPLATE_DATABASE), 2);
  await migrateDatabase(template.pool);
  // what a fresh install's first start imports, done once here rather than by every test's app
  await importRatesFile(template.db, SAMPLE_RATES_FILE);
  await template.close();
  project.provide('serverUrl', serverUrl);

  return async () => {
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
