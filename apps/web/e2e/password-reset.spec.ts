import { expect, test } from '@playwright/test';
import { createAccount, expectAccessible, fillSignIn, latestMail, linkIn, PASSWORD } from './support.ts';

test('a forgotten password is reset through the mailed link', async ({ page, request }) => {
  const { email } = await createAccount(request, 'reset');
  const newPassword = 'a-brand-new-secret-7';

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password' }).click();
  await expect(page.getByText(`Password reset details are on their way to ${email}.`)).toBeVisible();

  const mail = await latestMail(request, email, 'Reset your Crewplan password');
  const link = linkIn(mail);
  expect(link).toContain('mode=resetPassword');
  await page.goto(link);

  const dialog = page.getByRole('dialog', { name: 'Choose a new password' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'reset password');
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await dialog.getByLabel('Confirm new password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password was changed. Please sign in with it.')).toBeVisible();
  // signed out, /home leads to the sign-in page
  await expect(page).toHaveURL(/\/login$/);

  await fillSignIn(page, email, PASSWORD);
  await expect(page.getByTestId('sign-in-message')).toHaveText('Ooops. Please check that your email and password are correct.');

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home-greeting')).toHaveText('Hello Grace');
});

test('a used or broken reset link shows the spec text', async ({ page }) => {
  await page.goto('/?mode=resetPassword&oobCode=not-a-real-code');
  const dialog = page.getByRole('dialog', { name: 'Choose a new password' });
  await dialog.getByLabel('New password', { exact: true }).fill('whatever-123');
  await dialog.getByLabel('Confirm new password').fill('whatever-123');
  await dialog.getByRole('button', { name: 'Save password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Sorry this validation link is no longer valid...');
});

test('a broken verification link shows the spec text', async ({ page }) => {
  await page.goto('/?mode=verifyEmail&oobCode=not-a-real-code');
  await expect(page.getByText('Sorry this validation link is no longer valid...')).toBeVisible();
});
