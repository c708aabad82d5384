import { expect, test } from '@playwright/test';
import { createAccount, expectAccessible, fillSignIn, latestMail, linkIn, PASSWORD, signIn, uniqueEmail } from './support.ts';

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the avatar is uploaded and shown through the session cookie', async ({ page, request }) => {
  const { email } = await createAccount(request, 'avatar');
  await signIn(page, email);
  await page.goto('/home?myspace');
  await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(page.getByText('Your avatar is updated.')).toBeVisible();
  const avatar = page.getByRole('img', { name: 'Your avatar' });
  await expect(avatar).toHaveAttribute('src', /\/api\/people\/profile\/avatar\?/);
  // a plain <img> request: only the session cookie authenticates it
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
});

test('the sign-in email is changed, then restored from the mail to the old address', async ({ page, request }) => {
  const { email } = await createAccount(request, 'change');
  const newEmail = uniqueEmail('changed');
  await signIn(page, email);
  await page.goto('/home?myspace=email');
  await expectAccessible(page, 'My Space email');

  const input = page.getByLabel('New email');
  await input.fill('not an email');
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText('Invalid email provided.')).toBeVisible();
  await input.fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText("That's already your current email.")).toBeVisible();

  await input.fill(newEmail);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`Your email is now ${newEmail}.`)).toBeVisible();
  await expect(page.getByTestId('primary-email')).toHaveText(newEmail);

  const mail = await latestMail(request, email, 'Your Crewplan email was changed');
  await page.goto(linkIn(mail));
  const dialog = page.getByRole('dialog', { name: 'Email restored' });
  await expect(dialog).toContainText(`Your email was restored to ${email} and all your sessions were signed out.`);
  await expectAccessible(page, 'email restored');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await fillSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
});

test('a secondary email is added and verified; signing in with it is refused', async ({ page, request }) => {
  const { email } = await createAccount(request, 'primary');
  const secondary = uniqueEmail('secondary');
  await signIn(page, email);
  await page.goto('/home?myspace=email');

  await page.getByLabel('Add another email').fill(secondary);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const row = page.getByRole('listitem').filter({ hasText: secondary });
  await expect(row).toContainText('Not verified');

  const mail = await latestMail(request, secondary, 'Confirm your additional Crewplan email');
  await page.goto(linkIn(mail));
  await expect(page.getByText('Thank you. Your additional email is verified.')).toBeVisible();
  await page.goto('/home?myspace=email');
  await expect(page.getByRole('listitem').filter({ hasText: secondary })).toContainText('Verified');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Forgot password')).toBeVisible();
  await fillSignIn(page, secondary, PASSWORD);
  await expect(page.getByTestId('sign-in-message')).toHaveText(
    'The email you just tried is a secondary account linked to another email address. Please use your primary email...',
  );
});
