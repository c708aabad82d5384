import { expect, test } from '@playwright/test';
import { createAccount, expectAccessible, fillSignIn } from './support.ts';

test('a wrong password is refused with the spec text', async ({ page, request }) => {
  const { email } = await createAccount(request, 'wrong-password');
  await page.goto('/login');

  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('sign-in-message')).toHaveText('Somethings missing. Please check that your email and password are ok.');

  await fillSignIn(page, email, 'not-the-password');
  await expect(page.getByTestId('sign-in-message')).toHaveText('Ooops. Please check that your email and password are correct.');
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page, 'sign-in with an error');
});

test('forgot password needs an email first', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password' }).click();
  await expect(page.getByTestId('sign-in-message')).toHaveText("Sorry. I didn't recoginize where you want me to send the reset details.");
});

test('signed-out visitors of home and board go to sign-in', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/board?mission=0123456789abcdef01234567');
  await expect(page).toHaveURL(/\/\?mission=0123456789abcdef01234567&login=$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a visit with a token the server no longer knows lands on sign-in, not on a loader', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('crewplan.token', 'a-token-the-server-never-gave'));
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
});

test('too many attempts and a slow sign-in show the spec texts', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await page.route('**/api/identity/sign-in/email', (route) =>
    route.fulfill({ status: 429, json: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' } }),
  );
  await fillSignIn(page, 'someone@crewplan.test', 'whatever-123');
  await expect(page.getByTestId('sign-in-message')).toHaveText('Too many attempts. Please try again later or reset your password.');

  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.unroute('**/api/identity/sign-in/email');
  await page.route('**/api/identity/sign-in/email', async (route) => {
    await answered;
    await route.fulfill({ status: 500, json: { message: 'down' } });
  });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This is taking way too long...')).toHaveCount(0);
  await page.clock.fastForward(10_500);
  await expect(page.getByText('This is taking way too long...')).toBeVisible();
  answer();
  await expect(page.getByTestId('sign-in-message')).toHaveText('Oops. An error occurred and we are already investigating it...');
  await expect(page.getByText('This is taking way too long...')).toHaveCount(0);
});
