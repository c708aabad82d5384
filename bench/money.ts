// Money under load, each against a floor measured in the same run (this machine is shared: ratios count).
//  1. The cost of one mission (GET /api/money/mission/:id) with 200 roles and a year of weeks (52 per role, two in
//     three approved), against a bare route answering the raw aggregate query of the same approved rows (minutes and
//     cost per role and month): mean latency.
//  2. The cost tracker (GET /api/money/project-manager/cost-tracker) over 50 missions of 10 roles and a year of weeks,
//     against a bare route answering the raw aggregate query of the same rows per mission: mean latency.
// Budgets: (1) ≤ 2× the raw query; (2) ≤ 3× the raw query. Median of rounds.
import type autocannon from 'autocannon';
import { loadTest } from './load.ts';
import Fastify from 'fastify';
import { portOf, startBenchApp } from './bench-app.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROLES = 200;
const TRACKED = 50;
const TRACKED_ROLES = 10;
const YEAR = 52;

const { app, database, q, base, token, personId, stop } = await startBenchApp();
const auth = { authorization: `Bearer ${token}` };
async function newOrg(title: string) {
  const org = await app.inject({ method: 'POST', url: '/api/org', headers: auth, payload: { title } });
  return (org.json() as { _id: string })._id;
}
// the big mission's organisation is not licensed: its mission stays out of the cost tracker
const bigOrg = await newOrg('Bench big');
const trackedOrg = await newOrg('Bench tracked');
await q('update orgs set is_org_licensed = true, is_licensed_active = true where id = $1', [trackedOrg]);

/** A mission owned by the bench person (permission 2), planned over 2026, with `roles` roles at hourly rates. */
async function mission(orgId: string, n: number, roles: number): Promise<string> {
  const id = `e${String(n).padStart(23, '0')}`;
  await q(
    `insert into missions (id, org_id, title, currency, budget_available_minor, plan_start_date, plan_end_date, created_by)
     values ($1, $2, $3, 'EUR', $4, '2026-01-05', '2026-12-31', $5)`,
    [id, orgId, `Bench ${n}`, 5_000_000 + n * 100_000, personId],
  );
  await q(
    `insert into mission_people (id, mission_id, person_id, email, permission) values (substr(md5($1::text), 1, 24), $1, $2, 'bench@example.com', 2)`,
    [id, personId],
  );
  await q(
    `insert into plan_items (id, mission_id, type, title, person_id, allocation, start_date, end_date, rate_minor, rate_time,
       bill_rate_minor, bill_unit)
     select substr(md5($1 || 'role' || g), 1, 24), $1, 'person', 'Role ' || g, $2, 50 + g % 51, date '2026-01-05' + g % 20,
       date '2026-12-31' - g % 30, 3_000 + g * 10, (array['Hourly', 'Daily', 'Monthly'])[1 + g % 3], 6_000 + g * 10, 'Hourly'
     from generate_series(1, $3::int) g`,
    [id, personId, roles],
  );
  // a year of weeks per role, two in three approved (some with the rate kept at approval), one in three submitted
  await q(
    `insert into timesheets (id, org_id, mission_id, plan_item_id, person_id, scope, week_start, status, daily_minutes,
       approved_rate_minor, approved_rate_time, approved_bill_rate_minor, approved_bill_unit, approved_currency)
     select substr(md5(p.id || w), 1, 24), $2, p.mission_id, p.id, p.person_id, p.id, date '2026-01-05' + 7 * w,
       case when w % 3 = 2 then 'submitted' else 'approved' end, array[480, 480, 480, 480, 450 + w % 30, 0, 0],
       case when w % 2 = 0 then p.rate_minor end, case when w % 2 = 0 then p.rate_time end,
       case when w % 2 = 0 then p.bill_rate_minor end, case when w % 2 = 0 then 'Hourly' end, case when w % 2 = 0 then 'EUR' end
     from plan_items p cross join generate_series(0, $3::int - 1) w where p.mission_id = $1`,
    [id, orgId, YEAR],
  );
  await q(
    `insert into actions (id, mission_id, title, percent_complete, estimated_duration)
     select substr(md5($1 || 'task' || g), 1, 24), $1, 'Task ' || g, (g * 7) % 101, 8 * (1 + g % 5) from generate_series(1, 40) g`,
    [id],
  );
  return id;
}

const big = await mission(bigOrg, 0, ROLES);
const tracked: string[] = [];
for (let n = 1; n <= TRACKED; n++) tracked.push(await mission(trackedOrg, n, TRACKED_ROLES));
await q('analyze');

// The floors: the raw aggregate of the same approved rows, on the same pool, answered by a bare route.
const rawMission = {
  text: `select t.plan_item_id, to_char(t.week_start + (d.n - 1)::int, 'YYYY-MM') as month, sum(d.minutes) as minutes,
           round(sum(d.minutes * p.rate_minor::numeric) / 60) as cost, round(sum(d.minutes * p.bill_rate_minor::numeric) / 60) as revenue
         from timesheets t join plan_items p on p.id = t.plan_item_id
         cross join lateral unnest(t.daily_minutes) with ordinality as d(minutes, n)
         where t.mission_id = $1 and t.status = 'approved'
         group by 1, 2 order by 1, 2`,
  values: [big],
};
const rawTracker = {
  text: `select t.mission_id, sum(d.minutes) as minutes, round(sum(d.minutes * p.rate_minor::numeric) / 60) as cost,
           round(sum(d.minutes * p.bill_rate_minor::numeric) / 60) as revenue
         from timesheets t join plan_items p on p.id = t.plan_item_id
         cross join lateral unnest(t.daily_minutes) with ordinality as d(minutes, n)
         where t.mission_id = any($1) and t.status = 'approved'
         group by 1 order by 1`,
  values: [tracked],
};
const floor = Fastify();
floor.get('/mission', async () => (await database.pool.query(rawMission)).rows);
floor.get('/tracker', async () => (await database.pool.query(rawTracker)).rows);
await floor.listen({ port: 0, host: '127.0.0.1' });
const floorBase = `http://127.0.0.1:${portOf(floor)}`;

const report = (await (await fetch(`${base}/api/money/mission/${big}`, { headers: auth })).json()) as { rows: unknown[] };
const trackerRows = (await (await fetch(`${base}/api/money/project-manager/cost-tracker`, { headers: auth })).json()) as unknown[];
const rawRows = (await (await fetch(`${floorBase}/mission`)).json()) as unknown[];
if (report.rows?.length !== ROLES) throw new Error(`mission report: ${JSON.stringify(report).slice(0, 300)}`);
if (trackerRows.length !== TRACKED) throw new Error(`cost tracker lists ${trackerRows.length} missions`);

// BENCH_PROFILE=1: one call of each, timed apart (the statement alone, the raw query, the whole request)
if (process.env.BENCH_PROFILE) {
  const { moneyLines } = await import('../apps/server/src/modules/money/cost.queries.ts');
  for (let i = 0; i < 5; i++) {
    let at = performance.now();
    const { lines } = await moneyLines(database.db, bigOrg, big, '2026-06-15');
    const sqlMs = performance.now() - at;
    at = performance.now();
    await database.pool.query(rawMission);
    const rawMs = performance.now() - at;
    at = performance.now();
    const response = await app.inject({ method: 'GET', url: `/api/money/mission/${big}`, headers: auth });
    const apiMs = performance.now() - at;
    console.log({ lines: lines.length, sqlMs, rawMs, apiMs, bytes: response.body.length });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round2 = (n: number) => +n.toFixed(2);
const failures = (result: autocannon.Result) => result.non2xx + result.errors + result.timeouts;
const run = (url: string, headers: Record<string, string> = {}) => loadTest({ url, headers, connections: 4, duration: SECONDS });

const missionRuns = { api: [] as number[], raw: [] as number[], failed: 0 };
const tracker = { api: [] as number[], raw: [] as number[], failed: 0 };
for (let round = 0; round < ROUNDS; round++) {
  for (const [target, rawUrl, apiUrl] of [
    [missionRuns, `${floorBase}/mission`, `${base}/api/money/mission/${big}`],
    [tracker, `${floorBase}/tracker`, `${base}/api/money/project-manager/cost-tracker`],
  ] as const) {
    const raw = await run(rawUrl);
    const api = await run(apiUrl, auth);
    target.raw.push(raw.latency.mean);
    target.api.push(api.latency.mean);
    target.failed += failures(raw) + failures(api);
  }
}

const result = {
  missionCost: {
    roles: ROLES,
    approvedWeeks: (await q(`select count(*)::int as n from timesheets where mission_id = $1 and status = 'approved'`, [big])).rows[0]!.n,
    rawRows: rawRows.length,
    apiMeanMs: round2(median(missionRuns.api)),
    rawQueryMeanMs: round2(median(missionRuns.raw)),
    failed: missionRuns.failed,
    ratio: round2(median(missionRuns.api) / median(missionRuns.raw)),
  },
  costTracker: {
    missions: TRACKED,
    apiMeanMs: round2(median(tracker.api)),
    rawQueryMeanMs: round2(median(tracker.raw)),
    failed: tracker.failed,
    ratio: round2(median(tracker.api) / median(tracker.raw)),
  },
};
console.log(JSON.stringify({ seconds: SECONDS, rounds: ROUNDS, report: result }, null, 2));
const checks = {
  'mission cost ≤ 2× the raw aggregate of its rows': result.missionCost.ratio <= 2,
  'cost tracker over 50 missions ≤ 3× the raw aggregate of its rows': result.costTracker.ratio <= 3,
  'no errors': missionRuns.failed === 0 && tracker.failed === 0,
};
for (const [name, ok] of Object.entries(checks)) console.log(`${name}: ${ok ? 'pass' : 'FAIL'}`);

await floor.close();
await stop();
process.exit(Object.values(checks).every(Boolean) ? 0 : 1);
