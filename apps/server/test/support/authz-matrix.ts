import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { OrgActor } from '@crewplan/domain';
import type { TestApp } from './app.ts';
import { factsOf, PRINCIPAL_LEVELS, type LevelPrincipal, type OrgWorld } from './org.ts';
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

/** Builds the call for one principal (so each gets fresh ids or bodies when needed). */
export type RequestBuilder<P> = InjectOptions | ((principal: keyof P & string) => Promise<InjectOptions>);

/**
 * Runs one route as each principal and returns what each got: 'allowed' where that was expected and the
 * answer was not 401, 403 or 404; the status code otherwise.
 */
export async function accessOutcomes<P extends Record<string, PrincipalFactory>>(
  t: TestApp,
  principals: P,
  request: RequestBuilder<P>,
  expectations: { [K in keyof P]: Expectation },
): Promise<Record<string, Expectation | number>> {
  const outcomes: Record<string, Expectation | number> = {};
  for (const [name, factory] of Object.entries(principals)) {
    const token = await factory(t);
    const options = typeof request === 'function' ? await request(name as keyof P & string) : request;
    const response = await t.request({ ...options, token });
    const expected = expectations[name as keyof P];
    outcomes[name] = expected === 'allowed' && ![401, 403, 404].includes(response.statusCode) ? 'allowed' : response.statusCode;
  }
  return outcomes;
}

/** Runs one route as each principal and checks the outcome against an expectation table. */
export async function expectAccess<P extends Record<string, PrincipalFactory>>(
  t: TestApp,
  principals: P,
  request: RequestBuilder<P>,
  expectations: { [K in keyof P]: Expectation },
): Promise<void> {
  expect(await accessOutcomes(t, principals, request, expectations)).toEqual(expectations);
}

/** Who calls organisation routes: every organisation level, an outsider, another organisation's admin, the API key. */
export const ORG_PRINCIPALS = [
  'anonymous',
  'admin',
  'manager',
  'limitedManager',
  'member',
  'observerOrg',
  'observerOrgLimited',
  'outsider',
  'otherOrgAdmin',
  'apiKey',
] as const;
export type OrgPrincipal = (typeof ORG_PRINCIPALS)[number];

export function orgPrincipals(world: OrgWorld): Record<OrgPrincipal, PrincipalFactory> {
  const person = (name: keyof OrgWorld['people']) => async () => world.people[name].token;
  return {
    anonymous: async () => undefined,
    admin: person('admin'),
    manager: person('manager'),
    limitedManager: person('limitedManager'),
    member: person('member'),
    observerOrg: person('observerOrg'),
    observerOrgLimited: person('observerOrgLimited'),
    outsider: person('outsider'),
    otherOrgAdmin: person('otherOrgAdmin'),
    apiKey: async () => world.apiKey,
  };
}

/**
 * Who reads an organisation's workspace reports (rule 111): its admins, managers and observers; not members, limited
 * managers or limited observers (a client's contact), nor keys; not known to outsiders.
 */
export const WORKSPACE_REPORT_ACCESS = {
  anonymous: 401,
  admin: 'allowed',
  manager: 'allowed',
  observerOrg: 'allowed',
  limitedManager: 403,
  member: 403,
  observerOrgLimited: 403,
  apiKey: 403,
  outsider: 404,
  otherOrgAdmin: 404,
} as const satisfies Record<OrgPrincipal, 'allowed' | number>;

/** The policy's view of a principal in the world's organisation: null for those who are not members. */
export function orgActorOf(world: OrgWorld, principal: OrgPrincipal): OrgActor | null {
  if (principal === 'apiKey') return { kind: 'apiKey' };
  if (principal in PRINCIPAL_LEVELS) {
    const name = principal as LevelPrincipal;
    return factsOf(PRINCIPAL_LEVELS[name], world.people[name].personId);
  }
  return null;
}

/**
 * The expectation table of an organisation route, derived from the policy: 401 when signed out, 404 for
 * whoever is not a member (they may not know the organisation exists), and what `decide` says for the others.
 */
export function orgExpectations(world: OrgWorld, decide: (actor: OrgActor) => Expectation): Record<OrgPrincipal, Expectation> {
  return Object.fromEntries(
    ORG_PRINCIPALS.map((principal) => {
      if (principal === 'anonymous') return [principal, 401];
      const actor = orgActorOf(world, principal);
      return [principal, actor ? decide(actor) : 404];
    }),
  ) as Record<OrgPrincipal, Expectation>;
}

/** A signed-in route: 401 without a session (an API key is no session), `persons` for every person. */
export function signedInExpectations(persons: Expectation | ((principal: OrgPrincipal) => Expectation)): Record<OrgPrincipal, Expectation> {
  return Object.fromEntries(
    ORG_PRINCIPALS.map((principal) => [
      principal,
      principal === 'anonymous' || principal === 'apiKey' ? 401 : typeof persons === 'function' ? persons(principal) : persons,
    ]),
  ) as Record<OrgPrincipal, Expectation>;
}
