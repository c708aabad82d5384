import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.ts';
import { signUpPerson } from './support/people.ts';

const IDENTITY_ROUTES = ['/api/identity/sign-in/email', '/api/identity/sign-up/email', '/api/identity/forget-password'];

/** At least this many requests in all, spread evenly over the operations. */
const TOTAL_REQUESTS = 10_000;

/** Text people may send that the database cannot store (NUL, lone surrogates), or that is merely unusual. */
const TRICKY_TEXT = ['a\u0000b', '\u0000', '\ud800', 'x\udfff', '\udc00\ud800', '🚀', 'Zoë 👍🏽', '李 𠮷', '\u202eevil', '\r\n\t'];
/** Long text: past the size of a btree index entry, and (in bodies only) far past any field's limit. */
const LONG_TEXT = ['x'.repeat(3000), 'é'.repeat(1500), '🚀'.repeat(800)];
const HUGE_TEXT = ['é'.repeat(20_000), 'a b '.repeat(25_000)];
const FIELDS = [
  'email',
  'password',
  'name',
  'oobCode',
  'firstName',
  'theme',
  'mode',
  'message',
  'appSettings',
  'uiMessageFlags',
  'allocationDraft',
  'timezone',
  'text',
  'title',
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
  'estimatedDuration',
];
const QUERY_KEYS = [
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
];

/** `{"a":{"a":…}}` `levels` deep, as raw JSON (a value that deep could not be stringified). */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** Path segments, already encoded: random text, tricky constants, random ids, and ids that exist (to get past 404). */
const segmentOf = (realIds: string[]) =>
  fc.oneof(
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
    fc.constantFrom('0123456789abcdef0123456', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '..', '%2500', 'a%40b', '%20', '0'.repeat(300)),
    // NUL, a lone surrogate's bytes (not valid UTF-8), an emoji, a very long segment
    fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%F0%9F%9A%80', 'x'.repeat(5000)),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 24, maxLength: 24 }),
    fc.constantFrom(...realIds),
  );

/** Characters of generated text: mostly plain, now and then one the database refuses or an emoji. */
const trickyUnit = fc.oneof(
  { weight: 10, arbitrary: fc.string({ minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom('\u0000', '\ud800', '\udc00', '🚀', '👍🏽', 'é', '\u200b') },
);
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...TRICKY_TEXT) },
  { weight: 1, arbitrary: fc.constantFrom(...LONG_TEXT) },
);
const bodyText = fc.oneof({ weight: 8, arbitrary: text }, { weight: 1, arbitrary: fc.constantFrom(...HUGE_TEXT) });

/** Bodies, as the raw JSON sent: plain values, values with tricky or very long text, and deep nesting. */
const valueBody = fc
  .oneof(
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue({ maxDepth: 2 })) },
    {
      weight: 3,
      arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(bodyText, fc.jsonValue({ maxDepth: 2, stringUnit: trickyUnit }))),
    },
  )
  .map((value) => JSON.stringify(value));
const deepBody = fc
  .tuple(fc.constantFrom(...FIELDS), fc.constantFrom(65, 1000, 20_000))
  .map(([field, levels]) => `{"${field}":${nested(levels)}}`);
const bodies = fc.oneof({ weight: 12, arbitrary: valueBody }, { weight: 1, arbitrary: deepBody });

const query = fc.dictionary(fc.constantFrom(...QUERY_KEYS), text, { maxKeys: 3 });

type Operation = { method: string; path: string };

let t: TestApp;
let operations: Operation[];
beforeAll(async () => {
  t = await buildTestApp();
  const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = [
    ...Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    ),
    // better-auth's own routes are not in the document, but take bodies from anyone.
    ...IDENTITY_ROUTES.map((path) => ({ method: 'POST', path })),
  ];
  // Sign-out revokes the token the fuzzer uses, so it goes last.
  operations.sort((a, b) => Number(a.path.endsWith('signOut')) - Number(b.path.endsWith('signOut')));
});
afterAll(async () => t.close());

function fill(path: string, values: string[]): string {
  let i = 0;
  return path.replace(/\{[^}]+\}/g, () => values[i++] ?? 'x');
}

describe('generated bad input to every route of the OpenAPI document and the identity routes', () => {
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
    const numRuns = Math.ceil(TOTAL_REQUESTS / operations.length);
    let sent = 0;
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 3, maxLength: 3 }),
          bodies,
          query,
          fc.boolean(),
          async (params, body, search, signedIn) => {
            const url = `${fill(operation.path, params)}?${new URLSearchParams(search).toString()}`;
            const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
            const response = await t.request({
              method: operation.method as 'GET',
              url,
              token: signedIn ? person.token : undefined,
              ...(hasBody ? { payload: body, headers: { 'content-type': 'application/json' } } : {}),
            });
            sent += 1;
            expect(response.statusCode, `${operation.method} ${url} ${body.slice(0, 500)} → ${response.body}`).toBeLessThan(500);
          },
        ),
        { numRuns, seed: 20261125 },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
  }, 180_000);
});
