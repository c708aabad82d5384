// The board and the gantt of a mission with 10,000 tasks, in headless Chromium, against a floor measured in the same
// run: the same mission fetched and its 10,000 tasks shown as a plain virtualised list (fixed-height windowing, no
// framework). What is left between the two is the app: its shell, its start-up calls and the views themselves. Budgets (DESIGN.md section 8):
// first paint within 2x the floor, at most 2,000 DOM nodes, scrolling at 55 frames a second or more.
import { chromium, type Page } from '@playwright/test';
import { buildApp } from '../apps/server/src/app.ts';
import { openBenchDatabase } from './bench-database.ts';

const TASKS = Number(process.env.BENCH_TASKS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const { config, database, remove } = await openBenchDatabase();
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const email = 'views@example.com';
const signUp = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'bench-password-1' } });
const { token } = signUp.json() as { token: string };
// A person with both names, as every real user has: without them My Space opens over the mission (spec: name check).
await app.inject({
  method: 'PUT',
  url: '/api/people/profile',
  headers: { authorization: `Bearer ${token}` },
  payload: { firstName: 'Vera', lastName: 'Views' },
});

/** A mission of the given type with TASKS action items spread over 50 actions, four columns and a year of weeks. */
async function seedMission(projectType: string): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/mission',
    headers: { authorization: `Bearer ${token}` },
    payload: { title: `Scale ${projectType}`, projectType, planStartDate: '2026-01-05', planEndDate: '2026-12-28' },
  });
  const missionId = (created.json() as { _id: string })._id;
  await database.pool.query(
    `insert into actions (id, mission_id, title, start_date, end_date, sort_index)
     select substr(md5($1 || g), 1, 24), $1, 'Action ' || g, date '2026-01-05' + g * 7, date '2026-01-05' + g * 7 + 20, g
     from generate_series(1, 50) g`,
    [missionId],
  );
  await database.pool.query(
    `insert into action_items (id, action_id, mission_id, title, status, col, start_date, end_date, week, sort_index, estimated_duration)
     select substr(md5($1 || 'item' || g), 1, 24), substr(md5($1 || (1 + g % 50)), 1, 24), $1, 'Task ' || g,
            case when g % 7 = 0 then 'done' else 'open' end, (array['todo','doing','review','done'])[1 + g % 4],
            date '2026-01-05' + (g % 300), date '2026-01-05' + (g % 300) + 3, date '2026-01-05' + ((g % 300) / 7) * 7, g, 8
     from generate_series(1, $2::int) g`,
    [missionId, TASKS],
  );
  await database.pool.query('analyze');
  return missionId;
}

type Measure = { firstPaintMs: number; domNodes: number; fps: number };

/** Scrolls the biggest scrollable element for a second and counts the frames drawn. */
async function scrollFps(page: Page): Promise<number> {
  // Browser code as text: the TypeScript loader would add helpers to functions that the page does not have.
  return page.evaluate(`(async () => {
    const scrollables = [...document.querySelectorAll('*')].filter(
      (el) => el.scrollHeight > el.clientHeight + 100 && /(auto|scroll)/.test(getComputedStyle(el).overflowY),
    );
    const target = scrollables.sort((a, b) => b.scrollHeight - a.scrollHeight)[0] || document.scrollingElement;
    let frames = 0;
    const started = performance.now();
    await new Promise((done) => {
      const step = () => {
        frames += 1;
        target.scrollTop += 60;
        if (performance.now() - started < 1000) requestAnimationFrame(step);
        else done();
      };
      requestAnimationFrame(step);
    });
    return Math.round((frames * 1000) / (performance.now() - started));
  })()`);
}

/** A blank page first, so that leaving the last (heavy) page is not timed as part of the next measure. */
async function leave(page: Page): Promise<void> {
  await page.goto('about:blank');
}

async function measureView(page: Page, url: string, ready: string): Promise<Measure> {
  await leave(page);
  const started = Date.now();
  if (process.env.BENCH_TRACE) {
    page.removeAllListeners('request');
    page.removeAllListeners('requestfinished');
    page.on('request', (r) => console.log('req', Date.now() - started, r.url().replace(base, '')));
    page.on('requestfinished', (r) => console.log('done', Date.now() - started, r.url().replace(base, '')));
  }
  await page.goto(url);
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 60_000 });
  const firstPaintMs = Date.now() - started;
  const domNodes = await page.evaluate(`document.getElementsByTagName('*').length`);
  return { firstPaintMs, domNodes, fps: await scrollFps(page) };
}

/** The floor: the same mission's 10,000 tasks fetched and shown as rows of 32 px, windowed by hand in a bare page. */
async function measureFloor(page: Page, missionId: string): Promise<Measure> {
  await leave(page);
  const started = Date.now();
  await page.goto(`${base}/api/health`);
  await page.evaluate(`(async () => {
    const response = await fetch('/api/mission/${missionId}', { headers: { authorization: 'Bearer ${token}' } });
    const tasks = (await response.json()).actionItems;
    const count = tasks.length;
    document.body.innerHTML = '<div id="viewport" style="height:800px;overflow-y:auto"><div id="spacer" style="position:relative"></div></div>';
    const viewport = document.getElementById('viewport');
    const spacer = document.getElementById('spacer');
    spacer.style.height = (count * 32) + 'px';
    const render = () => {
      const first = Math.floor(viewport.scrollTop / 32);
      const rows = [];
      for (let i = first; i < Math.min(count, first + 30); i++) {
        rows.push('<div class="row" style="position:absolute;top:' + i * 32 + 'px;height:32px">' + tasks[i].title + '</div>');
      }
      spacer.innerHTML = rows.join('');
    };
    viewport.addEventListener('scroll', render);
    render();
  })()`);
  await page.locator('.row').first().waitFor();
  const firstPaintMs = Date.now() - started;
  const domNodes = await page.evaluate(`document.getElementsByTagName('*').length`);
  return { firstPaintMs, domNodes, fps: await scrollFps(page) };
}

const kanban = await seedMission('kanban');
const gantt = await seedMission('mx-gantt');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
await context.addInitScript(`localStorage.setItem('crewplan.token', ${JSON.stringify(token)})`);
const page = await context.newPage();

const results: Record<string, Measure[]> = { floor: [], board: [], gantt: [] };
for (let round = 0; round < ROUNDS; round++) {
  results.floor!.push(await measureFloor(page, kanban));
  results.board!.push(await measureView(page, `${base}/home?mission=${kanban}&mission-tab=board`, '[data-testid="task-card"]'));
  results.gantt!.push(await measureView(page, `${base}/home?mission=${gantt}&mission-tab=gantt`, '.wx-bar, [data-testid="gantt-bar"]'));
  const paints = Object.entries(results).map(([name, runs]) => `${name} ${runs.at(-1)!.firstPaintMs} ms`);
  console.log(`round ${round + 1}: ${paints.join(', ')}`);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const summary = Object.fromEntries(
  Object.entries(results).map(([name, runs]) => [
    name,
    {
      firstPaintMs: median(runs.map((r) => r.firstPaintMs)),
      domNodes: median(runs.map((r) => r.domNodes)),
      fps: median(runs.map((r) => r.fps)),
    },
  ]),
);
const floorPaint = summary.floor!.firstPaintMs;
let ok = true;
for (const name of ['board', 'gantt'] as const) {
  const view = summary[name]!;
  const paintRatio = +(view.firstPaintMs / floorPaint).toFixed(2);
  const pass = paintRatio <= 2 && view.domNodes <= 2000 && view.fps >= 55;
  ok &&= pass;
  Object.assign(view, { paintRatioToFloor: paintRatio, pass });
}
console.log(JSON.stringify({ tasks: TASKS, rounds: ROUNDS, summary }, null, 2));
console.log(`board and gantt within budget: ${ok ? 'pass' : 'FAIL'}`);

await browser.close();
await app.close();
await remove();
process.exit(ok ? 0 : 1);
