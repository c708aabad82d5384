import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, createAccount, expectAccessible, licensedMission, monday, screenshot, signIn } from './support.ts';

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const openOutlook = async (page: Page) => {
  await page
    .getByRole('dialog', { name: /^Mission / })
    .getByRole('button', { name: 'Staffing outlook' })
    .click();
  const outlook = page.getByRole('dialog', { name: 'Staffing outlook' });
  // the chart's code comes with the dialog: a busy machine takes its time
  await expect(outlook.getByRole('table', { name: 'Hours per week' })).toBeVisible({ timeout: 45_000 });
  return outlook;
};

/** Moves the project by 14 days and hands the Designer role to Ben, then asks for the effect. */
const moveAndHandOver = async (page: Page, outlook: Locator) => {
  await outlook.getByRole('tab', { name: 'What if' }).click();
  await expect(outlook.getByText('Nothing is saved: this only shows what would happen.')).toBeVisible();
  await outlook.getByLabel('Move the project by (days)').fill('14');
  await outlook.getByRole('combobox', { name: 'Hand Designer to' }).click();
  await page.getByRole('option', { name: 'Ben Busy' }).click();
  await outlook.getByRole('button', { name: 'Show the effect' }).click();
  return outlook.getByTestId('what-if-loads');
};

test('a manager reads the weekly hours and sees the effect of moving the project and handing a role over', async ({
  page,
  request,
  browser,
}) => {
  // three accounts with their invitations: slow on a busy machine
  test.setTimeout(300_000);
  const { manager, mission, join } = await licensedMission(page, request, 'outlook', 'light', 'EUR');
  const ada = await createAccount(request, 'outlook-ada', { firstName: 'Ada', lastName: 'Free' });
  const ben = await createAccount(request, 'outlook-ben', { firstName: 'Ben', lastName: 'Busy' });
  const adaId = await join(ada);
  const benId = await join(ben);

  // only the roles below: the project starts without any (a role made with it is taken off)
  const made = await apiCall<{ planItems: { _id: string; type: string }[] }>(request, 'get', manager.token, `/api/mission/${mission._id}`);
  for (const item of made.planItems.filter((entry) => entry.type === 'person')) {
    await apiCall(request, 'delete', manager.token, `/api/mission-plan/${item._id}`);
  }
  // from next week (everyone's contract runs from today): Ada designs for seven weeks, full time; Ben builds for
  // three weeks from the fourth of them
  const designerEnd = shift(monday(-7), 4);
  const role = (title: string, person: string, startDate: string, endDate: string) =>
    apiCall(request, 'post', manager.token, `/api/mission-plan/mission/${mission._id}`, {
      type: 'person',
      title,
      role: title,
      person,
      allocation: 100,
      startDate,
      endDate,
    });
  await role('Designer', adaId, monday(-1), designerEnd);
  await role('Carpenter', benId, monday(-4), shift(monday(-6), 4));

  await signIn(page, manager.email);
  await page.goto(`/home?mission=${mission._id}&mission-tab=plan`);
  const outlook = await openOutlook(page);

  // the weekly chart and its numbers: a week of Ada's alone plans her 40 hours, a week of both 80; both are free for
  // the project (80 h) each week
  await expect(outlook.getByRole('img', { name: /Chart of planned, available and leave hours per week/ })).toBeVisible();
  await expect.poll(() => outlook.locator('.recharts-bar-rectangle path').count()).toBeGreaterThan(0);
  const week = outlook.locator(`tr[data-week="${monday(-1)}"]`);
  await expect(week.getByRole('rowheader')).toHaveText(dayLabel(monday(-1)));
  await expect(week.getByRole('cell')).toHaveText(['40 h', '80 h', '0 h']);
  await expect(outlook.locator(`tr[data-week="${monday(-4)}"]`).getByRole('cell')).toHaveText(['80 h', '80 h', '0 h']);
  await expectAccessible(page, 'the weekly hours of the staffing outlook');
  await page.screenshot({ path: screenshot('staffing-outlook-weeks-light') });

  // two weeks later, with Ben on the Designer role too
  const loads = await moveAndHandOver(page, outlook);
  await expect(outlook.getByTestId('what-if-finish')).toHaveText(`Finish: ${dayLabel(designerEnd)} → ${dayLabel(shift(designerEnd, 14))}`);
  const adaRow = loads.getByRole('row', { name: 'Ada Free' });
  const benRow = loads.getByRole('row', { name: 'Ben Busy' });
  await expect(adaRow.getByRole('cell').nth(0)).toHaveText('280 h → 0 h');
  await expect(adaRow).toHaveAttribute('data-overbooked', 'false');
  await expect(benRow.getByRole('cell').nth(0)).toHaveText('120 h → 400 h');
  await expect(benRow.getByRole('cell').nth(2)).toHaveText('0 → 15');
  await expect(benRow.getByText('Over-booked')).toBeVisible();
  await expect(benRow).toHaveAttribute('data-overbooked', 'true');
  await expectAccessible(page, 'the what-if of the staffing outlook');
  await loads.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshot('staffing-outlook-what-if-light') });

  // nothing was saved: the plan still has Ada on the Designer role
  await outlook.getByRole('button', { name: 'Close the staffing outlook' }).click();
  await expect(
    page
      .getByRole('dialog', { name: /^Mission / })
      .getByTestId(/^role-/)
      .filter({ hasText: 'Designer' }),
  ).toContainText('Ada Free');

  // the same outlook in dark mode
  await apiCall(request, 'put', manager.token, '/api/people/profile', { mode: 'dark' });
  await page.reload();
  const dark = await openOutlook(page);
  await expectAccessible(page, 'the weekly hours in dark mode');
  await page.screenshot({ path: screenshot('staffing-outlook-weeks-dark') });
  const darkLoads = await moveAndHandOver(page, dark);
  await expect(darkLoads.getByRole('row', { name: 'Ben Busy' })).toHaveAttribute('data-overbooked', 'true');
  await darkLoads.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'the what-if in dark mode');
  await page.screenshot({ path: screenshot('staffing-outlook-what-if-dark') });

  // a team member who does not plan the project is not offered the outlook
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, ada.email);
  await memberPage.goto(`/home?mission=${mission._id}&mission-tab=plan`);
  const memberView = memberPage.getByRole('dialog', { name: /^Mission / });
  await expect(memberView.getByTestId(/^role-/).filter({ hasText: 'Designer' })).toContainText('Ada Free');
  await expect(memberView.getByRole('button', { name: 'Staffing outlook' })).toHaveCount(0);
  await memberContext.close();
});
