import { expect, test, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { createAccount, expectAccessible, signIn, verifiedAccount } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const SHOTS = process.env.HOME_SHOTS_DIR;

/** YYYY-MM-DD of today plus `days`, in the browser's (and this machine's) time zone. */
function day(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Picks a choice of a segmented control (its radio is visually hidden behind the label). */
const choose = (page: Page, name: string) =>
  page
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();

/** The badge labels shown cut short (squeezed, a pill was an empty dot and a status "NOT…"). */
const cutLabelsIn = (list: Locator) =>
  list
    .locator('.mantine-Badge-label')
    .evaluateAll((labels) =>
      labels
        .filter((label) => label.getClientRects().length > 0 && label.scrollWidth > label.clientWidth)
        .map((label) => label.textContent),
    );

/** Another day of this week than today (Monday to Sunday). */
const otherDayThisWeek = () => (new Date().getDay() === 0 ? day(-1) : day(1));

async function post<T>(request: APIRequestContext, token: string, url: string, data: Record<string, unknown>): Promise<T> {
  const response = await request.post(url, { data, headers: bearer(token) });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A verified person with an organisation in its trial (licensed active), and a mission of it with an action. */
async function licensedMission(page: Page, request: APIRequestContext) {
  const account = await verifiedAccount(page, request, 'home-owner', { firstName: 'Hana', lastName: 'Home' });
  const org = await post<{ _id: string }>(request, account.token, '/api/org', { title: 'Home Works', currency: 'EUR' });
  await post(request, account.token, `/api/org/${org._id}/subscription`, { trial: true });
  const mission = await post<{ _id: string; planItems: { _id: string }[] }>(request, account.token, '/api/mission', {
    title: 'Launch',
    org: org._id,
    projectType: 'simple',
    planStartDate: day(-30),
    planEndDate: day(60),
  });
  const action = await post<{ action: { _id: string } }>(request, account.token, `/api/mission-plan/${mission.planItems[0]!._id}/action`, {
    title: 'Work',
  });
  const me = (await (await request.get('/api/people/profile', { headers: bearer(account.token) })).json()) as { _id: string };
  return { account, missionId: mission._id, actionId: action.action._id, me: me._id };
}

test('home: Work AI cards by weight, Task master with hover Done and pin, the mode remembered, Do AI explains', async ({
  page,
  browser,
  request,
}) => {
  const { account, actionId, me } = await licensedMission(page, request);
  const task = (title: string, fields: Record<string, unknown>) =>
    post(request, account.token, `/api/action-item/action/${actionId}`, { title, people: [me], complexityMultiplier: 10, ...fields });
  // weights (complexity 10 adds 1): 27.5, 15, 11, 10, 6 or 7, 2, 0
  await task('Far out', { dueDate: day(30) });
  await task('No date', {});
  await task('Later this week', { dueDate: otherDayThisWeek() });
  await task('Eight days late', { dueDate: day(-8) });
  await task('Due today', { dueDate: day(0) });
  await task('Ends today', { startDate: day(-2), endDate: day(0) });
  await task('Critical today', { dueDate: day(0), metaType: 'Critical' });

  // somebody invites me to their mission: the invite comes first
  const inviter = await verifiedAccount(page, request, 'home-inviter', { firstName: 'Ivan', lastName: 'Inviter' });
  const harbour = await post<{ _id: string }>(request, inviter.token, '/api/mission', { title: 'Harbour' });
  await post(request, inviter.token, `/api/mission/${harbour._id}/invite`, { inviteeEmail: account.email });

  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, account.email);
  const cards = page.getByTestId('work-ai-card');
  await expect(cards).toHaveCount(5);
  await expect(cards.getByRole('heading')).toHaveText(['Harbour', 'Critical today', 'Ends today', 'Due today', 'Eight days late']);
  await expect(page.getByRole('article', { name: 'Invite to Harbour' })).toContainText('Ivan Inviter invites you to join.');
  await expect(cards.first().getByText('Overdue')).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Task Eight days late' }).getByText('Overdue')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Task Ends today' })).toContainText('Ends ');
  await expect(page.getByRole('article', { name: 'Task Critical today' }).getByText('Critical', { exact: true })).toBeVisible();
  await expectAccessible(page, 'home Work AI');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-work-ai-1400.png`, fullPage: true });

  // under 1300 px wide: 4 cards
  await page.setViewportSize({ width: 1200, height: 900 });
  await expect(cards).toHaveCount(4);
  await expect(cards.getByRole('heading')).toHaveText(['Harbour', 'Critical today', 'Ends today', 'Due today']);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-work-ai-1200.png`, fullPage: true });

  // accepting the invite makes room for the next task
  await page.getByRole('button', { name: 'Accept the invite to Harbour' }).click();
  await expect(cards.getByRole('heading')).toHaveText(['Critical today', 'Ends today', 'Due today', 'Eight days late']);
  await expect(page.getByRole('region', { name: 'Your missions' })).toContainText('Harbour');

  // Open goes to the task
  await page.getByRole('button', { name: 'Open Due today' }).click();
  await expect(page).toHaveURL(/mission=.*action-item=/);
  // a visit's first reads start before the app's code has loaded, and the app takes them over: each is asked once
  const firstReads: string[] = [];
  const countFirstReads = (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/people/profile' || path === '/api/notification') firstReads.push(path);
  };
  page.on('request', countFirstReads);
  await page.goto('/home');
  await expect(page.getByTestId('home-greeting')).toBeVisible();
  page.off('request', countFirstReads);
  expect(firstReads.sort()).toEqual(['/api/notification', '/api/people/profile']);
  const earlyReadsLeft = await page.evaluate(() => {
    const early = (window as { __crewplanEarlyReads?: { reads: object } }).__crewplanEarlyReads;
    return early ? Object.keys(early.reads) : ['no early reads'];
  });
  expect(earlyReadsLeft).toEqual([]);
  // nothing moves while Home fills in (my missions used to move down when the task cards replaced the loader)
  await expect(page.getByRole('region', { name: 'Your missions' })).toBeVisible();
  const layoutShift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        // the shifts so far come at once (buffered); none at all means no callback
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) sum += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 300);
      }),
  );
  expect(layoutShift).toBeLessThan(0.01);

  // Task master: every task, grouped under the mission
  await page.setViewportSize({ width: 1400, height: 900 });
  await choose(page, 'Task master');
  const list = page.getByRole('list', { name: 'Task master' });
  await expect(list.getByTestId('task-master-row')).toHaveCount(7);
  await expect(list.getByRole('listitem', { name: 'Launch, 7 tasks' })).toBeVisible();
  const late = list.getByRole('listitem', { name: 'Task Eight days late' });
  await expect(late.getByText('Overdue', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'home Task master');

  // hover Done
  const done = late.getByRole('button', { name: 'Mark Eight days late done' });
  await expect(done).toHaveCSS('opacity', '0');
  await late.hover();
  await expect(done).toHaveCSS('opacity', '1');
  await done.click();
  await expect(late.getByText('Done', { exact: true }).first()).toBeVisible();
  await expect(late.getByRole('button', { name: 'Mark Eight days late done' })).toHaveCount(0);

  // pin: the task moves under Pinned
  await list.getByRole('button', { name: 'Pin No date' }).click();
  await expect(list.getByRole('listitem', { name: 'Pinned, 1 task' })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Unpin No date' })).toHaveAttribute('aria-pressed', 'true');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-task-master-1400.png`, fullPage: true });
  await page.setViewportSize({ width: 1200, height: 900 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-task-master-1200.png`, fullPage: true });

  // the statuses read in dark mode too
  await page.getByRole('banner').getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectAccessible(page, 'home Task master (dark)');
  await page.getByRole('banner').getByRole('button', { name: 'Switch to light mode' }).click();

  // on a phone every control of the header is on screen, and a task's title keeps the width of its row
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: /^Account menu of/ })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeInViewport({ ratio: 1 });
  const title = await list.getByRole('button', { name: 'No date', exact: true }).boundingBox();
  expect(title?.width).toBeGreaterThan(40);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  // each pill and status shows its whole label beside the others (squeezed, a pill was an empty dot)
  expect(await cutLabelsIn(list)).toEqual([]);
  await expectAccessible(page, 'home Task master (phone)');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-task-master-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1200, height: 900 });

  // the smallest phone, by touch: nothing runs off its side (the mode switch did, 351 px wide), and with no hover
  // to show it, Done is always shown
  const phone = await browser.newContext({
    viewport: { width: 320, height: 640 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
  });
  await phone.addInitScript((token) => localStorage.setItem('crewplan.token', token), account.token);
  const small = await phone.newPage();
  await small.goto(new URL('/home', page.url()).href);
  await choose(small, 'Task master');
  const firstDone = small
    .getByRole('list', { name: 'Task master' })
    .getByRole('button', { name: /^Mark .+ done$/ })
    .first();
  await expect(firstDone).toHaveCSS('opacity', '1');
  expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  expect(await cutLabelsIn(small.getByRole('list', { name: 'Task master' }))).toEqual([]);
  if (SHOTS) await small.screenshot({ path: `${SHOTS}/home-task-master-320.png` });
  await phone.close();

  // a task changed elsewhere shows at once
  const farOut = list.getByRole('listitem', { name: 'Task Far out' });
  const farOutId = await farOut.getByRole('button', { name: 'Far out', exact: true }).getAttribute('data-task-id');
  const renamed = await request.put(`/api/action-item/${farOutId}`, {
    data: { title: 'Far out, renamed' },
    headers: bearer(account.token),
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await expect(list.getByRole('listitem', { name: 'Task Far out, renamed' })).toBeVisible();

  // the mode is remembered; the pin and done were saved
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Task master' })).toBeChecked();
  await expect(list.getByRole('listitem', { name: 'Pinned, 1 task' })).toBeVisible();
  await expect(list.getByRole('listitem', { name: 'Task Eight days late' }).getByText('Done', { exact: true }).first()).toBeVisible();

  // only mine / person filters: nobody else here, the 'Everybody' choice keeps the same tasks
  await choose(page, 'Only mine');
  await expect(list.getByTestId('task-master-row')).toHaveCount(7);

  // other filters are another answer: while it loads the grid says so, with none of the tasks of the filters left
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const onHold = /\/api\/action-item\/my\/task-master\?projectStatus=on-hold/;
  await page.route(onHold, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('combobox', { name: 'Project status' }).click();
  await page.getByRole('option', { name: 'On hold' }).click();
  await expect(page.getByRole('status', { name: 'Loading your tasks' })).toBeVisible();
  await expect(list.getByTestId('task-master-row')).toHaveCount(0);
  release();
  await expect(page.getByText('Nothing to show yet...')).toBeVisible();
  await page.unroute(onHold);

  // Do AI: ranked with reasons; the done task left out
  await choose(page, 'Do AI');
  const suggestions = page.getByRole('list', { name: 'Suggested next actions' });
  await expect(suggestions.getByRole('heading')).toHaveText(['Critical today', 'Ends today', 'Due today', 'Later this week', 'No date']);
  await expect(suggestions.getByRole('list', { name: 'Why Critical today' })).toContainText('Critical');
  await expect(suggestions.getByRole('list', { name: 'Why Critical today' })).toContainText('Due today');
  await expectAccessible(page, 'home Do AI');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-do-ai-1200.png`, fullPage: true });

  // back to Work AI: remembered after reload
  await choose(page, 'Work AI');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Work AI' })).toBeChecked();
  await expect(cards.getByRole('heading')).toHaveText(['Critical today', 'Ends today', 'Due today', 'Later this week']);
});

test('home: the empty states', async ({ page, request }) => {
  const account = await createAccount(request, 'home-empty', { firstName: 'Emma', lastName: 'Empty' });
  await signIn(page, account.email);
  await expect(page.getByText('Nothing to see here... create more action items.')).toBeVisible();
  await choose(page, 'Task master');
  await expect(page.getByText('Nothing to show yet...')).toBeVisible();
  await page.getByRole('button', { name: 'Guide' }).click();
  await expect(page.getByRole('dialog', { name: 'How home works' })).toContainText('Critical tasks count 2.5 times');
});
