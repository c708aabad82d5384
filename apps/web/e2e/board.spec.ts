import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createAccount, expectAccessible, joinMission, screenshot, signIn, verifiedAccount } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const column = (page: Page, name: string) => page.getByRole('region', { name: `${name} column` });
const card = (scope: Page | Locator, title: string) => scope.getByRole('group', { name: `Task ${title}`, exact: true });

/** A kanban mission of `owner` with `member` on its team (invited and accepted through the API). */
async function kanbanMissionWithMember(request: APIRequestContext, owner: { token: string }, member: { email: string; token: string }) {
  const created = await request.post('/api/mission', {
    data: { title: 'Board journey', projectType: 'kanban', planStartDate: '2030-03-04', planEndDate: '2030-06-28' },
    headers: bearer(owner.token),
  });
  expect(created.status(), await created.text()).toBe(201);
  const missionId = ((await created.json()) as { _id: string })._id;
  await joinMission(request, owner, { id: missionId, title: 'Board journey' }, member);
  return missionId;
}

/** Drags a card by its handle with the mouse onto a column's cards. */
async function dragWithMouse(page: Page, title: string, target: Locator) {
  const handle = page.getByRole('button', { name: `Move ${title}`, exact: true });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 15 });
  await page.mouse.up();
}

test('a kanban board: quick add, drag by mouse and by keyboard (seen live by another member), the task detail with its checklist, complete and reopen', async ({
  page,
  browser,
  request,
}) => {
  const owner = await verifiedAccount(page, request, 'board-owner', { firstName: 'Olga', lastName: 'Owner' });
  const member = await createAccount(request, 'board-member', { firstName: 'Mel', lastName: 'Member' });
  const missionId = await kanbanMissionWithMember(request, owner, member);

  await signIn(page, owner.email);
  await page.goto(`/home?mission=${missionId}&mission-tab=board`);
  await expect(page.getByTestId('board')).toBeVisible();
  await expect(page.getByTestId('board-column')).toHaveCount(4);

  // quick add two tasks to 'To do' (the first creates the mission's 'Tasks' action)
  const todo = column(page, 'To do');
  await todo.getByLabel('New task in To do').fill('Write the brief');
  await todo.getByLabel('New task in To do').press('Enter');
  await expect(card(todo, 'Write the brief')).toBeVisible();
  await todo.getByLabel('New task in To do').fill('Review the brief');
  await todo.getByRole('button', { name: 'Add the task to To do' }).click();
  await expect(card(todo, 'Review the brief')).toBeVisible();
  await expect(todo.getByTestId('task-card')).toHaveCount(2);
  // kanban: no overdue mark, no hover Done
  await expect(page.getByRole('button', { name: 'Mark Write the brief done' })).toHaveCount(0);

  // another member has the board open
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member.email);
  await memberPage.goto(`/home?mission=${missionId}&mission-tab=board`);
  await expect(card(column(memberPage, 'To do'), 'Write the brief')).toBeVisible();
  // a team member (level 0) creates no tasks and moves only the tasks assigned to them
  await expect(memberPage.getByLabel('New task in To do')).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: 'Move Write the brief' })).toHaveCount(0);

  // drag with the mouse to 'In progress'; the member sees it move without a reload
  const doing = column(page, 'In progress');
  await dragWithMouse(page, 'Write the brief', doing.getByTestId('column-cards'));
  await expect(card(doing, 'Write the brief')).toBeVisible();
  await expect(todo.getByTestId('task-card')).toHaveCount(1);
  await expect(card(column(memberPage, 'In progress'), 'Write the brief')).toBeVisible();
  await expect(column(memberPage, 'To do').getByTestId('task-card')).toHaveCount(1);
  await memberPage.screenshot({ path: screenshot('board-member-live') });

  // move the other with the keyboard: Space picks it up, an arrow moves it to the next column, Space drops it
  const handle = page.getByRole('button', { name: 'Move Review the brief', exact: true });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Review the brief is over' })).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('status').filter({ hasText: 'In progress' })).toBeAttached();
  await page.keyboard.press('Space');
  await expect(card(doing, 'Review the brief')).toBeVisible();
  await expect(todo.getByTestId('task-card')).toHaveCount(0);
  await expect(card(column(memberPage, 'In progress'), 'Review the brief')).toBeVisible();
  await expectAccessible(page, 'board');
  await page.screenshot({ path: screenshot('board-kanban'), fullPage: true });

  // the moves were saved
  const saved = await request.get(`/api/mission/${missionId}`, { headers: bearer(owner.token) });
  const cols = ((await saved.json()) as { actionItems: { title: string; col: string }[] }).actionItems.map((item) => item.col);
  expect(cols).toEqual(['doing', 'doing']);

  // the task detail: checklist, complete, reopen
  await card(doing, 'Write the brief').getByRole('button', { name: 'Open Write the brief' }).click();
  await expect(page).toHaveURL(/action-item=/);
  const detail = page.getByRole('dialog', { name: 'Write the brief' });
  await expect(detail.getByTestId('task-detail')).toBeVisible();
  await expect(detail.getByText('Files', { exact: true })).toBeVisible();
  await expect(detail.getByText('Team chat', { exact: true })).toBeVisible();
  await detail.getByLabel('New checklist line').fill('Outline the sections');
  await detail.getByRole('button', { name: 'Add line' }).click();
  const line = detail.getByRole('checkbox', { name: 'Outline the sections' });
  await expect(line).not.toBeChecked();
  await line.click();
  await expect(line).toBeChecked();
  await expect(detail.getByText('1 of 1 done')).toBeVisible();

  await detail.getByRole('button', { name: 'Complete task' }).click();
  await expect(detail.getByTestId('task-status')).toHaveText('Done');
  await expect(detail.getByTestId('task-completed')).toContainText('by Olga Owner');
  await expectAccessible(page, 'task detail');
  await page.screenshot({ path: screenshot('board-task-detail'), fullPage: true });
  await detail.getByRole('button', { name: 'Reopen task' }).click();
  await expect(detail.getByTestId('task-status')).toHaveText('Open');
  await expect(detail.getByTestId('task-completed')).toHaveCount(0);

  // the member sees the checklist tick in their open detail
  await memberPage.goto(`/home?mission=${missionId}&mission-tab=board&action-item=${new URL(page.url()).searchParams.get('action-item')}`);
  await expect(memberPage.getByRole('checkbox', { name: 'Outline the sections' })).toBeChecked();

  // a removal that fails (here the connection drops) toasts 'Oops...' and the line stays; once through, it goes
  const checklistLine = '**/api/action-item/*/checklist/*';
  await page.route(checklistLine, (route) =>
    route.request().method() === 'DELETE' ? route.abort('internetdisconnected') : route.continue(),
  );
  await detail.getByRole('button', { name: 'Delete Outline the sections' }).click();
  await expect(page.getByText('Oops...', { exact: true })).toBeVisible();
  await expect(line).toBeVisible();
  await page.screenshot({ path: screenshot('board-removal-failed') });
  await page.unroute(checklistLine);
  await detail.getByRole('button', { name: 'Delete Outline the sections' }).click();
  await expect(line).toHaveCount(0);
  await expect(memberPage.getByRole('checkbox', { name: 'Outline the sections' })).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/action-item=/);
  await memberContext.close();
});

test('a simple project board: overdue marks, hidden long tags, the hover Done control, filters by tag', async ({ page, request }) => {
  const owner = await createAccount(request, 'board-simple', { firstName: 'Sid', lastName: 'Simple' });
  const created = await request.post('/api/mission', {
    data: { title: 'Simple board', projectType: 'simple', planStartDate: '2030-03-04', planEndDate: '2030-06-28' },
    headers: bearer(owner.token),
  });
  expect(created.status(), await created.text()).toBe(201);
  const mission = (await created.json()) as { _id: string; planItems: { _id: string }[] };
  const action = await request.post(`/api/mission-plan/${mission.planItems[0]!._id}/action`, {
    data: { title: 'Build' },
    headers: bearer(owner.token),
  });
  expect(action.status(), await action.text()).toBe(201);
  const actionId = ((await action.json()) as { action: { _id: string } }).action._id;
  for (const body of [
    { title: 'Late task', dueDate: '2020-01-06', tags: ['ui', 'averyveryverylongtagname'], metaType: 'Bug', complexityMultiplier: 20 },
    { title: 'Calm task', tags: ['api'] },
  ]) {
    const item = await request.post(`/api/action-item/action/${actionId}`, { data: body, headers: bearer(owner.token) });
    expect(item.status(), await item.text()).toBe(201);
  }

  await signIn(page, owner.email);
  await page.goto(`/home?mission=${mission._id}&mission-tab=board`);
  const late = card(page, 'Late task');
  await expect(late).toBeVisible();
  await expect(late.getByText('Overdue')).toBeVisible();
  await expect(late.getByText('Bug')).toBeVisible();
  await expect(late.getByText('C3')).toBeVisible();
  await expect(late.getByText('ui', { exact: true })).toBeVisible();
  await expect(late.getByText('averyveryverylongtagname')).toHaveCount(0);
  await expect(card(page, 'Calm task').getByText('Overdue')).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Tag' }).click();
  await page.getByRole('option', { name: 'api' }).click();
  await expect(card(page, 'Late task')).toHaveCount(0);
  await expect(card(page, 'Calm task')).toBeVisible();
  await page.getByRole('combobox', { name: 'Tag' }).click();
  await page.getByRole('option', { name: 'api' }).click();
  await expect(card(page, 'Late task')).toBeVisible();

  await late.hover();
  await late.getByRole('button', { name: 'Mark Late task done' }).click();
  await expect(late.getByText('Done', { exact: true })).toBeVisible();
  await expect(late.getByText('Overdue')).toHaveCount(0);
  await expectAccessible(page, 'simple board');
  await page.screenshot({ path: screenshot('board-simple'), fullPage: true });
});

test('an unknown task says it is no longer available and closes', async ({ page, request }) => {
  const person = await createAccount(request, 'board-unknown', { firstName: 'Una', lastName: 'Known' });
  await signIn(page, person.email);
  await page.goto('/home?action-item=0123456789abcdef01234567');
  await expect(page.getByText('Sorry this task is no longer available.')).toBeVisible();
  await expect(page).not.toHaveURL(/action-item=/);
});

test('actions on the board: ?action opens the work view on its tasks, a new action (the server refusing one date), quick add under a chosen action, the task detail fields, remove everyone, copy a task, then manage the actions: rename, move a task, close, reopen, delete', async ({
  page,
  request,
}) => {
  const owner = await verifiedAccount(page, request, 'board-actions', { firstName: 'Ada', lastName: 'Actions' });
  const member = await createAccount(request, 'board-actions-member', { firstName: 'Max', lastName: 'Member' });
  const missionId = await kanbanMissionWithMember(request, owner, member);
  const read = await request.get(`/api/mission/${missionId}`, { headers: bearer(owner.token) });
  const mission = (await read.json()) as { planItems: { _id: string }[]; people: { _id: string }[] };
  const created = await request.post(`/api/mission-plan/${mission.planItems[0]!._id}/action`, {
    data: { title: 'Build' },
    headers: bearer(owner.token),
  });
  expect(created.status(), await created.text()).toBe(201);
  const buildId = ((await created.json()) as { action: { _id: string } }).action._id;
  for (const data of [{ title: 'Draft plan', people: mission.people.map((person) => person._id) }, { title: 'Order parts' }]) {
    const item = await request.post(`/api/action-item/action/${buildId}`, { data, headers: bearer(owner.token) });
    expect(item.status(), await item.text()).toBe(201);
  }

  // ?action alone opens the board with that action's tasks
  await signIn(page, owner.email);
  await page.goto(`/home?mission=${missionId}&action=${buildId}`);
  await expect(page.getByRole('tab', { name: 'Board' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('board-action')).toContainText('Action: Build');
  await expect(card(page, 'Draft plan')).toBeVisible();

  // a new action: one date alone is refused with the server's words, both dates go through
  await page.getByRole('button', { name: 'New action' }).click();
  const form = page.getByRole('form', { name: 'New action' });
  await form.getByLabel('Action title').fill('Launch');
  await form.getByLabel('Start (optional)').fill('2030-04-01');
  await form.getByRole('button', { name: 'Create action' }).click();
  await expect(form.getByRole('alert')).toHaveText('Sorry was not able to create...');
  await expect(form.getByRole('button', { name: 'Create action' })).not.toHaveAttribute('data-loading');
  await expectAccessible(page, 'new action');
  await page.screenshot({ path: screenshot('board-new-action') });
  await form.getByLabel('End (optional)').fill('2030-04-30');
  await form.getByRole('button', { name: 'Create action' }).click();
  await expect(page.getByText('Action “Launch” created.')).toBeVisible();
  await expect(form).toHaveCount(0);

  // quick add goes under the action chosen (the new one), once every action shows again
  await page.getByRole('button', { name: 'Show every action' }).click();
  await expect(page).not.toHaveURL(/action=/);
  await expect(page.getByRole('tab', { name: 'Board' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'Add tasks to' })).toHaveValue('Launch');
  const todo = column(page, 'To do');
  await todo.getByLabel('New task in To do').fill('Ship it');
  await todo.getByLabel('New task in To do').press('Enter');
  await expect(card(todo, 'Ship it')).toBeVisible();
  const saved = (await (await request.get(`/api/mission/${missionId}`, { headers: bearer(owner.token) })).json()) as {
    actions: { _id: string; title: string }[];
    actionItems: { title: string; actionId: string }[];
  };
  const launchId = saved.actions.find((action) => action.title === 'Launch')!._id;
  expect(saved.actionItems.find((item) => item.title === 'Ship it')!.actionId).toBe(launchId);

  // the task detail: short description, actual duration (days of 8 hours, quarter hours kept), percent complete
  await card(todo, 'Draft plan').getByRole('button', { name: 'Open Draft plan' }).click();
  const detail = page.getByRole('dialog', { name: 'Draft plan' });
  const draftId = new URL(page.url()).searchParams.get('action-item')!;
  await detail.getByLabel('Short description').fill('The first cut');
  await detail.getByLabel('Short description').blur();
  await detail.getByLabel('Actual duration (hours)').fill('19.25');
  await detail.getByLabel('Actual duration (hours)').blur();
  await expect(detail.getByText('2d 3.25h')).toBeVisible();
  await expect(detail.getByLabel('Actual duration (hours)')).toHaveValue('19.25');
  await detail.screenshot({ path: screenshot('task-detail-quarter-hours') });
  await detail.getByLabel('Percent complete').fill('40');
  await detail.getByLabel('Percent complete').press('Enter');
  await expect
    .poll(async () => (await request.get(`/api/action-item/${draftId}`, { headers: bearer(owner.token) })).json())
    .toMatchObject({ shortDescription: 'The first cut', actualDuration: 19.25, percentComplete: 40 });

  // remove everyone from the task at once
  await expect(detail.getByTestId('task-person')).toHaveCount(2);
  await detail.getByRole('button', { name: 'Remove everyone' }).click();
  await page.getByRole('dialog', { name: 'Remove everyone from this task?' }).getByRole('button', { name: 'Remove everyone' }).click();
  await expect(detail.getByTestId('task-person')).toHaveCount(0);
  await expect(detail.getByText('Nobody yet.')).toBeVisible();
  await expectAccessible(page, 'task detail fields');
  // the drawer scrolls on its own: a tall window shows the whole detail
  await page.setViewportSize({ width: 1280, height: 1900 });
  await page.screenshot({ path: screenshot('board-task-detail-fields') });
  await page.setViewportSize({ width: 1280, height: 720 });

  // copy the task: the copy opens
  await detail.getByRole('button', { name: 'Copy task' }).click();
  const copy = page.getByRole('dialog', { name: 'Draft plan (Copy)' });
  await expect(copy.getByTestId('task-detail')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`action-item=${draftId}`));
  await expect(copy.getByLabel('Short description')).toHaveValue('The first cut');
  await page.keyboard.press('Escape');
  await expect(card(todo, 'Draft plan (Copy)')).toBeVisible();

  // the Actions control: rename 'Launch' by keyboard; the quick add choice follows the new title
  const actionsButton = page.getByRole('button', { name: 'Actions (2)' });
  await actionsButton.click();
  const list = page.getByRole('group', { name: 'Actions of this project' });
  await expect(list.getByTestId('action-row')).toHaveCount(2);
  await expect(list.getByRole('listitem', { name: 'Build' })).toContainText('3 tasks');
  await list.getByRole('button', { name: 'Rename Launch' }).focus();
  await page.keyboard.press('Enter');
  const newTitle = list.getByLabel('New title of Launch');
  await expect(newTitle).toBeFocused();
  await newTitle.fill('Release');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Action renamed to “Release”.')).toBeVisible();
  await expect(list.getByRole('button', { name: 'Rename Release' })).toBeFocused();
  await expectAccessible(page, 'actions control');
  await page.screenshot({ path: screenshot('board-actions-control') });
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Add tasks to' })).toHaveValue('Release');
  const launch = (await (await request.get(`/api/mission/${missionId}`, { headers: bearer(owner.token) })).json()) as {
    actions: { _id: string; title: string }[];
  };
  expect(launch.actions.find((action) => action._id === launchId)!.title).toBe('Release');

  // move a task to it from the task detail
  await card(todo, 'Order parts').getByRole('button', { name: 'Open Order parts' }).click();
  const order = page.getByRole('dialog', { name: 'Order parts' });
  const orderId = new URL(page.url()).searchParams.get('action-item')!;
  await expect(order.getByRole('combobox', { name: 'Action', exact: true })).toHaveValue('Build');
  await order.getByRole('combobox', { name: 'Action', exact: true }).click();
  await page.getByRole('option', { name: 'Release' }).click();
  await expect(page.getByText('Moved to the action “Release”.')).toBeVisible();
  await expect(order.getByText('in Release')).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/action-item/${orderId}`, { headers: bearer(owner.token) })).json()) as { actionId: string })
          .actionId,
    )
    .toBe(launchId);
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/action-item=/);

  // mark it done: it is closed, so quick add no longer offers it and its tasks stay where they are
  await actionsButton.click();
  await list.getByRole('button', { name: 'Mark Release done' }).click();
  await expect(page.getByText('“Release” is done and closed: its tasks can no longer be changed or added to.')).toBeVisible();
  const release = list.getByRole('listitem', { name: 'Release' });
  await expect(release).toContainText('2 tasks · closed');
  await expect(release.getByText('Done', { exact: true })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Reopen Release' })).toBeFocused();
  await expect(list.getByRole('button', { name: 'Rename Release' })).toHaveCount(0);
  await expect(list.getByRole('button', { name: 'Delete Release' })).toHaveCount(0);
  await page.screenshot({ path: screenshot('board-actions-closed') });
  await expect(page.getByRole('combobox', { name: 'Add tasks to' })).toHaveCount(0);
  await expect
    .poll(async () => {
      const read = (await (await request.get(`/api/mission/${missionId}`, { headers: bearer(owner.token) })).json()) as {
        actions: { _id: string; status: string }[];
      };
      return read.actions.find((action) => action._id === launchId)!.status;
    })
    .toBe('done');
  await page.keyboard.press('Escape');
  await card(todo, 'Ship it').getByRole('button', { name: 'Open Ship it' }).click();
  const shipIt = page.getByRole('dialog', { name: 'Ship it' });
  await expect(shipIt.getByRole('combobox', { name: 'Action', exact: true })).toBeDisabled();
  await expect(shipIt.getByRole('combobox', { name: 'Action', exact: true })).toHaveValue('Release (done)');
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/action-item=/);

  // a link to complete it (complete-action) says when it is done already
  const prompt = page.getByRole('dialog', { name: 'Complete the action' });
  await page.goto(`/home?mission=${missionId}&mission-tab=board&complete-action=${launchId}`);
  await expect(prompt).toContainText('“Release” is already done.');
  await prompt.getByRole('button', { name: 'OK' }).click();
  await expect(page).not.toHaveURL(/complete-action=/);

  // reopen it: quick add offers it again
  await actionsButton.click();
  await list.getByRole('button', { name: 'Reopen Release' }).click();
  await expect(page.getByText('“Release” is open again.')).toBeVisible();
  await expect(list.getByRole('button', { name: 'Rename Release' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Add tasks to' })).toBeVisible();

  // the link on an open action asks first, then marks it done; reopened from the menu again
  await page.goto(`/home?mission=${missionId}&mission-tab=board&complete-action=${launchId}`);
  await expect(prompt).toContainText('Mark “Release” done?');
  await expectAccessible(page, 'complete an action from a link');
  await page.screenshot({ path: screenshot('board-complete-action') });
  await prompt.getByRole('button', { name: 'Mark done' }).click();
  await expect(page.getByText('“Release” is done and closed: its tasks can no longer be changed or added to.')).toBeVisible();
  await expect(page).not.toHaveURL(/complete-action=/);
  await actionsButton.click();
  await list.getByRole('button', { name: 'Reopen Release' }).click();
  await expect(page.getByText('“Release” is open again.')).toBeVisible();

  // delete the other action after confirming: its tasks go too
  await list.getByRole('button', { name: 'Delete Build' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete the action “Build”?' });
  await expect(confirmDelete).toContainText('Its 2 tasks go too');
  await expectAccessible(page, 'delete an action');
  await page.screenshot({ path: screenshot('board-actions-delete') });
  await confirmDelete.getByRole('button', { name: 'Delete action and its tasks' }).click();
  await expect(page.getByText('Action “Build” deleted with its 2 tasks.')).toBeVisible();
  await expect(card(page, 'Draft plan')).toHaveCount(0);
  await expect(card(page, 'Draft plan (Copy)')).toHaveCount(0);
  await expect(card(todo, 'Order parts')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions (1)' })).toBeVisible();
  const after = (await (await request.get(`/api/mission/${missionId}`, { headers: bearer(owner.token) })).json()) as {
    actions: { title: string; status: string }[];
    actionItems: { title: string }[];
  };
  expect(after.actions.map((action) => [action.title, action.status])).toEqual([['Release', 'open']]);
  expect(after.actionItems.map((item) => item.title).sort()).toEqual(['Order parts', 'Ship it']);
});
