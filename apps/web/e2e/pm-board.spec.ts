import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, expectAccessible, latestMail, linkIn, signIn } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const SHOTS = process.env.HOME_SHOTS_DIR;

async function post<T>(request: APIRequestContext, token: string, url: string, data: Record<string, unknown>): Promise<T> {
  const response = await request.post(url, { data, headers: bearer(token) });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A verified manager with an organisation in its trial, a mission of it (with tasks) and an unlicensed personal mission. */
async function managerWithMissions(page: Page, request: APIRequestContext) {
  const account = await createAccount(request, 'pm-board', { firstName: 'Paula', lastName: 'Planner' });
  await page.goto(linkIn(await latestMail(request, account.email, 'Verify your email for Crewplan')));
  await expect(page.getByText('Thank you. Your email is verified.')).toBeVisible();
  const org = await post<{ _id: string }>(request, account.token, '/api/org', { title: 'Board Works', currency: 'EUR' });
  await post(request, account.token, `/api/org/${org._id}/subscription`, { trial: true });
  const dates = { planStartDate: '2030-03-04', planEndDate: '2030-06-28' };
  const managed = await post<{ _id: string; planItems: { _id: string }[] }>(request, account.token, '/api/mission', {
    title: 'Licensed launch',
    org: org._id,
    ...dates,
  });
  await post(request, account.token, '/api/mission', { title: 'Personal sketch', ...dates });
  const action = await post<{ action: { _id: string } }>(request, account.token, `/api/mission-plan/${managed.planItems[0]!._id}/action`, {
    title: 'Build',
  });
  const me = (await (await request.get('/api/people/profile', { headers: bearer(account.token) })).json()) as { _id: string };
  for (const [title, dueDate] of [
    ['Pour the base', '2030-03-05'],
    ['Raise the walls', '2030-03-14'],
  ] as const)
    await post(request, account.token, `/api/action-item/action/${action.action._id}`, { title, dueDate, people: [me._id] });
  await post(request, account.token, `/api/action-item/action/${action.action._id}`, { title: 'Pick a roof' });
  return { account, missionId: managed._id };
}

test('PM board: Missions lists only managed licensed missions, tabs switch and are remembered, More menu when narrow', async ({
  page,
  request,
}) => {
  const { account, missionId } = await managerWithMissions(page, request);
  const upload = await request.post(`/api/mission/${missionId}/drive`, {
    headers: bearer(account.token),
    multipart: { file: { name: 'site-plan.txt', mimeType: 'text/plain', buffer: Buffer.from('The site plan') } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, account.email);
  await page.goto('/board');
  await expect(page).toHaveURL(/board-tab=vision-board/);

  // the first tab reads Missions once the person manages missions; only the licensed one is listed
  await expect(page.getByRole('tab', { name: 'Missions' })).toHaveAttribute('aria-selected', 'true');
  const launchpad = page.getByTestId('launchpad');
  await expect(launchpad.getByRole('row')).toHaveCount(2);
  const row = launchpad.getByRole('row', { name: /Licensed launch/ });
  await expect(row).toContainText('Owner');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await expect(row.getByRole('cell').nth(4)).toHaveText('3');
  await expect(launchpad).not.toContainText('Personal sketch');
  await expectAccessible(page, 'board Missions');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pm-board-missions-1400.png`, fullPage: true });

  // Planner, by week and by person
  await page.getByRole('tab', { name: 'Planner' }).click();
  await expect(page).toHaveURL(/board-tab=pm-Planner/);
  await expect(page.getByRole('region', { name: 'Week of 4 Mar 2030' })).toContainText('Pour the base');
  await expect(page.getByRole('region', { name: 'Week of 11 Mar 2030' })).toContainText('Raise the walls');
  await expect(page.getByRole('region', { name: 'No date' })).toContainText('Pick a roof');
  await page
    .locator('label')
    .filter({ hasText: /^By person$/ })
    .click();
  await expect(page.getByRole('region', { name: 'Paula Planner' })).toContainText('Raise the walls');
  await expect(page.getByRole('region', { name: 'Nobody yet' })).toContainText('Pick a roof');
  await expectAccessible(page, 'board Planner');
  await page.setViewportSize({ width: 1200, height: 900 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pm-board-planner-1200.png`, fullPage: true });

  // Mission docs: the files of the missions I manage; beside the licensed organisation's resource tabs it sits in More
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Mission docs' }).click();
  await expect(page).toHaveURL(/board-tab=mission-docs/);
  const docs = page.getByTestId('mission-docs');
  await expect(docs.getByRole('row', { name: /site-plan\.txt/ })).toContainText('Licensed launch');
  await expect(docs.getByRole('link', { name: 'site-plan.txt' })).toHaveAttribute('href', /^\/drive\/d\//);
  await expectAccessible(page, 'board Mission docs');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pm-board-docs-1200.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Planner' }).click();

  // remembered after reload, and when coming back without the parameter
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Planner' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/home');
  await page.goto('/board');
  await expect(page).toHaveURL(/board-tab=pm-Planner/);
  await expect(page.getByRole('tab', { name: 'Planner' })).toHaveAttribute('aria-selected', 'true');

  // narrow: the tabs that do not fit go to the More menu
  await page.setViewportSize({ width: 420, height: 800 });
  const more = page.getByRole('button', { name: 'More' });
  await expect(more).toBeVisible();
  await expect(page.getByRole('tab', { name: 'The vault' })).toHaveCount(0);
  await more.click();
  await page.getByRole('menuitem', { name: 'The vault' }).click();
  await expect(page).toHaveURL(/board-tab=older-board/);
  await expect(page.getByRole('tab', { name: 'The vault' })).toHaveAttribute('aria-selected', 'true');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pm-board-narrow.png` });
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect(page.getByRole('tab', { name: 'Request resources' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Scheduling' })).toBeVisible();
  // beside the long chosen tab the More button keeps its whole label (it was cut to 'Mor')
  const label = more.locator('.mantine-Button-label');
  expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  // a row opens the mission
  await page.getByRole('tab', { name: 'Missions' }).click();
  await launchpad.getByRole('button', { name: 'Licensed launch' }).click();
  await expect(page).toHaveURL(new RegExp(`mission=${missionId}`));
});
