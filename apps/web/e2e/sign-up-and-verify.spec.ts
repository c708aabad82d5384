import { expect, test } from '@playwright/test';
import { expectAccessible, fillSignIn, PASSWORD, screenshot, uniqueEmail } from './support.ts';

test('a new person signs up, verifies the email, signs in again and completes the names', async ({ page }) => {
  const email = uniqueEmail('newcomer');

  await page.goto('/login');
  await expect(page).toHaveTitle('Crewplan');
  await expectAccessible(page, 'sign-in');

  // no account yet: signing in creates it, and My Space asks for the names
  await fillSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/home\?.*myspace/);
  await expect(page.getByTestId('name-check')).toHaveText('Hello. Could you please check that your first and last name is correct?');

  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`Verify your email for Crewplan.*${email.replace(/[.+]/g, '\\$&')}`) }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email for Crewplan' })).toBeVisible();
  await expectAccessible(page, 'dev mailbox');
  await page.screenshot({ path: screenshot('mailbox') });
  await page
    .getByRole('article')
    .getByRole('link', { name: /mode=verifyEmail/ })
    .first()
    .click();

  await expect(page.getByText('Thank you. Your email is verified.')).toBeVisible();
  await expect(page).not.toHaveURL(/oobCode/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await fillSignIn(page, email, PASSWORD);
  await expect(page.getByTestId('name-check')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Space' })).toBeVisible();
  await expectAccessible(page, 'My Space');

  await page.getByRole('tab', { name: 'Email' }).click();
  await expect(page).toHaveURL(/myspace=email/);
  await expect(page.getByTestId('primary-email')).toHaveText(email);
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Profile' }).click();
  await page.getByLabel('First name').fill('ada');
  await page.getByLabel('Last name').fill('lovelace');
  await page.getByRole('button', { name: 'Save profile' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home-greeting')).toHaveText('Hello Ada');
  await expectAccessible(page, 'home');
});
