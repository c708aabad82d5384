import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/database.ts';
import { people } from '../src/db/schema/index.ts';
import { personRoom, type Change } from '../src/plugins/realtime.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { latestCode, signIn, signUpPerson, type TestPerson } from './support/people.ts';

let first: TestApp;
let second: Awaited<ReturnType<typeof buildApp>>;
let secondDatabase: ReturnType<typeof connect>;
let person: TestPerson;
const sockets: Socket[] = [];

/** Two servers on one PostgreSQL, as two processes behind a load balancer would be. */
beforeAll(async () => {
  first = await buildTestApp({ realtimeAcrossProcesses: true });
  secondDatabase = connect(first.database.url, 5);
  second = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: first.dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      // remembered reads last longer than the test: only the other server's message can explain a fresh answer
      READ_CACHE_MS: '60000',
    }),
    database: secondDatabase,
    realtimeAcrossProcesses: true,
    logger: false,
  });
  await first.app.listen({ port: 0, host: '127.0.0.1' });
  await second.listen({ port: 0, host: '127.0.0.1' });
  person = await signUpPerson(first);
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await second.close();
  await secondDatabase.close();
  await first.close();
});

function open(server: { server: { address: () => AddressInfo | string | null } }, token: string | undefined): Socket {
  const { port } = server.server.address() as AddressInfo;
  const socket = connectSocket(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });

describe('realtime', () => {
  it('delivers a change published on one server to a socket connected to the other', async () => {
    const socket = open(second, person.token);
    await connected(socket);
    const received = new Promise<Change>((resolve) => socket.once('changes', resolve));
    const change: Change = { type: 'update', entity: 'org.people', id: person.personId, data: { firstName: 'Ada' } };
    // The adapter's LISTEN may take a moment after connecting: publish until it arrives.
    const timer = setInterval(() => first.app.ctx.realtime.publish(personRoom(person.personId), change), 100);
    try {
      expect(await received).toEqual(change);
    } finally {
      clearInterval(timer);
    }
  });

  it("makes the other server forget its remembered reads when one server's change reaches it", async () => {
    const reader = await signUpPerson(first, { firstName: 'Before' });
    const firstName = async () =>
      (
        (
          await second.inject({ method: 'GET', url: '/api/people/profile', headers: { authorization: `Bearer ${reader.token}` } })
        ).json() as {
          firstName: string;
        }
      ).firstName;
    expect(await firstName()).toBe('Before');
    await first.database.db.update(people).set({ firstName: 'After' }).where(eq(people.id, reader.personId));
    expect(await firstName()).toBe('Before');
    const change: Change = { type: 'update', entity: 'org.people', id: reader.personId, data: { firstName: 'After' } };
    const deadline = Date.now() + 10_000;
    while ((await firstName()) !== 'After' && Date.now() < deadline) {
      first.app.ctx.realtime.publish(personRoom(reader.personId), change);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await firstName()).toBe('After');
  });

  it('refuses a connection without a valid token with auth/id-token-expired', async () => {
    for (const token of [undefined, 'not-a-real-token']) {
      const socket = open(first.app, token);
      await expect(connected(socket)).rejects.toThrow('auth/id-token-expired');
    }
  });

  it('lets a person subscribe to their own room only, and to no unknown room', async () => {
    const other = await signUpPerson(first);
    const socket = open(first.app, person.token);
    await connected(socket);
    const subscribe = (room: string) => socket.emitWithAck('subscribe', room) as Promise<{ ok: boolean }>;
    expect(await subscribe(personRoom(person.personId))).toEqual({ ok: true });
    expect(await subscribe(personRoom(other.personId))).toEqual({ ok: false });
    expect(await subscribe('changes/missions/0123456789abcdef01234567')).toEqual({ ok: false });
    expect(await subscribe('../../etc')).toEqual({ ok: false });
  });

  it('drops the sockets of a session when it signs out', async () => {
    const leaving = await signUpPerson(first);
    const socket = open(second, leaving.token);
    await connected(socket);
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await first.request({ method: 'POST', url: '/api/auth/signOut', token: leaving.token })).statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });

  it('refuses a room to, and drops, a socket whose session was removed', async () => {
    const leaving = await signUpPerson(first);
    const socket = open(first.app, leaving.token);
    await connected(socket);
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await first.database.pool.query('delete from auth_sessions where user_id = $1', [leaving.personId]);
    expect(await socket.emitWithAck('subscribe', personRoom(leaving.personId))).toEqual({ ok: false });
    expect(await dropped).toBe('io server disconnect');
  });

  it('drops the sockets of a session that expired', async () => {
    const leaving = await signUpPerson(first);
    const socket = open(second, leaving.token);
    await connected(socket);
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await first.database.pool.query(`update auth_sessions set expires_at = now() - interval '1 second' where user_id = $1`, [
      leaving.personId,
    ]);
    await second.ctx.realtime.dropEndedSessions();
    expect(await dropped).toBe('io server disconnect');
  });

  it('sends ids without data when a payload would exceed the PostgreSQL NOTIFY limit', async () => {
    const socket = open(first.app, person.token);
    await connected(socket);
    const received = new Promise<Change>((resolve) => socket.once('changes', resolve));
    first.app.ctx.realtime.publish(personRoom(person.personId), {
      type: 'update',
      entity: 'org.people',
      id: person.personId,
      data: { note: 'x'.repeat(10_000) },
    });
    expect(await received).toEqual({ type: 'update', entity: 'org.people', id: person.personId });
  });

  it('tells a bulk message whose ids would exceed the NOTIFY limit as a rebuild of its entity', async () => {
    const socket = open(first.app, person.token);
    await connected(socket);
    const received = new Promise<Change>((resolve) => socket.once('changes', resolve));
    const ids = Array.from({ length: 500 }, (_, i) => String(i).padStart(24, '0'));
    first.app.ctx.realtime.publish(personRoom(person.personId), { type: 'update', entity: 'action.items', id: ids[0]!, data: { ids } });
    expect(await received).toEqual({ type: 'rebuild', entity: 'action.items', id: ids[0] });
  });
});

/** A new person's session with a socket on the second server, and how it ended. */
async function sessionWithSocket() {
  const person = await signUpPerson(first);
  const socket = open(second, person.token);
  await connected(socket);
  const events: Change[] = [];
  socket.on('changes', (change: Change) => events.push(change));
  const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return { person, socket, dropped, events };
}

describe('every way a session ends drops its sockets on every server', () => {
  it('sign-out through /api/identity/sign-out', async () => {
    const { person, dropped } = await sessionWithSocket();
    const response = await first.request({ method: 'POST', url: '/api/identity/sign-out', token: person.token });
    expect(response.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });

  it('a password reset (which revokes every session)', async () => {
    const { person, dropped } = await sessionWithSocket();
    await first.request({ method: 'POST', url: '/api/identity/request-password-reset', payload: { email: person.email, redirectTo: '/' } });
    const token = await latestCode(first, person.email, 'resetPassword');
    const reset = await first.request({
      method: 'POST',
      url: '/api/identity/reset-password',
      payload: { newPassword: 'a-brand-new-one', token },
    });
    expect(reset.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });

  it('a password change that revokes the other sessions', async () => {
    const { person, dropped } = await sessionWithSocket();
    const other = (await signIn(first, person.email, person.password)).headers['set-auth-token'] as string;
    const change = await first.request({
      method: 'POST',
      url: '/api/identity/change-password',
      token: other,
      payload: { currentPassword: person.password, newPassword: 'another-new-one', revokeOtherSessions: true },
    });
    expect(change.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });

  it('revoking the session from another one', async () => {
    const { person, dropped } = await sessionWithSocket();
    const other = (await signIn(first, person.email, person.password)).headers['set-auth-token'] as string;
    const revoke = await first.request({ method: 'POST', url: '/api/identity/revoke-other-sessions', token: other });
    expect(revoke.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });

  it('undoing an email change (which signs every session out)', async () => {
    const { person, dropped } = await sessionWithSocket();
    const moved = `moved.${person.email}`;
    const update = await first.request({
      method: 'PUT',
      url: '/api/people/profile/email/update',
      token: person.token,
      payload: { email: moved },
    });
    expect(update.statusCode).toBe(200);
    const oobCode = await latestCode(first, person.email, 'recoverEmail');
    const recover = await first.request({ method: 'PUT', url: '/api/auth/email/recover', payload: { oobCode } });
    expect(recover.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });
});
