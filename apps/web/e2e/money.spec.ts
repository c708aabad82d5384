import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, licensedMission, signIn, approvedDesignerWeek, lookInBothModes } from './support.ts';

/** Lazy screens and a chart on a shared machine: patient assertions (none depends on timing). */
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * A licensed organisation (trial, in US dollars) with a mission whose Designer role costs $50 an hour and bills $80 an
 * hour, held by Max, whose last week on it the manager approved: 20 hours (the timesheet screens have their own journeys).
 */
async function missionWithAnApprovedWeek(page: Page, request: APIRequestContext, mode: 'light' | 'dark') {
  const { manager, org, mission, join } = await licensedMission(page, request, 'money', mode, 'USD');
  const member = await createAccount(request, 'money-member', { firstName: 'Max', lastName: 'Member', mode, theme: 'main' });
  const memberId = await join(member);
  await approvedDesignerWeek(request, manager, member, mission._id, memberId);
  return { manager, orgId: org._id, missionId: mission._id };
}

test(`money (both modes): the budget set up, plan vs actual with its drill-down, the cost tracker and the cost report`, async ({
  page,
  request,
}) => {
  const mode = 'dark';
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { manager, orgId, missionId } = await missionWithAnApprovedWeek(page, request, mode);
  await signIn(page, manager.email);

  // the budget set-up, from the mission's header: a 600-wide modal
  await page.goto(`/home?mission=${missionId}`);
  await page.getByRole('button', { name: 'Budget', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Set up the budget' }).click();
  const setup = page.getByRole('dialog', { name: 'Budget set-up of Harbour cabins' });
  await expect(setup.getByRole('combobox', { name: 'Currency' })).toHaveValue(/^USD/);
  await expect(setup.getByRole('switch', { name: /^Billable/ })).toBeChecked();
  await expect(setup.getByRole('switch', { name: /^No timesheets/ })).not.toBeChecked();
  expect((await setup.boundingBox())!.width).toBeLessThanOrEqual(600);
  await setup.getByRole('textbox', { name: 'Budget available' }).fill('5000');
  await lookInBothModes(page, 'money-setup', { screen: 'budget set-up' });
  await setup.getByRole('button', { name: 'Save budget' }).click();
  await expect(page.getByText('Budget saved')).toBeVisible();
  await expect(setup).toBeHidden();

  // the budget view: the flash row, then plan vs actual per role and month
  await page.getByRole('button', { name: 'Budget', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Budget and costs' }).click();
  const view = page.getByRole('dialog', { name: 'Budget and costs of Harbour cabins' });
  const flash = view.getByRole('list', { name: 'Budget at a glance' });
  await expect(flash.getByRole('listitem', { name: 'Budget: $5,000.00' })).toBeVisible();
  await expect(flash.getByRole('listitem', { name: 'Spent: $1,000.00' })).toBeVisible();
  await expect(flash.getByRole('listitem', { name: 'Remaining: $4,000.00' })).toBeVisible();
  await expect(flash.getByRole('listitem', { name: 'Margin: $600.00' })).toBeVisible();
  const table = view.getByRole('table', { name: 'Plan vs actual, cost' });
  const designer = table.getByRole('row', { name: 'Designer' });
  await expect(designer).toContainText('$1,000.00');
  await expect(designer).toContainText('planned');
  const totals = view.getByRole('table', { name: 'Totals' });
  await expect(totals.getByRole('row', { name: /^Revenue/ })).toContainText('$1,600.00');
  await expect(totals.getByRole('row', { name: /^Margin/ })).toContainText('$600.00');
  await expect(view.getByLabel(/^Actual cost: /)).toHaveText('$1,000.00');
  await expect(view.getByRole('img', { name: /Burn chart/ }).or(view.getByText('The burn chart appears once'))).toBeVisible();
  await lookInBothModes(page, 'money-plan-vs-actual', { screen: 'plan vs actual', fullPage: true });

  // hours: 20 approved; a click on them opens the approved week behind them
  await view
    .locator('label')
    .filter({ hasText: /^Hours$/ })
    .click();
  await expect(view.getByRole('radio', { name: 'Hours' })).toBeChecked();
  const hours = view.getByRole('table', { name: 'Plan vs actual, hours' });
  await hours
    .getByRole('row', { name: 'Designer' })
    .getByRole('button', { name: /^Designer, total: 20 hours/ })
    .click();
  const behind = page.getByRole('dialog', { name: 'Behind the figures: Designer, every month' });
  const approvedWeek = behind.getByRole('table', { name: 'Approved weeks and expenses' }).getByRole('row', { name: /Approved week/ });
  await expect(approvedWeek).toHaveCount(1);
  await expect(approvedWeek).toContainText('20 h');
  await expect(approvedWeek).toContainText('$1,000.00');
  await expect(approvedWeek).toContainText('Max Member');
  await lookInBothModes(page, 'money-drill-down', { screen: 'drill-down' });
  await page.keyboard.press('Escape');
  await expect(behind).toBeHidden();

  // the same figures in euros, converted at the reference rates of their days; a currency without rates says so
  const showIn = view.getByRole('textbox', { name: 'Show amounts in' }).or(view.getByRole('combobox', { name: 'Show amounts in' }));
  await showIn.click();
  await page.getByRole('option', { name: 'EUR · Euro' }).click();
  await expect(flash.getByRole('listitem', { name: /^Spent: €[\d,]+\.\d{2}$/ })).toBeVisible();
  await expect(flash.getByRole('listitem', { name: 'Spent: €1,000.00' })).toHaveCount(0);
  await expect(view.getByLabel(/^Actual cost: /)).toHaveText(/^€[\d,]+\.\d{2}$/);
  await lookInBothModes(page, 'money-in-euros', { fullPage: true });
  await showIn.click();
  await page.getByRole('option', { name: 'BTC · Bitcoin' }).click();
  await expect(view.getByText(/^No exchange rate for BTC on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await showIn.click();
  await page.getByRole('option', { name: 'USD · US Dollar' }).click();
  await expect(flash.getByRole('listitem', { name: 'Spent: $1,000.00' })).toBeVisible();

  // the mission's weeks
  await view.getByRole('tab', { name: 'Timesheets' }).click();
  const weeks = view.getByRole('table', { name: 'Timesheets of the mission' });
  await expect(weeks.getByRole('row', { name: /Max Member/ })).toContainText('Approved');
  await expect(weeks.getByRole('row', { name: /Max Member/ })).toContainText('20 h');
  await lookInBothModes(page, 'money-timesheets', { screen: 'budget timesheets' });

  // the board's Cost tracker lists the mission and opens its budget
  await page.goto('/board?board-tab=cost-tracker');
  await expect(page.getByRole('tab', { name: 'Cost tracker' })).toHaveAttribute('aria-selected', 'true');
  const tracked = page.getByRole('table', { name: 'Cost tracker' }).getByRole('row', { name: 'Harbour cabins' });
  await expect(tracked).toContainText('$5,000.00');
  await expect(tracked).toContainText('$1,000.00');
  await lookInBothModes(page, 'money-cost-tracker', { screen: 'cost tracker' });
  await tracked.getByRole('button', { name: 'Harbour cabins' }).click();
  await expect(page.getByRole('dialog', { name: 'Budget and costs of Harbour cabins' })).toBeVisible();

  // the organisation's cost report: the portfolio, one row per mission
  await page.goto(`/home?org=${orgId}`);
  await page.getByRole('button', { name: 'Cost report' }).click();
  const report = page.getByRole('dialog', { name: 'Cost report of Timber Works' });
  await expect(report.getByRole('heading', { name: 'Portfolio' })).toBeVisible();
  await expect(report.getByRole('table', { name: 'Plan vs actual, cost' }).getByRole('row', { name: /Harbour cabins/ })).toContainText(
    '$1,000.00',
  );
  await lookInBothModes(page, 'money-cost-report', { screen: 'cost report', fullPage: true });
});
