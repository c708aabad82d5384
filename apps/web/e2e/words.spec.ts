import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, expectAccessible, fillSignIn, latestMail, linkIn, screenshot, signIn, uniqueEmail } from './support.ts';

// screens load lazily and axe reads each whole page: give a busy machine room
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const UNLIMITED = 'Requires an organization with an Unlimited subscription. Start a free trial to test it out';
const NO_TIME_TRACKING = 'There are no eligible organizations for Time Tracking.';

async function post<T>(request: APIRequestContext, token: string, url: string, data: Record<string, unknown>): Promise<T> {
  const response = await request.post(url, { data, headers: bearer(token) });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A mission of an organisation in EUR with one action and its task 'Sitemap', which Dana renames and completes. */
async function euroMissionWithHistory(request: APIRequestContext, token: string) {
  const org = await post<{ _id: string }>(request, token, '/api/org', { title: 'Euro Works', currency: 'EUR' });
  const mission = await post<{ _id: string; currency: string; planItems: { _id: string }[] }>(request, token, '/api/mission', {
    title: 'Website',
    org: org._id,
    planStartDate: '2031-01-06',
    planEndDate: '2031-06-27',
  });
  const { action } = await post<{ action: { _id: string } }>(request, token, `/api/mission-plan/${mission.planItems[0]!._id}/action`, {
    title: 'Build',
  });
  const item = await post<{ _id: string }>(request, token, `/api/action-item/action/${action._id}`, { title: 'Site map' });
  for (const data of [{ title: 'Sitemap' }, { status: 'done' }]) {
    const changed = await request.put(`/api/action-item/${item._id}`, { data, headers: bearer(token) });
    expect(changed.status(), await changed.text()).toBe(200);
  }
  return { orgId: org._id, missionId: mission._id };
}

const quickAccess = (page: Page) => page.getByRole('navigation', { name: 'Quick access' });

test('a refused form names the field and its limit next to it and keeps what was typed', async ({ page, request }) => {
  const account = await createAccount(request, 'words-form', { firstName: 'Dana', lastName: 'Words' });
  await signIn(page, account.email);
  await page.goto('/home?hq');
  const hq = page.getByRole('dialog', { name: 'Create organisation' });
  await hq.getByLabel('Organisation name').fill('Euro Works');
  await hq.getByLabel('Currency').fill('EU');
  await hq.getByRole('button', { name: 'Create organisation' }).click();

  // the server's sentence sits under the field it is about, and nothing was reset
  const currency = hq.getByLabel('Currency');
  await expect(currency).toHaveAccessibleDescription(/Currency must be a three-letter currency code/);
  await expect(hq.getByText('Currency must be a three-letter currency code', { exact: true })).toBeVisible();
  await expect(hq.getByLabel('Organisation name')).toHaveValue('Euro Works');
  await expect(currency).toHaveValue('EU');
  await expect(hq.getByText(/Invalid body|Too small|Invalid input/)).toHaveCount(0);
  await currency.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'refused organisation form');
  await page.screenshot({ path: screenshot('words-refused-form') });

  // corrected, it goes through; the new organisation reads '1 person' and its licence the same in header and settings
  await currency.fill('EUR');
  await hq.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/[?&]org=[0-9a-f]{24}/);
  const area = page.getByRole('dialog', { name: 'Organisation Euro Works' });
  await expect(area.getByText(/1 person · EUR/)).toBeVisible();
  const header = area.getByTestId('org-licence').first();
  await expect(header).toHaveAttribute('data-kind', 'free');
  const headerText = (await header.textContent()) ?? '';
  await area.getByRole('tab', { name: 'Settings' }).click();
  const settings = area.getByRole('region', { name: 'Subscription' }).getByTestId('org-licence');
  await expect(settings).toHaveText(headerText);
  await expect(settings).toContainText('Free plan');
  await expectAccessible(page, 'organisation settings with its licence');
  await page.screenshot({ path: screenshot('words-org-licence'), fullPage: true });
});

test('a new account with a short password is told the limit in words', async ({ page }) => {
  await page.goto('/login');
  await fillSignIn(page, uniqueEmail('words-short'), 'abc');
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  await expect(page.getByLabel('Email')).not.toHaveValue('');
  await page.screenshot({ path: screenshot('words-short-password') });
});

test("a EUR organisation's mission counts in EUR, and its history speaks in sentences", async ({ page, request }) => {
  const account = await createAccount(request, 'words-history', { firstName: 'Dana', lastName: 'Words' });
  const { missionId } = await euroMissionWithHistory(request, account.token);
  await signIn(page, account.email);

  await page.goto(`/home?mission=${missionId}&mission-tab=plan`);
  const view = page.getByRole('dialog', { name: /^Mission / });
  await expect(view.getByTestId('budget-text')).toContainText('Planned 0 EUR');
  await expect(view.getByTestId('budget-text')).not.toContainText('USD');
  await page.screenshot({ path: screenshot('words-plan-eur'), fullPage: true });

  await view.getByRole('tab', { name: 'History' }).click();
  const history = view.getByTestId('mission-history');
  await expect(history).toContainText("Dana Words completed 'Sitemap'");
  await expect(history).toContainText("Dana Words renamed the task 'Site map' to 'Sitemap'");
  await expect(history).toContainText("Dana Words added the task 'Site map'");
  await expect(history).not.toContainText('status');
  await expectAccessible(page, 'mission history');
  await page.screenshot({ path: screenshot('words-history'), fullPage: true });
});

test('the floating buttons show on the left, by keyboard, with the spec messages, then their screens', async ({ page, request }) => {
  const account = await createAccount(request, 'words-floating', { firstName: 'Flo', lastName: 'Ating' });
  // starting a trial later needs a verified email
  await page.goto(linkIn(await latestMail(request, account.email, 'Verify your email for Crewplan')));
  await expect(page.getByText('Thank you. Your email is verified.')).toBeVisible();
  await signIn(page, account.email);

  // without an organisation: four buttons; time, leave and expenses say what they need
  const bar = quickAccess(page);
  await expect(bar.getByRole('button')).toHaveCount(4);
  for (const name of ['Assignment calendar', 'My timesheets', 'My leave requests', 'My expenses'])
    await expect(bar.getByRole('button', { name })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Work-from-home bookings' })).toHaveCount(0);
  await expectAccessible(page, 'home with the floating buttons');

  const leave = bar.getByRole('button', { name: 'My leave requests' });
  await leave.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(UNLIMITED)).toBeVisible();
  await page.screenshot({ path: screenshot('words-floating-blocked') });
  await bar.getByRole('button', { name: 'My timesheets' }).click();
  await expect(page.getByText(NO_TIME_TRACKING)).toBeVisible();

  // in an organisation on its trial: work-from-home appears and the leave button opens the leave tracker
  const org = await post<{ _id: string }>(request, account.token, '/api/org', { title: 'Trial Co' });
  await post(request, account.token, `/api/org/${org._id}/subscription`, { trial: true });
  await page.reload();
  await expect(bar.getByRole('button', { name: 'Work-from-home bookings' })).toBeVisible();
  await bar.getByRole('button', { name: 'My leave requests' }).click();
  const screen = page.getByRole('dialog', { name: 'My leave requests' });
  await expect(screen.getByRole('heading', { name: 'My requests' })).toBeVisible();
  await expectAccessible(page, 'my leave requests');
  await page.screenshot({ path: screenshot('words-floating-open') });
  await page.keyboard.press('Escape');
  await expect(screen).toHaveCount(0);
});
