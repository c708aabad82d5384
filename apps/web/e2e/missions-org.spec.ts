import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, expectAccessible, latestMail, linkIn, screenshot, signIn } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An organisation made through the API by a verified admin, with a second person joined at `level`. */
async function orgWithMember(page: Page, request: APIRequestContext, level: string) {
  const admin = await createAccount(request, 'mission-org-admin', { firstName: 'Ada', lastName: 'Owner' });
  await page.goto(linkIn(await latestMail(request, admin.email, 'Verify your email for Crewplan')));
  await expect(page.getByText('Thank you. Your email is verified.')).toBeVisible();
  const created = await request.post('/api/org', { data: { title: 'Orbit Works', currency: 'EUR' }, headers: bearer(admin.token) });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: orgId } = (await created.json()) as { _id: string };
  const member = await createAccount(request, 'mission-org-member', { firstName: 'Otto', lastName: 'Observer' });
  const invite = await request.post(`/api/org/${orgId}/invite`, {
    data: { inviteeEmail: member.email, config: { permission: level } },
    headers: bearer(admin.token),
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const token = new URL(linkIn(await latestMail(request, member.email, 'You are invited to join Orbit Works'))).searchParams.get('token')!;
  const handled = await request.post(`/api/org-invite/handle/${token}`, { headers: bearer(member.token) });
  expect(handled.status(), await handled.text()).toBe(200);
  const { invite: byToken } = (await handled.json()) as { invite: { _id: string } };
  const accepted = await request.put(`/api/org-invite/${byToken._id}/accept`, { headers: bearer(member.token) });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { admin, member, orgId };
}

test('mc-org opens the creation dialog with the organisation chosen; the mission is listed under it; an org observer is told why they see no missions', async ({
  page,
  request,
}) => {
  const { admin, member, orgId } = await orgWithMember(page, request, 'OBSERVER_ORG');
  await signIn(page, admin.email);

  await page.goto(`/home?mc-org=${orgId}&create-proposal`);
  const dialog = page.getByRole('dialog', { name: 'New proposal' });
  await expect(dialog.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Orbit Works');
  await expect(dialog.getByRole('combobox', { name: 'Client' })).toBeVisible();
  await dialog.getByLabel('Title').fill('Satellite bid');
  await dialog.getByRole('radio', { name: 'Simple' }).check();
  await expectAccessible(page, 'proposal creation in an organisation');
  await page.screenshot({ path: screenshot('missions-create-in-org') });
  await dialog.getByRole('button', { name: 'Create proposal' }).click();
  await expect(page.getByRole('dialog', { name: 'Mission Satellite bid' })).toBeVisible();
  await expect(page).not.toHaveURL(/mc-org|create-proposal/);

  await page.getByRole('button', { name: 'Close the mission' }).click();
  await page.getByRole('button', { name: 'Missions' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Orbit Works')).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Satellite bid/ })).toContainText('Simple');
  await page.keyboard.press('Escape');

  // the observer sees reports, not projects: told once, for 9 seconds
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, member.email);
  await expect(
    page.getByText(
      'Oops. As an org observer you have access to all organization workspace reports but not the projects. Please ask an admin to grant you more access.',
    ),
  ).toBeVisible();
  await page.screenshot({ path: screenshot('missions-org-observer') });
});
