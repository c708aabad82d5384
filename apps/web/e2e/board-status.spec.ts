import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createAccount, expectAccessible, latestMail, linkIn, screenshot, signIn } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const column = (page: Page, name: string) => page.getByRole('region', { name: `${name} column` });
const card = (scope: Page | Locator, title: string) => scope.getByRole('group', { name: `Task ${title}`, exact: true });
const missionView = (page: Page) => page.getByRole('dialog', { name: /^Mission / });

/** YYYY-MM-DD of today plus `days`, in the browser's (and this machine's) time zone. */
function day(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

async function post<T>(request: APIRequestContext, token: string, url: string, data: Record<string, unknown>): Promise<T> {
  const response = await request.post(url, { data, headers: bearer(token) });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

type Task = { _id: string; title: string; status: string; col: string; completedOn: string | null };

/** A verified person with an organisation in its trial, a simple mission of it and an action with three tasks. */
async function missionWithTasks(page: Page, request: APIRequestContext) {
  const account = await createAccount(request, 'status-owner', { firstName: 'Stella', lastName: 'Status' });
  await page.goto(linkIn(await latestMail(request, account.email, 'Verify your email for Crewplan')));
  await expect(page.getByText('Thank you. Your email is verified.')).toBeVisible();
  const org = await post<{ _id: string }>(request, account.token, '/api/org', { title: 'Status Works', currency: 'EUR' });
  await post(request, account.token, `/api/org/${org._id}/subscription`, { trial: true });
  const mission = await post<{ _id: string; planItems: { _id: string }[] }>(request, account.token, '/api/mission', {
    title: 'Status journey',
    org: org._id,
    projectType: 'simple',
    planStartDate: day(-30),
    planEndDate: day(60),
  });
  const action = await post<{ action: { _id: string } }>(request, account.token, `/api/mission-plan/${mission.planItems[0]!._id}/action`, {
    title: 'Launch work',
  });
  const me = (await (await request.get('/api/people/profile', { headers: bearer(account.token) })).json()) as { _id: string };
  for (const [title, extra] of [
    ['Plan the launch', { dueDate: day(5) }],
    ['Book the venue', {}],
    ['Print flyers', {}],
  ] as const)
    await post(request, account.token, `/api/action-item/action/${action.action._id}`, { title, people: [me._id], ...extra });
  return { account, missionId: mission._id };
}

/** A task as the server has it now (the board shows a move before the server has it: poll for what follows one). */
async function taskOf(request: APIRequestContext, token: string, missionId: string, title: string): Promise<Task> {
  const response = await request.get(`/api/mission/${missionId}`, { headers: bearer(token) });
  const tasks = ((await response.json()) as { actionItems: Task[] }).actionItems;
  return tasks.find((task) => task.title === title)!;
}

/** Drags a card by its body (not its handle) with the mouse and lets go over `target`, at `at` of its box. */
async function dragCard(page: Page, from: Locator, target: Locator, at = { x: 0.5, y: 0.5 }) {
  const box = (await from.boundingBox())!;
  // the right part of the footer: no button there, only the card itself
  const start = { x: box.x + box.width * 0.6, y: box.y + box.height - 8 };
  const to = (await target.boundingBox())!;
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 12, start.y + 12, { steps: 4 });
  await page.mouse.move(to.x + to.width * at.x, to.y + to.height * at.y, { steps: 15 });
  await page.mouse.up();
}

test('one status per task: completing moves the card to Done, dragging the whole card to Done completes it, reopening moves it back; Home agrees', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const { account, missionId } = await missionWithTasks(page, request);
  await signIn(page, account.email);

  // Home's Task master: a task with a due date not yet started says Not planned and To do, never In progress too
  await page
    .locator('label')
    .filter({ hasText: /^Task master$/ })
    .click();
  const list = page.getByRole('list', { name: 'Task master' });
  const planRow = list.getByRole('listitem', { name: 'Task Plan the launch' });
  await expect(planRow).toContainText('Not planned');
  await expect(planRow).toContainText('To do');
  await expect(planRow).not.toContainText('In progress');
  await page.screenshot({ path: screenshot('status-home-before'), fullPage: true });

  await page.goto(`/home?mission=${missionId}&mission-tab=board`);
  // the first load of the mission's code and data can be slow on a busy machine
  await expect(page.getByTestId('board')).toBeVisible({ timeout: 60_000 });
  const todo = column(page, 'To do');
  const review = column(page, 'Review');
  const done = column(page, 'Done');
  await expect(todo.getByTestId('task-card')).toHaveCount(3);
  await expect(done.getByTestId('task-card')).toHaveCount(0);

  // a click still opens the card (the whole card drags only once the pointer travels)
  await card(todo, 'Plan the launch').getByRole('button', { name: 'Open Plan the launch' }).click();
  const detail = page.getByRole('dialog', { name: 'Plan the launch' });
  await expect(detail.getByTestId('task-detail')).toBeVisible();
  await detail.getByRole('button', { name: 'Complete task' }).click();
  await expect(detail.getByTestId('task-status')).toHaveText('Done');
  await expect(detail.getByLabel('Column', { exact: true })).toHaveValue('Done');
  await page.screenshot({ path: screenshot('status-detail-done'), fullPage: true });
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/action-item=/);
  await expect(missionView(page)).toBeVisible();
  // the card moved to Done
  await expect(card(done, 'Plan the launch')).toBeVisible();
  await expect(card(todo, 'Plan the launch')).toHaveCount(0);
  await expect.poll(() => taskOf(request, account.token, missionId, 'Plan the launch')).toMatchObject({ status: 'done', col: 'done' });
  await page.screenshot({ path: screenshot('status-board-completed'), fullPage: true });

  // reopening moves it back to To do
  await card(done, 'Plan the launch').getByRole('button', { name: 'Open Plan the launch' }).click();
  await detail.getByRole('button', { name: 'Reopen task' }).click();
  await expect(detail.getByTestId('task-status')).toHaveText('Open');
  await expect(detail.getByLabel('Column', { exact: true })).toHaveValue('To do');
  await page.keyboard.press('Escape');
  await expect(card(todo, 'Plan the launch')).toBeVisible();
  await expect(done.getByTestId('task-card')).toHaveCount(0);

  // the whole card drags: by its body onto the empty Review column's header, it lands in Review
  await dragCard(page, card(todo, 'Book the venue'), review, { x: 0.5, y: 0.05 });
  await expect(card(review, 'Book the venue')).toBeVisible();
  await expect(todo.getByTestId('task-card')).toHaveCount(2);
  await expect.poll(() => taskOf(request, account.token, missionId, 'Book the venue')).toMatchObject({ status: 'review', col: 'review' });

  // dragged onto the empty Done column, it is done
  await dragCard(page, card(review, 'Book the venue'), done.getByTestId('column-cards'));
  await expect(card(done, 'Book the venue')).toBeVisible();
  await expect(card(done, 'Book the venue').getByText('Done', { exact: true })).toBeVisible();
  await expect(review.getByTestId('task-card')).toHaveCount(0);
  await expect.poll(() => taskOf(request, account.token, missionId, 'Book the venue')).toMatchObject({ status: 'done', col: 'done' });
  const booked = await taskOf(request, account.token, missionId, 'Book the venue');
  expect(booked.completedOn).toBeTruthy();
  // a drop over a card of another column lands in that column
  await dragCard(page, card(todo, 'Print flyers'), card(done, 'Book the venue'));
  await expect(card(done, 'Print flyers')).toBeVisible();
  await expect.poll(() => taskOf(request, account.token, missionId, 'Print flyers')).toMatchObject({ status: 'done', col: 'done' });
  await expectAccessible(page, 'board after moves');
  await page.screenshot({ path: screenshot('status-board-dragged'), fullPage: true });

  // Home says the same
  await page.goto('/home');
  await page
    .locator('label')
    .filter({ hasText: /^Task master$/ })
    .click();
  await expect(list.getByRole('listitem', { name: 'Task Book the venue' })).toContainText('Done');
  await expect(list.getByRole('listitem', { name: 'Task Plan the launch' })).toContainText('Not planned');
  await expect(list.getByRole('listitem', { name: 'Task Plan the launch' })).not.toContainText('In progress');
  await page.screenshot({ path: screenshot('status-home-after'), fullPage: true });
});

test('Escape on a popover, a menu or a list of options closes only that, never the mission', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { account, missionId } = await missionWithTasks(page, request);
  await signIn(page, account.email);
  await page.goto(`/home?mission=${missionId}&mission-tab=board`);
  const view = missionView(page);
  await expect(view.getByTestId('board')).toBeVisible({ timeout: 60_000 });
  const stillOpen = async () => {
    await expect(page).toHaveURL(new RegExp(`[?&]mission=${missionId}`));
    await expect(view.getByTestId('board')).toBeVisible();
  };

  // the new action popover (its title field has the focus)
  await view.getByRole('button', { name: 'New action' }).click();
  const form = view.getByRole('form', { name: 'New action' });
  await expect(form.getByLabel('Action title')).toBeFocused();
  await page.screenshot({ path: screenshot('status-esc-popover-open') });
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await stillOpen();

  // the actions popover
  await view.getByRole('button', { name: /^Actions \(/ }).click();
  const actions = view.getByRole('group', { name: 'Actions of this project' });
  await expect(actions).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(actions).toBeHidden();
  await stillOpen();

  // a select's options
  await view.getByLabel('Person', { exact: true }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await stillOpen();

  // a card picked up with the keyboard: Escape cancels the move
  const handle = view.getByRole('button', { name: 'Move Print flyers', exact: true });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(card(column(page, 'To do'), 'Print flyers')).toBeVisible();
  // put down: an Escape on a card still held would cancel its move, not close the mission
  await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
  await stillOpen();
  await page.screenshot({ path: screenshot('status-esc-still-open') });

  // Escape elsewhere in the mission (here on the handle, no card picked up) still closes it
  await handle.focus();
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/[?&]mission=/);
});
