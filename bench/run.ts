// Throughput of the request pipeline's hot paths as ratios to a bare Fastify JSON route measured in the same run
// (median of alternating rounds; this machine is shared, so only ratios are compared with the budgets): health, then
// the signed-in reads every screen makes (my profile, my missions, my unread count), and the read of a mission of 200
// tasks, judged by its p99 latency.
import { loadTest } from './load.ts';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { openBenchDatabase } from './bench-database.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;

const { config, database, remove } = await openBenchDatabase();
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
const auth = { authorization: `Bearer ${token}` };

/** A kanban mission of the bench person with 200 tasks under one action, made through the API. */
async function missionOf200Tasks(): Promise<string> {
  const call = async <T>(url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, headers: auth, payload });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as T;
  };
  await database.pool.query(`update people set email_verified = true where email = 'bench@example.com'`);
  const mission = await call<{ _id: string; planItems: { _id: string }[] }>('/api/mission', {
    title: 'Two hundred tasks',
    projectType: 'kanban',
    planStartDate: '2026-01-05',
    planEndDate: '2026-12-18',
  });
  const { action } = await call<{ action: { _id: string } }>(`/api/mission-plan/${mission.planItems[0]!._id}/action`, { title: 'Work' });
  const items = Array.from({ length: 200 }, (_, i) => ({ actionId: action._id, title: `Task ${i + 1}` }));
  await call(`/api/mission/${mission._id}/tasks/bulk`, { items });
  return mission._id;
}
const missionId = await missionOf200Tasks();

const targets = {
  floor: { url: `${base(floor)}/bare`, headers: {} },
  health: { url: `${base(app)}/api/health`, headers: {} },
  profile: { url: `${base(app)}/api/people/profile`, headers: auth },
  missionList: { url: `${base(app)}/api/mission/list/tree`, headers: auth },
  unreadCount: { url: `${base(app)}/api/notification/unread/count`, headers: auth },
  mission200: { url: `${base(app)}/api/mission/${missionId}`, headers: auth },
};

const results: Record<string, number[]> = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
const p99s: Record<string, number[]> = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, target] of Object.entries(targets)) {
    const result = await loadTest({ ...target, connections: CONNECTIONS, duration: SECONDS });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    results[name]!.push(result.requests.average);
    p99s[name]!.push(result.latency.p99);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const floorRate = median(results.floor!);
const report = Object.fromEntries(
  Object.entries(results).map(([name, values]) => [
    name,
    {
      requestsPerSecond: Math.round(median(values)),
      ratioToFloor: +(median(values) / floorRate).toFixed(2),
      p99Ms: median(p99s[name]!),
    },
  ]),
);
console.log(JSON.stringify({ connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, report }, null, 2));
// Budgets (DESIGN.md section 8): a route through the whole request pipeline keeps at least half of the floor; the
// mission of 200 tasks answers within 50 ms at the 99th percentile.
const verdicts = {
  'health ≥ 0.5× floor': report.health!.ratioToFloor >= 0.5,
  'my profile ≥ 0.5× floor': report.profile!.ratioToFloor >= 0.5,
  'my missions ≥ 0.5× floor': report.missionList!.ratioToFloor >= 0.5,
  'my unread count ≥ 0.5× floor': report.unreadCount!.ratioToFloor >= 0.5,
  'a mission of 200 tasks, p99 ≤ 50 ms': report.mission200!.p99Ms <= 50,
};
for (const [name, passed] of Object.entries(verdicts)) console.log(`${name}: ${passed ? 'pass' : 'FAIL'}`);
const allOk = Object.values(verdicts).every(Boolean);

await app.close();
await floor.close();
await remove();
process.exit(allOk ? 0 : 1);
