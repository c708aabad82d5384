import { expect as baseExpect, test, type Browser } from '@playwright/test';
import { BILLING_MESSAGES } from '@crewplan/domain/billing/billing';
import { NOTIFICATION_MESSAGES } from '@crewplan/domain/notifications/rules';
import {
  apiCall,
  bearer,
  createAccount,
  expectAccessible,
  latestMail,
  linkIn,
  PAYMENT_PROVIDER,
  screenshot,
  signIn,
  tokenOfMail,
} from './support.ts';

/** Lazy screens, two people's browsers and a provider's webhooks on a shared machine: patient assertions. */
const expect = baseExpect.configure({ timeout: 30_000 });

const VERIFY_FIRST = 'Apologies, but you need to verify your email address before proceeding...';

/**
 * The journeys' server pays through the local fake provider. The screens of a server without one ('Payments are not
 * configured on this server.') are checked by `features/billing/BillingPanel.test.tsx` and the billing API tests.
 */
test('an admin sees the plan, seats and total, saves billing details, adds a card and upgrades to Unlimited', async ({ page, request }) => {
  const admin = await createAccount(request, 'billing-admin', { firstName: 'Bill', lastName: 'Ing' });
  const org = await apiCall<{ _id: string }>(request, 'post', admin.token, '/api/org', { title: 'Billed Co' });

  await signIn(page, admin.email);
  await page.goto(`/home?org=${org._id}&org-tab=billing`);
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');

  // a provider is configured: nothing says otherwise; upgrading waits for the billing details
  await expect(page.getByTestId('billing-plan')).toHaveText('Free plan');
  await expect(page.getByTestId('billing-status')).toHaveText('Not set up');
  await expect(page.getByTestId('billing-not-configured')).toHaveCount(0);
  await expect(page.getByText(BILLING_MESSAGES.noCustomer)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade to Unlimited' })).toBeDisabled();

  // seats by level at the spec's prices, and the total
  const seats = page.getByTestId('billing-seats');
  await expect(seats.getByRole('row', { name: /Admins/ })).toContainText('1');
  await expect(seats.getByRole('row', { name: /Admins/ })).toContainText('$12.99');
  await expect(seats.getByRole('row', { name: /Managers/ })).toContainText('$9.99');
  await expect(seats.getByRole('row', { name: /Members/ })).toContainText('$3.99');
  await expect(page.getByTestId('billing-total')).toHaveText('$12.99');
  await expect(page.getByTestId('billing-usage')).toHaveText('0.00 GB of storage in 0 files');
  await page.screenshot({ path: screenshot('billing-plan-and-seats') });

  // billing details are kept
  const form = page.getByRole('region', { name: 'Billing details' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Bill Ing');
  await form.getByRole('textbox', { name: 'Email' }).fill('accounts@billed.example');
  await form.getByRole('textbox', { name: 'Organisation' }).fill('Billed Co Ltd');
  await form.getByRole('textbox', { name: 'Country code' }).fill('fr');
  await form.getByRole('textbox', { name: 'Zip' }).fill('75001');
  await form.getByRole('textbox', { name: 'VAT number' }).fill('FR12345678901');
  await page.getByRole('button', { name: 'Save billing details' }).click();
  await expect(page.getByText('Billing details saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade to Unlimited' })).toBeEnabled();

  await page.reload();
  await expect(form.getByRole('textbox', { name: 'Country code' })).toHaveValue('FR');
  await expect(form.getByRole('textbox', { name: 'VAT number' })).toHaveValue('FR12345678901');
  const customer = await apiCall<{ customer: { billing_email: string } }>(
    request,
    'get',
    admin.token,
    `/api/org/${org._id}/subscription/customer`,
  );
  expect(customer.customer.billing_email).toBe('accounts@billed.example');

  // the trial needs a verified email: the spec's text
  await page.getByRole('button', { name: 'Start free 30-day trial' }).click();
  await expect(page.getByText(VERIFY_FIRST)).toBeVisible();

  // a card the provider's card form made: the admin adds it as the default
  const card = await request.post(`${PAYMENT_PROVIDER}/test/payment-methods?brand=visa&last4=4242`);
  expect(card.status()).toBe(200);
  const { id: cardId } = (await card.json()) as { id: string };
  await page.getByRole('textbox', { name: 'Payment method id' }).fill(cardId);
  await page.getByRole('button', { name: 'Add payment method' }).click();
  const cards = page.getByRole('table', { name: 'Payment methods' });
  await expect(cards.getByRole('row')).toHaveCount(1);
  await expect(cards.getByRole('row')).toContainText('visa');
  await expect(cards.getByRole('row')).toContainText('•••• 4242');
  await expect(cards.getByRole('row')).toContainText('Default');

  // upgrading subscribes at the provider: paid, licensed, renewing
  await page.getByRole('button', { name: 'Upgrade to Unlimited' }).click();
  await expect(page.getByText('Subscribed to Unlimited.')).toBeVisible();
  await expect(page.getByTestId('billing-plan')).toHaveText('Unlimited');
  await expect(page.getByTestId('billing-status')).toHaveText('Active');
  await expect(page.getByText(/^Renews on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade to Unlimited' })).toHaveCount(0);
  await expectAccessible(page, 'billing');
  await page.screenshot({ path: screenshot('billing-subscribed'), fullPage: true });
});

/** A signed-in page of its own for `email` (another person's browser). */
async function pageOf(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test("a failed renewal tells the organisation's admins 'Payment issue', not its manager, who has no billing tab either", async ({
  page,
  browser,
  request,
}) => {
  // two people's browsers and the provider's webhooks: more than the default two minutes on a busy machine
  test.setTimeout(240_000);
  const admin = await createAccount(request, 'billing-owner', { firstName: 'Olga', lastName: 'Owner' });
  // inviting needs a verified email
  await page.goto(linkIn(await latestMail(request, admin.email, 'Verify your email for Crewplan')));
  await expect(page.getByText('Thank you. Your email is verified.')).toBeVisible({ timeout: 30_000 });
  const org = await apiCall<{ _id: string; title: string }>(request, 'post', admin.token, '/api/org', { title: 'Tabs Co' });
  const manager = await createAccount(request, 'billing-manager', { firstName: 'Max', lastName: 'Manager' });
  await apiCall(request, 'post', admin.token, `/api/org/${org._id}/invite`, {
    inviteeEmail: manager.email,
    config: { permission: 'MANAGER' },
  });
  const token = await tokenOfMail(request, manager.email, `You are invited to join ${org.title}`);
  const invite = await apiCall<{ invite: { _id: string } }>(request, 'post', manager.token, `/api/org-invite/handle/${token}`, {});
  await apiCall(request, 'put', manager.token, `/api/org-invite/${invite.invite._id}/accept`, {});

  // the organisation pays for Unlimited: an admin and a manager seat
  const subscribed = await apiCall<{ status: string; seats: { admins: number; managers: number }; price: { totalMinor: number } }>(
    request,
    'post',
    admin.token,
    `/api/org/${org._id}/subscription`,
    {
      idempotencyKey: `sub-${org._id}`,
      customer: {
        billing_name: 'Olga Owner',
        billing_email: 'billing@tabs.example',
        billing_org_name: 'Tabs Co',
        billing_country: 'DE',
        billing_zip: '10115',
        vat_number: '',
      },
    },
  );
  expect(subscribed.status).toBe('active');
  expect(subscribed.seats).toMatchObject({ admins: 1, managers: 1 });
  expect(subscribed.price.totalMinor).toBe(1299 + 999);

  // the manager: no billing tab, and the API refuses the subscription
  const managerPage = await pageOf(browser, manager.email);
  await managerPage.goto(`/home?org=${org._id}&org-tab=billing`);
  await expect(managerPage.getByRole('tab', { name: 'Settings' })).toBeVisible();
  await expect(managerPage.getByRole('tab', { name: 'Billing' })).toHaveCount(0);
  const refused = await request.get(`/api/org/${org._id}/subscription`, { headers: bearer(manager.token) });
  expect(refused.status()).toBe(403);
  // but activates the licence with an offer code (rule 113), on the settings tab
  await managerPage.getByRole('tab', { name: 'Settings' }).click();
  const offer = managerPage.getByRole('region', { name: 'Offer code' });
  await offer.getByLabel('Code').fill('NOT-A-REAL-CODE');
  await offer.getByRole('button', { name: 'Redeem code' }).click();
  await expect(offer.getByText('Sorry that code is not valid or has already been used.')).toBeVisible();
  await offer.screenshot({ path: screenshot('billing-manager-offer-code') });

  await signIn(page, admin.email);
  await page.goto(`/home?org=${org._id}&org-tab=billing`);
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('billing-status')).toHaveText('Active');

  // the renewal fails at the provider, which tells the app by its signed webhooks
  const failed = await request.post(`${PAYMENT_PROVIDER}/test/renewal-failed?org=${org._id}`);
  expect(failed.status(), await failed.text()).toBe(200);

  // the admin's open billing screen shows the subscription's payment issue without a reload
  await expect(page.getByTestId('billing-status')).toHaveText('Payment issue');
  await expectAccessible(page, 'billing with a payment issue');

  // and the notifications tell the admin
  await page.getByRole('button', { name: 'Close the organisation' }).click();
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/^Notifications \(\d+ unread\)$/);
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const issue = panel.getByTestId('notification-item').filter({ hasText: NOTIFICATION_MESSAGES.paymentTitle });
  await expect(issue).toHaveCount(1);
  await expect(issue).toContainText('Payment issue');
  await expect(issue).toContainText('Your payment information must be updated.');
  await expect(issue).toHaveAttribute('data-unread', 'true');
  await expectAccessible(page, 'notification panel with a payment issue');
  await page.screenshot({ path: screenshot('billing-payment-issue-notification') });

  // opening it leads to the billing screen, where the payment information is updated
  await issue.getByRole('button', { name: /^Payment issue/ }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/[?&]org-tab=billing/);
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('billing-status')).toHaveText('Payment issue');
  await page.screenshot({ path: screenshot('billing-payment-issue') });

  // the manager is not told
  await managerPage.getByRole('button', { name: 'Close the organisation' }).click();
  const managerBell = managerPage.getByRole('button', { name: /^Notifications/ });
  await managerBell.click();
  const managerPanel = managerPage.getByRole('dialog', { name: 'Notifications' });
  await expect(managerPanel.getByTestId('notifications-empty').or(managerPanel.getByTestId('notification-item').first())).toBeVisible();
  await expect(managerPanel.getByTestId('notification-item').filter({ hasText: NOTIFICATION_MESSAGES.paymentTitle })).toHaveCount(0);
  await managerPage.screenshot({ path: screenshot('billing-manager-notifications') });
  await managerPage.context().close();
});
