import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, SIGN_IN_MESSAGES } from '@crewplan/domain';
import { DISPOSABLE_EMAIL_MESSAGE } from '../src/modules/identity/sign-up-rules.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { latestCode, mailTo, signIn, signUpPerson, uniqueEmail } from './support/people.ts';
import { insertMission } from './support/missions.ts';
import { missionPeople, personEmails } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { secretOf, totp } from './support/totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SIGN_IN_ATTEMPTS_PER_MINUTE: '4' } });
});
afterAll(async () => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/auth/signup', () => {
  it('creates an account, lowercases the email, capitalises names and mails a verification link', async () => {
    const email = uniqueEmail('NewPerson');
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: `  ${email.toUpperCase()} `, password: 'long-enough-1', firstName: 'ada', lastName: 'lovelace' },
    });
    expect(response.statusCode).toBe(201);
    const { token, person } = response.json();
    expect(person.email).toBe(email.toLowerCase());
    const profile = await t.request({ method: 'GET', url: '/api/people/profile', token });
    expect(profile.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', emailVerified: false });
    const [mail] = await mailTo(t, email.toLowerCase());
    expect(mail?.subject).toBe('Verify your email for Crewplan');
    expect(mail?.text).toContain('mode=verifyEmail&oobCode=');
  });

  it('refuses an email already in use with the spec message', async () => {
    const person = await signUpPerson(t);
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: person.email, password: 'whatever-123' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: 'auth/email-already-in-use', message: ACCOUNT_MESSAGES.emailInUse });
  });

  it.each([
    ['an invalid email', { email: 'not-an-email', password: 'long-enough-1' }],
    ['a top-level part longer than 15 letters', { email: 'a@b.abcdefghijklmnop', password: 'long-enough-1' }],
    ['a short password', { email: uniqueEmail(), password: 'short' }],
    ['no password', { email: uniqueEmail() }],
  ])('answers 400 for %s', async (_label, payload) => {
    const response = await t.request({ method: 'POST', url: '/api/auth/signup', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation');
  });

  it('refuses disposable mail domains', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'someone@mailinator.com', password: 'long-enough-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('auth/disposable-email');
  });
});

describe('POST /api/identity/sign-up/email follows the same sign-up rules', () => {
  let caller = 0;
  const signUpThroughIdentity = (email: string) =>
    t.request({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      payload: { email, password: 'long-enough-1', name: '' },
      // better-auth limits sign-ups per address: each call its own
      remoteAddress: `10.7.0.${++caller}`,
    });

  it('refuses disposable mail domains and creates no account', async () => {
    const response = await signUpThroughIdentity('someone.else@mailinator.com');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'auth/disposable-email', message: DISPOSABLE_EMAIL_MESSAGE } });
    const exists = await t.request({ method: 'GET', url: '/api/auth/exists/someone.else@mailinator.com' });
    expect(exists.json().exists).toBe(false);
  });

  it("refuses another account's verified secondary address with the spec message", async () => {
    const owner = await signUpPerson(t);
    const secondary = uniqueEmail('second');
    await t.request({ method: 'PUT', url: '/api/people/profile/email/list/add', token: owner.token, payload: { email: secondary } });
    await t.database.pool.query('update person_emails set verified = true where email = $1', [secondary]);
    const response = await signUpThroughIdentity(secondary);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'auth/email-already-in-use', message: ACCOUNT_MESSAGES.emailInUse } });
  });

  it('refuses an address the product does not accept (a top-level part longer than 15 letters)', async () => {
    const response = await signUpThroughIdentity('a@b.abcdefghijklmnop');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation');
  });

  it('still opens an account for a permanent, unused address', async () => {
    const email = uniqueEmail('direct');
    const response = await signUpThroughIdentity(email);
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-auth-token']).toBeTruthy();
  });
});

describe('sign-in through /api/identity', () => {
  it('returns a bearer token in set-auth-token that authenticates product calls', async () => {
    const person = await signUpPerson(t);
    const response = await signIn(t, person.email, person.password, { headers: { 'x-crewplan-client-ip': '10.0.0.1' } });
    expect(response.statusCode).toBe(200);
    const token = response.headers['set-auth-token'] as string;
    expect(token).toBeTruthy();
    const ping = await t.request({ method: 'GET', url: '/api/auth/verify/ping', token });
    expect(ping.json()).toMatchObject({ ok: true, personId: person.personId });
    // the scheme's name is case-insensitive; another scheme is no identity
    for (const scheme of ['bearer', 'BEARER']) {
      const other = await t.request({ method: 'GET', url: '/api/auth/verify/ping', headers: { authorization: `${scheme} ${token}` } });
      expect(other.json()).toMatchObject({ ok: true, personId: person.personId });
    }
    const basic = await t.request({ method: 'GET', url: '/api/auth/verify/ping', headers: { authorization: `Basic ${token}` } });
    expect(basic.statusCode).toBe(401);
  });

  it('answers a wrong password with INVALID_EMAIL_OR_PASSWORD (the web shows the spec text)', async () => {
    const person = await signUpPerson(t);
    const response = await signIn(t, person.email, 'wrong-password');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } });
  });

  it('rate-limits sign-in attempts per address with 429, and a client cannot spoof its address', async () => {
    const person = await signUpPerson(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const spoof = { 'x-crewplan-client-ip': `10.1.0.${i}` };
      statuses.push((await signIn(t, person.email, 'wrong-password', { headers: spoof, remoteAddress: '10.2.0.1' })).statusCode);
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });

  it('verifies the email through the mailed link', async () => {
    const person = await signUpPerson(t);
    const code = await latestCode(t, person.email, 'verifyEmail');
    const bad = await t.request({ method: 'GET', url: '/api/identity/verify-email?token=not-a-token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toBe('INVALID_TOKEN');
    const ok = await t.request({ method: 'GET', url: `/api/identity/verify-email?token=${code}` });
    expect(ok.statusCode).toBe(200);
    const ping = await t.request({ method: 'GET', url: '/api/auth/verify/ping', token: person.token });
    expect(ping.json().emailVerified).toBe(true);
  });

  it('resets a password through the mailed link and revokes existing sessions', async () => {
    const person = await signUpPerson(t);
    const request = await t.request({
      method: 'POST',
      url: '/api/identity/request-password-reset',
      payload: { email: person.email, redirectTo: '/' },
    });
    expect(request.statusCode).toBe(200);
    const code = await latestCode(t, person.email, 'resetPassword');
    const reset = await t.request({
      method: 'POST',
      url: '/api/identity/reset-password',
      payload: { newPassword: 'a-brand-new-one', token: code },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/verify/ping', token: person.token })).statusCode).toBe(401);
    expect((await signIn(t, person.email, 'a-brand-new-one')).statusCode).toBe(200);
  });

  it('enrols TOTP two-factor and then requires the code at sign-in', async () => {
    const person = await signUpPerson(t);
    const enable = await t.request({
      method: 'POST',
      url: '/api/identity/two-factor/enable',
      token: person.token,
      payload: { password: person.password },
    });
    expect(enable.statusCode).toBe(200);
    const secret = secretOf(enable.json().totpURI);
    const confirm = await t.request({
      method: 'POST',
      url: '/api/identity/two-factor/verify-totp',
      token: person.token,
      payload: { code: totp(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    // Enrolment replaces the session: the new token comes back in set-auth-token.
    const renewed = confirm.headers['set-auth-token'] as string;
    expect((await t.request({ method: 'GET', url: '/api/people/profile', token: renewed })).json().multiFactor).toBe(true);

    const first = await signIn(t, person.email, person.password, { remoteAddress: '10.3.0.1' });
    expect(first.json().twoFactorRedirect).toBe(true);
    // No usable token before the second factor: the half-made session is already gone.
    expect(first.headers['set-auth-token']).toBeUndefined();
    const cookies = ([] as string[])
      .concat(first.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const wrong = await t.request({
      method: 'POST',
      url: '/api/identity/two-factor/verify-totp',
      headers: { cookie: cookies, origin: 'http://localhost:3000' },
      payload: { code: '000000' },
      remoteAddress: '10.3.0.1',
    });
    expect(wrong.statusCode).toBe(401);
    const second = await t.request({
      method: 'POST',
      url: '/api/identity/two-factor/verify-totp',
      headers: { cookie: cookies, origin: 'http://localhost:3000' },
      payload: { code: totp(secret) },
      remoteAddress: '10.3.0.1',
    });
    expect(second.statusCode).toBe(200);
    expect(second.headers['set-auth-token']).toBeTruthy();
  });
});

describe('identity from a script and from browsers', () => {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it("signs a bearer-token client in with Node's own fetch (sec-fetch-mode: cors, no Origin)", async () => {
    const person = await signUpPerson(t);
    const response = await fetch(`${base}/api/identity/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    expect(response.status).toBe(200);
    const token = response.headers.get('set-auth-token');
    expect(token).toBeTruthy();
    const ping = await fetch(`${base}/api/auth/verify/ping`, { headers: { authorization: `Bearer ${token}` } });
    expect(await ping.json()).toMatchObject({ ok: true, personId: person.personId });
  });

  it('keeps refusing browsers: a foreign Origin, or browser cookies without one', async () => {
    const person = await signUpPerson(t);
    const payload = { email: person.email, password: person.password };
    const browser = { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'empty' };
    const foreign = await signIn(t, person.email, person.password, { headers: { ...browser, origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('INVALID_ORIGIN');
    const cookies = await t.request({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      payload,
      headers: { 'sec-fetch-mode': 'cors', cookie: 'better-auth.session_token=x' },
    });
    expect(cookies.statusCode).toBe(403);
    expect(cookies.json().error.code).toBe('MISSING_OR_NULL_ORIGIN');
    const navigation = await signIn(t, person.email, person.password, {
      headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'document' },
    });
    expect(navigation.statusCode).toBe(403);
  });

  it('answers identity errors in the product shape { error: { code, message } }', async () => {
    const response = await fetch(`${base}/api/identity/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ newPassword: 'long-enough-1', token: 'not-a-token' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'INVALID_TOKEN', message: 'Invalid token' } });
  });
});

describe('GET /api/auth/exists/:email', () => {
  it('tells primary accounts, secondary addresses and unknown emails apart', async () => {
    const person = await signUpPerson(t);
    const secondary = uniqueEmail('second');
    await t.request({ method: 'PUT', url: '/api/people/profile/email/list/add', token: person.token, payload: { email: secondary } });
    const check = async (email: string) =>
      (await t.request({ method: 'GET', url: `/api/auth/exists/${encodeURIComponent(email)}` })).json();
    expect(await check(person.email.toUpperCase())).toEqual({ exists: true, secondary: false, onProject: false });
    // Anybody can list an address they do not own: only once verified does it turn a sign-in away from signing up.
    expect(await check(secondary)).toEqual({ exists: false, secondary: false, onProject: false });
    await t.database.db.update(personEmails).set({ verified: true }).where(eq(personEmails.email, secondary));
    expect(await check(secondary)).toEqual({ exists: false, secondary: true, onProject: false });
    expect(await check(uniqueEmail('nobody'))).toEqual({ exists: false, secondary: false, onProject: false });
    expect((await t.request({ method: 'GET', url: '/api/auth/exists/nonsense' })).statusCode).toBe(400);
  });

  it('tells an email a member joined a project by, that no account uses any more', async () => {
    const person = await signUpPerson(t);
    const joinedBy = uniqueEmail('joined-by');
    const mission = await insertMission(t, { personId: person.personId, email: joinedBy });
    const check = async (email: string) =>
      (await t.request({ method: 'GET', url: `/api/auth/exists/${encodeURIComponent(email)}` })).json();
    expect(await check(joinedBy)).toEqual({ exists: false, secondary: false, onProject: true });
    // joined by their own sign-in email, the project says nothing more than the account does
    await t.database.db.update(missionPeople).set({ email: person.email }).where(eq(missionPeople.missionId, mission.id));
    expect(await check(joinedBy)).toEqual({ exists: false, secondary: false, onProject: false });
    expect(await check(person.email)).toEqual({ exists: true, secondary: false, onProject: false });
  });
});

describe('POST /api/auth/signOut and GET /api/auth/verify/ping', () => {
  it('revokes the session', async () => {
    const person = await signUpPerson(t);
    expect((await t.request({ method: 'POST', url: '/api/auth/signOut', token: person.token })).json()).toEqual({ ok: true });
    expect((await t.request({ method: 'GET', url: '/api/auth/verify/ping', token: person.token })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/auth/signOut', token: person.token })).statusCode).toBe(401);
  });

  it('answers 401 without a token or with a made-up one', async () => {
    expect((await t.request({ method: 'GET', url: '/api/auth/verify/ping' })).statusCode).toBe(401);
    const response = await t.request({ method: 'GET', url: '/api/auth/verify/ping', headers: bearer('made-up') });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('auth/unauthenticated');
  });
});

describe('PUT /api/auth/email/recover', () => {
  it('restores the previous email from the link mailed to it, and signs every session out', async () => {
    const person = await signUpPerson(t);
    const newEmail = uniqueEmail('moved');
    expect(
      (
        await t.request({ method: 'PUT', url: '/api/people/profile/email/update', token: person.token, payload: { email: newEmail } })
      ).json(),
    ).toEqual({ status: 'updated' });
    const code = await latestCode(t, person.email, 'recoverEmail');
    const recovered = await t.request({ method: 'PUT', url: '/api/auth/email/recover', payload: { oobCode: code } });
    expect(recovered.json()).toEqual({ email: person.email });
    expect((await t.request({ method: 'GET', url: '/api/auth/verify/ping', token: person.token })).statusCode).toBe(401);
    const again = await t.request({ method: 'PUT', url: '/api/auth/email/recover', payload: { oobCode: code } });
    expect(again.json().error).toEqual({ code: 'auth/invalid-action-code', message: SIGN_IN_MESSAGES.invalidActionCode });
    expect((await t.request({ method: 'PUT', url: '/api/auth/email/recover', payload: {} })).statusCode).toBe(400);
  });
});

describe('session cookie: POST /api/session/csrf/set then /api/session/cookie/set', () => {
  it('sets a cookie that authenticates reads but not writes', async () => {
    const person = await signUpPerson(t);
    const csrf = await t.request({ method: 'POST', url: '/api/session/csrf/set' });
    const csrfCookie = String(csrf.headers['set-cookie']).split(';')[0]!;
    const { csrfToken } = csrf.json();

    const mismatch = await t.request({
      method: 'POST',
      url: '/api/session/cookie/set',
      token: person.token,
      headers: { cookie: csrfCookie, 'x-csrf-token': 'wrong' },
    });
    expect(mismatch.statusCode).toBe(403);
    const noCookie = await t.request({
      method: 'POST',
      url: '/api/session/cookie/set',
      token: person.token,
      headers: { 'x-csrf-token': csrfToken },
    });
    // 403, not 401: a client treats 401 as a dead token and signs out.
    expect(noCookie.statusCode).toBe(403);
    expect(noCookie.json().error.code).toBe('csrf/missing');
    const noHeader = await t.request({
      method: 'POST',
      url: '/api/session/cookie/set',
      token: person.token,
      headers: { cookie: csrfCookie },
    });
    expect(noHeader.statusCode).toBe(400);

    const set = await t.request({
      method: 'POST',
      url: '/api/session/cookie/set',
      token: person.token,
      headers: { cookie: csrfCookie, 'x-csrf-token': csrfToken },
    });
    expect(set.statusCode).toBe(200);
    const sessionCookie = ([] as string[]).concat(set.headers['set-cookie'] ?? []).find((c) => c.startsWith('crewplan_session='))!;
    expect(sessionCookie).toContain('HttpOnly');
    const cookie = sessionCookie.split(';')[0]!;
    expect((await t.request({ method: 'GET', url: '/api/people/profile', headers: { cookie } })).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'PUT', url: '/api/people/profile', headers: { cookie }, payload: { firstName: 'X' } })).statusCode,
    ).toBe(401);
  });
});
