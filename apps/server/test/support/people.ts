import { randomBytes } from 'node:crypto';
import type { TestApp } from './app.ts';

export type TestPerson = { token: string; personId: string; email: string; password: string };

export const uniqueEmail = (label = 'person') => `${label}.${randomBytes(4).toString('hex')}@example.com`;

/** Signs a new person up through the API and returns their bearer token. */
export async function signUpPerson(
  t: TestApp,
  overrides: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<TestPerson> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'correct-horse-battery';
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password, firstName: overrides.firstName ?? 'Test', lastName: overrides.lastName ?? 'Person' },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { token: string; person: { _id: string } };
  return { token: body.token, personId: body.person._id, email, password };
}

/** Signs in through better-auth's own route; returns the response (token in set-auth-token). */
export function signIn(
  t: TestApp,
  email: string,
  password: string,
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return t.request({
    method: 'POST',
    url: '/api/identity/sign-in/email',
    payload: { email, password },
    headers: options.headers ?? {},
    // Each caller its own address unless a test says otherwise, so the sign-in rate limit does not leak between tests.
    remoteAddress: options.remoteAddress ?? `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
}

export type OutboxMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  attachments?: { filename: string; contentType: string; url: string }[];
};

/** Mail kept in the outbox for an address, newest first. */
export async function mailTo(t: TestApp, to: string): Promise<OutboxMail[]> {
  const response = await t.request({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return response.json() as OutboxMail[];
}

/** The oobCode of the newest mailed link of a mode. */
export async function latestCode(t: TestApp, to: string, mode: string): Promise<string> {
  for (const mail of await mailTo(t, to)) {
    const match = mail.text
      .match(/https?:\/\/\S+/g)
      ?.map((link) => new URL(link))
      .find((url) => url.searchParams.get('mode') === mode);
    if (match) return match.searchParams.get('oobCode')!;
  }
  throw new Error(`no ${mode} mail to ${to}`);
}
