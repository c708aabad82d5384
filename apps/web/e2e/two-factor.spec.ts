import { expect, test } from '@playwright/test';
import { createAccount, expectAccessible, fillSignIn, PASSWORD, signIn } from './support.ts';
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
