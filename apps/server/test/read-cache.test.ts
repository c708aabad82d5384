import { eq } from 'drizzle-orm';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, people } from '../src/db/schema/index.ts';
import { createReadCache } from '../src/lib/read-cache.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { signUpPerson, type TestPerson } from './support/people.ts';

let t: TestApp;
beforeAll(async () => {
  // remembered far longer than the test: only a write can explain a fresh answer
  t = await buildTestApp({ env: { READ_CACHE_MS: '60000' } });
});
afterAll(async () => t.close());

const get = (url: string, person: TestPerson) => t.request({ method: 'GET', url, token: person.token });
const firstNameOf = async (person: TestPerson) => ((await get('/api/people/profile', person)).json() as { firstName: string }).firstName;
/** A change made in the database behind the server's back: the server cannot know of it. */
const renameBehindTheBack = (person: TestPerson, firstName: string) =>
  t.database.db.update(people).set({ firstName }).where(eq(people.id, person.personId));

describe('remembered reads', () => {
  it('answers a repeated read from memory until something is written', async () => {
    const ada = await signUpPerson(t, { firstName: 'Ada' });
    expect(await firstNameOf(ada)).toBe('Ada');
    await renameBehindTheBack(ada, 'Behind');
    expect(await firstNameOf(ada)).toBe('Ada');
    // any write through the server forgets every remembered answer, whoever made it
    const other = await signUpPerson(t);
    expect(
      (await t.request({ method: 'PUT', url: '/api/people/profile', token: other.token, payload: { firstName: 'Bo' } })).statusCode,
    ).toBe(200);
    expect(await firstNameOf(ada)).toBe('Behind');
  });

  it('shows my own change on the next read', async () => {
    const ada = await signUpPerson(t, { firstName: 'Ada' });
    expect(await firstNameOf(ada)).toBe('Ada');
    const updated = await t.request({ method: 'PUT', url: '/api/people/profile', token: ada.token, payload: { firstName: 'grace' } });
    expect(updated.statusCode).toBe(200);
    expect(await firstNameOf(ada)).toBe('Grace');
  });

  it('keeps answers per person: the same address read by another is theirs, or refused', async () => {
    const owner = await signUpPerson(t, { firstName: 'Owner' });
    const stranger = await signUpPerson(t, { firstName: 'Stranger' });
    const mission = await insertMission(t, owner);
    expect((await get(`/api/mission/${mission.id}`, owner)).statusCode).toBe(200);
    expect((await get(`/api/mission/${mission.id}`, stranger)).statusCode).toBe(404);
    expect(await firstNameOf(owner)).toBe('Owner');
    expect(await firstNameOf(stranger)).toBe('Stranger');
  });

  it('refuses a mission at once to a person a write took off its team', async () => {
    const owner = await signUpPerson(t);
    const member = await signUpPerson(t);
    const mission = await insertMission(t, owner);
    await addToMission(t, mission.id, member, 3);
    expect((await get(`/api/mission/${mission.id}`, member)).statusCode).toBe(200);
    const removed = await t.request({ method: 'DELETE', url: `/api/mission/${mission.id}/people/${member.personId}`, token: owner.token });
    expect(removed.statusCode).toBe(200);
    expect((await get(`/api/mission/${mission.id}`, member)).statusCode).toBe(404);
  });

  it('refuses a signed-out token even though its answer is remembered', async () => {
    const ada = await signUpPerson(t);
    expect((await get('/api/notification/unread/count', ada)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/signOut', token: ada.token })).statusCode).toBe(200);
    expect((await get('/api/notification/unread/count', ada)).statusCode).toBe(401);
  });

  it('counts a notification a realtime message announces', async () => {
    const ada = await signUpPerson(t);
    const count = async () => ((await get('/api/notification/unread/count', ada)).json() as { count: number }).count;
    expect(await count()).toBe(0);
    await t.database.db.insert(notifications).values({ personId: ada.personId, type: 'mentionComment', title: 'Hello' });
    expect(await count()).toBe(0);
    t.app.ctx.realtime.publish(`people/${ada.personId}`, { type: 'create', entity: 'notifications', id: ada.personId });
    expect(await count()).toBe(1);
  });

  it('lets readers who ask at the same moment wait for one read instead of all reading', async () => {
    const ada = await signUpPerson(t, { firstName: 'Ada' });
    await get('/api/notification/unread/count', ada); // who the token is, remembered
    let checkouts = 0;
    const count = () => checkouts++;
    t.database.pool.on('acquire', count);
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => get('/api/people/profile', ada)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    } finally {
      t.database.pool.off('acquire', count);
    }
    expect(checkouts).toBe(1);
  });

  it('remembers a streamed mission whole and serves the same bytes', async () => {
    const owner = await signUpPerson(t);
    const mission = await insertMission(t, owner, { title: 'Streamed 🚀' });
    const first = await get(`/api/mission/${mission.id}`, owner);
    const second = await get(`/api/mission/${mission.id}`, owner);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect((second.json() as { title: string }).title).toBe('Streamed 🚀');
  });
});

describe('a remembered answer still on its way out when its reader goes away', () => {
  /** How long the answer takes to leave, as when an onSend hook compresses it. */
  const SEND_MS = 200;
  let slow: TestApp;
  const lines: string[] = [];
  let handled = 0;
  beforeAll(async () => {
    slow = await buildTestApp({
      env: { READ_CACHE_MS: '60000', LOG_LEVEL: 'warn' },
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
      beforeReady: (app) => {
        app.addHook('onSend', async (request, _reply, payload) => {
          if (request.headers['x-slow-send']) await sleep(SEND_MS);
          return payload;
        });
        app.addHook('preHandler', (request, _reply, done) => {
          if (request.headers['x-slow-send']) handled++;
          done();
        });
      },
    });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => slow.close());

  it('stays the only answer: the handler does not answer the request again', async () => {
    const owner = await signUpPerson(slow);
    const mission = await insertMission(slow, owner);
    expect((await slow.request({ method: 'GET', url: `/api/mission/${mission.id}`, token: owner.token })).statusCode).toBe(200);
    const { port } = slow.app.server.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const request = httpGet({
        host: '127.0.0.1',
        port,
        path: `/api/mission/${mission.id}`,
        headers: { authorization: `Bearer ${owner.token}`, 'x-slow-send': '1' },
      });
      request.on('error', () => resolve());
      // the reader hangs up while the remembered answer is still being sent
      setTimeout(() => {
        request.destroy();
        resolve();
      }, SEND_MS / 4);
    });
    await sleep(SEND_MS * 3);
    expect(lines.join('')).not.toContain('already sent');
    expect(handled).toBe(0);
  });
});

describe('the read cache', () => {
  it('forgets everything on a change, keeps out an answer read across a change, and expires', () => {
    let now = 0;
    const cache = createReadCache(1_000, () => now);
    const answer = { contentType: 'application/json', body: '{"a":1}' };
    cache.remember('a', cache.start(), answer);
    expect(cache.get('a')).toEqual(answer);
    cache.changed();
    expect(cache.get('a')).toBeUndefined();
    const started = cache.start();
    cache.changed();
    cache.remember('b', started, answer);
    expect(cache.get('b')).toBeUndefined();
    cache.remember('c', cache.start(), answer);
    now = 1_000;
    expect(cache.get('c')).toBeUndefined();
    const off = createReadCache(0, () => now);
    off.remember('a', off.start(), answer);
    expect(off.get('a')).toBeUndefined();
  });

  it('does not hold answers larger than its limit', () => {
    const cache = createReadCache(1_000);
    cache.remember('big', cache.start(), { contentType: 'application/json', body: 'x'.repeat(600 * 1024) });
    expect(cache.get('big')).toBeUndefined();
  });
});
