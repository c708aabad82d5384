// Throughput of the foundation's hot paths as ratios to a bare Fastify JSON route measured in the same run
// (median of alternating rounds; this machine is shared, so only ratios are compared with the budgets).
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { rmSync } from 'node:fs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { scratchDataDir } from '../apps/server/src/db/embedded.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;

const dataDir = scratchDataDir('bench');
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: '0', AUTH_SECRET: 'b'.repeat(64) });
const database = await openDatabase(config, () => undefined);
const app = await buildApp({ config, database, logger: false });
const PORT = Number(process.env.BENCH_PORT ?? 0);
await app.listen({ port: PORT, host: '127.0.0.1' });
const floor = Fastify();
floor.get('/bare', async () => ({ status: 'ok' }));
await floor.listen({ port: PORT ? PORT + 1 : 0, host: '127.0.0.1' });

const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/signup',
  payload: { email: 'bench@example.com', password: 'bench-password-1' },
});
const { token } = signUp.json() as { token: string };
const base = (server: typeof floor) => `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;

const targets = {
  floor: { url: `${base(floor)}/bare`, headers: {} },
  health: { url: `${base(app)}/api/health`, headers: {} },
  profile: { url: `${base(app)}/api/people/profile`, headers: { authorization: `Bearer ${token}` } },
};

const results: Record<string, number[]> = { floor: [], health: [], profile: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, target] of Object.entries(targets)) {
    const result = await autocannon({ ...target, connections: CONNECTIONS, duration: SECONDS });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    results[name]!.push(result.requests.average);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const floorRate = median(results.floor!);
const report = Object.fromEntries(
  Object.entries(results).map(([name, values]) => [
    name,
    { requestsPerSecond: Math.round(median(values)), ratioToFloor: +(median(values) / floorRate).toFixed(2) },
  ]),
);
console.log(JSON.stringify({ connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, report }, null, 2));
// Budget (DESIGN.md section 8): a route through the whole request pipeline keeps at least half of the floor.
const healthOk = report.health!.ratioToFloor >= 0.5;
console.log(`health ≥ 0.5× floor: ${healthOk ? 'pass' : 'FAIL'}`);

await app.close();
await floor.close();
await database.shutdown();
rmSync(dataDir, { recursive: true, force: true });
process.exit(healthOk ? 0 : 1);
