// The mission list of a busy person (GET /api/mission/list/tree, 1,000 missions of 9 people) against its floor: the
// one SQL statement that builds the same JSON with json_agg, served by a bare Fastify route on the same pool.
// Budget (DESIGN.md section 8): the tree stays within 2× the floor's time, i.e. keeps at least 0.5× its throughput.
import { loadTest } from './load.ts';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { openBenchDatabase } from './bench-database.ts';
import { treeQuery } from '../apps/server/src/modules/missions/tree.service.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MISSIONS = Number(process.env.BENCH_MISSIONS ?? 1000);
const TEAM = 8;
const CONNECTIONS = 20;

const { config, database, remove } = await openBenchDatabase();
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });

const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/signup',
  payload: { email: 'bench@example.com', password: 'bench-password-1' },
});
const { token } = signUp.json() as { token: string };
const { rows } = await database.pool.query<{ id: string }>(`select id from people where email = 'bench@example.com'`);
const personId = rows[0]!.id;

// A large organisation's worth of missions, each with a team, all including the bench person.
await database.pool.query(
  `insert into people (id, email, first_name, last_name)
   select 'a' || lpad(to_hex(g), 23, '0'), 'team' || g || '@example.com', 'Team', 'Member' || g from generate_series(1, $1::int) g`,
  [TEAM],
);
await database.pool.query(
  `insert into missions (id, title, plan_start_date, plan_end_date, project_type, created_by)
   select 'b' || lpad(to_hex(g), 23, '0'), 'Mission ' || g, date '2026-01-05' + (g % 90), date '2026-06-05' + (g % 90),
          (array['simple','kanban','power','mx-gantt'])[1 + g % 4], $2
   from generate_series(1, $1::int) g`,
  [MISSIONS, personId],
);
await database.pool.query(
  `insert into mission_people (id, mission_id, person_id, email, permission)
   select substr(md5(m.id || $1), 1, 24), m.id, $1, 'bench@example.com', 2 from missions m`,
  [personId],
);
await database.pool.query(
  `insert into mission_people (id, mission_id, person_id, email, permission)
   select substr(md5(m.id || p.id), 1, 24), m.id, p.id, p.email, 0 from missions m cross join people p where p.id <> $1`,
  [personId],
);
await database.pool.query('analyze');

// The floor: the very statement the route runs, straight from the pool, on a bare Fastify route (no session, no
// access checks): what is left between the two is the cost of the request pipeline around the query.
const floor = Fastify();
const floorQuery = treeQuery(personId, {}, null);
floor.get('/floor', async (_request, reply) => {
  const result = await database.pool.query<{ json: string }>(floorQuery);
  return reply.type('application/json').send(result.rows[0]!.json);
});
await floor.listen({ port: 0, host: '127.0.0.1' });

const base = (server: { server: { address: () => unknown } }) => `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
const targets = {
  floor: { url: `${base(floor)}/floor`, headers: {} },
  tree: { url: `${base(app)}/api/mission/list/tree`, headers: { authorization: `Bearer ${token}` } },
};

const check = await fetch(targets.tree.url, { headers: targets.tree.headers });
const listed = ((await check.json()) as unknown[]).length;
if (listed !== MISSIONS) throw new Error(`tree lists ${listed} missions, expected ${MISSIONS}`);

const results: Record<string, number[]> = { floor: [], tree: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, target] of Object.entries(targets)) {
    const result = await loadTest({ ...target, connections: CONNECTIONS, duration: SECONDS });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    results[name]!.push(result.requests.average);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const floorRate = median(results.floor!);
const ratio = +(median(results.tree!) / floorRate).toFixed(2);
console.log(
  JSON.stringify(
    {
      missions: MISSIONS,
      teamPerMission: TEAM + 1,
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      floorRequestsPerSecond: Math.round(floorRate),
      treeRequestsPerSecond: Math.round(median(results.tree!)),
      ratioToFloor: ratio,
    },
    null,
    2,
  ),
);
const ok = ratio >= 0.5;
console.log(`mission tree within 2× the json_agg floor: ${ok ? 'pass' : 'FAIL'}`);

await app.close();
await floor.close();
await remove();
process.exit(ok ? 0 : 1);
