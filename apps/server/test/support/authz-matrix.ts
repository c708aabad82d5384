import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { signUpPerson } from './people.ts';

/**
 * Who calls. Later domains add principals here (another organisation's admin, each organisation and
 * mission permission level), each built by a factory that returns a bearer token or none.
 */
export type PrincipalFactory = (t: TestApp) => Promise<string | undefined>;

export const basePrincipals = {
  anonymous: async () => undefined,
  signedIn: async (t: TestApp) => (await signUpPerson(t)).token,
} satisfies Record<string, PrincipalFactory>;

/** 'allowed' means any status that is not 401, 403 or 404. */
export type Expectation = 'allowed' | 401 | 403 | 404;

/**
 * Runs one route as each principal and checks the outcome against an expectation table.
 * `request` builds the call (so each principal gets fresh ids or bodies when needed).
 */
export async function expectAccess<P extends Record<string, PrincipalFactory>>(
  t: TestApp,
  principals: P,
  request: InjectOptions | (() => Promise<InjectOptions>),
  expectations: { [K in keyof P]: Expectation },
): Promise<void> {
  const outcomes: Record<string, number | string> = {};
  for (const [name, factory] of Object.entries(principals)) {
    const token = await factory(t);
    const options = typeof request === 'function' ? await request() : request;
    const response = await t.request({ ...options, token });
    const expected = expectations[name as keyof P];
    outcomes[name] = expected === 'allowed' && ![401, 403, 404].includes(response.statusCode) ? 'allowed' : response.statusCode;
  }
  expect(outcomes).toEqual(expectations);
}
