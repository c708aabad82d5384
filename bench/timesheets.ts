// Timesheets under load, each against a floor measured in the same run (this machine is shared: ratios count).
//  1. The cell save (DESIGN section 8): one hour changed in a person's grid, which sends the whole week (7 days × 20
//     rows: 16 roles and 4 tasks on 4 missions) with PUT /api/timesheet/week, as the grid does after each edit; the
//     server writes the one sheet that changed. At a fixed 500 requests a second, against a bare route that inserts
//     one row at the same rate: p99 latency.
//  2. The project-manager list (GET /api/timesheet/project-manager) over 200 people × 52 weeks, against a bare route
//     answering the raw SQL query of the same rows: mean latency.
// Budgets: (1) p99 ≤ 3× the single-row insert's p99, with no error and at least 95% of the rate; (2) ≤ 2× the raw
// query. Median of rounds. Also reported: the most saves a second, unthrottled, of whole weeks whose 20 sheets all
// change (twenty sheet writes and twenty history rows a save: not a cell save).
import type autocannon from 'autocannon';
import Fastify from 'fastify';
import { portOf, startBenchApp } from './bench-app.ts';
import { fixedRateTest, loadTest } from './load.ts';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WEEKS_SAVED = 200;
const CONNECTIONS = 50;
const PEOPLE = 200;
const YEAR = 52;

const { app, database, q, base, token, personId, stop } = await startBenchApp();
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const org = await app.inject({
  method: 'POST',
  url: '/api/org',
  headers: { authorization: `Bearer ${token}` },
  payload: { title: 'Bench' },
});
const orgId = (org.json() as { _id: string })._id;
await q('update orgs set is_org_licensed = true, is_licensed_active = true where id = $1', [orgId]);

/** A mission of the organisation with the bench person on its team (2: owner, 0: member); `id` is its tag repeated. */
async function mission(tag: string, permission: 0 | 2) {
  const id = tag.repeat(24);
  await q(`insert into missions (id, org_id, title, project_type, created_by) values ($1, $2, $4, 'kanban', $3)`, [
    id,
    orgId,
    personId,
    `Bench ${tag}`,
  ]);
  await q(
    `insert into mission_people (id, mission_id, person_id, email, permission) values (substr(md5($1::text), 1, 24), $1, $2, 'bench@example.com', $3)`,
    [id, personId, permission],
  );
  return id;
}

// 1. The week: 4 missions the bench person works on (not manages: their weeks stay out of the list below), each with
//    4 roles of theirs (open dates) and a task assigned to them.
const rows: { missionId: string; planItemId?: string; actionItemId?: string }[] = [];
for (const tag of ['1', '2', '3', '4']) {
  const id = await mission(tag, 0);
  const roles = await q(
    `insert into plan_items (id, mission_id, type, title, person_id)
     select substr(md5($1 || 'role' || g), 1, 24), $1, 'person', 'Role ' || g, $2 from generate_series(1, 4) g returning id`,
    [id, personId],
  );
  for (const role of roles.rows) rows.push({ missionId: id, planItemId: role.id as string });
  const action = substr(id, 'action');
  await q(`insert into actions (id, mission_id, title, created_by) values ($1, $2, 'Work', $3)`, [action, id, personId]);
  const task = substr(id, 'task');
  await q(`insert into action_items (id, action_id, mission_id, title, people) values ($1, $2, $3, 'Task', array[$4]::varchar(24)[])`, [
    task,
    action,
    id,
    personId,
  ]);
  rows.push({ missionId: id, actionItemId: task });
}
function substr(id: string, what: string) {
  return (id.slice(0, 12) + Buffer.from(what).toString('hex').padEnd(12, '0')).slice(0, 24);
}

/** Mondays going back from 2026-11-23, one per save, so that saves do not queue on each other's rows. */
const mondays = Array.from({ length: WEEKS_SAVED }, (_, i) =>
  new Date(Date.UTC(2026, 10, 23) - i * 7 * 86_400_000).toISOString().slice(0, 10),
);
/**
 * A week as the grid sends it: every row, 1 h each weekday, but `firstCell` on the first row's Monday and `others` on
 * every other weekday cell.
 */
const weekBody = (weekStart: string, firstCell: number, others = 1) =>
  JSON.stringify({
    weekStart,
    status: 'draft',
    rows: rows.map((row, i) => ({
      ...row,
      dailyHours: [1, 1, 1, 1, 1, 0, 0].map((h, day) => (h === 0 ? 0 : i === 0 && day === 0 ? firstCell : others)),
    })),
  });
/** Cell saves of these weeks: the first row's Monday set to 0.75 h, then back to 1 h, so each save changes one sheet. */
const cellSaves = (weeks: string[]): autocannon.Request[] =>
  [0.75, 1].flatMap((hours) =>
    weeks.map((weekStart) => ({ method: 'PUT' as const, path: '/api/timesheet/week', body: weekBody(weekStart, hours) })),
  );
/** Saves of these weeks whose every cell changes (0.75 h a day, then 1 h): all 20 sheets written each time. */
const wholeWeekSaves = (weeks: string[]): autocannon.Request[] =>
  [0.75, 1].flatMap((hours) =>
    weeks.map((weekStart) => ({ method: 'PUT' as const, path: '/api/timesheet/week', body: weekBody(weekStart, hours, hours) })),
  );
/**
 * Each connection saves weeks of its own (autocannon sends every connection the same list from the start: 50
 * connections would save the same week alike, and all but the first save would change nothing).
 */
const ownWeeks = (connections: number, requests: (weeks: string[]) => autocannon.Request[]) =>
  Array.from({ length: connections }, (_, k) => requests(mondays.filter((_, i) => i % connections === k)));
const check = await fetch(`${base}/api/timesheet/week`, { method: 'PUT', headers: auth, body: weekBody('2030-01-07', 1) });
const checked = (await check.json()) as { timesheets: unknown[] };
if (check.status !== 200 || checked.timesheets.length !== 20)
  throw new Error(`week save: ${check.status} ${JSON.stringify(checked).slice(0, 300)}`);
// every week of the bench saved once first: a cell save changes a week the person has already kept
for (const weekStart of mondays) {
  const kept = await fetch(`${base}/api/timesheet/week`, { method: 'PUT', headers: auth, body: weekBody(weekStart, 1) });
  if (kept.status !== 200) throw new Error(`week ${weekStart}: ${kept.status} ${await kept.text()}`);
}

// The floor: one row inserted by a bare route on the same pool, no session, no checks.
await q('create table bench_inserts (id bigserial primary key, person_id varchar(24), week_start date, daily_minutes integer[])');
const floor = Fastify();
floor.put('/insert', async () => {
  await q('insert into bench_inserts (person_id, week_start, daily_minutes) values ($1, $2, $3)', [
    personId,
    '2026-11-23',
    [60, 60, 60, 60, 60, 0, 0],
  ]);
  return { ok: true };
});

// 2. The project-manager list: 200 people, each with a role on one of 10 missions the bench person owns, 52 weeks each.
const pmMissions: string[] = [];
for (const tag of ['a', 'b', 'c', 'd', 'e', 'f', '5', '6', '7', '8']) pmMissions.push(await mission(tag, 2));
await q(
  `insert into people (id, email, first_name, last_name)
   select 'c' || lpad(to_hex(g), 23, '0'), 'worker' || g || '@example.com', 'Worker', 'No ' || g from generate_series(1, $1::int) g`,
  [PEOPLE],
);
await q(
  `insert into plan_items (id, mission_id, type, title, person_id)
   select 'd' || lpad(to_hex(g), 23, '0'), ($2::text[])[1 + g % 10], 'person', 'Role ' || g, 'c' || lpad(to_hex(g), 23, '0')
   from generate_series(1, $1::int) g`,
  [PEOPLE, pmMissions],
);
await q(
  `insert into timesheets (id, org_id, mission_id, plan_item_id, person_id, scope, week_start, status, daily_minutes, snapshot)
   select substr(md5(p.id || w), 1, 24), $1, p.mission_id, p.id, p.person_id, p.id, date '2025-12-01' + 7 * w,
          (array['draft', 'submitted', 'approved'])[1 + (w % 3)], array[480, 480, 480, 480, 450 + w % 30, 0, 0],
          jsonb_build_object('missionTitle', 'Bench', 'roleTitle', p.title, 'personName', 'Worker')
   from plan_items p cross join generate_series(0, $2::int - 1) w where p.person_id like 'c%'`,
  [orgId, YEAR],
);
await q('analyze');
const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
const rawList = {
  text: 'select * from timesheets where mission_id = any($1) and updated_at >= $2 order by week_start, id',
  values: [pmMissions, since],
};
floor.get('/list', async () => (await database.pool.query(rawList)).rows);
await floor.listen({ port: 0, host: '127.0.0.1' });
const floorBase = `http://127.0.0.1:${portOf(floor)}`;
const listed = (await (await fetch(`${base}/api/timesheet/project-manager`, { headers: auth })).json()) as unknown[];
const raw = (await (await fetch(`${floorBase}/list`)).json()) as unknown[];
if (listed.length !== PEOPLE * YEAR || raw.length !== listed.length) throw new Error(`lists ${listed.length} and ${raw.length} rows`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round2 = (n: number) => +n.toFixed(2);
const fixedRate = (options: Parameters<typeof loadTest>[0]) =>
  fixedRateTest({ connections: CONNECTIONS, overallRate: RATE, duration: SECONDS, timeout: 10, ...options });
const failures = (result: autocannon.Result) => result.non2xx + result.errors + result.timeouts;

const save = { p99: [] as number[], p50: [] as number[], rate: [] as number[], failed: 0 };
const insert = { p99: [] as number[], p50: [] as number[], rate: [] as number[], failed: 0 };
const list = { mean: [] as number[], failed: 0 };
const rawMean: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const inserted = await fixedRate({ url: `${floorBase}/insert`, method: 'PUT' });
  const saved = await fixedRate({ url: base, headers: auth, perConnection: ownWeeks(CONNECTIONS, cellSaves) });
  for (const [target, result] of [
    [insert, inserted],
    [save, saved],
  ] as const) {
    target.p99.push(result.latency.p99);
    target.p50.push(result.latency.p50);
    target.rate.push(result.requests.average);
    target.failed += failures(result);
  }
  const rawRun = await loadTest({ url: `${floorBase}/list`, connections: 4, duration: SECONDS });
  const listRun = await loadTest({ url: `${base}/api/timesheet/project-manager`, headers: auth, connections: 4, duration: SECONDS });
  rawMean.push(rawRun.latency.mean);
  list.mean.push(listRun.latency.mean);
  list.failed += failures(rawRun) + failures(listRun);
}

// For context: the most saves a second of whole weeks whose 20 sheets all change (no fixed rate, 20 connections).
const unthrottled = await loadTest({
  url: base,
  headers: auth,
  perConnection: ownWeeks(20, wholeWeekSaves),
  connections: 20,
  duration: SECONDS,
  timeout: 10,
});

const report = {
  cellSave: {
    askedRate: RATE,
    achievedRate: Math.round(median(save.rate)),
    p50Ms: median(save.p50),
    p99Ms: median(save.p99),
    failed: save.failed,
    floorAchievedRate: Math.round(median(insert.rate)),
    floorP50Ms: median(insert.p50),
    floorP99Ms: median(insert.p99),
    ratio: round2(median(save.p99) / median(insert.p99)),
  },
  wholeWeekSave20Sheets: { mostPerSecond: Math.round(unthrottled.requests.average), failed: failures(unthrottled) },
  projectManagerList: {
    rows: listed.length,
    apiMeanMs: round2(median(list.mean)),
    rawQueryMeanMs: round2(median(rawMean)),
    failed: list.failed,
    ratio: round2(median(list.mean) / median(rawMean)),
  },
};
console.log(JSON.stringify({ seconds: SECONDS, rounds: ROUNDS, report }, null, 2));
const checks = {
  'cell save p99 ≤ 3× a single-row insert at the same rate': report.cellSave.ratio <= 3,
  'saves: no errors': save.failed === 0 && insert.failed === 0 && failures(unthrottled) === 0,
  'cell save: ≥ 95% of the rate': median(save.rate) >= RATE * 0.95,
  // a run too short to answer any list has no latency to compare: it does not pass
  'project-manager list ≤ 2× the raw query of its rows': report.projectManagerList.apiMeanMs > 0 && report.projectManagerList.ratio <= 2,
};
for (const [name, ok] of Object.entries(checks)) console.log(`${name}: ${ok ? 'pass' : 'FAIL'}`);

await floor.close();
await stop();
process.exit(Object.values(checks).every(Boolean) ? 0 : 1);
