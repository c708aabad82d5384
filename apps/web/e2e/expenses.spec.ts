import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { apiCall, createAccount, expectAccessible, licensedMission, monday, screenshot, signIn } from './support.ts';

/** Two browsers and lazy screens on a shared machine: patient assertions (none depends on timing). */
const expect = baseExpect.configure({ timeout: 30_000 });

/** A 1×1 PNG, as a phone's photo of a receipt would arrive (its bytes say what it is). */
const RECEIPT_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

type Expense = { _id: string; status: string; total: number; currency: string; cost: { amount: number; currency: string } | null };

/** Pastes a receipt onto the page, as a screenshot or a photo copied from the phone would be. */
async function pasteReceipt(page: Page, name: string, base64 = RECEIPT_PNG) {
  await page.evaluate(
    ({ base64, name }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: 'image/png' }));
      window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    },
    { base64, name },
  );
}

const rowOf = (page: Page, text: string | RegExp) => page.getByTestId('expense-row').filter({ hasText: text });

test('expenses: a member snaps a receipt and submits; the manager rejects it, the member fixes it, the manager approves and the mission’s cost moves', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // the mission keeps its money in euros; the member spends dollars
  const { manager, org, mission, join } = await licensedMission(page, request, 'expenses', 'light', 'EUR');
  const member = await createAccount(request, 'expenses-member', { firstName: 'Max', lastName: 'Member', mode: 'light', theme: 'main' });
  await join(member);
  const actualCost = async () =>
    (await apiCall<{ total: { actualCost: number } }>(request, 'get', manager.token, `/api/money/mission/${mission._id}`)).total.actualCost;
  const costBefore = await actualCost();
  const day = monday(1);

  // the member: the floating button opens my expenses; a pasted receipt goes with the new expense
  const mine = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })).newPage();
  await signIn(mine, member.email);
  await mine.getByRole('button', { name: 'My expenses' }).click();
  const screen = mine.getByTestId('my-expenses');
  await expect(screen.getByText('No expenses here yet.')).toBeVisible();
  await screen.getByRole('button', { name: 'New expense' }).click();
  const form = screen.getByTestId('expense-form');
  await form.getByLabel('Amount').fill('42.50');
  await form.getByRole('combobox', { name: 'Currency' }).click();
  await mine.getByRole('option', { name: 'USD', exact: true }).click();
  await form.getByLabel('Date').fill(day);
  await expect(form.getByRole('combobox', { name: 'Mission' })).toHaveValue('Harbour cabins');
  await form.getByLabel('Category').fill('Travel');
  await form.getByLabel('Description').fill('Ferry to the harbour');
  // a file that only claims to be a photo is refused after the draft was made: saving again keeps to that one draft
  await pasteReceipt(mine, 'not-a-photo.png', btoa('plain text, not an image'));
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(
    mine
      .getByRole('alert')
      .filter({ hasText: /receipt|file|image/i })
      .first(),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Remove not-a-photo.png' }).click();
  await pasteReceipt(mine, 'ferry-ticket.png');
  await expect(form.getByTestId('pending-receipt')).toHaveText('ferry-ticket.png');
  await mine.screenshot({ path: screenshot('expenses-form') });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(rowOf(mine, 'Ferry to the harbour')).toHaveAttribute('data-status', 'submitted');
  await expect(rowOf(mine, 'Ferry to the harbour')).toContainText('42.50 USD');
  await expect(rowOf(mine, 'Ferry to the harbour').getByRole('button', { name: 'ferry-ticket.png' })).toBeVisible();
  const mineNow = await apiCall<{ expenses: Expense[] }>(request, 'get', member.token, '/api/expense/my');
  expect(mineNow.expenses.map((expense) => expense.status)).toEqual(['submitted']);
  await expectAccessible(mine, 'my expenses');
  await mine.screenshot({ path: screenshot('expenses-mine') });

  // the project manager: the board's Expenses tab lists it; a rejection says why
  await signIn(page, manager.email);
  await page.goto('/board?board-tab=expenses');
  const board = page.getByTestId('expenses-table');
  await expect(rowOf(page, 'Ferry to the harbour')).toContainText('Max Member');
  await expect(board.getByTestId('expense-totals')).toContainText('Total 42.50 USD');
  await expect(board.getByTestId('expense-totals')).toContainText('EUR');
  // the receipt in the viewer
  await rowOf(page, 'Ferry to the harbour').getByRole('button', { name: 'ferry-ticket.png' }).click();
  await expect(page.getByTestId('receipt-viewer').getByRole('img', { name: 'ferry-ticket.png' })).toBeVisible();
  await page.screenshot({ path: screenshot('expenses-receipt') });
  await page.getByRole('button', { name: 'Close the receipt' }).click();
  await page.screenshot({ path: screenshot('expenses-board') });
  await rowOf(page, 'Ferry to the harbour').getByRole('button', { name: 'Reject' }).click();
  await page.getByRole('dialog', { name: 'Reject the expense' }).getByLabel('Reason').fill('Please add the return ticket');
  await page.getByRole('dialog', { name: 'Reject the expense' }).getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('No expenses here yet.')).toBeVisible();
  expect(await actualCost()).toBe(costBefore);

  // the member sees why, fixes the amount and sends it again
  await mine.goto('/home?my-expenses');
  const rejected = rowOf(mine, 'Ferry to the harbour');
  await expect(rejected).toHaveAttribute('data-status', 'rejected');
  await expect(rejected.getByTestId('rejection-reason')).toHaveText('Please add the return ticket');
  await rejected.getByRole('button', { name: 'Edit' }).click();
  await mine.getByTestId('expense-form').getByLabel('Amount').fill('85');
  await mine.getByTestId('expense-form').getByRole('button', { name: 'Submit' }).click();
  await expect(rowOf(mine, 'Ferry to the harbour')).toHaveAttribute('data-status', 'submitted');
  await expect(rowOf(mine, 'Ferry to the harbour')).toContainText('85.00 USD');

  // the manager approves it (selected, all at once); the mission's actual cost moves by it, in euros
  await page.reload();
  await rowOf(page, 'Ferry to the harbour').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await expect(page.getByText('No expenses here yet.')).toBeVisible();
  const [approved] = (await apiCall<{ expenses: Expense[] }>(request, 'get', manager.token, `/api/expense/mission/${mission._id}`))
    .expenses;
  expect(approved).toMatchObject({ status: 'approved', total: 85, currency: 'USD' });
  expect(approved!.cost!.currency).toBe('EUR');
  expect(approved!.cost!.amount).not.toBe(85);
  expect(approved!.cost!.amount).toBeGreaterThan(0);
  expect(await actualCost()).toBeCloseTo(costBefore + approved!.cost!.amount, 2);

  // the organisation's expenses: its missions' ones, exported with the receipt named
  await page.goto(`/home?org=${org._id}&org-tab=expenses`);
  await page.getByText('Its missions').click();
  await expect(rowOf(page, 'Ferry to the harbour')).toHaveAttribute('data-status', 'approved');
  await page.screenshot({ path: screenshot('expenses-org') });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain('Ferry to the harbour');
  expect(csv).toContain('85.00');
  expect(csv).toContain('ferry-ticket.png');

  // rule 184: with invoicing disabled the Expenses tabs are gone, on the board and in the organisation area
  await apiCall(request, 'put', manager.token, `/api/org/${org._id}`, { invoicingDisabled: true });
  await page.goto('/board?board-tab=timesheets');
  await expect(page.getByRole('tab', { name: 'Timesheets' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Expenses' })).toHaveCount(0);
  await page.goto(`/home?org=${org._id}`);
  await expect(page.getByRole('tab', { name: 'Structure' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Expenses' })).toHaveCount(0);
});
