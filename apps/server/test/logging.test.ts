import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from '../src/lib/log-redaction.ts';
import { buildTestApp, type TestApp } from './support/app.ts';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ logger: true, logStream: { write: (line) => void lines.push(line) }, env: { LOG_LEVEL: 'debug' } });
});
afterAll(async () => t.close());

describe('the request log', () => {
  it('never shows tokens of email links, signed file links, invites or unsubscribe links', async () => {
    const secret = (label: string) => `s3cret${label}XYZ0123456789`;
    const calls = [
      { method: 'GET' as const, url: `/api/identity/verify-email?token=${secret('verify')}&callbackURL=%2F` },
      { method: 'GET' as const, url: `/api/identity/reset-password/${secret('reset')}?callbackURL=%2F` },
      { method: 'GET' as const, url: `/api/drive/d/0123456789abcdef01234567/plan.pdf?token=${secret('file')}` },
      { method: 'GET' as const, url: `/api/org-invite/token/${secret('orginvite')}` },
      { method: 'POST' as const, url: `/api/mission-invite/handle/${secret('missioninvite')}` },
      { method: 'GET' as const, url: `/api/unsubscribe/email?token=${secret('unsubscribe')}` },
      { method: 'GET' as const, url: `/?mode=verifyEmail&oobCode=${secret('oob')}&lang=en` },
      { method: 'GET' as const, url: `/api/identity/sso/callback/provider?code=${secret('oauth')}&state=${secret('state')}` },
    ];
    for (const call of calls) await t.request(call);

    const log = lines.join('');
    expect(log).toContain('request completed');
    expect(log).not.toContain('s3cret');
    // requests are logged by their route pattern, so no token of a path or a query can reach a line
    const urls = lines.map((line) => (JSON.parse(line) as { url?: string }).url).filter(Boolean);
    expect(urls).toEqual(expect.arrayContaining(['/api/org-invite/token/:token', '/api/mission-invite/handle/:token']));
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/missions?org=abc', '/api/missions?org=abc'],
    ['/api/x?OOBCODE=1&a=2', `/api/x?OOBCODE=${REDACTED}&a=2`],
    ['/api/x?to%6Ben=1', `/api/x?to%6Ben=${REDACTED}`],
    ['/api/org-invite/token/', '/api/org-invite/token/'],
    ['/api/org-invite/abc/accept', '/api/org-invite/abc/accept'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
