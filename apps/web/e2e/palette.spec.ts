import { expect, test } from '@playwright/test';
import { createAccount, expectAccessible, screenshot, signIn } from './support.ts';

test('Ctrl+K opens the command palette and jumps to the board', async ({ page, request }) => {
  const { email } = await createAccount(request, 'palette');
  await signIn(page, email);

  await page.keyboard.press('Control+K');
  const search = page.getByRole('textbox', { name: 'Search commands' });
  await expect(search).toBeVisible();
  await expect(page.getByRole('button', { name: /Two-factor setup/ })).toBeVisible();
  await expectAccessible(page, 'command palette');
  await page.screenshot({ path: screenshot('palette') });

  await search.fill('Board');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/board\?board-tab=vision-board$/);
  await expect(page.getByRole('tab', { name: 'Launchpad' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, 'board');
  await page.screenshot({ path: screenshot('board') });

  await page.getByRole('tab', { name: 'The vault' }).click();
  await expect(page).toHaveURL(/board-tab=older-board/);
  await page.goto('/board');
  // the last tab is remembered
  await expect(page).toHaveURL(/board-tab=older-board/);
});
