import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { SSO_MESSAGES } from '@crewplan/domain/sso/sso';
import { startFakeOidcProvider, type FakeOidcProvider } from '../../server/test/support/fake-oidc-provider.ts';
import { createAccount, expectAccessible, fillSignIn, IDP_PORTS, latestMail, linkIn } from './support.ts';

test('an email whose domain has no set-up gets the spec messages for single sign-on and Microsoft', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('someone@no-sso-here.test');
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await expect(page.getByTestId('sign-in-message')).toHaveText("There's no single sign-on setup for your email...");
  await page.getByRole('button', { name: 'Continue with Microsoft' }).click();
  await expect(page.getByTestId('sign-in-message')).toHaveText("There's no microsoft setup for your email...");
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page, 'sign-in with single sign-on choices');
});

test('a refusal from the identity provider shows its message, then signs out after 6 s', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login?sso=failed&error=account_not_linked&error_description=x');
  await expect(page.getByTestId('sign-in-message')).toHaveText(SSO_MESSAGES['auth/sso-not-authorized']);
  await expect(page).toHaveURL(/\/login$/);
  await page.clock.fastForward(5_000);
  await expect(page.getByTestId('sign-in-message')).toBeVisible();
  await page.clock.fastForward(1_500);
  await expect(page.getByTestId('sign-in-message')).toHaveCount(0);
});

test('a password on a domain that requires single sign-on is refused (auth/sso-required), then signs out after 6 s', async ({ page }) => {
  await page.clock.install();
  await page.route('**/api/identity/sign-in/email', (route) =>
    route.fulfill({ status: 403, json: { code: 'auth/sso-required', message: SSO_MESSAGES['auth/sso-required'] } }),
  );
  await page.goto('/login');
  await fillSignIn(page, 'someone@crewplan.test', 'whatever-123');
  await expect(page.getByTestId('sign-in-message')).toHaveText(SSO_MESSAGES['auth/sso-required']);
  await page.clock.fastForward(6_500);
  await expect(page.getByTestId('sign-in-message')).toHaveCount(0);
});

test.describe('against a local OpenID Connect provider', () => {
  let idp: FakeOidcProvider;
  test.beforeAll(async () => {
    idp = await startFakeOidcProvider(IDP_PORTS.signIn);
    idp.clients.set('crewplan-e2e', 'e2e-secret');
  });
  test.afterAll(async () => idp?.close());

  test('a person of a single sign-on domain goes to the provider and comes back signed in', async ({ page, request }) => {
    const domain = `sso-${randomBytes(3).toString('hex')}.test`;
    // an admin sets up sign-in only for the domain of their own verified email
    const { token, email } = await createAccount(request, 'sso-admin', undefined, `admin@${domain}`);
    await page.goto(linkIn(await latestMail(request, email, 'Verify your email for Crewplan')));
    await expect(page.getByText('Thank you. Your email is verified.')).toBeVisible();
    const headers = { authorization: `Bearer ${token}` };
    const org = await request.post('/api/org', { data: { title: 'Single sign-on org', inviteDomains: [domain] }, headers });
    expect(org.status(), await org.text()).toBe(201);
    const orgId = ((await org.json()) as { _id: string })._id;
    const setup = await request.post(`/api/org/${orgId}/sso`, {
      data: { kind: 'oidc', domain, issuer: idp.issuer('/idp'), clientId: 'crewplan-e2e', clientSecret: 'e2e-secret' },
      headers,
    });
    // The e2e server trusts this fake provider's origin (SSO_TRUSTED_ORIGINS in scripts/e2e-server.mjs).
    expect(setup.status(), await setup.text()).toBe(201);

    idp.nextUser = { email: `ada@${domain}`, name: 'Ada Lovelace' };
    await page.goto('/login');
    await page.getByLabel('Email').fill(`ada@${domain}`);
    await expect(page.getByRole('button', { name: 'Continue with single sign-on' })).toBeEnabled();
    await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await expect(page).toHaveURL(/\/home/);
    await expect(page.getByRole('banner')).toBeVisible();
  });
});
