import { expect as baseExpect, test, type Page } from '@playwright/test';
import { apiCall, expectAccessible, licensedMission, screenshot, signIn } from './support.ts';

/** Lazy tabs on a shared machine: patient assertions (none depends on timing). */
const expect = baseExpect.configure({ timeout: 30_000 });

type Item = { _id: string; status: string };

const rowOf = (page: Page, text: string | RegExp) => page.getByRole('row').filter({ hasText: text });

test('role plans: CRM roles are bulk merged with the spec’s toast, a failure shows the server’s message, and the Request and Assign tabs show their rows', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { manager, org, mission } = await licensedMission(page, request, 'roleplans', 'light', 'EUR');
  const base = `/api/org-role-plan-item/org/${org._id}`;
  const consultant = await apiCall<{ _id: string }>(request, 'post', manager.token, `/api/org/${org._id}/roles`, { name: 'Consultant' });
  const analyst = await apiCall<{ _id: string }>(request, 'post', manager.token, `/api/org/${org._id}/roles`, { name: 'Analyst' });
  const program = await apiCall<{ _id: string }>(request, 'post', manager.token, `/api/org/${org._id}/programs`, { title: 'Advisory' });
  const offer = (roleId: string, hoursApproved: number, extra: Record<string, unknown> = {}) =>
    apiCall<Item>(request, 'post', manager.token, base, {
      roleId,
      programId: program._id,
      missionId: mission._id,
      hoursNeeded: 20,
      hoursApproved,
      createdFromGtCrm: true,
      startDate: '2026-12-07',
      endDate: '2026-12-18',
      ...extra,
    });
  await offer(consultant._id, 10);
  await offer(consultant._id, 6.5);
  const analystItem = await offer(analyst._id, 4);

  // Request resources: the organisation view, every row a draft and highlighted
  await signIn(page, manager.email);
  await page.goto('/board?board-tab=gt-request');
  await expect(page.getByRole('tab', { name: 'Request resources' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Assign resources' })).toBeVisible();
  await expect(rowOf(page, 'Consultant')).toHaveCount(2);
  await expect(rowOf(page, 'Analyst')).toHaveCount(1);
  await expect(rowOf(page, 'Analyst')).toContainText('CRM Offers');
  await expect(rowOf(page, 'Analyst')).toContainText('Not submitted yet (Draft)');
  await expect(rowOf(page, 'Analyst')).toHaveAttribute('data-attention', 'true');
  await expectAccessible(page, 'request resources');
  await page.screenshot({ path: screenshot('role-plans-request-light') });

  // a merge of roles that share no program and role: the server's message as an error toast, and reported to the
  // server silently (rule 88)
  await rowOf(page, 'Analyst').getByRole('checkbox').check();
  await rowOf(page, 'Consultant').first().getByRole('checkbox').check();
  const reported = page.waitForRequest((sent) => sent.url().includes('/api/log/web') && sent.method() === 'POST');
  await page.getByRole('button', { name: 'Combine approved hours' }).click();
  await expect(page.getByText('Choose at least two role-plan items of the same program and role to merge.')).toBeVisible();
  expect((await reported).postDataJSON()).toMatchObject({ message: 'role-plan bulk change failed', data: { action: 'merge' } });
  await rowOf(page, 'Analyst').getByRole('checkbox').uncheck();

  // a bulk merge of the two Consultant offers: one merged role with their approved hours summed
  await rowOf(page, 'Consultant').nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Combine approved hours' }).click();
  await expect(page.getByText('Your approved hours were combined.')).toBeVisible();
  await expect(rowOf(page, 'Consultant')).toHaveCount(1);
  await expect(rowOf(page, 'Consultant')).toContainText('Merged role');
  await expect(rowOf(page, 'Consultant')).toContainText('16.5 h');
  await page.screenshot({ path: screenshot('role-plans-merged-light') });

  // approve both through the bulk status
  await rowOf(page, 'Consultant').getByRole('checkbox').check();
  await rowOf(page, 'Analyst').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Set status (2)' }).click();
  await expect(rowOf(page, 'Analyst').getByText('approved')).toBeVisible();
  await expect(rowOf(page, 'Analyst')).not.toHaveAttribute('data-attention', 'true');
  const items = await apiCall<{ items: Item[] }>(request, 'get', manager.token, base);
  expect(items.items.find((item) => item._id === analystItem._id)?.status).toBe('approved');

  // Assign resources: the approved roles, unassigned ones needing assignment
  await page.getByRole('tab', { name: 'Assign resources' }).click();
  await expect(page).toHaveURL(/board-tab=gt-assign/);
  await expect(rowOf(page, 'Analyst')).toContainText('Needs assignment');
  await expect(rowOf(page, 'Consultant')).toContainText('Needs assignment');
  await expect(page.getByText('2 of 2 approved roles need assignment.')).toBeVisible();
  await rowOf(page, 'Analyst').getByRole('combobox', { name: 'Assign Analyst' }).click();
  await page.getByRole('option', { name: 'Mia Manager' }).click();
  await expect(page.getByText('1 of 2 approved roles need assignment.')).toBeVisible();
  await expect(rowOf(page, 'Analyst')).not.toContainText('Needs assignment');
  await expectAccessible(page, 'assign resources');
  await page.screenshot({ path: screenshot('role-plans-assign-light') });

  // Scheduling: the dated role plans by person
  await page.getByRole('tab', { name: 'Scheduling' }).click();
  await expect(rowOf(page, 'Mia Manager')).toContainText('2026-12-07');

  // the same tabs in the dark scheme, with a new offer waiting (highlighted)
  await offer(analyst._id, 2, { createdFromGtCrm: false });
  await apiCall(request, 'put', manager.token, '/api/people/profile', { mode: 'dark' });
  await page.goto('/board?board-tab=gt-request');
  await expect(rowOf(page, 'Created in Crewplan')).toHaveAttribute('data-attention', 'true');
  await expectAccessible(page, 'request resources (dark)');
  await page.screenshot({ path: screenshot('role-plans-request-dark') });
  await page.goto('/board?board-tab=gt-assign');
  await expect(rowOf(page, 'Consultant')).toContainText('Needs assignment');
  await page.screenshot({ path: screenshot('role-plans-assign-dark') });
});
