import { expect, test } from '@playwright/test';
import { apiCall, createAccount, expectAccessible, licensedMission, monday, screenshot, signIn, tokenOfMail } from './support.ts';

test('a manager asks for recommendations on an unfilled role, reads why, and assigns the best person', async ({ page, request }) => {
  // three accounts with their invitations and two projects: slow on a busy machine
  test.setTimeout(300_000);
  const { manager, org, mission, join } = await licensedMission(page, request, 'recommend', 'light', 'EUR');
  const ada = await createAccount(request, 'recommend-ada', { firstName: 'Ada', lastName: 'Free' });
  const ben = await createAccount(request, 'recommend-ben', { firstName: 'Ben', lastName: 'Busy' });
  await join(ada);
  const benId = await join(ben);

  // Ben spends half of every day of the next weeks on another project of the organisation
  const start = monday(-2);
  const end = monday(-4);
  const other = await apiCall<{ _id: string }>(request, 'post', manager.token, '/api/mission', {
    title: 'Dock repairs',
    org: org._id,
    projectType: 'simple',
    planStartDate: monday(1),
    planEndDate: monday(-10),
  });
  await apiCall(request, 'post', manager.token, `/api/mission/${other._id}/invite`, { inviteeEmail: ben.email });
  const invite = await apiCall<{ _id: string }>(
    request,
    'post',
    ben.token,
    `/api/mission-invite/handle/${await tokenOfMail(request, ben.email, 'You are invited to the mission Dock repairs')}`,
  );
  await apiCall(request, 'put', ben.token, `/api/mission-invite/${invite._id}/accept`);
  await apiCall(request, 'post', manager.token, `/api/mission-plan/mission/${other._id}`, {
    type: 'person',
    title: 'Carpenter',
    role: 'Carpenter',
    person: benId,
    allocation: 50,
    startDate: monday(1),
    endDate: monday(-8),
  });
  // the unfilled role: a Designer for two weeks, full time
  await apiCall(request, 'post', manager.token, `/api/mission-plan/mission/${mission._id}`, {
    type: 'person',
    title: 'Designer',
    role: 'Designer',
    allocation: 100,
    startDate: start,
    endDate: end,
  });

  await signIn(page, manager.email);
  await page.goto(`/home?mission=${mission._id}&mission-tab=plan`);
  const view = page.getByRole('dialog', { name: /^Mission / });
  await view.getByRole('button', { name: 'Change person of Designer' }).click();
  const change = page.getByRole('dialog', { name: 'Change person' });
  await change.getByRole('button', { name: 'Recommend' }).click();

  const rows = change.getByLabel('Recommended people');
  const best = rows.getByTestId(/^recommendation-/).first();
  await expect(best).toContainText('Ada Free');
  await expect(best).toContainText('Availability 100%');
  await expect(best).toContainText('Leave conflict 0%');
  await expect(best).toContainText(/Fit \d+(\.\d)?%/);
  const benRow = rows.getByTestId(/^recommendation-/).filter({ hasText: 'Ben Busy' });
  await expect(benRow).toContainText('Availability 50%');

  await best.getByRole('button', { name: 'Why?' }).click();
  await expect(best.getByText(/^Free for (\d+) h of the \1 h the role needs \(100%\)\.$/)).toBeVisible();
  await expect(best.getByText("No leave on the role's days.")).toBeVisible();
  await expectAccessible(page, 'role recommendations');
  await page.screenshot({ path: screenshot('recommend-why'), fullPage: true });

  await best.getByRole('button', { name: 'Assign' }).click();
  await expect(change).toHaveCount(0);
  await expect(view.getByTestId(/^role-/).filter({ hasText: 'Designer' })).toContainText('Ada Free');
  await page.screenshot({ path: screenshot('recommend-assigned'), fullPage: true });
});
