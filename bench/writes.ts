// Task writes under load, each against a floor measured in the same run (this machine is shared: ratios count).
//  1. Bulk create of 1,000 tasks (POST /api/mission/:id/tasks/bulk) against one multi-row INSERT of the same rows.
//  2. Bulk update of 500 tasks, the most one call takes (PUT /api/action-item/:id/bulk), against one
//     UPDATE … FROM (VALUES …) of the same values.
//  3. Creating one task in a mission of 100,000 tasks against the same in a mission of 1,000 tasks.
//  4. A mixed load at a fixed rate (70% reads of a task, 30% writes: update, move, create) on one mission:
//     errors, time-outs and p99 latency, and the rate achieved against the rate asked; the same load on a bare route
//     (the floor) shows what the load generator and the machine add.
// Budgets: (1) and (2) ≤ 3× their floors; (3) ≤ 2× (independent of the mission's size); (4) no error, p99 < 500 ms,
// at least 95% of the rate.
import type autocannon from 'autocannon';
import Fastify from 'fastify';
import { fixedRateTest } from './load.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { openBenchDatabase } from './bench-database.ts';

const RATE = Number(process.env.BENCH_RATE ?? 200);
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
// Rounds of (1) and (2) run first and not counted, product and floor alike: a fresh server's first calls of a path
// compile it (its first bulk updates took 58 ms where later ones took 45-50), and a server in use is warm.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const BIG = Number(process.env.BENCH_BIG_ITEMS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 0);

const { config, database, remove } = await openBenchDatabase();
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: PORT, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/signup',
  payload: { email: 'bench@example.com', password: 'bench-password-1' },
});
const { token } = signUp.json() as { token: string };
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const personId = (await database.pool.query<{ id: string }>(`select id from people where email = 'bench@example.com'`)).rows[0]!.id;
const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);

/** A kanban mission with `actions` actions and `items` tasks spread over them; the bench person is its admin. */
async function mission(tag: string, actions: number, items: number) {
  const id = tag.repeat(24);
  await q(`insert into missions (id, title, project_type, default_task_code, created_by) values ($1, 'Bench ' || $2, 'kanban', 'W', $3)`, [
    id,
    tag,
    personId,
  ]);
  await q(
    `insert into mission_people (id, mission_id, person_id, email, permission) values (substr(md5($1), 1, 24), $1, $2, 'bench@example.com', 2)`,
    [id, personId],
  );
  await q(`insert into plan_items (id, mission_id, title) values (substr(md5($1 || 'plan'), 1, 24), $1, 'Developer')`, [id]);
  await q(
    `insert into actions (id, mission_id, plan_item_id, code, title, sort_index, created_by)
     select substr(md5($1 || 'a' || g), 1, 24), $1, substr(md5($1 || 'plan'), 1, 24), 'W-' || g, 'Action ' || g, g, $2 from generate_series(1, $3::int) g`,
    [id, personId, actions],
  );
  await q(
    `insert into action_items (id, action_id, mission_id, title, code, sort_index, created_by)
     select substr(md5($1 || 'i' || g), 1, 24), substr(md5($1 || 'a' || (1 + g % $3)), 1, 24), $1, 'Task ' || g, 'W-' || ($3 + g), g, $2
     from generate_series(1, $4::int) g`,
    [id, personId, actions, items],
  );
  await q(`update missions set task_code_prefix = 'W', task_code_seq = $2 where id = $1`, [id, actions + items]);
  const actionIds = (await q(`select id from actions where mission_id = $1 order by sort_index`, [id])).rows.map((r) => r.id as string);
  const itemIds = (await q(`select id from action_items where mission_id = $1 order by sort_index limit 1000`, [id])).rows.map(
    (r) => r.id as string,
  );
  return { id, actionIds, itemIds };
}

const call = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${base}${path}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
};
const timed = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round2 = (n: number) => +n.toFixed(2);

const small = await mission('1', 10, 1_000);
const big = await mission('2', 100, BIG);
// vacuumed and analysed, as a database in use is: autovacuum would otherwise work through the 100,000 new rows
// during the measured rounds
await q('vacuum analyze');

// 1. Bulk create of 1,000 tasks, against one multi-row INSERT of the same rows (in a transaction, rolled back).
const bulkCreate: number[] = [];
const insertFloor: number[] = [];
for (let round = -WARMUP; round < ROUNDS; round++) {
  const counted = round >= 0;
  const items = Array.from({ length: 1000 }, (_, i) => ({ actionId: small.actionIds[i % 10]!, title: `Bulk ${round}-${i}` }));
  const api = await timed(() => call('POST', `/api/mission/${small.id}/tasks/bulk`, { items }));
  if (counted) bulkCreate.push(api);
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    const values = items.map(
      (_, i) => `(substr(md5(random()::text), 1, 24), $${3 * i + 1}, $${3 * i + 2}, $${3 * i + 3}, 'F-' || ${i}, ${i})`,
    );
    const params = items.flatMap((item) => [item.actionId, small.id, item.title]);
    const floor = await timed(() =>
      client.query(
        `insert into action_items (id, action_id, mission_id, title, code, sort_index) values ${values.join(', ')} returning id`,
        params,
      ),
    );
    if (counted) insertFloor.push(floor);
    await client.query('rollback');
  } finally {
    client.release();
  }
}

// 2. Bulk update of 500 tasks, against one UPDATE … FROM (VALUES …) of the same values (rolled back).
const bulkUpdate: number[] = [];
const updateFloor: number[] = [];
const five = small.itemIds.slice(0, 500);
for (let round = -WARMUP; round < ROUNDS; round++) {
  const counted = round >= 0;
  const items = five.map((id, i) => ({ _id: id, title: `Updated ${round}-${i}`, col: round % 2 ? 'doing' : 'todo' }));
  const api = await timed(() => call('PUT', `/api/action-item/${five[0]}/bulk`, { items }));
  if (counted) bulkUpdate.push(api);
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    const values = items.map((_, i) => `($${3 * i + 1}::varchar(24), $${3 * i + 2}::text, $${3 * i + 3}::varchar(24))`);
    const params = items.flatMap((item) => [item._id, `${item.title}!`, item.col]);
    const floor = await timed(() =>
      client.query(
        `update action_items ai set title = v.title, col = v.col from (values ${values.join(', ')}) v(id, title, col) where ai.id = v.id returning ai.id`,
        params,
      ),
    );
    if (counted) updateFloor.push(floor);
    await client.query('rollback');
  } finally {
    client.release();
  }
}

// 3. One task created in a mission of 100,000 tasks against one of 1,000.
const createIn = async (target: typeof small) => {
  const times: number[] = [];
  for (let i = 0; i < 15; i++)
    times.push(await timed(() => call('POST', `/api/action-item/action/${target.actionIds[i % 5]}`, { title: `One ${i}` })));
  return median(times);
};
const createSmall = await createIn(small);
const createBig = await createIn(big);

// 4. The mixed load: 70% reads of a task, 30% writes (update, move, create), on one mission, at a fixed rate.
const item = (i: number) => small.itemIds[(i * 37) % small.itemIds.length]!;
const requests: autocannon.Request[] = [];
for (let i = 0; i < 10; i++) {
  if (i < 7) requests.push({ method: 'GET', path: `/api/action-item/${item(i * 11)}` });
  else if (i === 7) requests.push({ method: 'PUT', path: `/api/action-item/${item(i)}`, body: JSON.stringify({ title: `Mixed ${i}` }) });
  else if (i === 8)
    requests.push({
      method: 'PUT',
      path: `/api/action-item/${item(i + 1)}/move`,
      body: JSON.stringify({ actionId: small.actionIds[i % 10], col: 'doing' }),
    });
  else
    requests.push({ method: 'POST', path: `/api/action-item/action/${small.actionIds[0]}`, body: JSON.stringify({ title: 'Mixed new' }) });
}
const mixed = await fixedRateTest({
  url: base,
  headers: auth,
  connections: 50,
  overallRate: RATE,
  duration: MIXED_SECONDS,
  timeout: 10,
  requests,
});
const mixedRate = mixed.requests.average;
// The same load on a bare route answering a constant (no session, no database), in this process: what the load
// generator and this machine alone add to the latency.
const floor = Fastify();
floor.get('/floor', async () => ({ ok: true }));
await floor.listen({ port: 0, host: '127.0.0.1' });
const bare = await fixedRateTest({
  url: `http://127.0.0.1:${(floor.server.address() as { port: number }).port}`,
  connections: 50,
  overallRate: RATE,
  duration: MIXED_SECONDS,
  timeout: 10,
  requests: [{ method: 'GET', path: '/floor' }],
});
await floor.close();

const report = {
  bulkCreate1000: {
    apiMs: Math.round(median(bulkCreate)),
    floorMs: Math.round(median(insertFloor)),
    ratio: round2(median(bulkCreate) / median(insertFloor)),
  },
  bulkUpdate500: {
    apiMs: Math.round(median(bulkUpdate)),
    floorMs: Math.round(median(updateFloor)),
    ratio: round2(median(bulkUpdate) / median(updateFloor)),
  },
  createOneTask: { in1kMs: Math.round(createSmall), [`in${BIG / 1000}kMs`]: Math.round(createBig), ratio: round2(createBig / createSmall) },
  mixed: {
    askedRate: RATE,
    achievedRate: Math.round(mixedRate),
    seconds: MIXED_SECONDS,
    requests: mixed.requests.total,
    non2xx: mixed.non2xx,
    errors: mixed.errors,
    timeouts: mixed.timeouts,
    p50Ms: mixed.latency.p50,
    p99Ms: mixed.latency.p99,
    floorP50Ms: bare.latency.p50,
    floorP99Ms: bare.latency.p99,
  },
};
console.log(JSON.stringify(report, null, 2));
const checks = {
  'bulk create ≤ 3× one multi-row INSERT': report.bulkCreate1000.ratio <= 3,
  'bulk update ≤ 3× one UPDATE … FROM (VALUES …)': report.bulkUpdate500.ratio <= 3,
  'create one task independent of the mission size (≤ 2×)': report.createOneTask.ratio <= 2,
  'mixed load: no errors': mixed.non2xx === 0 && mixed.errors === 0 && mixed.timeouts === 0,
  'mixed load: p99 < 500 ms': mixed.latency.p99 < 500,
  'mixed load: ≥ 95% of the rate': mixedRate >= RATE * 0.95,
};
for (const [name, ok] of Object.entries(checks)) console.log(`${name}: ${ok ? 'pass' : 'FAIL'}`);

await app.close();
await remove();
process.exit(Object.values(checks).every(Boolean) ? 0 : 1);
