import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { createAccount, expectAccessible, signIn } from './support.ts';

const folder = fileURLToPath(new URL('./screenshots/', import.meta.url));
mkdirSync(folder, { recursive: true });

for (const mode of ['light', 'dark'] as const) {
  test(`sign-in, My Space and home in ${mode} mode`, async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    if (mode === 'dark') await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);
    await expectAccessible(page, `sign-in (${mode})`);
    await page.screenshot({ path: `${folder}login-${mode}.png` });

    const { email } = await createAccount(request, `look-${mode}`, { firstName: 'Grace', lastName: 'Hopper', mode, theme: 'main' });
    await signIn(page, email);
    await expect(page.getByTestId('home-greeting')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);
    await expectAccessible(page, `home (${mode})`);
    await page.screenshot({ path: `${folder}home-${mode}.png` });

    await page.goto('/home?myspace');
    await expect(page.getByRole('heading', { name: 'My Space' })).toBeVisible();
    await expectAccessible(page, `My Space (${mode})`);
    await page.screenshot({ path: `${folder}myspace-${mode}.png` });
  });
}
