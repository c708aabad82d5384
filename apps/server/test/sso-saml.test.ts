import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoCallbackErrorCode } from '@crewplan/domain/sso/sso';
import { authAccounts, people } from '../src/db/schema/index.ts';
import { SAML_OTHER_KEYS } from './fixtures/saml-keys.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { readSamlPostForm, samlResponseXml, startFakeSamlProvider, type FakeSamlProvider } from './support/fake-saml-provider.ts';
import { createOrg, expectStatus, verifiedPerson, type CreatedOrg } from './support/org.ts';
import type { TestPerson } from './support/people.ts';

let t: TestApp;
let idp: FakeSamlProvider;
let admin: TestPerson;
let org: CreatedOrg;
const DOMAIN = 'acme-saml.test';
const PROVIDER_ID = `saml-${DOMAIN}`;
let acsUrl: string;

beforeAll(async () => {
  idp = await startFakeSamlProvider();
  t = await buildTestApp();
  // an admin sets up sign-in only for the domain of their own verified address
  admin = await verifiedPerson(t, { email: `admin@${DOMAIN}` });
  org = await createOrg(t, admin.token, { inviteDomains: [DOMAIN] });
});

afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** Cookies a browser would keep from a response. */
function cookiesOf(setCookie: string | string[] | undefined): string {
  return ([] as string[])
    .concat(setCookie ?? [])
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

async function peopleWithEmail(email: string) {
  return t.database.db.select().from(people).where(eq(people.email, email));
}

/**
 * The browser's journey: ask better-auth to start single sign-on, follow the redirect to the identity provider,
 * post its auto-submitting form to the assertion consumer service (a cross-site POST: no cookies of ours), and
 * read the session. Returns the form, where the server sent the browser, and the session token.
 */
async function samlJourney(email: string) {
  const start = await t.request({
    method: 'POST',
    url: '/api/identity/sign-in/sso',
    payload: { email, callbackURL: '/home', errorCallbackURL: '/login' },
  });
  expectStatus(start, 200);
  const url = new URL((start.json() as { url: string }).url);
  const atProvider = await fetch(url, { redirect: 'manual' });
  const html = await atProvider.text();
  expect(atProvider.status, html).toBe(200);
  const form = readSamlPostForm(html);
  const action = new URL(form.action);
  const acs = await t.request({
    method: 'POST',
    url: `${action.pathname}${action.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      SAMLResponse: form.SAMLResponse,
      ...(form.RelayState ? { RelayState: form.RelayState } : {}),
    }).toString(),
  });
  const location = String(acs.headers.location ?? '');
  const sessionCookie = cookiesOf(acs.headers['set-cookie']);
  let token: string | null = null;
  if (sessionCookie) {
    const session = await t.request({ method: 'GET', url: '/api/identity/get-session', headers: { cookie: sessionCookie } });
    token = (session.json() as { session?: { token?: string } } | null)?.session?.token ?? null;
  }
  return { url, form, acs, location, token, xml: samlResponseXml(form.SAMLResponse) };
}

describe('SAML single sign-on against a SAML identity provider', () => {
  it('registers the identity provider for an approved domain, and the provider trusts our service-provider metadata', async () => {
    const created = await t.request({
      method: 'POST',
      url: `/api/org/${org._id}/sso`,
      token: admin.token,
      payload: { kind: 'saml', domain: DOMAIN, issuer: idp.entityId, entryPoint: idp.ssoUrl, certificate: idp.certificate },
    });
    expectStatus(created, 201);
    const view = created.json() as { providerId: string; callbackUrl: string; audience: string };
    expect(view).toMatchObject({ kind: 'saml', providerId: PROVIDER_ID, entryPoint: idp.ssoUrl, issuer: view.audience });
    acsUrl = view.callbackUrl;
    expect(acsUrl).toBe(`http://localhost:3000/api/identity/sso/saml2/sp/acs/${PROVIDER_ID}`);

    const metadata = await t.request({ method: 'GET', url: `/api/identity/sso/saml2/sp/metadata?providerId=${PROVIDER_ID}` });
    expectStatus(metadata, 200);
    expect(metadata.body).toContain(`entityID="${view.audience.replace(/&/g, '&amp;')}"`);
    expect(metadata.body).toContain(acsUrl);
    expect(metadata.body).toMatch(/WantAssertionsSigned="true"/);
    idp.trust(metadata.body);
  });

  it(`signs a person of the domain in: AuthnRequest, signed SAMLResponse posted to the ACS, session with a working bearer token`, async () => {
    const email = `ada@${DOMAIN}`;
    idp.nextUser = { email };
    const journey = await samlJourney(email);

    // the AuthnRequest went to the registered entry point, and the response answers it, addressed to our ACS
    expect(`${journey.url.origin}${journey.url.pathname}`).toBe(idp.ssoUrl);
    const request = idp.requests.at(-1)!;
    expect(request.assertionConsumerServiceUrl).toBe(acsUrl);
    expect(journey.form.action).toBe(acsUrl);
    expect(journey.form.RelayState).toBeTruthy();
    expect(journey.xml).toContain(`InResponseTo="${request.id}"`);
    expect(journey.xml).toContain(`Destination="${acsUrl}"`);
    expect(journey.xml).toContain(`<saml:Issuer>${idp.entityId}</saml:Issuer>`);
    expect(journey.xml).toMatch(/<saml:Assertion\b[\s\S]*<ds:Signature\b/);

    expect(journey.acs.statusCode, journey.location).toBe(302);
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
    expect(account?.auth_accounts.providerId).toBe(PROVIDER_ID);
  });

  it('refuses the same signed response posted a second time (a replay), and opens no second session', async () => {
    const email = `ada.replay@${DOMAIN}`;
    idp.nextUser = { email };
    const journey = await samlJourney(email);
    expect(journey.token).toBeTruthy();
    const action = new URL(journey.form.action);
    const replay = await t.request({
      method: 'POST',
      url: `${action.pathname}${action.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        SAMLResponse: journey.form.SAMLResponse,
        ...(journey.form.RelayState ? { RelayState: journey.form.RelayState } : {}),
      }).toString(),
    });
    expect(replay.statusCode).toBeLessThan(500);
    expect(cookiesOf(replay.headers['set-cookie'])).not.toMatch(/session_token/);
  });

  it('refuses a response signed with another key, and signs nobody in', async () => {
    const email = `grace@${DOMAIN}`;
    idp.nextUser = { email };
    idp.nextSigningKeys = SAML_OTHER_KEYS;
    const journey = await samlJourney(email);
    expect(journey.xml).toContain('<ds:Signature');
    expect(journey.acs.statusCode).toBe(302);
    expect(journey.token).toBeNull();
    expect(cookiesOf(journey.acs.headers['set-cookie'])).not.toMatch(/session_token/);
    const back = new URL(journey.location, 'http://localhost:3000');
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('error')).toBe('saml_error');
    expect(back.searchParams.get('error_description')).toBe('Invalid SAML response');
    expect(await peopleWithEmail(email)).toHaveLength(0);
  });

  it(`refuses an assertion of another domain's email (auth/sso-not-authorized) and creates no account`, async () => {
    const victim = 'victim@elsewhere-saml.test';
    idp.nextUser = { email: victim };
    const journey = await samlJourney(`mallory@${DOMAIN}`);
    expect(journey.xml).toContain(victim);
    expect(journey.acs.statusCode).toBe(302);
    expect(journey.token).toBeNull();
    const back = new URL(journey.location, 'http://localhost:3000');
    const error = back.searchParams.get('error') ?? '';
    expect(error).toBe('unable_to_create_user');
    expect(ssoCallbackErrorCode(error)).toBe('auth/sso-not-authorized');
    expect(await peopleWithEmail(victim)).toHaveLength(0);
  });
});
