import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.ts';
import { signUpPerson } from './support/people.ts';

type Operation = { method: string; path: string };

let t: TestApp;
let operations: Operation[];
beforeAll(async () => {
  t = await buildTestApp();
  const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
  // Sign-out revokes the token the fuzzer uses, so it goes last.
  operations.sort((a, b) => Number(a.path.endsWith('signOut')) - Number(b.path.endsWith('signOut')));
});
afterAll(async () => t.close());

/** Path segments: random text, tricky constants, random ids, and ids that exist (so checks past 404 are reached too). */
const segmentOf = (realIds: string[]) =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom('0123456789abcdef0123456', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '..', '%00', 'a@b', ' ', '0'.repeat(300)),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 24, maxLength: 24 }),
    fc.constantFrom(...realIds),
  );
const json = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'email',
      'password',
      'oobCode',
      'firstName',
      'theme',
      'mode',
      'message',
      'appSettings',
      'title',
      'name',
      'permission',
      'departments',
      'office',
      'inviteeEmail',
      'config',
      'org',
      'keyId',
      'code',
      'endDate',
      'personId',
      'payload',
      'leaveAmounts',
      'inviteDomains',
      'cost',
    ),
    fc.jsonValue({ maxDepth: 2 }),
  ),
);
const query = fc.dictionary(
  fc.constantFrom(
    'severity',
    'token',
    'personId',
    'to',
    'limit',
    'v',
    'org',
    'archived',
    'search',
    'includeEnded',
    'keyId',
    'entity',
    'offset',
  ),
  fc.string({ maxLength: 30 }),
  { maxKeys: 3 },
);

function fill(path: string, values: string[]): string {
  let i = 0;
  return path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++] ?? 'x'));
}

describe('generated bad input to every route of the OpenAPI document', () => {
  it('never answers 5xx, signed in or not', async () => {
    expect(operations.length).toBeGreaterThan(20);
    const person = await signUpPerson(t);
    // The fuzzing person administers an organisation with some structure, so that its ids lead past the 404s.
    const org = (await t.request({ method: 'POST', url: '/api/org', token: person.token, payload: { title: 'Fuzzed' } })).json() as {
      _id: string;
    };
    const department = await t.request({
      method: 'POST',
      url: `/api/org/${org._id}/departments`,
      token: person.token,
      payload: { title: 'D' },
    });
    const client = await t.request({ method: 'POST', url: `/api/org/${org._id}/client`, token: person.token, payload: { name: 'C' } });
    const realIds = [org._id, person.personId, (department.json() as { _id: string })._id, (client.json() as { _id: string })._id];
    const segment = segmentOf(realIds);
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 3, maxLength: 3 }),
          json,
          query,
          fc.boolean(),
          async (params, body, search, signedIn) => {
            const url = `${fill(operation.path, params)}?${new URLSearchParams(search).toString()}`;
            const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
            const response = await t.request({
              method: operation.method as 'GET',
              url,
              token: signedIn ? person.token : undefined,
              ...(hasBody ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
            });
            expect(response.statusCode, `${operation.method} ${url} ${JSON.stringify(body)} → ${response.body}`).toBeLessThan(500);
          },
        ),
        { numRuns: 25, seed: 20261121 },
      );
    }
  }, 120_000);
});
