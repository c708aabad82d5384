// The resource planner over 500 people × 26 weeks, against reading the raw daily ledger rows it sums (500 × 182 =
// 91,000 rows, one statement, no HTTP): mean latency of each, median of rounds. The planner answers through HTTP with
// its people, roles and unfilled roles; its weekly sums are closed-form per person and week over the same tables
// (no row per person and day, nothing stored).
// Goal: ≤ 0.25× the raw rows; the last line says pass or FAIL.
import { readLedger } from '../apps/server/src/modules/availability/index.ts';
import { startBenchApp } from './bench-app.ts';

const PEOPLE = 500;
const WEEKS = 26;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FROM = '2026-01-05';
const TO = '2026-07-05';

const { app, database, q, base, token, personId, stop } = await startBenchApp();
const org = await app.inject({
  method: 'POST',
  url: '/api/org',
  headers: { authorization: `Bearer ${token}` },
  payload: { title: 'Bench' },
});
const orgId = (org.json() as { _id: string })._id;
await q(`update orgs set holiday_country_code = 'GR' where id = $1`, [orgId]);

// 500 people in the organisation, 20 missions, two roles each person (50 % and 25 %, overlapping in spring),
// a week of approved leave each, and 40 unfilled roles.
await q(
  `insert into people (id, email, first_name, last_name)
   select substr(md5('p' || g), 1, 24), 'p' || g || '@example.com', 'Person', 'No ' || g from generate_series(1, $1::int) g`,
  [PEOPLE],
);
await q(
  `insert into org_people (id, org_id, person_id, email, level)
   select substr(md5('op' || g), 1, 24), $1, substr(md5('p' || g), 1, 24), 'p' || g || '@example.com', 'MEMBER' from generate_series(1, $2::int) g`,
  [orgId, PEOPLE],
);
await q(
  `insert into missions (id, org_id, title, created_by) select substr(md5('m' || g), 1, 24), $1, 'Mission ' || g, $2 from generate_series(1, 20) g`,
  [orgId, personId],
);
await q(
  `insert into plan_items (id, mission_id, type, title, person_id, allocation, start_date, end_date)
   select substr(md5('a' || g), 1, 24), substr(md5('m' || (g % 20 + 1)), 1, 24), 'person', 'Engineer', substr(md5('p' || g), 1, 24), 50,
     date '2026-01-01', date '2026-06-30' from generate_series(1, $1::int) g
   union all
   select substr(md5('b' || g), 1, 24), substr(md5('m' || (g % 20 + 1)), 1, 24), 'person', 'Reviewer', substr(md5('p' || g), 1, 24), 25,
     date '2026-03-01', date '2026-08-31' from generate_series(1, $1::int) g
   union all
   select substr(md5('u' || g), 1, 24), substr(md5('m' || (g % 20 + 1)), 1, 24), 'person', 'Surveyor', null, 50,
     date '2026-02-01', date '2026-04-30' from generate_series(1, 40) g`,
  [PEOPLE],
);
await q(
  `insert into leave_requests (id, org_id, person_id, code_id, status, dates, days, total_hours, start_date, end_date, created_by)
   select substr(md5('l' || g), 1, 24), $1, substr(md5('p' || g), 1, 24), 'annual', 'approved', '[]'::jsonb,
     (select jsonb_agg(jsonb_build_object('date', to_char(d, 'YYYY-MM-DD'), 'hours', 8)) from generate_series(date '2026-05-04', date '2026-05-08', interval '1 day') d),
     40, date '2026-05-04', date '2026-05-08', substr(md5('p' || g), 1, 24)
   from generate_series(1, $2::int) g`,
  [orgId, PEOPLE],
);

const auth = { authorization: `Bearer ${token}` };
const plannerUrl = `${base}/api/org/${orgId}/planner?from=${FROM}&weeks=${WEEKS}`;
const planner = async () => {
  const response = await fetch(plannerUrl, { headers: auth });
  if (!response.ok) throw new Error(`planner answered ${response.status}`);
  return (await response.json()) as { people: { weeks: unknown[] }[] };
};
const raw = () => readLedger(database.db, { orgId, from: FROM, to: TO });

const answer = await planner();
const rows = await raw();
if (answer.people.length !== PEOPLE + 1 || answer.people[1]!.weeks.length !== WEEKS) throw new Error('planner answered the wrong shape');
if (rows.length !== (PEOPLE + 1) * WEEKS * 7) throw new Error(`raw rows ${rows.length}`);

const time = async (run: () => Promise<unknown>, times = 3) => {
  const started = performance.now();
  for (let i = 0; i < times; i++) await run();
  return (performance.now() - started) / times;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const plannerMs: number[] = [];
const rawMs: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  rawMs.push(await time(raw));
  plannerMs.push(await time(planner));
}
const round2 = (value: number) => Math.round(value * 100) / 100;
const report = {
  people: PEOPLE,
  weeks: WEEKS,
  rawDailyRows: rows.length,
  plannerMeanMs: round2(median(plannerMs)),
  rawRowsMeanMs: round2(median(rawMs)),
  ratio: round2(median(plannerMs) / median(rawMs)),
};
console.log(JSON.stringify({ rounds: ROUNDS, report }, null, 2));
console.log(`planner ≤ 0.25× the raw daily rows: ${report.ratio <= 0.25 ? 'pass' : 'FAIL'}`);
await stop();
