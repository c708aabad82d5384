// The server a bench measures: production settings on a fresh embedded database, listening on a free port, with one
// signed-up person whose token the bench calls with.
import { rmSync } from 'node:fs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { scratchDataDir } from '../apps/server/src/db/embedded.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';

export const portOf = (server: { server: { address: () => unknown } }) => (server.server.address() as { port: number }).port;

export async function startBenchApp() {
  const dataDir = scratchDataDir('bench');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    AUTH_SECRET: 'b'.repeat(64),
  });
  const database = await openDatabase(config, () => undefined);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: 'bench@example.com', password: 'bench-password-1' },
  });
  const { token } = signUp.json() as { token: string };
  const personId = (await q(`select id from people where email = 'bench@example.com'`)).rows[0]!.id as string;
  /** Stops the server and its database and removes the data folder. */
  const stop = async () => {
    await app.close();
    await database.shutdown();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, database, q, base: `http://127.0.0.1:${portOf(app)}`, token, personId, stop };
}
