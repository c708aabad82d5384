import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startFakeOidcProvider, type FakeOidcProvider } from '../../server/test/support/fake-oidc-provider.ts';
import { createAccount, expectAccessible, IDP_PORTS, latestMail, linkIn, screenshot, signIn } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An organisation with an approved domain of its own, made by a verified admin, with a manager who joined. */
async function orgWithDomain(page: Page, request: APIRequestContext, mode: 'light' | 'dark') {
  const domain = `sso-admin-${randomBytes(3).toString('hex')}.test`;
  // an admin sets up sign-in only for the domain of their own verified email
  const admin = await createAccount(request, 'sso-owner', { firstName: 'Ines', lastName: 'Admin', mode, theme: 'main' }, `ines@${domain}`);
  await page.goto(linkIn(await latestMail(request, admin.email, 'Verify your email for Crewplan')));
  await expect(page.getByText('Thank you. Your email is verified.')).toBeVisible();
  const created = await request.post('/api/org', { data: { title: 'Sign-on Co', inviteDomains: [domain] }, headers: bearer(admin.token) });
  expect(created.status(), await created.text()).toBe(201);
  const orgId = ((await created.json()) as { _id: string })._id;
  const manager = await createAccount(request, 'sso-manager', { firstName: 'Max', lastName: 'Manager', mode, theme: 'main' });
  const invite = await request.post(`/api/org/${orgId}/invite`, {
    data: { inviteeEmail: manager.email, config: { permission: 'MANAGER' } },
    headers: bearer(admin.token),
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const token = new URL(linkIn(await latestMail(request, manager.email, 'You are invited to join Sign-on Co'))).searchParams.get('token')!;
  const handled = await request.post(`/api/org-invite/handle/${token}`, { headers: bearer(manager.token) });
  expect(handled.status(), await handled.text()).toBe(200);
  const { invite: byToken } = (await handled.json()) as { invite: { _id: string } };
  const accepted = await request.put(`/api/org-invite/${byToken._id}/accept`, { headers: bearer(manager.token) });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { admin, manager, orgId, domain };
}

let idp: FakeOidcProvider;
test.beforeAll(async () => {
  idp = await startFakeOidcProvider(IDP_PORTS.organisationPolicy);
  idp.clients.set('crewplan-admin-e2e', 'admin-e2e-secret');
});
test.afterAll(async () => idp?.close());

for (const mode of ['light', 'dark'] as const) {
  test(`an admin sets up and removes single sign-on for a domain (${mode})`, async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { admin, orgId, domain } = await orgWithDomain(page, request, mode);
    await signIn(page, admin.email);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);

    // the domains area: approved domains (their editor open), then single sign-on under them
    await page.goto(`/home?org=${orgId}&oc-domains`);
    await expect(page.getByRole('dialog', { name: 'Approved invite domains' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    const section = page.getByRole('region', { name: 'Single sign-on' });
    await expect(section.getByText('No single sign-on yet: everyone signs in with a password.')).toBeVisible();

    await section.getByRole('button', { name: 'Add single sign-on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add single sign-on' });
    await expect(dialog.getByRole('combobox', { name: 'Domain' })).toHaveValue(domain);
    // checked before sending
    await dialog.getByRole('button', { name: 'Save single sign-on' }).click();
    await expect(dialog.getByText('Required')).toHaveCount(3);
    // an identity provider this server does not trust: the server's message
    await dialog.getByLabel('Issuer URL').fill('https://login.untrusted-idp.test');
    await dialog.getByLabel('Client id').fill('crewplan-admin-e2e');
    await dialog.getByLabel('Client secret').fill('admin-e2e-secret');
    await dialog.getByRole('button', { name: 'Save single sign-on' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'This server does not trust that identity provider yet: ask its operator to add it.',
    );
    await expect(dialog.getByText('Not a trusted identity provider')).toBeVisible();
    await expectAccessible(page, `add single sign-on (${mode})`);
    await page.screenshot({ path: screenshot(`org-policy-sso-add-${mode}`) });

    // the local provider the e2e server trusts
    await dialog.getByLabel('Issuer URL').fill(idp.issuer('/idp'));
    await dialog.getByRole('switch', { name: /Require single sign-on/ }).check();
    await dialog.getByRole('button', { name: 'Save single sign-on' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Single sign-on is set up for ${domain}.`)).toBeVisible();
    const table = page.getByTestId('org-sso');
    const row = table.getByRole('row').filter({ hasText: domain });
    await expect(row).toContainText('OpenID Connect');
    await expect(row).toContainText('Required');
    await expect(row).toContainText(idp.issuer('/idp'));
    await expect(row).toContainText('Client crewplan-admin-e2e');
    await expect(row).toContainText('/api/identity/sso/callback');
    // secrets are write-only
    await expect(page.locator('body')).not.toContainText('admin-e2e-secret');
    const listed = await request.get(`/api/org/${orgId}/sso`, { headers: bearer(admin.token) });
    expect(await listed.text()).not.toContain('admin-e2e-secret');
    // the sign-in screen now routes that domain to its provider
    const lookup = await request.get(`/api/auth/sso/${encodeURIComponent(`ada@${domain}`)}`);
    expect(await lookup.json()).toMatchObject({ sso: true, required: true });

    // the same domain and kind twice: the server's conflict
    await section.getByRole('button', { name: 'Add single sign-on' }).click();
    await dialog.getByLabel('Issuer URL').fill(idp.issuer('/idp'));
    await dialog.getByLabel('Client id').fill('crewplan-admin-e2e');
    await dialog.getByLabel('Client secret').fill('admin-e2e-secret');
    await dialog.getByRole('button', { name: 'Save single sign-on' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(`${domain} already has a single sign-on setup.`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('heading', { name: 'Single sign-on' }).scrollIntoViewIfNeeded();
    await expectAccessible(page, `single sign-on list (${mode})`);
    await page.screenshot({ path: screenshot(`org-policy-sso-${mode}`) });

    // remove it
    await row.getByRole('button', { name: `Remove OpenID Connect for ${domain}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove single sign-on' });
    await expect(confirm).toContainText(`People of ${domain} will sign in with a password again`);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toBeHidden();
    await expect(section.getByText('No single sign-on yet: everyone signs in with a password.')).toBeVisible();
    const after = await request.get(`/api/auth/sso/${encodeURIComponent(`ada@${domain}`)}`);
    expect(await after.json()).toMatchObject({ sso: false, required: false });
  });
}

test('a manager sees the domains but not single sign-on', async ({ page, request }) => {
  const { manager, orgId, domain } = await orgWithDomain(page, request, 'light');
  await signIn(page, manager.email);
  await page.goto(`/home?org=${orgId}&org-cfg`);
  await expect(page.getByTestId('org-domains')).toContainText(domain);
  await expect(page.getByRole('heading', { name: 'Approved invite domains' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Single sign-on' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add single sign-on' })).toHaveCount(0);
  // and the server agrees
  const listed = await request.get(`/api/org/${orgId}/sso`, { headers: bearer(manager.token) });
  expect(listed.status()).toBe(403);
});
