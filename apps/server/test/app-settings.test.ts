import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_SETTINGS_MAX_BYTES } from '@crewplan/domain';
import { buildTestApp, type TestApp } from './support/app.ts';
import { errorOf } from './support/org.ts';
import { signUpPerson } from './support/people.ts';

const TOO_LARGE = 'Your app settings are too large to save (at most 64 KB).';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const save = (token: string, appSettings: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/people/profile', token, payload: { appSettings } });
const settingsOf = async (token: string) =>
  ((await t.request({ method: 'GET', url: '/api/people/profile', token })).json() as { appSettings: Record<string, unknown> }).appSettings;
/** Settings of one key whose JSON takes `bytes` bytes. */
const settingsOfSize = (key: string, bytes: number) => ({ [key]: 'x'.repeat(bytes - JSON.stringify({ [key]: '' }).length) });

describe('PUT /api/people/profile: appSettings is bounded (64 KB serialised)', () => {
  it('saves settings up to the bound', async () => {
    const person = await signUpPerson(t);
    const settings = settingsOfSize('board', 32 * 1024);
    expect((await save(person.token, settings)).statusCode).toBe(200);
    expect(await settingsOf(person.token)).toEqual(settings);
  });

  it('answers 400 with a clear message to settings over it, and keeps what was saved', async () => {
    const person = await signUpPerson(t);
    expect((await save(person.token, { loader: 'rings' })).statusCode).toBe(200);
    const response = await save(person.token, settingsOfSize('huge', APP_SETTINGS_MAX_BYTES + 1));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'validation', message: TOO_LARGE });
    expect(response.json()).toMatchObject({ error: { fields: { appSettings: expect.stringContaining('too large') } } });
    expect(await settingsOf(person.token)).toEqual({ loader: 'rings' });
  });

  it('bounds all the settings together too: saves merged key by key cannot grow them past it', async () => {
    const person = await signUpPerson(t);
    expect((await save(person.token, settingsOfSize('first', 40 * 1024))).statusCode).toBe(200);
    const response = await save(person.token, settingsOfSize('second', 40 * 1024));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'validation', message: TOO_LARGE });
    expect(response.json()).toMatchObject({ error: { fields: { appSettings: expect.stringContaining('too large') } } });
    expect(Object.keys(await settingsOf(person.token))).toEqual(['first']);
    // replacing a key keeps within the bound
    expect((await save(person.token, settingsOfSize('first', 50 * 1024))).statusCode).toBe(200);
  });
});

describe('PUT /api/people/profile: uiMessageFlags is bounded the same way', () => {
  const saveFlags = (token: string, uiMessageFlags: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: '/api/people/profile', token, payload: { uiMessageFlags } });

  it('saves flags up to the bound and refuses one save or the merged flags over it', async () => {
    const person = await signUpPerson(t);
    expect((await saveFlags(person.token, settingsOfSize('seen', 40 * 1024))).statusCode).toBe(200);
    const merged = await saveFlags(person.token, settingsOfSize('more', 40 * 1024));
    expect(merged.statusCode).toBe(400);
    expect(errorOf(merged)).toMatchObject({ code: 'validation', message: 'Your message flags are too large to save (at most 64 KB).' });
    const single = await saveFlags(person.token, settingsOfSize('huge', APP_SETTINGS_MAX_BYTES + 1));
    expect(single.statusCode).toBe(400);
    expect(single.json()).toMatchObject({ error: { fields: { uiMessageFlags: expect.stringContaining('too large') } } });
  });
});
