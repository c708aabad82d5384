import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webContentSecurityPolicy } from '../src/plugins/security-headers.ts';
import { buildTestApp, type TestApp } from './support/app.ts';

// A built web app of two files, served by the server built here.
const dist = mkdtempSync(join(tmpdir(), 'crewplan-web-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Crewplan</title></head><body></body></html>');
writeFileSync(join(dist, 'about.html'), '<!doctype html><p>about</p>');
const servedBefore = process.env.WEB_DIST;

let t: TestApp;
beforeAll(async () => {
  process.env.WEB_DIST = dist;
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  if (servedBefore === undefined) delete process.env.WEB_DIST;
  else process.env.WEB_DIST = servedBefore;
  rmSync(dist, { recursive: true, force: true });
});

describe('HTML responses', () => {
  it.each(['/', '/?mission=0123456789abcdef01234567&tab=plan', '/about.html'])(
    '%s carries the strict policy and may not be framed',
    async (url) => {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const policy = response.headers['content-security-policy'] as string;
      expect(policy).toBe(webContentSecurityPolicy('http://localhost:3000'));
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toMatch(/https:|\*|'unsafe-eval'/);
      expect(response.headers['x-frame-options']).toBe('DENY');
    },
  );

  it('the API documentation page keeps a policy of its own that loads nothing from outside', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    const policy = response.headers['content-security-policy'] as string;
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toMatch(/https:|swagger\.io|upgrade-insecure-requests/);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('no other response may be framed either', async () => {
    const response = await t.request({ method: 'GET', url: '/api/auth/verify/ping' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});
