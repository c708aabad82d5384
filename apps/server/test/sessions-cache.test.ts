import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../src/db/schema/index.ts';
import { createSessionCache } from '../src/lib/session-cache.ts';
import type { Principal } from '../src/plugins/types.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { signIn, signUpPerson } from './support/people.ts';

let t: TestApp;
beforeAll(async () => {
  // A cache far longer than the test, so that only forgetting can explain a refused token.
  t = await buildTestApp({ env: { SESSION_CACHE_MS: '60000' } });
});
afterAll(async () => t.close());

const ping = (token: string) => t.request({ method: 'GET', url: '/api/auth/verify/ping', token });

describe('the session cache', () => {
  it('answers a known token from memory (a session deleted behind its back still works until it expires)', async () => {
    const person = await signUpPerson(t);
    expect((await ping(person.token)).statusCode).toBe(200);
    // Not how sessions end (that goes through sign-out, which forgets them): this shows the answer came from memory.
    await t.database.db.delete(authSessions).where(eq(authSessions.userId, person.personId));
    expect((await ping(person.token)).statusCode).toBe(200);
  });

  it('refuses a signed-out token on its very next request', async () => {
    const person = await signUpPerson(t);
    expect((await ping(person.token)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/signOut', token: person.token })).statusCode).toBe(200);
    expect((await ping(person.token)).statusCode).toBe(401);
  });

  it('refuses a token revoked through the identity routes at once', async () => {
    const person = await signUpPerson(t);
    const second = (await signIn(t, person.email, person.password)).headers['set-auth-token'] as string;
    expect((await ping(second)).statusCode).toBe(200);
    expect((await ping(person.token)).statusCode).toBe(200);
    const revoked = await t.request({ method: 'POST', url: '/api/identity/revoke-other-sessions', token: person.token, payload: {} });
    expect(revoked.statusCode).toBe(200);
    expect((await ping(second)).statusCode).toBe(401);
    expect((await ping(person.token)).statusCode).toBe(200);
  });

  it('forgets an entry after its time, and by session or person', () => {
    let now = 1_000;
    const cache = createSessionCache(3_000, () => now);
    const principal = (personId: string, sessionId: string): Principal => ({
      personId,
      sessionId,
      email: `${personId}@example.com`,
      emailVerified: true,
      sessionToken: sessionId,
    });
    cache.set('a', principal('p1', 's1'));
    cache.set('b', principal('p1', 's2'));
    cache.set('c', principal('p2', 's3'));
    expect(cache.get('a')?.sessionId).toBe('s1');
    cache.forgetSession('s1');
    expect(cache.get('a')).toBeUndefined();
    cache.forgetPerson('p1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.personId).toBe('p2');
    now += 3_000;
    expect(cache.get('c')).toBeUndefined();
    const off = createSessionCache(0, () => now);
    off.set('a', principal('p1', 's1'));
    expect(off.get('a')).toBeUndefined();
  });
});
