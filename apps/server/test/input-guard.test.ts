import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionItems, actions, planItems } from '../src/db/schema/index.ts';
import { MAX_INPUT_DEPTH } from '../src/plugins/input-guard.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { insertMission } from './support/missions.ts';
import { errorOf, expectStatus, multipart, PNG_1X1, verifiedPerson } from './support/org.ts';
import { uniqueEmail, type TestPerson } from './support/people.ts';

let t: TestApp;
let person: TestPerson;
let taskId: string;
let planItemId: string;
beforeAll(async () => {
  t = await buildTestApp();
  person = await verifiedPerson(t);
  const mission = await insertMission(t, person);
  const [action] = await t.database.db
    .insert(actions)
    .values({ missionId: mission.id, title: 'A', createdBy: person.personId })
    .returning();
  const [item] = await t.database.db
    .insert(actionItems)
    .values({ missionId: mission.id, actionId: action!.id, title: 'Task', createdBy: person.personId })
    .returning();
  const [plan] = await t.database.db.insert(planItems).values({ missionId: mission.id, title: 'Dev' }).returning();
  taskId = item!.id;
  planItemId = plan!.id;
});
afterAll(async () => t.close());

const NUL = 'a\u0000b';
const LONE_HIGH = 'a\ud800b';
const LONE_LOW = '\udc00';
/** `{"a":{"a":…}}` nested `levels` deep, as raw JSON (a JavaScript object that deep could not even be stringified). */
const nested = (levels: number, leaf = '1') => `${'{"a":'.repeat(levels)}${leaf}${'}'.repeat(levels)}`;
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

const put = (url: string, payload: unknown) => t.request({ method: 'PUT', url, token: person.token, payload: payload as object });
const rawJson = (method: 'PUT' | 'POST', url: string, body: string, token: string | undefined = person.token) =>
  t.request({ method, url, token, payload: body, headers: { 'content-type': 'application/json' } });

/** A 400 validation answer that names `field` in `fields` and in its message. */
function expectRefused(response: Awaited<ReturnType<TestApp['request']>>, field: string) {
  expectStatus(response, 400);
  const error = errorOf(response);
  expect(error.code).toBe('validation');
  expect(Object.keys(error.fields ?? {})).toEqual([field]);
  expect(error.message).toContain(field);
}

describe('text PostgreSQL cannot store answers 400 naming the field, never 500', () => {
  it.each([
    ['a NUL in a name', { firstName: NUL }, 'firstName'],
    ['a lone high surrogate in a name', { lastName: LONE_HIGH }, 'lastName'],
    ['a lone low surrogate in the time zone', { timezone: LONE_LOW }, 'timezone'],
    ['a NUL in the time zone', { timezone: `Europe/${NUL}` }, 'timezone'],
    ['a NUL deep in appSettings', { appSettings: { board: { filters: ['ok', NUL] } } }, 'appSettings.board.filters.1'],
    ['a lone surrogate in uiMessageFlags', { uiMessageFlags: { seen: LONE_HIGH } }, 'uiMessageFlags.seen'],
    ['a NUL in a key of appSettings', { appSettings: { [NUL]: true } }, 'appSettings'],
  ])('PUT /people/profile with %s', async (_name, payload, field) => {
    expectRefused(await put('/api/people/profile', payload), field);
  });

  it('refuses them in comment text, task titles, plan drafts and emails', async () => {
    const comment = `/api/action-item/${taskId}/comment`;
    expectRefused(await t.request({ method: 'POST', url: comment, token: person.token, payload: { text: NUL } }), 'text');
    expectRefused(await t.request({ method: 'POST', url: comment, token: person.token, payload: { text: LONE_HIGH } }), 'text');
    expectRefused(await put(`/api/action-item/${taskId}`, { title: LONE_HIGH }), 'title');
    expectRefused(await put(`/api/mission-plan/${planItemId}/bulk`, { allocationDraft: { note: NUL } }), 'allocationDraft.note');
    expectRefused(await put(`/api/mission-plan/${planItemId}/bulk`, { allocationDraft: { note: LONE_LOW } }), 'allocationDraft.note');
    expectRefused(await put('/api/people/profile/email/update', { email: `x${NUL}@example.com` }), 'email');
  });

  it('refuses them in the query string and the address too', async () => {
    expectRefused(await t.request({ method: 'GET', url: '/api/people/profile/avatar?personId=%00', token: person.token }), 'personId');
    expectRefused(await t.request({ method: 'GET', url: '/api/org-invite/token/abc%00def' }), 'token');
  });

  it('guards the identity routes: sign-up and sign-in', async () => {
    const signUp = { email: uniqueEmail(), password: 'correct-horse-battery', name: 'Ada' };
    expectRefused(await t.request({ method: 'POST', url: '/api/identity/sign-up/email', payload: { ...signUp, name: NUL } }), 'name');
    expectRefused(await t.request({ method: 'POST', url: '/api/identity/sign-up/email', payload: { ...signUp, name: LONE_HIGH } }), 'name');
    const signIn = { email: `${NUL}@example.com`, password: 'whatever-it-is' };
    expectRefused(await t.request({ method: 'POST', url: '/api/identity/sign-in/email', payload: signIn }), 'email');
    expectRefused(await t.request({ method: 'POST', url: '/api/auth/signup', payload: { ...signUp, firstName: NUL } }), 'firstName');
  });

  it('keeps emoji, other scripts and characters outside the basic plane as they are', async () => {
    const names = { firstName: 'Zoë 🚀', lastName: '李 𠮷' };
    const saved = await put('/api/people/profile', { ...names, appSettings: { mood: '👍🏽' } });
    expectStatus(saved, 200);
    expect(saved.json()).toMatchObject({ ...names, appSettings: { mood: '👍🏽' } });
    const comment = await t.request({
      method: 'POST',
      url: `/api/action-item/${taskId}/comment`,
      token: person.token,
      payload: { text: '🎉 done' },
    });
    expectStatus(comment, 201);
  });
});

describe(`bodies nested deeper than ${MAX_INPUT_DEPTH} levels answer 400`, () => {
  it.each([
    ['appSettings', '/api/people/profile', (body: string) => `{"appSettings":${body}}`, 'appSettings'],
    ['uiMessageFlags', '/api/people/profile', (body: string) => `{"uiMessageFlags":${body}}`, 'uiMessageFlags'],
  ])('%s, a few thousand levels deep', async (_name, url, wrap, field) => {
    const response = await rawJson('PUT', url, wrap(nested(5000)));
    expectStatus(response, 400);
    const error = errorOf(response);
    expect(error.code).toBe('validation');
    expect(Object.keys(error.fields ?? {})[0]).toMatch(new RegExp(`^${field}(\\.a)+$`));
    expect(error.message).toContain(`deeper than ${MAX_INPUT_DEPTH} levels`);
  });

  it('allocationDraft, and a body that is nothing but nesting', async () => {
    const draft = await rawJson('PUT', `/api/mission-plan/${planItemId}/bulk`, `{"allocationDraft":${nested(3000)}}`);
    expectStatus(draft, 400);
    expect(errorOf(draft).message).toContain('allocationDraft.a.a');
    expectStatus(await rawJson('PUT', '/api/people/profile', deepArray(100_000)), 400);
  });

  it('sign-in and sign-up with a deeply nested body', async () => {
    for (const url of ['/api/identity/sign-in/email', '/api/identity/sign-up/email', '/api/auth/signup']) {
      const response = await rawJson('POST', url, `{"email":"a@example.com","password":${nested(10_000, '"x"')}}`, undefined);
      expectStatus(response, 400);
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual([`password${'.a'.repeat(MAX_INPUT_DEPTH - 1)}`]);
    }
  });

  it(`accepts settings nested ${MAX_INPUT_DEPTH} levels deep`, async () => {
    const body = `{"appSettings":${nested(MAX_INPUT_DEPTH - 1)}}`;
    const response = await rawJson('PUT', '/api/people/profile', body);
    expectStatus(response, 200);
  });
});

describe('a truncated or malformed multipart upload answers 400', () => {
  const uploads = [
    ['files of a task', () => `/api/action-item/${taskId}/drive`, 'file'],
    ['the profile picture', () => '/api/people/profile/avatar', 'avatar'],
  ] as const;

  it.each(uploads)('%s, cut short', async (_name, url, field) => {
    const { payload, headers } = multipart(field, 'a.png', 'image/png', PNG_1X1);
    const cut = payload.subarray(0, payload.length - 30);
    const response = await t.request({ method: 'POST', url: url(), token: person.token, payload: cut, headers });
    expectStatus(response, 400);
    expect(errorOf(response).code).toBe('body/invalid-multipart');
  });

  it.each(uploads)('%s, without a boundary or with one too long', async (_name, url, field) => {
    const { payload } = multipart(field, 'a.png', 'image/png', PNG_1X1);
    for (const contentType of ['multipart/form-data', `multipart/form-data; boundary=${'b'.repeat(300)}`]) {
      const response = await t.request({
        method: 'POST',
        url: url(),
        token: person.token,
        payload,
        headers: { 'content-type': contentType },
      });
      expectStatus(response, 400);
    }
  });
});

describe('a multipart body where no upload is taken', () => {
  it('answers 415 in the one error shape: only upload routes read multipart', async () => {
    const { payload, headers } = multipart('avatar', 'a.png', 'image/png', PNG_1X1);
    const response = await t.request({ method: 'PUT', url: '/api/people/profile', token: person.token, payload, headers });
    expectStatus(response, 415);
    expect(errorOf(response).code).toBe('body/unsupported-type');
  });
});

describe('an address the router cannot read answers in the one error shape', () => {
  it.each([
    ['a broken percent-encoding (half a surrogate)', '/api/action/%ED%A0%80', 400, 'request/bad-url'],
    ['a path part over the length limit', `/api/action/${'x'.repeat(5_000)}`, 414, 'request/too-long'],
  ])('%s → %i %s', async (_name, url, status, code) => {
    const response = await t.request({ method: 'GET', url, token: person.token });
    expectStatus(response, status);
    expect(errorOf(response).code).toBe(code);
    expect(response.json()).toEqual({ error: { code, message: expect.any(String) } });
  });
});
