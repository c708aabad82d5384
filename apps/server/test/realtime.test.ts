import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeRooms } from '@crewplan/domain';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/database.ts';
import { orgs, people } from '../src/db/schema/index.ts';
import { personRoom, type Change } from '../src/plugins/realtime.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { createOrg } from './support/org.ts';
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

/**
 * Whether the socket still hears `room`: a message sent there and then one sent to the person's own room (which they
 * always hear) reach one connection in that order, so the second arriving alone says the first was not delivered.
 */
async function hears(server: Pick<TestApp['app'], 'ctx'>, socket: Socket, personId: string, room: string): Promise<boolean> {
  const [marker, fence] = [randomBytes(12).toString('hex'), randomBytes(12).toString('hex')];
  let heard = false;
  const arrived = new Promise<void>((resolve) => {
    const listener = (change: Change) => {
      if (change.id === marker) heard = true;
      if (change.id !== fence) return;
      socket.off('changes', listener);
      resolve();
    };
    socket.on('changes', listener);
  });
  server.ctx.realtime.publish(room, { type: 'create', entity: 'notifications', id: marker });
  server.ctx.realtime.publish(personRoom(personId), { type: 'create', entity: 'notifications', id: fence });
  await arrived;
  return heard;
}

describe('a socket hears only the rooms its person may still join', () => {
  it("stops hearing a mission's rooms as soon as its person is removed from the team", async () => {
    const owner = await signUpPerson(first);
    const member = await signUpPerson(first);
    const mission = await insertMission(first, owner);
    await addToMission(first, mission.id, member, 3);
    const socket = open(first.app, member.token);
    await connected(socket);
    const rooms = [changeRooms.mission(mission.id), changeRooms.missionPeople(mission.id), changeRooms.comments('Mission', mission.id)];
    for (const room of rooms) {
      expect(await socket.emitWithAck('subscribe', room)).toEqual({ ok: true });
      expect(await hears(first.app, socket, member.personId, room)).toBe(true);
    }

    const removed = await first.request({
      method: 'DELETE',
      url: `/api/mission/${mission.id}/people/${member.personId}`,
      token: owner.token,
    });
    expect(removed.statusCode).toBe(200);
    // well before the next sweep: the removal itself re-checks the person's rooms on this server
    for (const room of rooms) await expect.poll(() => hears(first.app, socket, member.personId, room), { timeout: 3_000 }).toBe(false);
    expect(socket.connected).toBe(true);
    expect(await hears(first.app, socket, member.personId, personRoom(member.personId))).toBe(true);
  });

  it('stops hearing the missions of an organisation that starts requiring two-factor sign-in, on every server', async () => {
    const owner = await signUpPerson(first);
    const org = await createOrg(first, owner.token);
    const mission = await insertMission(first, owner, { orgId: org._id });
    const lacking = await signUpPerson(first);
    const secured = await signUpPerson(first);
    await first.database.db.update(people).set({ twoFactorEnabled: true }).where(eq(people.id, secured.personId));
    await addToMission(first, mission.id, lacking, 3);
    await addToMission(first, mission.id, secured, 3);
    const room = changeRooms.mission(mission.id);
    const listen = async (server: Parameters<typeof open>[0], person: TestPerson) => {
      const socket = open(server, person.token);
      await connected(socket);
      expect(await socket.emitWithAck('subscribe', room)).toEqual({ ok: true });
      return socket;
    };
    const here = await listen(first.app, lacking);
    const there = await listen(second, lacking);
    const securedThere = await listen(second, secured);
    expect(await hears(second, there, lacking.personId, room)).toBe(true);

    const update = await first.request({ method: 'PUT', url: `/api/org/${org._id}`, token: owner.token, payload: { isMFARequired: true } });
    expect(update.statusCode).toBe(200);
    // the server that made the change applies it at once; the other one at its next sweep
    await expect.poll(() => hears(first.app, here, lacking.personId, room), { timeout: 3_000 }).toBe(false);
    await second.ctx.realtime.sweep();
    expect(await hears(second, there, lacking.personId, room)).toBe(false);
    expect(await hears(second, securedThere, secured.personId, room)).toBe(true);
    // the sweep kept the socket's own rooms: its session's end still reaches it
    const dropped = new Promise<string>((resolve) => there.once('disconnect', resolve));
    expect((await first.request({ method: 'POST', url: '/api/identity/sign-out', token: lacking.token })).statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });

  it('stops hearing those missions on my other sessions as soon as I switch my own two-factor sign-in off', async () => {
    const owner = await signUpPerson(first);
    const org = await createOrg(first, owner.token);
    const mission = await insertMission(first, owner, { orgId: org._id });
    await first.database.db.update(orgs).set({ isMFARequired: true }).where(eq(orgs.id, org._id));
    const me = await signUpPerson(first);
    const laptop = (await signIn(first, me.email, me.password)).headers['set-auth-token'] as string;
    await first.database.db.update(people).set({ twoFactorEnabled: true }).where(eq(people.id, me.personId));
    await addToMission(first, mission.id, me, 3);
    const room = changeRooms.mission(mission.id);
    const phone = open(first.app, me.token);
    await connected(phone);
    expect(await phone.emitWithAck('subscribe', room)).toEqual({ ok: true });

    const off = await first.request({
      method: 'POST',
      url: '/api/identity/two-factor/disable',
      token: laptop,
      payload: { password: me.password },
    });
    expect(off.statusCode).toBe(200);
    // well before the next sweep
    await expect.poll(() => hears(first.app, phone, me.personId, room), { timeout: 3_000 }).toBe(false);
    expect(phone.connected).toBe(true);
  });
});
