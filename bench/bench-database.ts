// A bench's own database: the embedded PostgreSQL on a scratch folder, with the server's production settings.
import { rmSync } from 'node:fs';
import { loadConfig } from '../apps/server/src/config.ts';
import { scratchDataDir } from '../apps/server/src/db/embedded.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';

/**
 * Opens it; `remove` stops it and deletes its folder. A bench stopped by a signal (Ctrl+C, a time-out) removes it
 * too: a process ended by a signal runs no exit handler, and its PostgreSQL kept running with the folder left behind.
 */
export async function openBenchDatabase() {
  const dataDir = scratchDataDir('bench');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    AUTH_SECRET: 'b'.repeat(64),
  });
  const database = await openDatabase(config, () => undefined);
  let removed: Promise<void> | undefined;
  const remove = () => (removed ??= database.shutdown().then(() => rmSync(dataDir, { recursive: true, force: true })));
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    process.once(signal, () => void remove().finally(() => process.exit(code)));
  return { config, database, remove };
}
