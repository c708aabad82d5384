import { expect as baseExpect, test } from '@playwright/test';
import {
  apiCall,
  approvedDesignerWeek,
  createAccount,
  expectAccessible,
  licensedMission,
  PAYMENT_PROVIDER,
  screenshot,
  signIn,
} from './support.ts';

/** Lazy screens, a PDF drawn on the server and in the page, on a shared machine: patient assertions. */
const expect = baseExpect.configure({ timeout: 30_000 });

const GREEK_CLIENT = 'Αθηναϊκή Εταιρεία';

/**
 * A licensed organisation in euros (Greek, by its holiday country) whose mission 'Harbour cabins' has a Designer
 * billing 80.00 an hour; Max's week on it (20 hours) is approved. Its client 'Αθηναϊκή Εταιρεία' is in Greece.
 */
test('invoices: approved time invoiced to a Greek client, its PDF, the mail with the PDF, paid at the provider by its link', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  const { manager, org, mission, join } = await licensedMission(page, request, 'invoices', 'light', 'EUR');
  await apiCall(request, 'put', manager.token, `/api/org/${org._id}`, { holidayCountryCode: 'GR' });
  const member = await createAccount(request, 'invoices-member', { firstName: 'Max', lastName: 'Member', mode: 'light', theme: 'main' });
  const memberId = await join(member);
  await approvedDesignerWeek(request, manager, member, mission._id, memberId);
  const clientEmail = `accounts-${Date.now().toString(36)}@athens.crewplan.test`;

  await signIn(page, manager.email);
  // the client, in Greece: its country sets the invoice's VAT
  await page.goto(`/home?org=${org._id}&org-tab=clients`);
  await page.getByRole('button', { name: 'New client' }).click();
  const clientDialog = page.getByRole('dialog', { name: 'New client' });
  await clientDialog.getByLabel('Client name').fill(GREEK_CLIENT);
  await clientDialog.getByLabel('Billing email').fill(clientEmail);
  await clientDialog.getByLabel('Address').fill('Οδός Ερμού 10, Αθήνα');
  await clientDialog
    .getByRole('textbox', { name: 'Country' })
    .or(clientDialog.getByRole('combobox', { name: 'Country' }))
    .fill('Gree');
  await page.getByRole('option', { name: 'Greece' }).click();
  await page.screenshot({ path: screenshot('invoice-client-form') });
  await expectAccessible(page, 'client form');
  await clientDialog.getByRole('button', { name: 'Save client' }).click();
  await expect(page.getByTestId('org-clients')).toContainText(GREEK_CLIENT);

  // the organisation area opens the invoice area
  await page.getByRole('button', { name: 'Invoices', exact: true }).click();
  const area = page.getByRole('dialog', { name: 'Invoices' });
  await expect(area.getByText('No invoices yet.')).toBeVisible();
  await expect(area.getByTestId('client-orders-overview')).toContainText(GREEK_CLIENT);

  // a new draft to the client, for the mission
  await area.getByRole('button', { name: 'New invoice' }).click();
  const create = page.getByRole('dialog', { name: 'New invoice' });
  await create.getByRole('combobox', { name: 'Client', exact: true }).click();
  await page.getByRole('option', { name: GREEK_CLIENT }).click();
  await create.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: 'Harbour cabins' }).click();
  await create.getByRole('button', { name: 'Create draft' }).click();
  await expect(create).toBeHidden();

  // the editor: the approved week drawn from the mission, one typed line, saved
  await expect(area.getByRole('heading', { name: /Invoice 0001/ })).toBeVisible();
  const billable = area.getByTestId('billable-lines');
  const drawn = billable.getByRole('checkbox', { name: /Designer — Max Member/ });
  await expect(drawn).toBeVisible();
  await expect(billable).toContainText('20 h · 1,600.00 EUR');
  await drawn.check();
  await billable.getByRole('button', { name: 'Add selected lines' }).click();
  await area.getByRole('textbox', { name: 'Line description' }).fill('Μετακίνηση (travel)');
  await area.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await area.getByRole('textbox', { name: 'Unit price' }).fill('45.50');
  await area.getByRole('button', { name: 'Add line' }).click();
  // unsaved lines are neither sent nor paid for: the draft is saved first
  await expect(area.getByRole('button', { name: 'Payment link' })).toBeDisabled();
  await area.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Invoice 0001 is saved.')).toBeVisible();
  const totals = area.getByTestId('invoice-totals');
  // 1,600.00 + 91.00 = 1,691.00; Greek VAT 24 % = 405.84
  await expect(totals).toContainText('Subtotal 1,691.00 EUR');
  await expect(totals).toContainText('VAT 24% 405.84 EUR');
  await expect(totals).toContainText('Total 2,096.84 EUR');
  await expect(billable).toContainText('Nothing left to bill');

  // the PDF drawn by the server, shown page by page: its first page as a picture to look at
  const firstPage = area.getByTestId('invoice-preview').locator('canvas').first();
  await expect(firstPage).toHaveAttribute('data-drawn', 'true');
  await firstPage.screenshot({ path: screenshot('invoice-pdf-page-1') });
  await page.screenshot({ path: screenshot('invoice-editor') });
  await expectAccessible(page, 'invoice editor');

  // sent by mail: the status moves, the list shows it with its total
  await area.getByRole('button', { name: 'Send by email' }).click();
  await expect(page.getByText(`Invoice 0001 was sent to ${clientEmail}.`)).toBeVisible();
  await expect(area.getByTestId('invoice-status')).toHaveText('Sent');
  await area.getByRole('button', { name: 'All invoices' }).click();
  const row = area.getByRole('table', { name: 'Invoices' }).getByRole('row', { name: /0001/ });
  await expect(row).toContainText(GREEK_CLIENT);
  await expect(row).toContainText('Sent');
  await expect(row).toContainText('2,096.84 EUR');
  await page.screenshot({ path: screenshot('invoice-list') });
  await expectAccessible(page, 'invoice list');

  // the mail in the dev outbox (another tab), with the PDF attached
  const mailbox = await page.context().newPage();
  await mailbox.goto('/dev/mailbox');
  await mailbox
    .getByRole('button', { name: /Invoice 0001 from Timber Works/ })
    .first()
    .click();
  const attachment = mailbox.getByRole('link', { name: `Invoice 0001 ${GREEK_CLIENT}.pdf (application/pdf)` });
  await expect(attachment).toBeVisible();
  const pdf = await request.get((await attachment.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await mailbox.screenshot({ path: screenshot('invoice-mail') });
  await mailbox.close();

  // a payment link from the provider, for the client to pay the total at
  await row.getByRole('button', { name: '0001' }).click();
  await expect(area.getByTestId('invoice-status')).toHaveText('Sent');
  await area.getByRole('button', { name: 'Payment link' }).click();
  const link = area.getByTestId('payment-link').getByRole('link');
  await expect(link).toHaveAttribute('href', new RegExp(`^${PAYMENT_PROVIDER}/pay/`));
  await page.screenshot({ path: screenshot('invoice-payment-link') });
  await expectAccessible(page, 'invoice with its payment link');

  // the client opens it in their own browser and pays on the provider's page
  const clientContext = await browser.newContext();
  const payer = await clientContext.newPage();
  await payer.goto((await link.getAttribute('href'))!);
  await expect(payer.getByRole('heading', { name: 'Invoice 0001' })).toBeVisible();
  await expect(payer.getByTestId('amount')).toHaveText('2096.84 EUR');
  await payer.screenshot({ path: screenshot('invoice-provider-payment-page') });
  await payer.getByRole('button', { name: 'Pay' }).click();
  // the provider tells the app before it sends the payer back to it
  await expect(payer).toHaveURL((url) => url.origin === new URL(baseURL!).origin);
  await clientContext.close();

  // the manager, with the invoice open all along, sees it paid: the provider's webhook moved it, nobody clicked
  await expect(area.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(area.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
  await expect(area.getByRole('button', { name: 'Payment link' })).toHaveCount(0);
  // the PDF is drawn again for the paid invoice
  await expect(firstPage).toHaveAttribute('data-drawn', 'true');
  await page.screenshot({ path: screenshot('invoice-paid') });
  await expectAccessible(page, 'paid invoice');
  await area.getByRole('button', { name: 'All invoices' }).click();
  await expect(row).toContainText('Paid');
});
