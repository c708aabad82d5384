import { expect, test } from '@playwright/test';
import { createAccount, expectAccessible, screenshot, signIn } from './support.ts';

for (const mode of ['light', 'dark'] as const) {
  test(`sign-in, My Space and home in ${mode} mode`, async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    if (mode === 'dark') await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);
    await expectAccessible(page, `sign-in (${mode})`);
    await page.screenshot({ path: screenshot(`login-${mode}`) });

    const { email } = await createAccount(request, `look-${mode}`, { firstName: 'Grace', lastName: 'Hopper', mode, theme: 'main' });
    await signIn(page, email);
    await expect(page.getByTestId('home-greeting')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);
    await expectAccessible(page, `home (${mode})`);
    await page.screenshot({ path: screenshot(`home-${mode}`) });

    await page.goto('/home?myspace');
    await expect(page.getByRole('heading', { name: 'My Space' })).toBeVisible();
    await expectAccessible(page, `My Space (${mode})`);
    await page.screenshot({ path: screenshot(`myspace-${mode}`) });

    for (const [tab, file] of [
      ['Email', 'email'],
      ['Appearance', 'appearance'],
      ['Two-factor', 'two-factor'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectAccessible(page, `My Space ${tab} (${mode})`);
      await page.screenshot({ path: screenshot(`myspace-${file}-${mode}`) });
    }
  });
}

test('every named theme stays readable in both modes', async ({ page, request }) => {
  const { email } = await createAccount(request, 'themes');
  await signIn(page, email);
  for (const mode of ['light', 'dark'] as const) {
    if (mode === 'dark') await page.getByRole('banner').getByRole('button', { name: 'Switch to dark mode' }).click();
    for (const theme of ['Main', 'Peak', 'Japan', 'SCA', 'Blue sky']) {
      await page.getByRole('button', { name: `${theme} theme` }).click();
      await expect(page.getByRole('button', { name: `${theme} theme` })).toHaveAttribute('aria-pressed', 'true');
      await expectAccessible(page, `home, ${theme} theme (${mode})`);
    }
  }
  await page.screenshot({ path: screenshot('home-blue-sky-dark') });
  // the choice is kept in the profile
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'Blue sky theme' })).toHaveAttribute('aria-pressed', 'true');
});
