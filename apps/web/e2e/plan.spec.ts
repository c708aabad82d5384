import { expect, test, type Page } from '@playwright/test';
import { createAccount, expectAccessible, screenshot, signIn } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const missionView = (page: Page) => page.getByRole('dialog', { name: /^Mission / });
const OVERLAP = 'Sorry. You cannot have overlapping roles for the same person on the same project.';

test('the plan timeline adds a role, assigns a person and refuses overlapping roles', async ({ page, request }) => {
  const account = await createAccount(request, 'plan', { firstName: 'Pat', lastName: 'Planner' });
  const created = await request.post('/api/mission', {
    data: { title: 'Harbour', planStartDate: '2031-01-06', planEndDate: '2031-06-27' },
    headers: bearer(account.token),
  });
  expect(created.status(), await created.text()).toBe(201);
  const missionId = ((await created.json()) as { _id: string })._id;

  await signIn(page, account.email);
  await page.goto(`/home?mission=${missionId}&mission-tab=plan`);
  const view = missionView(page);
  await expect(view.getByRole('heading', { name: 'Plan', exact: true })).toBeVisible();

  // add a Designer role in March, without a person yet
  await view.getByRole('button', { name: 'Add to plan' }).click();
  const add = page.getByRole('dialog', { name: 'Add to plan' });
  await add.getByLabel('Role').fill('Designer');
  await add.getByLabel('Start').fill('2031-03-03');
  await add.getByLabel('End').fill('2031-03-28');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toHaveCount(0);
  await expect(view.getByRole('button', { name: 'Change person of Designer' })).toBeVisible();

  // assigning nobody says so
  await view.getByRole('button', { name: 'Change person of Designer' }).click();
  const change = page.getByRole('dialog', { name: 'Change person' });
  await change.getByRole('button', { name: 'Assign' }).click();
  await expect(change.getByText('Please assign a person first.')).toBeVisible();

  // Pat already holds the Project manager role over the whole mission: overlapping
  await change.getByLabel('Person').click();
  await page.getByRole('option', { name: 'Pat Planner' }).click();
  await change.getByRole('button', { name: 'Assign' }).click();
  await expect(change.getByText(OVERLAP)).toBeVisible();
  await expectAccessible(page, 'plan overlap');
  await page.screenshot({ path: screenshot('plan-overlap'), fullPage: true });
  await change.getByRole('button', { name: 'Cancel' }).click();

  // free Pat from the Project manager role, then the Designer role takes Pat
  await view.getByRole('button', { name: 'Change person of Project manager' }).click();
  await page.getByRole('dialog', { name: 'Change person' }).getByRole('button', { name: 'Remove the person' }).click();
  await expect(page.getByRole('dialog', { name: 'Change person' })).toHaveCount(0);
  await view.getByRole('button', { name: 'Change person of Designer' }).click();
  await change.getByLabel('Person').click();
  await page.getByRole('option', { name: 'Pat Planner' }).click();
  await change.getByRole('button', { name: 'Assign' }).click();
  await expect(change).toHaveCount(0);

  // a request needs a reason of 5 characters
  await view.getByRole('button', { name: 'Request approval for Project manager' }).click();
  const ask = page.getByRole('dialog', { name: 'Request approval' });
  await ask.getByLabel('Person').click();
  await page.getByRole('option', { name: 'Pat Planner' }).click();
  await ask.getByLabel('Reason').fill('asap');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask.getByText('Please enter a longer description')).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();

  await expect(view.getByRole('alert').filter({ hasText: 'Unfilled role: Project manager' })).toHaveCount(0);
  await expectAccessible(page, 'plan timeline');
  await page.screenshot({ path: screenshot('plan-timeline'), fullPage: true });

  await page.reload();
  await expect(view.getByTestId(/^role-/).filter({ hasText: 'Designer' })).toContainText('Pat Planner');
});
