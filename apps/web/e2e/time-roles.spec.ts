import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall, bearer, createAccount, licensedMission, monday, signIn, lookInBothModes } from './support.ts';

/** Two browsers, lazy screens and realtime on a shared machine: patient assertions (none depends on timing). */
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * A licensed organisation (trial) with a mission whose plan has a Designer at 50% held by Max, a Tester nobody holds and
 * an Analyst asked of the organisation for Noor (a request waiting for approval).
 */
async function plannedMission(page: Page, request: APIRequestContext, mode: 'light' | 'dark') {
  const { manager, org, mission, join } = await licensedMission(page, request, 'roles', mode, 'EUR');
  const member = await createAccount(request, 'roles-member', { firstName: 'Max', lastName: 'Member', mode, theme: 'main' });
  const newcomer = await createAccount(request, 'roles-newcomer', { firstName: 'Noor', lastName: 'Newcomer', mode, theme: 'main' });
  const memberId = await join(member);
  const newcomerId = await join(newcomer);
  const role = (title: string, extra: Record<string, unknown> = {}) =>
    apiCall<{ _id: string }>(request, 'post', manager.token, `/api/mission-plan/mission/${mission._id}`, {
      type: 'person',
      title,
      role: title,
      startDate: monday(5),
      endDate: monday(-8),
      ...extra,
    });
  await role('Designer', { person: memberId, allocation: 50 });
  const tester = await role('Tester');
  const analyst = await role('Analyst');
  await apiCall(request, 'put', manager.token, `/api/mission-plan/request/${analyst._id}/submit`, {
    context: 'org',
    person: newcomerId,
    reason: 'Needs a data person',
  });
  return { manager, member, newcomer, orgId: org._id, missionId: mission._id, testerId: tester._id };
}

const grid = (page: Page) => page.getByTestId('time-tracking');
const cell = (page: Page, day: string) => grid(page).getByRole('textbox', { name: new RegExp(`^Designer, ${day} `) });
const weekParam = (day: string) => Date.parse(`${day}T00:00:00Z`);

test(`time roles (both modes): a week filled from the plan, role cells on the board, approved; the mission's own overtime threshold`, async ({
  page,
  browser,
  request,
}) => {
  const mode = 'dark';
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { manager, member, newcomer, orgId, missionId, testerId } = await plannedMission(page, request, mode);
  const lastWeek = monday(1);
  const weekName = (day: string) => new RegExp(`week of ${Number(day.slice(8))} `);

  // the member fills last week from the plan: 50% of 40 h is 20 h over Monday to Wednesday; nothing saved yet
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const mine = await memberContext.newPage();
  await signIn(mine, member.email);
  await mine.goto(`/home?time-tracking&week=${weekParam(lastWeek)}`);
  await grid(mine).getByRole('button', { name: 'Fill from plan' }).click();
  await expect(mine.getByText('One role filled from the plan. Nothing is saved until you save.')).toBeVisible();
  await expect(cell(mine, 'Mon')).toHaveValue('6.75');
  await expect(cell(mine, 'Wed')).toHaveValue('6.5');
  await expect(cell(mine, 'Thu')).toHaveValue('');
  await expect(grid(mine).getByRole('button', { name: 'Fill from plan' })).toBeDisabled();
  // a long Monday, saved as a draft
  await cell(mine, 'Mon').fill('10');
  await grid(mine).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(mine.getByText('Week saved')).toBeVisible();
  await expect(grid(mine).getByTestId('row-Designer')).toContainText('Not submitted yet (Draft)');
  await lookInBothModes(mine, 'time-roles-filled');

  // Noor's own week shows the Analyst asked for her as its organisation-level cell, with nothing to type yet
  const newcomerContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const hers = await newcomerContext.newPage();
  await signIn(hers, newcomer.email);
  await hers.goto(`/home?time-tracking&week=${weekParam(lastWeek)}`);
  const asked = grid(hers).getByTestId('requested-Analyst');
  await expect(asked).toContainText('Needs assignment');
  await expect(asked.getByRole('textbox')).toHaveCount(0);
  await lookInBothModes(hers, 'time-roles-requested');
  await newcomerContext.close();

  // the manager's tab: nothing submitted yet; the role cells are counted and open with a click
  await signIn(page, manager.email);
  await page.goto('/board?board-tab=timesheets');
  const tab = page.getByTestId('board-timesheets');
  await expect(tab.getByText('No timesheets match.')).toBeVisible();
  await tab.getByRole('button', { name: /^Not submitted yet \(Draft\): \d+$/ }).click();
  const draftRow = tab.getByRole('row', {
    name: new RegExp(`^Max Member, Designer, ${weekName(lastWeek).source}.*: Not submitted yet \\(Draft\\)$`),
  });
  await expect(draftRow).toContainText('23.25');
  await expect(draftRow.getByTestId('role-cell-label')).toHaveText('Not submitted yet (Draft)');

  // every role of last week: the draft, the role asked for and the role nobody holds
  await tab.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Needs assignment' }).click();
  await tab.getByRole('combobox', { name: 'Week' }).click();
  await page.getByRole('option', { name: new RegExp(`^${Number(lastWeek.slice(8))} `) }).click();
  await expect(tab.getByRole('row', { name: /^Analyst, week of .*: Needs assignment$/ })).toBeVisible();
  // choosing the status again clears it: last week's four roles (with the manager's own Project manager role)
  await tab.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Needs assignment' }).click();
  await expect(tab.getByTestId('role-cell')).toHaveCount(4);
  await expect(tab.getByRole('row', { name: /^Tester, week of .*: Unfilled role$/ })).toContainText('Nobody yet');
  await lookInBothModes(page, 'time-roles-board', { screen: 'board role cells', fullPage: true });
  // a role taken off the plan elsewhere leaves the tab without reload
  const removed = await request.delete(`/api/mission-plan/${testerId}`, { headers: bearer(manager.token) });
  expect(removed.status(), await removed.text()).toBeLessThan(300);
  await expect(tab.getByRole('row', { name: /^Tester, week of / })).toHaveCount(0);
  await expect(tab.getByTestId('role-cell')).toHaveCount(3);
  // the person filter keeps Max's rows only
  await tab.getByRole('combobox', { name: 'Person' }).click();
  await page.getByRole('option', { name: 'Max Member' }).click();
  await expect(tab.getByTestId('role-cell')).toHaveCount(1);

  // the member submits: the cell gives way to the week, which the manager approves with the many-weeks action
  await grid(mine).getByRole('button', { name: 'Submit week' }).click();
  await expect(grid(mine).getByTestId('row-Designer').getByText('Submitted')).toBeVisible();
  await expect(tab.getByTestId('role-cell')).toHaveCount(0);
  const weekRow = tab.getByRole('row', { name: new RegExp(`^Max Member, ${weekName(lastWeek).source}`) });
  await expect(weekRow).toContainText('23.25');
  await tab.getByRole('checkbox', { name: 'Select every submitted week shown' }).check();
  await tab.getByRole('button', { name: 'Approve selected' }).click();
  await expect(page.getByText('Week approved')).toBeVisible();
  await expect(weekRow).toContainText('Approved');
  await memberContext.close();

  // the overtime report: Monday's 10 hours are 2 beyond the organisation's 8 a day
  const report = async () => {
    await page.goto(`/home?org=${orgId}&otPeriodStart=${lastWeek}&otPeriodType=week`);
    const dialog = page.getByRole('dialog', { name: 'Overtime report' });
    await expect(dialog.getByRole('row', { name: 'Max Member', exact: true })).toContainText('23.25');
    return dialog;
  };
  let dialog = await report();
  await expect(dialog.getByRole('row', { name: 'Max Member', exact: true }).getByTestId('overtime-hours')).toHaveText('2');

  // the mission's own threshold: 40 hours a week, set in its settings
  await page.goto(`/home?mission=${missionId}&mission-tab=settings`);
  const overtime = page.getByRole('region', { name: 'Overtime' });
  await expect(overtime.getByTestId('overtime-in-effect')).toHaveText("Overtime counts after 8 h a day: the organisation's threshold.");
  await overtime.getByRole('combobox', { name: 'Count overtime per' }).click();
  await page.getByRole('option', { name: 'Week' }).click();
  await overtime.getByRole('textbox', { name: 'Overtime after (hours)' }).fill('40');
  await overtime.getByRole('button', { name: 'Save threshold' }).click();
  await expect(page.getByText("The mission's overtime threshold is saved.")).toBeVisible();
  await expect(overtime.getByTestId('overtime-in-effect')).toHaveText("Overtime counts after 40 h a week: this mission's own threshold.");
  await overtime.scrollIntoViewIfNeeded();
  await lookInBothModes(page, 'time-roles-mission-overtime', { screen: 'mission overtime setting' });

  // the report follows it: 23.25 hours are within the week's 40
  dialog = await report();
  await expect(dialog.getByRole('row', { name: 'Max Member', exact: true }).getByTestId('overtime-hours')).toHaveText('0');
  await expect(dialog.getByRole('row', { name: 'Max Member on Harbour cabins' })).toContainText('after 40 h a week');

  // back to the organisation's
  await page.goto(`/home?mission=${missionId}&mission-tab=settings`);
  await overtime.getByRole('button', { name: "Use the organisation's threshold" }).click();
  await expect(overtime.getByTestId('overtime-in-effect')).toHaveText("Overtime counts after 8 h a day: the organisation's threshold.");
});
