import { expect as baseExpect, test, type Page } from '@playwright/test';
import { apiCall, createAccount, expectAccessible, latestMail, licensedMission, linkIn, screenshot, signIn } from './support.ts';

/** Two people, lazy screens and a shared machine: patient assertions (none depends on timing). */
const expect = baseExpect.configure({ timeout: 30_000 });
// an element that never comes fails the step, not the whole run's time
test.use({ actionTimeout: 30_000 });

const DAY = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const weekday = (day: string) => (new Date(Date.parse(`${day}T00:00:00Z`)).getUTCDay() + 6) % 7;
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type Org = {
  holidayCountryCode: string | null;
  daysPerWeek: number;
  carryOverAnnualLeaveCutOff: string | null;
  carryOverAnnualLeaveAmount: number | null;
  carryOverAnnualLeaveFx: string;
  leaveCodes: {
    id: string;
    code: string;
    description: string;
    minHours: number | null;
    maxHours: number | null;
    timesPerYear: number | null;
    hideReason: boolean;
  }[];
};

async function darkToo(page: Page, name: string) {
  await page.screenshot({ path: screenshot(`${name}-light`) });
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
  await page.screenshot({ path: screenshot(`${name}-dark`) });
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
}

test('leave: a request with a file raises the Leaves badges live; the approver opens the file; the admin sets leave up', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { manager, org, join } = await licensedMission(page, request, 'leave-settings', 'light', 'EUR');
  const member = await createAccount(request, 'leave-settings-member', {
    firstName: 'Nikos',
    lastName: 'Georgiou',
    mode: 'light',
    theme: 'main',
  });
  await join(member);

  // the manager (the mission's owner and the organisation's admin) watches the board: nothing to decide yet
  await signIn(page, manager.email);
  await page.goto('/board?board-tab=vision-board');
  const leavesTab = page.getByRole('tab', { name: /Leaves/ });
  await expect(leavesTab).toBeVisible();
  await expect(leavesTab.getByTestId('tab-badge')).toHaveCount(0);

  // the member asks for a day in the next 3 days (the first working day from today), with a doctor's note
  const today = new Date().toISOString().slice(0, 10);
  let day = today;
  while (weekday(day) > 4) day = shift(day, 1);
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const memberPage = await memberContext.newPage();
  await memberPage.goto(linkIn(await latestMail(request, member.email, 'Verify your email for Crewplan')));
  await signIn(memberPage, member.email);
  await memberPage.getByRole('button', { name: 'My leave requests' }).click();
  const tracker = memberPage.getByRole('dialog', { name: 'My leave requests' });
  await tracker.getByLabel('Leave', { exact: true }).click();
  await memberPage.getByRole('option', { name: 'Medical leave' }).click();
  await tracker.getByLabel('From', { exact: true }).fill(day);
  await tracker.getByLabel('To', { exact: true }).fill(day);
  await tracker
    .getByLabel('Attachments of the request: drop files here')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'doctors-note.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(tracker.getByTestId('leave-picked-files')).toContainText('doctors-note.png');
  await tracker.getByRole('button', { name: 'Submit for approval' }).click();
  const row = tracker.getByTestId('my-leave-requests').getByRole('row').filter({ hasText: 'Medical leave' });
  await expect(row).toContainText('Pending approval');
  await expect(row.getByRole('link', { name: 'doctors-note.png' })).toBeVisible();
  await darkToo(memberPage, 'leave-tracker-attachment');
  await expectAccessible(memberPage, 'leave tracker with a file');

  // the board's Leaves tab counts it without a reload (rule 230)
  await expect(leavesTab.getByTestId('tab-badge')).toHaveText('1');
  await leavesTab.click();
  const review = page.getByTestId('leave-review').filter({ hasText: 'Nikos Georgiou' });
  const note = review.getByRole('link', { name: 'doctors-note.png' });
  await expect(note).toBeVisible();
  // the approver opens it at the signed address the server gave
  const opened = await request.get(new URL((await note.getAttribute('href'))!, page.url()).toString());
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toContain('image/png');
  await darkToo(page, 'leave-board-badge');

  // the organisation's Leaves tab counts it too; once approved first, the board has nothing left, the organisation the final stage
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(review.getByTestId('leave-status')).toHaveText('Pending final approval');
  await expect(leavesTab.getByTestId('tab-badge')).toHaveCount(0);
  await page.goto(`/home?org=${org._id}&org-tab=org-leaves`);
  const orgLeavesTab = page.getByRole('tab', { name: /^Leaves/ });
  await expect(orgLeavesTab.getByTestId('tab-badge')).toHaveText('1');

  // the admin sets the organisation's leave up
  await page.getByRole('tab', { name: 'Leave settings' }).click();
  const settings = page.getByTestId('leave-settings');
  const codes = settings.getByRole('table', { name: 'Leave codes' });
  for (const name of ['Annual leave', 'Training', 'Personal leave', 'Medical leave']) await expect(codes).toContainText(name);
  await expect(codes.locator('[data-code="annual"]')).toContainText('Default');
  await settings.getByLabel('Public holidays of', { exact: true }).fill('Greece');
  await page.getByRole('option', { name: 'Greece (GR)' }).click();
  await settings.getByLabel('Working days per week').fill('5');
  await settings.getByLabel('Cut-off (MM-DD)').fill('03-31');
  await settings.getByLabel('Amount carried over').fill('5');
  await settings.getByLabel('The amount is', { exact: true }).click();
  await page.getByRole('option', { name: 'Days, at most what remains' }).click();

  await settings.getByRole('button', { name: 'Add leave code' }).click();
  const form = page.getByRole('dialog', { name: 'New leave code' });
  await form.getByLabel('Code', { exact: true }).fill('BD');
  await form.getByLabel('Description').fill('Blood donation');
  await form.getByLabel('Fewest hours').fill('9');
  await form.getByLabel('Most hours').fill('8');
  await form.getByRole('button', { name: 'Keep this code' }).click();
  await expect(form).toContainText('The fewest hours must not be more than the most hours.');
  await form.getByLabel('Fewest hours').fill('1');
  await form.getByLabel('Most hours').fill('16');
  await form.getByLabel('Times per year').fill('2');
  await form.getByLabel('Hide the reason').check();
  await form.getByRole('button', { name: 'Add a year' }).click();
  await form.getByLabel('Days', { exact: true }).fill('4');
  await form.getByLabel('Comments', { exact: true }).fill('Twice a year, a day each');
  await darkToo(page, 'leave-code-form');
  await form.getByRole('button', { name: 'Keep this code' }).click();
  await expect(form).toBeHidden();
  await expect(codes.locator('[data-code="bd"]')).toContainText('Blood donation');

  await codes.getByRole('button', { name: 'Edit Training' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Training' });
  await edit.getByLabel('Description').fill('Training and courses');
  await edit.getByLabel('Half days allowed').check();
  await edit.getByRole('button', { name: 'Keep this code' }).click();
  await codes.getByRole('button', { name: 'Delete Personal leave' }).click();
  await expect(codes).not.toContainText('Personal leave');
  await settings.getByRole('button', { name: 'Save leave settings' }).click();
  await expect(page.getByText('Leave settings saved.')).toBeVisible();
  await expectAccessible(page, 'leave settings');
  await darkToo(page, 'leave-settings');

  const saved = await apiCall<Org>(request, 'get', manager.token, `/api/org/${org._id}`);
  expect(saved).toMatchObject({
    holidayCountryCode: 'GR',
    daysPerWeek: 5,
    carryOverAnnualLeaveCutOff: '03-31',
    carryOverAnnualLeaveAmount: 5,
    carryOverAnnualLeaveFx: 'fixed',
  });
  expect(saved.leaveCodes.map((code) => code.id)).toEqual(['annual', 'training', 'medical', 'bd']);
  expect(saved.leaveCodes.find((code) => code.id === 'bd')).toMatchObject({
    code: 'BD',
    description: 'Blood donation',
    minHours: 1,
    maxHours: 16,
    timesPerYear: 2,
    hideReason: true,
  });
  expect(saved.leaveCodes.find((code) => code.id === 'training')).toMatchObject({
    description: 'Training and courses',
    allowHalfDays: true,
  });

  // the member's form offers the new code at once
  await memberPage.reload();
  await memberPage.getByRole('button', { name: 'My leave requests' }).click();
  await memberPage.getByRole('dialog', { name: 'My leave requests' }).getByLabel('Leave', { exact: true }).click();
  await expect(memberPage.getByRole('option', { name: 'Blood donation' })).toBeVisible();
  await memberContext.close();
});
