import { expect, test } from '@playwright/test';
import { createAccount, expectAccessible, fillSignIn, PASSWORD, screenshot, signIn } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

for (const mode of ['light', 'dark'] as const) {
  test(`an organisation requiring two-factor asks a person without it to set it up (${mode})`, async ({ page, browser, request }) => {
    const person = await createAccount(request, 'mfa-person', { firstName: 'Tess', lastName: 'Factor', mode, theme: 'main' });
    const headers = bearer(person.token);
    const created = await request.post('/api/org', { data: { title: 'Strict Co' }, headers });
    expect(created.status(), await created.text()).toBe(201);
    const orgId = ((await created.json()) as { _id: string })._id;
    const relaxed = await request.post('/api/org', { data: { title: 'Relaxed Co' }, headers });
    expect(relaxed.status(), await relaxed.text()).toBe(201);

    // no organisation requires it yet: no dialog
    await signIn(page, person.email);
    await page.getByRole('button', { name: 'Organisations' }).click();
    await expect(page.getByRole('menuitem', { name: /Strict Co/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Two-factor authentication required' })).toHaveCount(0);

    const strict = await request.put(`/api/org/${orgId}`, { data: { isMFARequired: true }, headers });
    expect(strict.status(), await strict.text()).toBe(200);
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Two-factor authentication required' });
    await expect(dialog).toContainText('Strict Co requires two-factor authentication.');
    await expect(dialog).not.toContainText('Relaxed Co');
    await expect(dialog.getByRole('button', { name: 'Setup up 2FA' })).toBeVisible();
    await expectAccessible(page, `two-factor required (${mode})`);
    await page.screenshot({ path: screenshot(`org-policy-mfa-${mode}`) });

    // put off for this browser session: not asked again on reload
    await dialog.getByRole('button', { name: "I'll do it later" }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('button', { name: 'Organisations' }).click();
    await expect(page.getByRole('menuitem', { name: /Strict Co/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // a new browser session asks again; 'Setup up 2FA' opens two-factor in My Space
    const context = await browser.newContext();
    const again = await context.newPage();
    await again.goto('/login');
    await fillSignIn(again, person.email, PASSWORD);
    await expect(again).toHaveURL(/\/home/);
    const asked = again.getByRole('dialog', { name: 'Two-factor authentication required' });
    await expect(asked).toBeVisible();
    await asked.getByRole('button', { name: 'Setup up 2FA' }).click();
    await expect(again).toHaveURL(/[?&]myspace=2fa/);
    await expect(again.getByRole('heading', { name: 'My Space' })).toBeVisible();
    await expect(again.getByRole('tab', { name: 'Two-factor' })).toHaveAttribute('aria-selected', 'true');
    await expect(asked).toHaveCount(0);
    await context.close();
  });
}
