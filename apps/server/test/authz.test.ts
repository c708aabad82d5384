import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authzLabel } from '../src/plugins/authz.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { basePrincipals, expectAccess } from './support/authz-matrix.ts';
import { errorOf } from './support/org.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** A concrete URL for a route pattern: ids become valid-looking ids, other params plausible text. */
function sampleUrl(url: string): string {
  return url
    .replace(/:email/g, 'someone@example.com')
    .replace(/:product/g, 'web')
    .replace(/:token/g, 'a'.repeat(43))
    .replace(/:[A-Za-z]*[iI]d\b/g, '0123456789abcdef01234567')
    .replace(/\*$/, 'get-session');
}

describe('route access', () => {
  it('is declared by every /api route, and any change shows in this snapshot', () => {
    const table = t.app.routeAccess.map((r) => `${authzLabel(r.authz).padEnd(8)} ${r.method.padEnd(6)} ${r.url}`).sort();
    expect(table).toMatchSnapshot();
  });

  it('refuses to build a route without config.authz', async () => {
    const { default: Fastify } = await import('fastify');
    const { requireAuthzOnEveryRoute } = await import('../src/plugins/authz.ts');
    const app = Fastify();
    requireAuthzOnEveryRoute(app);
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/declares no config.authz/);
    await app.close();
  });

  it('answers 401 to anonymous callers of every signed-in and organisation route, whatever the input', async () => {
    const signedIn = t.app.routeAccess.filter((r) => r.authz !== 'public' && r.authz !== 'dev');
    expect(signedIn.length).toBeGreaterThan(10);
    for (const route of signedIn) {
      const response = await t.request({
        method: route.method as 'GET',
        url: sampleUrl(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(`${route.method} ${route.url} → ${response.statusCode}`).toBe(`${route.method} ${route.url} → 401`);
      expect(response.json().error.code).toBe('auth/unauthenticated');
    }
  });

  it('lets anonymous callers reach public routes (they may still refuse the input, or a link token they carry)', async () => {
    for (const route of t.app.routeAccess.filter((r) => r.authz === 'public' && !r.url.startsWith('/api/docs'))) {
      const response = await t.request({
        method: route.method as 'GET',
        url: sampleUrl(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      const refusedByGate = response.statusCode === 401 || (response.statusCode === 403 && errorOf(response).code === 'forbidden');
      expect(refusedByGate, `${route.method} ${route.url}: ${response.statusCode} ${response.body}`).toBe(false);
    }
  });

  it.each([
    ['GET', '/api/people/profile'],
    ['GET', '/api/auth/verify/ping'],
    ['PUT', '/api/people/profile'],
    ['GET', '/api/action-item/my/suggestions'],
    ['GET', '/api/action-item/my/task-master'],
  ])('%s %s: the matrix of principals', async (method, url) => {
    await expectAccess(
      t,
      basePrincipals,
      { method: method as 'GET', url, payload: method === 'GET' ? undefined : { mode: 'dark' } },
      { anonymous: 401, signedIn: 'allowed' },
    );
  });
});
