import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from '@crewplan/domain';
import { SSO_MESSAGES, ssoCallbackErrorCode } from '@crewplan/domain/sso/sso';
import { authAccounts, people, personEmails, ssoProviders } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { startFakeOidcProvider, type FakeOidcProvider } from './support/fake-oidc-provider.ts';
import { addMember, createOrg, errorOf, expectStatus, verifiedPerson, type CreatedOrg } from './support/org.ts';
import { signIn, type TestPerson } from './support/people.ts';

let t: TestApp;
let idp: FakeOidcProvider;
let admin: TestPerson;
let org: CreatedOrg;
const DOMAIN = 'acme-sso.test';

beforeAll(async () => {
  idp = await startFakeOidcProvider();
  idp.clients.set('crewplan', 'client-secret');
  idp.clients.set('crewplan-ms', 'ms-secret');
  t = await buildTestApp({ env: { SSO_TRUSTED_ORIGINS: idp.origin, MICROSOFT_LOGIN_URL: idp.issuer('/ms') } });
  // an admin sets up sign-in only for domains of their own verified addresses
  admin = await verifiedPerson(t, { email: `admin@${DOMAIN}` });
  await proveAddress(admin.personId, 'admin@other-sso.test');
  await proveAddress(admin.personId, 'admin@saml-sso.test');
  org = await createOrg(t, admin.token, { inviteDomains: [DOMAIN, 'other-sso.test', 'gmail.com'] });
});

afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** Gives a person a secondary address, verified unless said otherwise. */
async function proveAddress(personId: string, email: string, verified = true) {
  await t.database.db.insert(personEmails).values({ personId, email, verified });
  t.app.ctx.reads.changed();
}

const oidcBody = (overrides: Record<string, unknown> = {}) => ({
  kind: 'oidc',
  domain: DOMAIN,
  issuer: idp.issuer('/idp'),
  clientId: 'crewplan',
  clientSecret: 'client-secret',
  ...overrides,
});

/** A password account of the domain made before its organisation required single sign-on (no new one is made since). */
async function earlierAccount(email: string) {
  const required = (value: boolean) => t.database.db.update(ssoProviders).set({ required: value }).where(eq(ssoProviders.domain, DOMAIN));
  await required(false);
  try {
    return await verifiedPerson(t, { email });
  } finally {
    await required(true);
  }
}

/** Cookies a browser would keep from a response. */
function cookiesOf(setCookie: string | string[] | undefined): string {
  return ([] as string[])
    .concat(setCookie ?? [])
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

/**
 * The browser's journey: ask better-auth to start single sign-on, follow the provider's redirect, come back
 * to the callback, and read the session. Returns where the callback sent the browser and the session token.
 */
async function ssoJourney(body: Record<string, unknown>) {
  const start = await t.request({
    method: 'POST',
    url: '/api/identity/sign-in/sso',
    payload: { callbackURL: '/home', errorCallbackURL: '/login', ...body },
  });
  expectStatus(start, 200);
  const { url } = start.json() as { url: string };
  const cookies = cookiesOf(start.headers['set-cookie']);
  const atProvider = await fetch(url, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location') ?? 'http://missing/');
  const callback = await t.request({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: cookies } });
  const location = String(callback.headers.location ?? '');
  const sessionCookie = cookiesOf(callback.headers['set-cookie']);
  let token: string | null = null;
  if (sessionCookie) {
    const session = await t.request({ method: 'GET', url: '/api/identity/get-session', headers: { cookie: sessionCookie } });
    token = (session.json() as { session?: { token?: string } } | null)?.session?.token ?? null;
  }
  return { url: new URL(url), back, callback, location, token };
}

describe('single sign-on setups of an organisation (admins)', () => {
  it('registers an OIDC provider for an approved domain through discovery, and never shows the secret', async () => {
    const response = await t.request({
      method: 'POST',
      url: `/api/org/${org._id}/sso`,
      token: admin.token,
      payload: oidcBody({ required: true }),
    });
    expectStatus(response, 201);
    const created = response.json() as Record<string, unknown>;
    expect(created).toMatchObject({ kind: 'oidc', domain: DOMAIN, providerId: `oidc-${DOMAIN}`, clientId: 'crewplan', required: true });
    expect(created.callbackUrl).toBe(`http://localhost:3000/api/identity/sso/callback/oidc-${DOMAIN}`);
    expect(JSON.stringify(created)).not.toContain('client-secret');

    const list = await t.request({ method: 'GET', url: `/api/org/${org._id}/sso`, token: admin.token });
    expectStatus(list, 200);
    expect((list.json() as { providers: unknown[] }).providers).toHaveLength(1);
    expect(list.body).not.toContain('client-secret');
    // discovery filled the endpoints in better-auth's stored configuration
    const [row] = await t.database.db
      .select()
      .from(ssoProviders)
      .where(eq(ssoProviders.providerId, `oidc-${DOMAIN}`));
    expect(JSON.parse(row!.oidcConfig!)).toMatchObject({
      tokenEndpoint: `${idp.issuer('/idp')}/token`,
      jwksEndpoint: `${idp.issuer('/idp')}/jwks`,
    });
    expect(row).toMatchObject({ organizationId: org._id, domainVerified: true });
  });

  it('refuses a second setup of the same kind for the domain (409)', async () => {
    const response = await t.request({ method: 'POST', url: `/api/org/${org._id}/sso`, token: admin.token, payload: oidcBody() });
    expectStatus(response, 409);
    expect(errorOf(response).code).toBe('sso/already-configured');
  });

  it('refuses a setup of any kind for a domain another organisation has set up (409): its people would be sent to either', async () => {
    const outsider = await earlierAccount(`squatter@${DOMAIN}`);
    const squatter = await createOrg(t, outsider.token, { inviteDomains: [DOMAIN] });
    const response = await t.request({
      method: 'POST',
      url: `/api/org/${squatter._id}/sso`,
      token: outsider.token,
      payload: {
        kind: 'microsoft',
        domain: DOMAIN,
        tenantId: 'contoso.onmicrosoft.com',
        clientId: 'crewplan-ms',
        clientSecret: 'ms-secret',
      },
    });
    expectStatus(response, 409);
    expect(errorOf(response).code).toBe('sso/already-configured');
    const rows = await t.database.db.select().from(ssoProviders).where(eq(ssoProviders.domain, DOMAIN));
    expect(rows.map((row) => row.organizationId)).toEqual([org._id]);
  });

  it.each([
    ['a domain the organisation has not approved', () => oidcBody({ domain: 'elsewhere.test' }), 'sso/domain-not-approved'],
    ['a free mail domain', () => oidcBody({ domain: 'gmail.com' }), 'sso/free-domain'],
    [
      'an identity provider the server does not trust',
      () => oidcBody({ domain: 'other-sso.test', issuer: 'http://10.1.2.3/idp' }),
      'sso/untrusted-issuer',
    ],
    [
      'an issuer whose discovery fails',
      () => oidcBody({ domain: 'other-sso.test', issuer: `${idp.origin}/missing` }),
      'sso/invalid-provider',
    ],
    ['an invalid body', () => ({ kind: 'oidc', domain: 'not a domain', issuer: 'ftp://x', clientId: '' }), 'validation'],
    ['an unknown kind', () => ({ kind: 'ldap', domain: DOMAIN }), 'validation'],
  ])('answers 400 to %s', async (_label, body, code) => {
    const response = await t.request({ method: 'POST', url: `/api/org/${org._id}/sso`, token: admin.token, payload: body() });
    expectStatus(response, 400);
    expect(errorOf(response).code).toBe(code);
  });

  it('is for admins only: a manager gets 403, someone of another organisation 404, nobody 401', async () => {
    const manager = await verifiedPerson(t);
    await addMember(t, org._id, manager, 'MANAGER');
    const outsider = await verifiedPerson(t);
    await createOrg(t, outsider.token, { inviteDomains: [DOMAIN] });
    for (const method of ['GET', 'POST'] as const) {
      const payload = method === 'POST' ? oidcBody({ domain: 'other-sso.test' }) : undefined;
      expectStatus(await t.request({ method, url: `/api/org/${org._id}/sso`, token: manager.token, payload }), 403);
      expectStatus(await t.request({ method, url: `/api/org/${org._id}/sso`, token: outsider.token, payload }), 404);
      expectStatus(await t.request({ method, url: `/api/org/${org._id}/sso`, payload }), 401);
    }
    const [row] = await t.database.db
      .select()
      .from(ssoProviders)
      .where(eq(ssoProviders.providerId, `oidc-${DOMAIN}`));
    expectStatus(await t.request({ method: 'DELETE', url: `/api/org/${org._id}/sso/${row!.id}`, token: manager.token }), 403);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/org/${org._id}/sso/${row!.id}`, token: outsider.token }), 404);
  });

  it("keeps better-auth's own provider management closed: nobody registers or changes a provider past our checks", async () => {
    for (const path of ['register', 'update-provider']) {
      const response = await t.request({
        method: 'POST',
        url: `/api/identity/sso/${path}`,
        token: admin.token,
        payload: { providerId: `oidc-${DOMAIN}`, issuer: idp.issuer(), domain: 'evil.test' },
      });
      expect(response.statusCode).toBe(404);
    }
    const [row] = await t.database.db
      .select()
      .from(ssoProviders)
      .where(eq(ssoProviders.providerId, `oidc-${DOMAIN}`));
    expect(row).toMatchObject({ domain: DOMAIN, organizationId: org._id });
  });
});

describe('whose domain: an admin sets up sign-in only for the domain of a verified address of theirs', () => {
  const OWN = 'own-sso.test';
  let owner: TestPerson;
  let ownOrg: CreatedOrg;

  beforeAll(async () => {
    owner = await verifiedPerson(t, { email: `Owner@${OWN.toUpperCase()}` });
    // every domain below is approved: approving one proves nothing
    ownOrg = await createOrg(t, owner.token, {
      inviteDomains: [OWN, 'foreign-sso.test', `eu.${OWN}`, 'second-sso.test', 'unproven-sso.test'],
    });
    await proveAddress(owner.personId, 'owner@unproven-sso.test', false);
  });

  const setUp = (domain: string, person = owner, target = ownOrg) =>
    t.request({ method: 'POST', url: `/api/org/${target._id}/sso`, token: person.token, payload: oidcBody({ domain }) });
  const providersOf = async (domain: string) => t.database.db.select().from(ssoProviders).where(eq(ssoProviders.domain, domain));

  it.each([
    ['another domain', 'foreign-sso.test'],
    ['a subdomain of their own', `eu.${OWN}`],
    ['the domain of an address they have not verified', 'unproven-sso.test'],
  ])('refuses %s (403), and registers nothing', async (_label, domain) => {
    const response = await setUp(domain);
    expectStatus(response, 403);
    expect(errorOf(response)).toMatchObject({
      code: 'sso/domain-not-owned',
      message: 'Single sign-on can only be set up for the domain of your own verified email address.',
    });
    expect(await providersOf(domain)).toEqual([]);
  });

  it('refuses an admin whose sign-in email is not verified, even for its own domain (403)', async () => {
    const unverifiedOwner = await verifiedPerson(t, { email: `later@unverified-sso.test` });
    const target = await createOrg(t, unverifiedOwner.token, { inviteDomains: ['unverified-sso.test'] });
    await t.database.db.update(people).set({ emailVerified: false }).where(eq(people.id, unverifiedOwner.personId));
    t.app.ctx.sessions.forgetPerson(unverifiedOwner.personId);
    t.app.ctx.reads.changed();
    const response = await setUp('unverified-sso.test', unverifiedOwner, target);
    expectStatus(response, 403);
    expect(errorOf(response).code).toBe('sso/domain-not-owned');
    expect(await providersOf('unverified-sso.test')).toEqual([]);
  });

  it('accepts their own domain whatever its case, and the domain of a verified secondary address', async () => {
    const own = await setUp('OWN-Sso.Test');
    expectStatus(own, 201);
    expect(own.json()).toMatchObject({ domain: OWN });
    await proveAddress(owner.personId, 'owner@second-sso.test');
    expectStatus(await setUp('second-sso.test'), 201);
  });
});

describe('signing in with single sign-on', () => {
  it('tells the sign-in screen what an email of the domain may use, without secrets', async () => {
    const response = await t.request({ method: 'GET', url: `/api/auth/sso/${encodeURIComponent(`Ann@${DOMAIN.toUpperCase()}`)}` });
    expectStatus(response, 200);
    expect(response.json()).toEqual({
      sso: true,
      microsoft: false,
      required: true,
      ssoProviderId: `oidc-${DOMAIN}`,
      microsoftProviderId: null,
    });
    const none = await t.request({ method: 'GET', url: '/api/auth/sso/someone@unknown-domain.test' });
    expect(none.json()).toMatchObject({ sso: false, microsoft: false, required: false });
    expectStatus(await t.request({ method: 'GET', url: '/api/auth/sso/not-an-email' }), 400);
  });

  it('rate-limits the lookup per address', async () => {
    let last = 0;
    for (let i = 0; i < 62; i++) {
      last = (await t.request({ method: 'GET', url: '/api/auth/sso/a@b-limit.test', remoteAddress: '10.77.0.1' })).statusCode;
    }
    expect(last).toBe(429);
  });

  it('sends a person of the domain to the provider and back signed in, with a bearer token for the API', async () => {
    const email = `ann.sso@${DOMAIN}`;
    const journey = await ssoJourney({ email });
    expect(journey.url.origin).toBe(idp.origin);
    expect(journey.url.searchParams.get('client_id')).toBe('crewplan');
    expect(journey.url.searchParams.get('login_hint')).toBe(email);
    expect(journey.url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(journey.back.searchParams.get('code')).toBeTruthy();
    expect(journey.callback.statusCode).toBe(302);
    expect(journey.location).toBe('/home');
    expect(journey.token).toBeTruthy();

    const profile = await t.request({ method: 'GET', url: '/api/people/profile', token: journey.token! });
    expectStatus(profile, 200);
    expect(profile.json()).toMatchObject({ email });
    const [account] = await t.database.db
      .select()
      .from(authAccounts)
      .innerJoin(people, eq(people.id, authAccounts.userId))
      .where(eq(people.email, email));
    expect(account?.auth_accounts.providerId).toBe(`oidc-${DOMAIN}`);
  });

  it('links an existing password account of the domain that is a member of the organisation', async () => {
    const existing = await earlierAccount(`bob.sso@${DOMAIN}`);
    await addMember(t, org._id, existing, 'MEMBER');
    const journey = await ssoJourney({ providerId: `oidc-${DOMAIN}`, email: existing.email });
    const profile = await t.request({ method: 'GET', url: '/api/people/profile', token: journey.token! });
    expect(profile.json()).toMatchObject({ _id: existing.personId });
  });

  it("neither links nor locks out an existing account of the domain that is not the organisation's: any organisation may list a domain", async () => {
    const outsider = await earlierAccount(`olga.sso@${DOMAIN}`);
    const journey = await ssoJourney({ providerId: `oidc-${DOMAIN}`, email: outsider.email });
    expect(journey.token).toBeNull();
    const refusal = new URL(journey.location, 'http://localhost:3000').searchParams.get('error') ?? '';
    expect(ssoCallbackErrorCode(refusal)).toBe('auth/sso-not-authorized');
    const accounts = await t.database.db.select().from(authAccounts).where(eq(authAccounts.userId, outsider.personId));
    expect(accounts.map((account) => account.providerId)).toEqual(['credential']);
    // the domain requires single sign-on of the organisation's people only: this person keeps their password
    expectStatus(await signIn(t, outsider.email, 'correct-horse-battery'), 200);
    const lookup = await t.request({ method: 'GET', url: `/api/auth/sso/${outsider.email}` });
    expect(lookup.json()).toMatchObject({ sso: true, required: false });
    // once they join the organisation, its provider binds them
    await addMember(t, org._id, outsider, 'MEMBER');
    expectStatus(await signIn(t, outsider.email, 'correct-horse-battery'), 403);
    const joined = await ssoJourney({ providerId: `oidc-${DOMAIN}`, email: outsider.email });
    const profile = await t.request({ method: 'GET', url: '/api/people/profile', token: joined.token! });
    expect(profile.json()).toMatchObject({ _id: outsider.personId });
  });

  it('refuses a password sign-in on a domain that requires single sign-on (auth/sso-required)', async () => {
    const response = await signIn(t, `bob.sso@${DOMAIN}`, 'correct-horse-battery');
    expectStatus(response, 403);
    expect(response.json()).toEqual({ error: { code: 'auth/sso-required', message: SSO_MESSAGES['auth/sso-required'] } });
  });

  it('refuses a password sign-up on that domain too (auth/sso-required), through either sign-up, and makes no account', async () => {
    const expected = { error: { code: 'auth/sso-required', message: SSO_MESSAGES['auth/sso-required'] } };
    const email = `erin.sso@${DOMAIN}`;
    const product = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'correct-horse-battery', firstName: 'Erin', lastName: 'Sso' },
    });
    expectStatus(product, 403);
    expect(product.json()).toEqual(expected);
    const provider = await t.request({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      payload: { email, password: 'correct-horse-battery', name: 'Erin Sso' },
    });
    expectStatus(provider, 403);
    expect(errorOf(provider).code).toBe('auth/sso-required');
    expect(await t.database.db.select().from(people).where(eq(people.email, email))).toHaveLength(0);
  });

  it('sends a refusal of the provider back to the sign-in screen as an error', async () => {
    idp.nextError = 'access_denied';
    const journey = await ssoJourney({ email: `carol.sso@${DOMAIN}` });
    expect(journey.token).toBeNull();
    const back = new URL(journey.location, 'http://localhost:3000');
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('error')).toBe('access_denied');
  });

  it("refuses an account for another domain's address (auth/sso-not-authorized), so a provider cannot claim it", async () => {
    idp.nextUser = { email: 'victim@elsewhere-sso.test' };
    const journey = await ssoJourney({ email: `mallory.sso@${DOMAIN}` });
    expect(journey.token).toBeNull();
    const back = new URL(journey.location, 'http://localhost:3000');
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('error')).toBe('unable to create user');
    expect(ssoCallbackErrorCode(back.searchParams.get('error') ?? '')).toBe('auth/sso-not-authorized');
    expect(await t.database.db.select().from(people).where(eq(people.email, 'victim@elsewhere-sso.test'))).toHaveLength(0);
  });

  it('has no provider for an unknown domain: the spec text is what the screen shows', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/identity/sign-in/sso',
      payload: { email: 'dan@unknown-domain.test', callbackURL: '/home' },
    });
    expectStatus(response, 404);
    expect(SSO_MESSAGES.noSso).toBe(SIGN_IN_MESSAGES.noSso);
    expect(SSO_MESSAGES.noSso).toBe("There's no single sign-on setup for your email...");
  });
});

describe('single sign-on of a deleted organisation', () => {
  it('stops requiring, offering and making accounts through the providers of an organisation once it is deleted', async () => {
    const domain = 'gone-sso.test';
    const owner = await verifiedPerson(t, { email: `owner@${domain}` });
    const gone = await createOrg(t, owner.token, { inviteDomains: [domain] });
    const member = await verifiedPerson(t, { email: `mia@${domain}` });
    await addMember(t, gone._id, member, 'MEMBER');
    const created = await t.request({
      method: 'POST',
      url: `/api/org/${gone._id}/sso`,
      token: owner.token,
      payload: oidcBody({ domain, required: true }),
    });
    expectStatus(created, 201);
    expectStatus(await signIn(t, member.email, 'correct-horse-battery'), 403);

    expectStatus(await t.request({ method: 'DELETE', url: `/api/org/${gone._id}`, token: owner.token }), 200);
    // nobody can manage that setup any more: it must not keep binding the organisation's former people
    expect((await t.request({ method: 'GET', url: `/api/auth/sso/${member.email}` })).json()).toMatchObject({
      sso: false,
      required: false,
    });
    expectStatus(await signIn(t, member.email, 'correct-horse-battery'), 200);
    const newcomer = `nate@${domain}`;
    // its providers went with it: single sign-on through them does not even start
    const start = await t.request({
      method: 'POST',
      url: '/api/identity/sign-in/sso',
      payload: { providerId: `oidc-${domain}`, email: newcomer, callbackURL: '/home', errorCallbackURL: '/login' },
    });
    expectStatus(start, 404);
    expect(await t.database.db.select().from(people).where(eq(people.email, newcomer))).toHaveLength(0);
    // the domain is free for the organisation that approves it next
    const next = await createOrg(t, owner.token, { inviteDomains: [domain] });
    const again = await t.request({ method: 'POST', url: `/api/org/${next._id}/sso`, token: owner.token, payload: oidcBody({ domain }) });
    expectStatus(again, 201);
    expect((await t.request({ method: 'GET', url: `/api/auth/sso/${member.email}` })).json()).toMatchObject({ sso: true });
  });
});

/** A SAML identity provider's public signing certificate (its key is not kept: only registration and the redirect are tested). */
const SAML_IDP_CERT = `-----BEGIN CERTIFICATE-----
MIIDGzCCAgOgAwIBAgIUS2V5rwYzYNSLvr0GWXbtkwWha+cwDQYJKoZIhvcNAQEL
BQAwHTEbMBkGA1UEAwwSZmFrZS1zYW1sLWlkcC50ZXN0MB4XDTI2MTEyMjAwNTQx
N1oXDTM2MTExOTAwNTQxN1owHTEbMBkGA1UEAwwSZmFrZS1zYW1sLWlkcC50ZXN0
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAn9sqGKNCkNgtCim73be3
ksSUkgPz//AjAj0skqNJ2Wsgl2NaXyi7Zltkc52b4Wie7o4/Saif77G3ncaMxqXm
TW9j9g43VvfzyQAY/Muo4YHXtMZe5vodZKqj6RbWwVNTeNDvbQRSsbK21wSZ7R1+
eIDZG2NdmZPNNB1k0HWzWh1Y4ULc5kssBOgdQSJ1J8SshLz2T+Yx3UeL0mEpZEHc
G9YbFGEwUwtgIDS0Ylb2a3aCjkzoj+9Fi2xn7r+Bjd+hfAWpGwac0Rp69pfshE5L
DNaq+t4sTdm+TJAdwQF4/KXcCpLIy/r6CDtM8xTg9y2uc61zj437otYomqjI+utW
5QIDAQABo1MwUTAdBgNVHQ4EFgQULknNE7tWey4LN4Mr1nTBKSq66G4wHwYDVR0j
BBgwFoAULknNE7tWey4LN4Mr1nTBKSq66G4wDwYDVR0TAQH/BAUwAwEB/zANBgkq
hkiG9w0BAQsFAAOCAQEAbe/vuUA7RErUiWEGP4t3fSYLYJH3kvcYfuVIuAT94DCu
3xrehtM78BADlJhLwTYkDlSkj2jMxcSfMk+nB571e225NXs1tIfHieNmUOARnGx0
pWXEl6RNLmItQMLlHkROxMm90c3s5URq75kVB/NBY+PPvaRRh9bZnbaV3HMo8Ql6
Y76SECG0kxEFfgaSRZ/7Skco24lf66hSCNweKSEDzISJhxH29235Y7OuDRugEVTH
kJGqMLYzvISka0Z+ubVOHtIIP5AN+th5pum17hsQ0LefQO1DGnp/uq3g6+REp5uY
9ID5YUe2lvImAjiKQPH7QrKqWjBlGaO/stNmrGYkiA==
-----END CERTIFICATE-----`;

describe('SAML single sign-on (registration and the redirect to the identity provider)', () => {
  it('registers a SAML provider and sends people of the domain to its entry point with a SAML request', async () => {
    const samlOrg = await createOrg(t, admin.token, { inviteDomains: ['saml-sso.test'] });
    const created = await t.request({
      method: 'POST',
      url: `/api/org/${samlOrg._id}/sso`,
      token: admin.token,
      payload: {
        kind: 'saml',
        domain: 'saml-sso.test',
        issuer: 'https://idp.saml-sso.test/entity',
        entryPoint: 'https://idp.saml-sso.test/sso',
        certificate: SAML_IDP_CERT,
      },
    });
    expectStatus(created, 201);
    expect(created.json()).toMatchObject({
      kind: 'saml',
      entryPoint: 'https://idp.saml-sso.test/sso',
      callbackUrl: 'http://localhost:3000/api/identity/sso/saml2/sp/acs/saml-saml-sso.test',
    });
    expect(created.body).not.toContain('BEGIN CERTIFICATE');
    const lookup = await t.request({ method: 'GET', url: '/api/auth/sso/fay@saml-sso.test' });
    expect(lookup.json()).toMatchObject({ sso: true, ssoProviderId: 'saml-saml-sso.test' });

    const start = await t.request({
      method: 'POST',
      url: '/api/identity/sign-in/sso',
      payload: { email: 'fay@saml-sso.test', callbackURL: '/home' },
    });
    expectStatus(start, 200);
    const url = new URL((start.json() as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe('https://idp.saml-sso.test/sso');
    expect(url.searchParams.get('SAMLRequest')).toBeTruthy();
  });

  it('refuses a certificate that is not one (400)', async () => {
    const response = await t.request({
      method: 'POST',
      url: `/api/org/${org._id}/sso`,
      token: admin.token,
      payload: { kind: 'saml', domain: DOMAIN, issuer: 'x', entryPoint: 'https://idp.test/sso', certificate: 'not a certificate' },
    });
    expectStatus(response, 400);
  });
});

describe('Microsoft sign-in per domain (a Microsoft tenant, at the configured login URL)', () => {
  it('sets up Microsoft for a domain and signs its people in through the tenant', async () => {
    const created = await t.request({
      method: 'POST',
      url: `/api/org/${org._id}/sso`,
      token: admin.token,
      payload: {
        kind: 'microsoft',
        domain: 'other-sso.test',
        tenantId: 'contoso.onmicrosoft.com',
        clientId: 'crewplan-ms',
        clientSecret: 'ms-secret',
      },
    });
    expectStatus(created, 201);
    expect(created.json()).toMatchObject({
      kind: 'microsoft',
      tenantId: 'contoso.onmicrosoft.com',
      issuer: `${idp.issuer('/ms')}/contoso.onmicrosoft.com/v2.0`,
    });
    const lookup = await t.request({ method: 'GET', url: '/api/auth/sso/erin@other-sso.test' });
    expect(lookup.json()).toMatchObject({ sso: false, microsoft: true, required: false, microsoftProviderId: 'microsoft-other-sso.test' });

    const journey = await ssoJourney({ providerId: 'microsoft-other-sso.test', email: 'erin@other-sso.test' });
    expect(journey.url.pathname).toBe('/ms/contoso.onmicrosoft.com/v2.0/authorize');
    const profile = await t.request({ method: 'GET', url: '/api/people/profile', token: journey.token! });
    expect(profile.json()).toMatchObject({ email: 'erin@other-sso.test' });
  });

  it('needs an app registration when the server has none', async () => {
    const response = await t.request({
      method: 'POST',
      url: `/api/org/${org._id}/sso`,
      token: admin.token,
      payload: { kind: 'microsoft', domain: DOMAIN, tenantId: '0b5e2c3a-1111-4a4a-9f9f-1234567890ab' },
    });
    expectStatus(response, 400);
    expect(errorOf(response).code).toBe('sso/microsoft-not-configured');
  });

  it('removes a setup; the domain then has none', async () => {
    const list = (await t.request({ method: 'GET', url: `/api/org/${org._id}/sso`, token: admin.token })).json() as {
      providers: { _id: string; kind: string }[];
    };
    const microsoft = list.providers.find((p) => p.kind === 'microsoft')!;
    expectStatus(await t.request({ method: 'DELETE', url: `/api/org/${org._id}/sso/${microsoft._id}`, token: admin.token }), 200);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/org/${org._id}/sso/${microsoft._id}`, token: admin.token }), 404);
    expect((await t.request({ method: 'GET', url: '/api/auth/sso/erin@other-sso.test' })).json()).toMatchObject({ microsoft: false });
  });
});
