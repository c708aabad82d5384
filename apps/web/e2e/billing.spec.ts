import { expect, test } from '@playwright/test';
import { apiCall, bearer, createAccount, expectAccessible, latestMail, linkIn, screenshot, signIn, tokenOfMail } from './support.ts';

const VERIFY_FIRST = 'Apologies, but you need to verify your email address before proceeding...';

test('an admin sees the plan, seats and total, saves billing details, and is told payments are not configured', async ({
  page,
  request,
}) => {
  const admin = await createAccount(request, 'billing-admin', { firstName: 'Bill', lastName: 'Ing' });
  const org = await apiCall<{ _id: string }>(request, 'post', admin.token, '/api/org', { title: 'Billed Co' });

  await signIn(page, admin.email);
  await page.goto(`/home?org=${org._id}&org-tab=billing`);
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');

  // no payment provider on this server: said plainly, and paying is off
  await expect(page.getByTestId('billing-not-configured')).toContainText('Payments are not configured on this server.');
  await expect(page.getByTestId('billing-plan')).toHaveText('Free plan');
  await expect(page.getByTestId('billing-status')).toHaveText('Not set up');
  await expect(page.getByRole('button', { name: 'Upgrade to Unlimited' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add payment method' })).toBeDisabled();

  // seats by level at the spec's prices, and the total
  const seats = page.getByTestId('billing-seats');
  await expect(seats.getByRole('row', { name: /Admins/ })).toContainText('1');
  await expect(seats.getByRole('row', { name: /Admins/ })).toContainText('$12.99');
  await expect(seats.getByRole('row', { name: /Managers/ })).toContainText('$9.99');
  await expect(seats.getByRole('row', { name: /Members/ })).toContainText('$3.99');
  await expect(page.getByTestId('billing-total')).toHaveText('$12.99');
  await expect(page.getByTestId('billing-usage')).toHaveText('0.00 GB of storage in 0 files');
  await page.screenshot({ path: screenshot('billing-plan-and-seats') });

  // billing details are kept (no provider needed for that)
  const form = page.getByRole('region', { name: 'Billing details' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Bill Ing');
  await form.getByRole('textbox', { name: 'Email' }).fill('accounts@billed.example');
  await form.getByRole('textbox', { name: 'Organisation' }).fill('Billed Co Ltd');
  await form.getByRole('textbox', { name: 'Country code' }).fill('fr');
  await form.getByRole('textbox', { name: 'Zip' }).fill('75001');
  await form.getByRole('textbox', { name: 'VAT number' }).fill('FR12345678901');
  await page.getByRole('button', { name: 'Save billing details' }).click();
  await expect(page.getByText('Billing details saved.')).toBeVisible();
  await expectAccessible(page, 'billing');
  await page.screenshot({ path: screenshot('billing-not-configured'), fullPage: true });

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
});

test('a manager adds a seat to the total and does not see the billing tab', async ({ page, request }) => {
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

  await signIn(page, manager.email);
  await page.goto(`/home?org=${org._id}&org-tab=billing`);
  await expect(page.getByRole('tab', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveCount(0);
  const refused = await request.get(`/api/org/${org._id}/subscription`, { headers: bearer(manager.token) });
  expect(refused.status()).toBe(403);

  const view = await apiCall<{ seats: { admins: number; managers: number }; price: { totalMinor: number } }>(
    request,
    'get',
    admin.token,
    `/api/org/${org._id}/subscription`,
  );
  expect(view.seats).toMatchObject({ admins: 1, managers: 1 });
  expect(view.price.totalMinor).toBe(1299 + 999);
});
