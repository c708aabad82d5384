import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createAccount, latestMail, linkIn, screenshot, signIn } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const card = (scope: Page | Locator, title: string) => scope.getByRole('group', { name: `Task ${title}`, exact: true });
const TASKS = 40;
/** The To do column's count (its cards are virtualised: only those in view are in the page). */
const todoCount = (page: Page, count: number) => page.getByRole('region', { name: 'To do column' }).getByLabel(`${count} tasks`);

async function call<T>(request: APIRequestContext, token: string, method: 'post' | 'put', url: string, data: object): Promise<T> {
  const response = await request[method](url, { data, headers: bearer(token) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** A kanban mission of `owner` with its tasks, and `member` on its team (invited and accepted through the API). */
async function missionWithTasks(request: APIRequestContext, owner: { token: string }, member: { email: string; token: string }) {
  const { _id: missionId, planItems } = await call<{ _id: string; planItems: { _id: string }[] }>(
    request,
    owner.token,
    'post',
    '/api/mission',
    { title: 'Live tasks', projectType: 'kanban', planStartDate: '2030-03-04', planEndDate: '2030-06-28' },
  );
  const { action } = await call<{ action: { _id: string } }>(
    request,
    owner.token,
    'post',
    `/api/mission-plan/${planItems[0]!._id}/action`,
    {
      title: 'Tasks',
    },
  );
  const taskIds: string[] = [];
  for (let n = 1; n <= TASKS; n += 1) {
    const task = await call<{ _id: string }>(request, owner.token, 'post', `/api/action-item/action/${action._id}`, { title: `Task ${n}` });
    taskIds.push(task._id);
  }
  await call(request, owner.token, 'post', `/api/mission/${missionId}/invite`, { inviteeEmail: member.email });
  const mail = await latestMail(request, member.email, 'You are invited to the mission Live tasks');
  const token = new URL(linkIn(mail)).searchParams.get('token')!;
  const handled = await call<{ _id: string }>(request, member.token, 'post', `/api/mission-invite/handle/${token}`, {});
  await call(request, member.token, 'put', `/api/mission-invite/${handled._id}/accept`, {});
  return { missionId, planItemId: planItems[0]!._id, taskIds };
}

test('a task changed by another person shows on an open board without a reload, and only that task is read again', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // B owns the mission (a verified account creates missions); A is on its team and has the board open
  const ownerB = await createAccount(request, 'live-owner', { firstName: 'Bea', lastName: 'Owner' });
  const verifying = await browser.newContext();
  const verifyPage = await verifying.newPage();
  await verifyPage.goto(linkIn(await latestMail(request, ownerB.email, 'Verify your email for Crewplan')));
  await expect(verifyPage.getByText('Thank you. Your email is verified.')).toBeVisible();
  await verifying.close();
  const memberA = await createAccount(request, 'live-member', { firstName: 'Abe', lastName: 'Member' });
  const { missionId, planItemId, taskIds } = await missionWithTasks(request, ownerB, memberA);

  await signIn(page, memberA.email);
  await page.goto(`/home?mission=${missionId}&mission-tab=board`);
  await expect(page.getByTestId('board')).toBeVisible();
  await expect(todoCount(page, TASKS)).toBeVisible();
  await expect(card(page, 'Task 7')).toBeVisible();

  // A's board listens once a change of another task reaches it (its room is joined after the page loads)
  let round = 0;
  await expect(async () => {
    round += 1;
    await call(request, ownerB.token, 'put', `/api/action-item/${taskIds[1]!}`, { title: `Task 2 (${round})` });
    await expect(card(page, `Task 2 (${round})`)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // everything A's page asks of the API from now on
  const requested: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/')) requested.push(`${sent.method()} ${url.pathname}`);
  });

  const changed = taskIds[6]!;
  await call(request, ownerB.token, 'put', `/api/action-item/${changed}`, { title: 'Renamed by Bea' });
  await expect(card(page, 'Renamed by Bea')).toBeVisible();
  await expect(card(page, 'Task 7')).toHaveCount(0);
  await expect(todoCount(page, TASKS)).toBeVisible();
  await page.screenshot({ path: screenshot('live-task-renamed') });

  // the changed task was read by its id; the mission with all its tasks was not read again (Home, under the board,
  // reads its ranked cards again: a few tasks)
  expect(requested).toContain(`GET /api/action-item/${changed}`);
  expect(requested).not.toContain(`GET /api/mission/${missionId}`);
  const reads = requested.filter((line) => line.startsWith('GET ') && line !== 'GET /api/action-item/my/suggestions');
  expect(reads).toEqual([`GET /api/action-item/${changed}`]);

  // a task B adds is counted, and one B deletes goes, still without reading the whole mission
  const actionId = (await (await request.get(`/api/action-item/${changed}`, { headers: bearer(ownerB.token) })).json()).actionId as string;
  await call(request, ownerB.token, 'post', `/api/action-item/action/${actionId}`, { title: 'Added by Bea' });
  await expect(todoCount(page, TASKS + 1)).toBeVisible();
  const removed = await request.delete(`/api/action-item/${taskIds[0]!}`, { headers: bearer(ownerB.token) });
  expect(removed.status(), await removed.text()).toBe(200);
  await expect(card(page, 'Task 1')).toHaveCount(0);
  await expect(todoCount(page, TASKS)).toBeVisible();
  expect(requested).not.toContain(`GET /api/mission/${missionId}`);

  // an action B adds or renames is read by its id too
  const added = await call<{ action: { _id: string } }>(request, ownerB.token, 'post', `/api/mission-plan/${planItemId}/action`, {
    title: 'Second action',
  });
  await expect(page.getByRole('button', { name: 'Actions (2)' })).toBeVisible();
  await call(request, ownerB.token, 'put', `/api/action/${actionId}`, { title: 'Renamed action' });
  await expect.poll(() => requested.includes(`GET /api/action/${actionId}`)).toBe(true);
  await page.getByRole('button', { name: 'Actions (2)' }).click();
  const menu = page.getByRole('group', { name: 'Actions of this project' });
  await expect(menu.getByText('Renamed action')).toBeVisible();
  await expect(menu.getByText('Second action')).toBeVisible();
  expect(requested).toContain(`GET /api/action/${added.action._id}`);
  expect(requested).not.toContain(`GET /api/mission/${missionId}`);
});
