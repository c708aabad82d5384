import { expect, test } from '@playwright/test';
import { createAccount, expectAccessible, fillSignIn, latestMail, linkIn, PASSWORD, signIn, uniqueEmail } from './support.ts';
import { totpCode } from './totp.ts';

test('two-factor enrolment in My Space, then a sign-in with a code', async ({ page, request }) => {
  const { email } = await createAccount(request, 'two-factor');
  await signIn(page, email);

  await page.goto('/home?myspace=2fa');
  await expect(page.getByRole('tab', { name: 'Two-factor' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set up two-factor' }).click();

  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectAccessible(page, 'two-factor enrolment');

  await page.getByLabel('2. Code from your app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(page.getByText('Two-factor authentication is on.')).toBeVisible();
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Close My Space' }).click();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await fillSignIn(page, email, PASSWORD);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expectAccessible(page, 'two-factor sign-in');
  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home-greeting')).toHaveText('Hello Grace');
});

test('a signed-out person opening the email-change link signs in first, then the change applies', async ({ page, request }) => {
  const { email, token } = await createAccount(request, 'two-factor-change');
  const headers = { authorization: `Bearer ${token}` };
  const enable = await request.post('/api/identity/two-factor/enable', { data: { password: PASSWORD }, headers });
  expect(enable.status(), await enable.text()).toBe(200);
  const secret = new URL(((await enable.json()) as { totpURI: string }).totpURI).searchParams.get('secret')!;
  const confirm = await request.post('/api/identity/two-factor/verify-totp', { data: { code: totpCode(secret) }, headers });
  expect(confirm.status(), await confirm.text()).toBe(200);
  const session = confirm.headers()['set-auth-token'] ?? token;

  const newEmail = uniqueEmail('confirmed');
  const change = await request.put('/api/people/profile/email/update', {
    data: { email: newEmail },
    headers: { authorization: `Bearer ${session}` },
  });
  expect(await change.json()).toEqual({ status: 'verification-sent' });
  const link = linkIn(await latestMail(request, newEmail, 'Confirm your new Crewplan email'));

  await page.goto(link);
  await expect(page.getByText('Please sign in to finish confirming your email.')).toBeVisible();
  await expectAccessible(page, 'sign in to finish an email link');
  await fillSignIn(page, email, PASSWORD);
  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByText('Your new email is confirmed and is now your sign-in email.')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/home?myspace=email');
  await expect(page.getByTestId('primary-email')).toHaveText(newEmail);
});
