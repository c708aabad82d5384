// The mission read (GET /api/mission/:id):
//  1. Four people read a mission of 100,000 tasks at once: the server streams its tasks, so its memory (RSS, sampled
//     every 20 ms) stays within 2× what it holds idle, after start and seeding.
//  2. A mission with 10,000 action items against its floor: one SQL statement that builds the same actions and action
//     items JSON with json_agg, served by a bare Fastify route on the same pool. Budget (DESIGN.md section 8): the
//     mission read stays within 2× the floor's time, i.e. keeps at least 0.5× its throughput.
import { loadTest } from './load.ts';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { openBenchDatabase } from './bench-database.ts';
import { actionsQuery, itemsQuery } from '../apps/server/src/modules/tasks/tasks.queries.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const BIG_ITEMS = Number(process.env.BENCH_BIG_ITEMS ?? 100_000);
const BIG_READERS = 4;
const ACTIONS = 100;
const TEAM = 8;
const CONNECTIONS = 4;
const MISSION = 'c'.repeat(24);
const BIG_MISSION = 'b'.repeat(24);

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

// Two missions, of 10,000 and 100,000 tasks, some with checklists and dependencies, half of them assigned to the bench
// person, who shares the team with eight others.
const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
await q(
  `insert into people (id, email, first_name, last_name)
   select 'a' || lpad(to_hex(g), 23, '0'), 'team' || g || '@example.com', 'Team', 'Member' || g from generate_series(1, $1::int) g`,
  [TEAM],
);
/** Letters the ids of one mission's rows start with (ids are 24 characters: the letter and 23 hex digits). */
type IdLetters = { plan: string; action: string; item: string; step: string; link: string };

/** A kanban mission (so no date repair runs) with the team, a role, 100 actions and `items` tasks. */
async function seedMission(missionId: string, items: number, id: IdLetters) {
  const key = (letter: string, n = 'g') => `'${letter}' || lpad(to_hex(${n}), 23, '0')`;
  await q(
    `insert into missions (id, title, plan_start_date, plan_end_date, project_type, default_task_code, created_by)
     values ($1, 'Big mission', '2026-01-05', '2026-12-18', 'kanban', 'BIG', $2)`,
    [missionId, personId],
  );
  await q(
    `insert into mission_people (id, mission_id, person_id, email, permission)
     select substr(md5(p.id || $1), 1, 24), $1, p.id, p.email, case when p.id = $2 then 2 else 0 end
     from people p where p.id = $2 or p.email like 'team%'`,
    [missionId, personId],
  );
  await q(`insert into plan_items (id, mission_id, title) values (${key(id.plan, '1')}, $1, 'Developer')`, [missionId]);
  await q(
    `insert into actions (id, mission_id, plan_item_id, code, title, sort_index, wbs, start_date, end_date, created_by)
     select ${key(id.action)}, $1, ${key(id.plan, '1')}, 'BIG-' || g, 'Action ' || g, g, g::text,
            date '2026-01-05' + g, date '2026-01-12' + g, $2
     from generate_series(1, $3::int) g`,
    [missionId, personId, ACTIONS],
  );
  await q(
    `insert into action_items (id, action_id, mission_id, title, description, code, status, col, start_date, end_date, week,
                               people, tags, sort_index, estimated_duration, seen, created_by)
     select ${key(id.item)}, ${key(id.action, '1 + g % $3')}, $1, 'Task ' || g,
            'Do the work of task ' || g || ' carefully.', 'BIG-' || ($3 + g),
            (array['open','in-progress','blocked','review','done'])[1 + g % 5], (array['todo','doing','done'])[1 + g % 3],
            date '2026-01-05' + g % 300, date '2026-01-09' + g % 300, date '2026-01-05' + 7 * (g % 40),
            case when g % 2 = 0 then array[$2::varchar] else array['a' || lpad(to_hex(1 + g % 8), 23, '0')]::varchar[] end,
            array['tag' || g % 10], g, 4 + g % 20,
            case when g % 3 = 0 then jsonb_build_array(jsonb_build_object('by', $2::text, 'when', '2026-01-05T00:00:00Z')) else '[]'::jsonb end,
            $2
     from generate_series(1, $4::int) g`,
    [missionId, personId, ACTIONS, items],
  );
  await q(
    `insert into checklist_items (id, action_item_id, mission_id, title, sort_index)
     select ${key(id.step)}, ${key(id.item, '1 + g % $2')}, $1, 'Step ' || g, g
     from generate_series(1, $2::int / 5) g`,
    [missionId, items],
  );
  await q(
    `insert into dependencies (id, mission_id, kind, from_id, to_id)
     select ${key(id.link)}, $1, 'actionItem', ${key(id.item, 'g + 1')}, ${key(id.item)}
     from generate_series(1, $2::int / 10) g`,
    [missionId, items],
  );
}
await seedMission(MISSION, ITEMS, { plan: 'd', action: 'e', item: 'f', step: '9', link: '8' });
await seedMission(BIG_MISSION, BIG_ITEMS, { plan: '1', action: '2', item: '3', step: '4', link: '5' });
await q('analyze');

// 1. Memory: the server's RSS idle, then its peak while four people read the 100,000-task mission at once (each
//    reader takes the answer in chunks and keeps none of it, so what grows is the server's share of this process).
const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
async function readWhole(url: string): Promise<{ bytes: number; end: string }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`big mission read: ${response.status}`);
  let bytes = 0;
  let last: Uint8Array = new Uint8Array();
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    last = chunk;
  }
  return { bytes, end: Buffer.from(last.subarray(-2)).toString() };
}
await new Promise((resolve) => setTimeout(resolve, 1_000));
const idleRss = process.memoryUsage().rss;
let peakRss = idleRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const bigStarted = Date.now();
const bigReads = await Promise.all(Array.from({ length: BIG_READERS }, () => readWhole(`${baseUrl}/api/mission/${BIG_MISSION}`)));
const bigSeconds = (Date.now() - bigStarted) / 1000;
clearInterval(sampler);
if (bigReads.some((read) => read.end !== ']}' || read.bytes < BIG_ITEMS * 500))
  throw new Error(`big mission read cut short: ${JSON.stringify(bigReads[0])}`);
const memory = {
  missionTasks: BIG_ITEMS,
  readers: BIG_READERS,
  responseMiB: +(bigReads[0]!.bytes / 2 ** 20).toFixed(1),
  seconds: +bigSeconds.toFixed(1),
  idleRssMiB: Math.round(idleRss / 2 ** 20),
  peakRssMiB: Math.round(peakRss / 2 ** 20),
  ratio: +(peakRss / idleRss).toFixed(2),
};

// The floor: one statement building the same actions and action items JSON, straight from the pool, on a bare Fastify
// route (no session, no access checks, no team or plan): what is left is the cost of the rest of the mission read.
// One statement for both parts: `$1` the reader, `$2` the mission, `$3` whether the reader sees its money (the actions'
// own text has its money at `$2`).
const actionsPart = actionsQuery('a.mission_id = $2', MISSION, true).text.replaceAll('$2::boolean', '$3::boolean');
const itemsPart = itemsQuery('ai.mission_id = $2', personId, MISSION, true).text;
const floorQuery = {
  text: `select '{"actions":' || (${actionsPart}) || ',"actionItems":' || (${itemsPart}) || '}' as json`,
  values: [personId, MISSION, true],
};
const floor = Fastify();
floor.get('/floor', async (_request, reply) => {
  const result = await database.pool.query<{ json: string }>(floorQuery);
  return reply.type('application/json').send(result.rows[0]!.json);
});
await floor.listen({ port: 0, host: '127.0.0.1' });

const base = (server: { server: { address: () => unknown } }) => `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
const targets = {
  floor: { url: `${base(floor)}/floor`, headers: {} },
  mission: { url: `${base(app)}/api/mission/${MISSION}`, headers: { authorization: `Bearer ${token}` } },
};

const check = (await (await fetch(targets.mission.url, { headers: targets.mission.headers })).json()) as {
  actions: unknown[];
  actionItems: unknown[];
};
if (check.actionItems.length !== ITEMS || check.actions.length !== ACTIONS) {
  throw new Error(
    `mission read carries ${check.actions.length} actions and ${check.actionItems.length} items, expected ${ACTIONS} and ${ITEMS}`,
  );
}
const floorCheck = (await (await fetch(targets.floor.url)).json()) as { actionItems: unknown[] };
if (floorCheck.actionItems.length !== ITEMS) throw new Error('floor JSON differs');

const results: Record<string, number[]> = { floor: [], mission: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, target] of Object.entries(targets)) {
    const result = await loadTest({ ...target, connections: CONNECTIONS, duration: SECONDS });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    results[name]!.push(result.requests.average);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const floorRate = median(results.floor!);
const ratio = +(median(results.mission!) / floorRate).toFixed(2);
const bytes = (await (await fetch(targets.mission.url, { headers: targets.mission.headers })).text()).length;
console.log(
  JSON.stringify(
    {
      actionItems: ITEMS,
      actions: ACTIONS,
      responseBytes: bytes,
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      floorRequestsPerSecond: +floorRate.toFixed(2),
      missionRequestsPerSecond: +median(results.mission!).toFixed(2),
      ratioToFloor: ratio,
      memory,
    },
    null,
    2,
  ),
);
const verdicts = {
  'four readers of a 100,000-task mission keep the server within 2× its idle memory': memory.ratio <= 2,
  'mission read with 10,000 tasks within 2× the json_agg floor': ratio >= 0.5,
};
for (const [name, passed] of Object.entries(verdicts)) console.log(`${name}: ${passed ? 'pass' : 'FAIL'}`);
const ok = Object.values(verdicts).every(Boolean);

await app.close();
await floor.close();
await remove();
process.exit(ok ? 0 : 1);
