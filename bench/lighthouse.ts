// Home on a phone, as Lighthouse judges it: its default mobile run (simulated slow 4G and a 4× slower processor) of
// /home, signed in, for a person with three missions and 360 assigned tasks. Budgets (issue "Holds under load"):
// performance ≥ 90, accessibility 100. Lists every failing audit of a category below its budget, with its items.
// One run varies by ten points and more on this machine (its 4× multiplies whatever else the two cores were doing):
// as Lighthouse's documentation advises for variable results, several runs are made (BENCH_LIGHTHOUSE_RUNS, 5: by its
// variability notes, the median of five about halves the spread of one) and the judged one is the run of the median
// performance score; every run's scores are printed.
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { missionOfMine, startBenchApp } from './bench-app.ts';

const MISSIONS = 3;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const TASKS_PER_MISSION = Math.ceil(Number(process.env.BENCH_LIGHTHOUSE_TASKS ?? 360) / MISSIONS);
const PAGE = '/home';
/** A folder to write the full Lighthouse report to (lighthouse-home.json, for the Lighthouse viewer), if set. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORT_DIR;

if (!existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) {
  spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

const bench = await startBenchApp();
const { q, base, token, stop } = bench;
// MISSIONS missions of the person, each with TASKS_PER_MISSION tasks over 12 actions, in the weeks around today
for (let m = 1; m <= MISSIONS; m++)
  await missionOfMine(bench, { title: `Mission ${m}`, actions: 12, tasks: TASKS_PER_MISSION, from: '2026-11-01', days: 60 });
// vacuumed too: autovacuum working through the new rows while Lighthouse measured would take its cores
await q('vacuum analyze');

const BUDGETS = { performance: 90, accessibility: 100 } as const;

const browser = await puppeteer.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const page = await browser.newPage();
// Lighthouse empties the origin's storage before it loads the page: the token is set again in every new document,
// before the app's own scripts read it. (Browser code as text: the TypeScript loader would add helpers to functions.)
await page.evaluateOnNewDocument(`localStorage.setItem('crewplan.token', ${JSON.stringify(token)});`);
// one visit first, as a server in use has had: its first answers of each route are slower (code not yet optimised)
await page.goto(`${base}${PAGE}`, { waitUntil: 'networkidle0' });

type Failing = { id: string; title: string; score: number | null; displayValue?: string; items: unknown[] };
const loadBefore = loadavg()[0]!;
type Run = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
const runs: Run[] = [];
for (let run = 0; run < RUNS; run++) {
  const result = await lighthouse(`${base}${PAGE}`, { logLevel: 'error', onlyCategories: Object.keys(BUDGETS) }, undefined, page);
  if (!result) throw new Error('Lighthouse returned no result');
  if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  runs.push(result.lhr);
}
await browser.close();
const performanceOf = (result: Run) => result.categories.performance!.score ?? 0;
const lhr = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b))[Math.floor(runs.length / 2)]!;
if (REPORT_DIR) writeFileSync(`${REPORT_DIR}/lighthouse-home.json`, JSON.stringify(lhr));
// a token that did not sign in would have measured the sign-in page
if (new URL(lhr.finalDisplayedUrl).pathname !== PAGE) throw new Error(`ended on ${lhr.finalDisplayedUrl}`);

const scoreOf = (result: Run, category: string) => Math.round((result.categories[category]!.score ?? 0) * 100);
// accessibility does not vary with the machine: every run must reach it
const scores = { performance: scoreOf(lhr, 'performance'), accessibility: Math.min(...runs.map((run) => scoreOf(run, 'accessibility'))) };
const metrics = Object.fromEntries(
  ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => [
    id,
    lhr.audits[id]!.displayValue ?? '',
  ]),
);
/** The audits that cost a category below its budget its points (or, for performance, name savings). */
const failing: Failing[] = [];
for (const category of Object.keys(BUDGETS) as (keyof typeof BUDGETS)[]) {
  if (scores[category] >= BUDGETS[category]) continue;
  for (const { id, weight } of lhr.categories[category]!.auditRefs) {
    const audit = lhr.audits[id]!;
    const counts = weight > 0 || audit.details?.type === 'opportunity';
    if (!counts || audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode === 'notApplicable') continue;
    const details = audit.details as { items?: unknown[] } | undefined;
    failing.push({ id, title: audit.title, score: audit.score, displayValue: audit.displayValue, items: details?.items ?? [] });
  }
}

const report = {
  page: PAGE,
  tasks: MISSIONS * TASKS_PER_MISSION,
  lighthouse: lhr.lighthouseVersion,
  // Lighthouse's simulated throttling multiplies the main thread's observed time: a busy machine scores lower
  loadAverage: { before: +loadBefore.toFixed(2), after: +loadavg()[0]!.toFixed(2) },
  everyRun: runs.map((run) => ({
    performance: scoreOf(run, 'performance'),
    accessibility: scoreOf(run, 'accessibility'),
    tbtMs: Math.round(run.audits['total-blocking-time']!.numericValue ?? 0),
    lcpMs: Math.round(run.audits['largest-contentful-paint']!.numericValue ?? 0),
  })),
  medianRun: runs.indexOf(lhr) + 1,
  scores,
  metrics,
  failing,
};
console.log(JSON.stringify(report, null, 2));
const verdicts = {
  [`${PAGE} mobile performance ${scores.performance} ≥ ${BUDGETS.performance}`]: scores.performance >= BUDGETS.performance,
  [`${PAGE} accessibility ${scores.accessibility} = ${BUDGETS.accessibility}`]: scores.accessibility >= BUDGETS.accessibility,
};
for (const [name, passed] of Object.entries(verdicts)) console.log(`${name}: ${passed ? 'pass' : 'FAIL'}`);
for (const audit of failing) console.log(`failing: ${audit.id} (${audit.displayValue ?? `score ${audit.score}`})`);

await stop();
process.exit(Object.values(verdicts).every(Boolean) ? 0 : 1);
