import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, expectAccessible, screenshot, signIn } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const missionView = (page: Page) => page.getByRole('dialog', { name: /^Mission / });

async function post<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const response = await request.post(path, { data, headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

async function itemOf(request: APIRequestContext, token: string, id: string) {
  const response = await request.get(`/api/action-item/${id}`, { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { startDate: string | null; endDate: string | null; dependencies: { linkTo: string }[] };
}

test('a gantt mission links two tasks and moves a bar; the link survives reload', async ({ page, request }) => {
  const outside: string[] = [];
  page.on('request', (sent) => {
    if (!sent.url().startsWith('http://127.0.0.1')) outside.push(sent.url());
  });
  const account = await createAccount(request, 'gantt', { firstName: 'Gus', lastName: 'Gantt' });
  const mission = await post<{ _id: string }>(request, account.token, '/api/mission', {
    title: 'Bridge',
    projectType: 'mx-gantt',
    planStartDate: '2031-03-03',
    planEndDate: '2031-04-25',
  });
  const read = await request.get(`/api/mission/${mission._id}`, { headers: bearer(account.token) });
  const planItemId = ((await read.json()) as { planItems: { _id: string }[] }).planItems[0]!._id;
  const { action } = await post<{ action: { _id: string } }>(request, account.token, `/api/mission-plan/${planItemId}/action`, {
    title: 'Build the bridge',
    startDate: '2031-03-03',
    endDate: '2031-03-21',
  });
  const piers = await post<{ _id: string }>(request, account.token, `/api/action-item/action/${action._id}`, {
    title: 'Piers',
    startDate: '2031-03-03',
    endDate: '2031-03-07',
  });
  const deck = await post<{ _id: string }>(request, account.token, `/api/action-item/action/${action._id}`, {
    title: 'Deck',
    startDate: '2031-03-12',
    endDate: '2031-03-14',
  });

  await signIn(page, account.email);
  await page.goto(`/home?mission=${mission._id}&mission-tab=gantt`);
  const view = missionView(page);
  const bar = (id: string) => view.locator(`.wx-bar[data-id=":item:${id}"]`);
  await expect(bar(piers._id)).toBeVisible();
  await expect(bar(deck._id)).toBeVisible();
  await expectAccessible(page, 'gantt');

  // link: the dot at the end of Piers, then the dot at the start of Deck
  await bar(piers._id).hover();
  await bar(piers._id).locator('.wx-link.wx-right').click();
  await bar(deck._id).hover();
  await bar(deck._id).locator('.wx-link.wx-left').click();
  await expect.poll(async () => (await itemOf(request, account.token, deck._id)).dependencies.map((d) => d.linkTo)).toEqual([piers._id]);

  // move Deck two days later (a day is 40 pixels at the day zoom)
  const box = (await bar(deck._id).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => itemOf(request, account.token, deck._id)).toMatchObject({ startDate: '2031-03-14', endDate: '2031-03-16' });
  await page.screenshot({ path: screenshot('gantt-linked'), fullPage: true });

  await page.reload();
  await expect(bar(deck._id)).toBeVisible();
  await expect(view.locator('.wx-links .wx-line-draw')).toHaveCount(1);
  await view.getByText('Week', { exact: true }).click();
  await expect(view.getByText(/^Week \d+$/).first()).toBeVisible();
  await page.screenshot({ path: screenshot('gantt-week'), fullPage: true });

  // ?action=<id> alone opens the gantt on that action and its tasks only
  const { action: other } = await post<{ action: { _id: string } }>(request, account.token, `/api/mission-plan/${planItemId}/action`, {
    title: 'Paint the railings',
    startDate: '2031-03-24',
    endDate: '2031-03-28',
  });
  await page.goto(`/home?mission=${mission._id}&action=${other._id}`);
  await expect(view.getByTestId('gantt-action')).toContainText('Action: Paint the railings');
  await expect(view.locator(`.wx-bar[data-id=":action:${other._id}"]`)).toBeVisible();
  await expect(bar(deck._id)).toHaveCount(0);
  await view.getByRole('button', { name: 'Show every action' }).click();
  await expect(bar(deck._id)).toBeVisible();
  expect(outside).toEqual([]);
});

async function missionTasks(request: APIRequestContext, token: string, id: string) {
  const response = await request.get(`/api/mission/${id}`, { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
  const mission = (await response.json()) as {
    projectType: string;
    actions: { _id: string; title: string }[];
    actionItems: { _id: string; actionId: string; title: string }[];
  };
  return mission;
}

test('a gantt mission adds and renames actions and tasks on the gantt and on its board, changes type in settings, loads nothing from outside', async ({
  page,
  request,
}) => {
  const outside: string[] = [];
  page.on('request', (sent) => {
    if (!/^(http:\/\/127\.0\.0\.1[:/]|data:|blob:)/.test(sent.url())) outside.push(sent.url());
  });
  const account = await createAccount(request, 'gantt-edit', { firstName: 'Greta', lastName: 'Gantt' });
  const mission = await post<{ _id: string }>(request, account.token, '/api/mission', {
    title: 'Railway',
    projectType: 'mx-gantt',
    planStartDate: '2031-05-05',
    planEndDate: '2031-06-27',
  });
  const read = await request.get(`/api/mission/${mission._id}`, { headers: bearer(account.token) });
  const planItemId = ((await read.json()) as { planItems: { _id: string }[] }).planItems[0]!._id;
  const { action } = await post<{ action: { _id: string } }>(request, account.token, `/api/mission-plan/${planItemId}/action`, {
    title: 'Survey',
    startDate: '2031-05-05',
    endDate: '2031-05-16',
  });
  await post(request, account.token, `/api/action-item/action/${action._id}`, {
    title: 'Measure',
    startDate: '2031-05-05',
    endDate: '2031-05-07',
  });

  await signIn(page, account.email);
  await page.goto(`/home?mission=${mission._id}&mission-tab=gantt`);
  const view = missionView(page);
  const row = (text: string) => view.locator('.wx-row').filter({ hasText: text });
  await expect(row('Measure')).toBeVisible();
  // the library's icons are drawn from our bundle
  const toggle = row('Survey').locator('.wxi-menu-down');
  await expect(toggle).toBeVisible();
  expect(await toggle.evaluate((icon) => getComputedStyle(icon, '::before').maskImage)).toContain('data:image/svg+xml');

  // + on an action adds a task to it
  await row('Survey').locator('[data-action="add-task"]').click();
  await expect(row('New task')).toBeVisible();
  await expect
    .poll(async () => (await missionTasks(request, account.token, mission._id)).actionItems.map((item) => item.title).sort())
    .toEqual(['Measure', 'New task']);

  // its name is renamed in place
  await row('New task').locator('.wx-cell').first().dblclick();
  const nameInput = view.locator('.wx-row input');
  await expect(nameInput).toBeVisible();
  await nameInput.fill('Stake out');
  await nameInput.press('Enter');
  await expect
    .poll(async () => (await missionTasks(request, account.token, mission._id)).actionItems.map((item) => item.title).sort())
    .toEqual(['Measure', 'Stake out']);
  await expect(row('Stake out')).toBeVisible();

  // + in the header adds an action
  await view.locator('.wx-header [data-action="add-task"]').click();
  await expect(row('New action')).toBeVisible();
  await expect
    .poll(async () => (await missionTasks(request, account.token, mission._id)).actions.map((entry) => entry.title).sort())
    .toEqual(['New action', 'Survey']);
  await page.screenshot({ path: screenshot('gantt-added'), fullPage: true });

  // the board of a gantt mission adds a task too
  await view.getByRole('tab', { name: 'Board' }).click();
  const todo = view.getByRole('region', { name: 'To do column' });
  await todo.getByLabel('New task in To do').fill('Order the rails');
  await todo.getByLabel('New task in To do').press('Enter');
  await expect(todo.getByTestId('task-card').filter({ hasText: 'Order the rails' })).toBeVisible();
  await expect
    .poll(async () => (await missionTasks(request, account.token, mission._id)).actionItems.map((item) => item.title).sort())
    .toEqual(['Measure', 'Order the rails', 'Stake out']);
  await page.screenshot({ path: screenshot('gantt-board'), fullPage: true });

  // the type changes in the settings: a kanban mission has its board and no gantt
  await view.getByRole('tab', { name: 'Settings' }).click();
  await view.getByRole('combobox', { name: 'Project type' }).click();
  await page.getByRole('option', { name: 'Kanban' }).click();
  await expect(page.getByText('The mission is now a kanban project.')).toBeVisible();
  await expect.poll(async () => (await missionTasks(request, account.token, mission._id)).projectType).toBe('kanban');
  await expect(view.getByRole('tab', { name: 'Gantt' })).toHaveCount(0);
  await expect(view.getByRole('tab', { name: 'Board' })).toBeVisible();
  expect(outside).toEqual([]);
});
