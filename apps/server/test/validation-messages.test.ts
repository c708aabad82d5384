import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.ts';
import { errorOf, expectStatus } from './support/org.ts';
import { signUpPerson, uniqueEmail, type TestPerson } from './support/people.ts';

// A refused request says, in words, which field is wrong and what the limit is; no zod wording reaches a person.
let t: TestApp;
let person: TestPerson;
beforeAll(async () => {
  t = await buildTestApp();
  person = await signUpPerson(t, { email: uniqueEmail('words') });
});
afterAll(async () => t.close());

const ZOD_WORDING = /Too small|Too big|Invalid input|expected \w+, received|Unrecognized key|Invalid (body|params|querystring)/;

describe('400 validation answers', () => {
  it('a short password names the field and the limit', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: uniqueEmail('short'), password: 'abc' },
    });
    expectStatus(response, 400);
    expect(errorOf(response)).toEqual({
      code: 'validation',
      message: 'Password must be at least 8 characters.',
      fields: { password: 'Password must be at least 8 characters' },
    });
  });

  it('a missing, a too long and an unknown field each get their sentence', async () => {
    const missing = await t.request({ method: 'POST', url: '/api/org', token: person.token, payload: {} });
    expectStatus(missing, 400);
    expect(errorOf(missing)).toMatchObject({ message: 'Title is required.', fields: { title: 'Title is required' } });

    const long = await t.request({ method: 'POST', url: '/api/org', token: person.token, payload: { title: 'x'.repeat(101) } });
    expectStatus(long, 400);
    expect(errorOf(long).fields).toEqual({ title: 'Title must be at most 100 characters' });

    const unknown = await t.request({ method: 'POST', url: '/api/org', token: person.token, payload: { title: 'Acme', colour: 'red' } });
    expectStatus(unknown, 400);
    expect(errorOf(unknown).fields).toEqual({ colour: "'colour' is not a field that can be sent here" });
  });

  it('several fields: each is named, the message says how many more to check', async () => {
    const response = await t.request({ method: 'POST', url: '/api/org', token: person.token, payload: { title: '', currency: 'euro' } });
    expectStatus(response, 400);
    const error = errorOf(response);
    expect(error.fields).toEqual({ title: 'Title is required', currency: 'Currency must be a three-letter currency code' });
    expect(error.message).toBe('Title is required (and 1 other field to check).');
  });

  it('an id in the address that is not one says what an id looks like', async () => {
    const response = await t.request({ method: 'GET', url: '/api/org/123', token: person.token });
    expectStatus(response, 400);
    expect(errorOf(response)).toEqual({
      code: 'validation',
      message: 'The id must be 24 characters of 0-9 and a-f.',
      fields: { id: 'The id must be 24 characters of 0-9 and a-f' },
    });
  });

  it('no answer carries zod wording', async () => {
    const bodies = [{ title: 5 }, { title: 'A', proposalDeadlines: [{ title: 'x', days: -1 }] }, { title: 'A', currency: 1 }];
    for (const payload of bodies) {
      const response = await t.request({ method: 'POST', url: '/api/org', token: person.token, payload });
      expectStatus(response, 400);
      const error = errorOf(response);
      expect(`${error.message} ${Object.values(error.fields ?? {}).join(' ')}`).not.toMatch(ZOD_WORDING);
    }
  });
});
