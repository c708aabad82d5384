import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, expectAccessible, screenshot, signIn } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const missionView = (page: Page) => page.getByRole('dialog', { name: /^Mission / });

async function planItemsOf(request: APIRequestContext, token: string, missionId: string): Promise<{ role: string | null }[]> {
  const read = await request.get(`/api/mission/${missionId}`, { headers: bearer(token) });
  expect(read.status(), await read.text()).toBe(200);
  return ((await read.json()) as { planItems: { role: string | null }[] }).planItems;
}

/** Creates a mission from the `?mc` dialog with the template chosen in the picker; answers the new mission's id. */
async function createFromTemplate(page: Page, title: string, option: string): Promise<string> {
  await page.goto('/home?mc');
  const dialog = page.getByRole('dialog', { name: 'New mission' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Start').fill('2031-01-06');
  await dialog.getByLabel('End').fill('2031-04-25');
  await dialog.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(dialog.getByRole('combobox', { name: 'Template' })).toHaveValue(option);
  await dialog.getByRole('button', { name: 'Create mission' }).click();
  await expect(page).toHaveURL(/[?&]mission=[0-9a-f]{24}/);
  await expect(missionView(page).getByTestId('mission-title')).toHaveText(title);
  return new URL(page.url()).searchParams.get('mission')!;
}

test('a person saves a mission as a template and creates new missions from templates chosen in the picker', async ({ page, request }) => {
  const account = await createAccount(request, 'templates', { firstName: 'Tia', lastName: 'Templar' });
  const created = await request.post('/api/mission', {
    data: { title: 'Template source', planStartDate: '2030-03-04', planEndDate: '2030-06-28' },
    headers: bearer(account.token),
  });
  expect(created.status(), await created.text()).toBe(201);
  const sourceId = ((await created.json()) as { _id: string })._id;
  // a second template, made through the API, with roles of its own
  const made = await request.post('/api/template', {
    data: {
      template: {
        title: 'Three roles',
        dataPlanItems: [
          { title: 'Project manager', role: 'Project manager', startOffsetDays: 0, durationDays: 30 },
          { title: 'Designer', role: 'Designer', startOffsetDays: 0, durationDays: 20 },
          { title: 'Developer', role: 'Developer', startOffsetDays: 10, durationDays: 40 },
        ],
      },
    },
    headers: bearer(account.token),
  });
  expect(made.status(), await made.text()).toBe(201);

  await signIn(page, account.email);
  await page.goto(`/home?mission=${sourceId}&mission-tab=settings`);
  await missionView(page).getByRole('button', { name: 'Save as template' }).click();
  const save = page.getByRole('dialog', { name: 'Save as template' });
  await expect(save.getByLabel('Template name')).toHaveValue('Template source');
  await save.getByLabel('Template name').fill('Launch template');
  await save.getByLabel('Description').fill('Our usual launch plan');
  await expect(save).toContainText('1 plan item is kept, with its dates relative to the project start.');
  await expectAccessible(page, 'save as template');
  await page.screenshot({ path: screenshot('templates-save'), fullPage: true });
  await save.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText("Template 'Launch template' saved.")).toBeVisible();
  await expect(save).toHaveCount(0);

  // the picker lists both, with 'None' first
  await page.goto('/home?mc');
  const dialog = page.getByRole('dialog', { name: 'New mission' });
  await expect(dialog.getByRole('combobox', { name: 'Template' })).toHaveValue('None');
  await dialog.getByRole('combobox', { name: 'Template' }).click();
  await expect(page.getByRole('option', { name: 'Launch template (1 plan item)' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Three roles (3 plan items)' })).toBeVisible();
  await expectAccessible(page, 'template picker');
  await page.screenshot({ path: screenshot('templates-picker'), fullPage: true });
  await page.keyboard.press('Escape');

  // a mission from the saved template: its Project manager role only (the new mission's own keeps its place)
  const fromSaved = await createFromTemplate(page, 'From the saved template', 'Launch template (1 plan item)');
  expect((await planItemsOf(request, account.token, fromSaved)).map((item) => item.role)).toEqual(['Project manager']);

  // a mission from the three-role template: its own Project manager plus the Designer and Developer
  const fromRoles = await createFromTemplate(page, 'From three roles', 'Three roles (3 plan items)');
  const roles = (await planItemsOf(request, account.token, fromRoles)).map((item) => item.role).sort();
  expect(roles).toEqual(['Designer', 'Developer', 'Project manager']);
  await missionView(page).getByRole('tab', { name: 'Settings' }).click();
  await missionView(page).getByRole('button', { name: 'Save as template' }).click();
  await expect(page.getByRole('dialog', { name: 'Save as template' })).toContainText(
    '3 plan items are kept, with their dates relative to the project start.',
  );
  await page.screenshot({ path: screenshot('templates-from-template'), fullPage: true });
});
