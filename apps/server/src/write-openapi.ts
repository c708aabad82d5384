import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connect } from './db/database.ts';

/**
 * Writes the API description (as GET /api/openapi.json serves it) to the file named by the first argument, for the
 * OpenAPI linter. Building the app opens no database connection and listens nowhere.
 */
const target = process.argv[2];
if (!target) throw new Error('Usage: write-openapi.ts <file.json>');
const dataDir = mkdtempSync(join(tmpdir(), 'crewplan-openapi-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const database = connect('postgres://unused@127.0.0.1:1/unused', 1);
const app = await buildApp({ config, database, logger: false });
try {
  await app.ready();
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify(response.json(), null, 2)}\n`);
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
