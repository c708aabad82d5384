import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationList } from '@crewplan/domain/notifications/notifications';
import { notifications, orgPeople, orgs, people } from '../src/db/schema/index.ts';
import { personRoom } from '../src/plugins/realtime.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { addMember, createOrg, errorOf, expectStatus, verifiedPerson } from './support/org.ts';
import type { TestPerson } from './support/people.ts';

let t: TestApp;
let ann: TestPerson;
let bob: TestPerson;

beforeAll(async () => {
  t = await buildTestApp();
  ann = await verifiedPerson(t, { firstName: 'Ann', lastName: 'Actor' });
  bob = await verifiedPerson(t, { firstName: 'Bob', lastName: 'Reader' });
});
afterAll(async () => t.close());

type Row = Partial<typeof notifications.$inferInsert>;
let clock = Date.parse('2026-01-01T00:00:00.000Z');

/** Notifications straight in the database, one second apart (newest last), for a person. */
async function insertNotifications(personId: string, rows: Row[]): Promise<string[]> {
  const inserted = await t.database.db
    .insert(notifications)
    .values(
      rows.map((row) => ({
        personId,
        type: 'mentionComment',
        title: 'Ann Actor mentioned you',
        actorId: ann.personId,
        createdAt: new Date((clock += 1000)),
        ...row,
      })),
    )
    .returning({ id: notifications.id });
  t.app.ctx.reads.changed(); // written behind the server's back
  return inserted.map((row) => row.id);
}

const list = (token: string | undefined, query = '') => t.request({ method: 'GET', url: `/api/notification${query}`, token });
const count = async (token: string) => {
  const response = await t.request({ method: 'GET', url: '/api/notification/unread/count', token });
  expectStatus(response, 200);
  return (response.json() as { count: number }).count;
};
const markRead = (token: string | undefined, payload: unknown) =>
  t.request({ method: 'PUT', url: '/api/notification/read', token, payload: payload as Record<string, unknown> });
const disable = (token: string | undefined, id: string) => t.request({ method: 'PUT', url: `/api/notification/disable/${id}`, token });

describe('GET /notification', () => {
  it('answers my notifications newest first with the actor, never anybody else’s, without hidden ones', async () => {
    const person = await verifiedPerson(t);
    const [first, second, hidden] = await insertNotifications(person.personId, [
      { data: { room: 'ActionItem', roomId: 'x' } },
      { type: 'invite', title: 'Invited' },
      { isDisabled: true },
    ]);
    await insertNotifications(bob.personId, [{}]);
    const response = await list(person.token);
    expectStatus(response, 200);
    const body = response.json() as NotificationList;
    expect(body.notifications.map((n) => n._id)).toEqual([second, first]);
    expect(body.notifications.map((n) => n._id)).not.toContain(hidden);
    expect(body.limit).toBe(300);
    expect(body.seenAt).toBeNull();
    expect(body.notifications[1]).toMatchObject({
      type: 'mentionComment',
      view: 'chats',
      isRead: false,
      isDisabled: false,
      people: person.personId,
      actor: { _id: ann.personId, firstName: 'Ann', lastName: 'Actor', avatar: null },
      data: { room: 'ActionItem', roomId: 'x' },
    } satisfies Partial<Notification>);
    expect(body.notifications[0]).toMatchObject({ type: 'invite', view: 'invites' });
  });

  it('narrows to a view', async () => {
    const person = await verifiedPerson(t);
    const [, invite, orgInvite] = await insertNotifications(person.personId, [
      {},
      { type: 'invite' },
      { type: 'orgInvite' },
      { type: 'orgRolePlanItemStatusChange' },
    ]);
    const invites = (await list(person.token, '?view=invites')).json() as NotificationList;
    expect(invites.notifications.map((n) => n._id)).toEqual([orgInvite, invite]);
    const leaves = (await list(person.token, '?view=leaves')).json() as NotificationList;
    expect(leaves.notifications).toEqual([]);
    const allocations = (await list(person.token, '?view=allocations')).json() as NotificationList;
    expect(allocations.notifications.map((n) => n.type)).toEqual(['orgRolePlanItemStatusChange']);
  });

  it('answers at most 300, or every unread one when more are unread (rule 243)', async () => {
    const person = await verifiedPerson(t);
    await insertNotifications(
      person.personId,
      Array.from({ length: 310 }, () => ({ isRead: true })),
    );
    const readOnly = (await list(person.token)).json() as NotificationList;
    expect(readOnly.limit).toBe(300);
    expect(readOnly.notifications).toHaveLength(300);

    await insertNotifications(
      person.personId,
      Array.from({ length: 320 }, () => ({})),
    );
    expect(await count(person.token)).toBe(320);
    const many = (await list(person.token)).json() as NotificationList;
    expect(many.limit).toBe(320);
    expect(many.notifications).toHaveLength(320);
    expect(many.notifications.every((n) => !n.isRead)).toBe(true);
  });

  it('refuses anonymous callers (401) and a bad view (400)', async () => {
    expectStatus(await list(undefined), 401);
    expectStatus(await list(bob.token, '?view=everything'), 400);
    expectStatus(await list(bob.token, '?other=1'), 400);
  });
});

describe('GET /notification/unread/count', () => {
  it('counts mine that are neither read nor hidden', async () => {
    const person = await verifiedPerson(t);
    expect(await count(person.token)).toBe(0);
    await insertNotifications(person.personId, [{}, {}, { isRead: true }, { isDisabled: true }]);
    await insertNotifications(bob.personId, [{}]);
    expect(await count(person.token)).toBe(2);
    expectStatus(await t.request({ method: 'GET', url: '/api/notification/unread/count' }), 401);
  });
});

describe('notifications of missions withheld from me', () => {
  it('leaves out, from the list and the count alike, those of a mission of an organisation requiring two-factor sign-in I lack, or one I left (rule 109); never an invite', async () => {
    const owner = await verifiedPerson(t);
    const person = await verifiedPerson(t);
    const org = await createOrg(t, owner.token);
    await addMember(t, org._id, person, 'MEMBER');
    const mission = await insertMission(t, owner, { orgId: org._id });
    await addToMission(t, mission.id, person, 0);
    const personal = await insertMission(t, owner);
    await addToMission(t, personal.id, person, 0);
    const [mention, invite, orgLevel, elsewhere] = await insertNotifications(person.personId, [
      { orgId: org._id, missionId: mission.id },
      { type: 'invite', orgId: org._id, missionId: mission.id },
      { type: 'payment', orgId: org._id },
      { missionId: personal.id },
    ]);
    const shown = async () => {
      const body = (await list(person.token)).json() as NotificationList;
      return { ids: body.notifications.map((n) => n._id).sort(), count: await count(person.token) };
    };
    const all = [mention, invite, orgLevel, elsewhere].sort();
    expect(await shown()).toEqual({ ids: all, count: 4 });

    await t.database.db.update(orgs).set({ isMFARequired: true }).where(eq(orgs.id, org._id));
    t.app.ctx.reads.changed();
    const withheld = [invite, orgLevel, elsewhere].sort();
    expect(await shown()).toEqual({ ids: withheld, count: 3 });
    const invites = (await list(person.token, '?view=invites')).json() as NotificationList;
    expect(invites.notifications.map((n) => n._id)).toEqual([invite]);

    await t.database.db.update(people).set({ twoFactorEnabled: true }).where(eq(people.id, person.personId));
    t.app.ctx.reads.changed();
    expect(await shown()).toEqual({ ids: all, count: 4 });

    // left the organisation: its missions' notifications go too (somebody never in it keeps those of missions they are on)
    await t.database.db
      .update(orgPeople)
      .set({ endDate: '2020-01-01' })
      .where(and(eq(orgPeople.orgId, org._id), eq(orgPeople.personId, person.personId)));
    t.app.ctx.reads.changed();
    expect(await shown()).toEqual({ ids: withheld, count: 3 });
    const guest = await verifiedPerson(t);
    await addToMission(t, mission.id, guest, 3);
    const [guests] = await insertNotifications(guest.personId, [{ orgId: org._id, missionId: mission.id }]);
    await t.database.db.update(people).set({ twoFactorEnabled: true }).where(eq(people.id, guest.personId));
    expect(((await list(guest.token)).json() as NotificationList).notifications.map((n) => n._id)).toEqual([guests]);
    expect(await count(guest.token)).toBe(1);
  });
});

describe('PUT /notification/read', () => {
  it('marks one of mine read; another person’s or an unknown one is 404', async () => {
    const person = await verifiedPerson(t);
    const [mine, other] = await insertNotifications(person.personId, [{}, {}]);
    const [bobs] = await insertNotifications(bob.personId, [{}]);
    const response = await markRead(person.token, { notificationId: mine });
    expectStatus(response, 200);
    expect(response.json()).toEqual({ updated: 1 });
    expect(await count(person.token)).toBe(1);
    const body = (await list(person.token)).json() as NotificationList;
    expect(body.notifications.find((n) => n._id === mine)?.isRead).toBe(true);
    expect(body.notifications.find((n) => n._id === other)?.isRead).toBe(false);

    const foreign = await markRead(person.token, { notificationId: bobs });
    expectStatus(foreign, 404);
    expect(errorOf(foreign).code).toBe('notification/not-found');
    expectStatus(await markRead(person.token, { notificationId: '0123456789abcdef01234567' }), 404);
    expect(((await list(bob.token)).json() as NotificationList).notifications.find((n) => n._id === bobs)?.isRead).toBe(false);
  });

  it('marks all of mine read and none of anybody else’s', async () => {
    const person = await verifiedPerson(t);
    await insertNotifications(person.personId, [{}, {}, {}]);
    const bobBefore = await count(bob.token);
    const response = await markRead(person.token, { all: true });
    expectStatus(response, 200);
    expect(response.json()).toEqual({ updated: 3 });
    expect(await count(person.token)).toBe(0);
    expect(await count(bob.token)).toBe(bobBefore);
  });

  it("tells the person's own room, so that their other tabs and devices refresh the bell", async () => {
    const person = await verifiedPerson(t);
    const [one, , hidden] = await insertNotifications(person.personId, [{}, {}, {}]);
    const publish = vi.spyOn(t.app.ctx.realtime, 'publish');
    try {
      const told = () => publish.mock.calls.filter(([room]) => room === personRoom(person.personId)).map(([, change]) => change);
      expectStatus(await markRead(person.token, { notificationId: one }), 200);
      expect(told()).toEqual([{ type: 'update', entity: 'notifications', id: one }]);
      publish.mockClear();
      expectStatus(await disable(person.token, hidden!), 200);
      expect(told()).toEqual([{ type: 'update', entity: 'notifications', id: hidden }]);
      publish.mockClear();
      expectStatus(await markRead(person.token, { all: true }), 200);
      expect(told()).toEqual([{ type: 'update', entity: 'notifications', id: expect.any(String) }]);
      publish.mockClear();
      // nothing left unread: nothing to tell
      expectStatus(await markRead(person.token, { all: true }), 200);
      expect(told()).toEqual([]);
    } finally {
      publish.mockRestore();
    }
  });

  it('refuses bad bodies (400) and anonymous callers (401)', async () => {
    for (const payload of [{}, { notificationId: 'nope' }, { all: false }, { all: true, notificationId: '0123456789abcdef01234567' }]) {
      expectStatus(await markRead(bob.token, payload), 400);
    }
    expectStatus(await markRead(undefined, { all: true }), 401);
  });
});

describe('PUT /notification/user/read', () => {
  it('stamps when I opened the panel; the list answers it as seenAt', async () => {
    const person = await verifiedPerson(t);
    const first = await t.request({ method: 'PUT', url: '/api/notification/user/read', token: person.token });
    expectStatus(first, 200);
    const { seenAt } = first.json() as { seenAt: string };
    expect(Date.parse(seenAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(((await list(person.token)).json() as NotificationList).seenAt).toBe(seenAt);
    const again = (await t.request({ method: 'PUT', url: '/api/notification/user/read', token: person.token })).json() as {
      seenAt: string;
    };
    expect(again.seenAt >= seenAt).toBe(true);
    expect(((await list(bob.token)).json() as NotificationList).seenAt).toBeNull();
    expectStatus(await t.request({ method: 'PUT', url: '/api/notification/user/read' }), 401);
  });
});

describe('PUT /notification/disable/:id', () => {
  it('hides one of mine from the list and the count; another person’s is 404', async () => {
    const person = await verifiedPerson(t);
    const [hide, keep] = await insertNotifications(person.personId, [{}, {}]);
    const [bobs] = await insertNotifications(bob.personId, [{}]);
    expectStatus(await disable(person.token, hide!), 200);
    expect(((await list(person.token)).json() as NotificationList).notifications.map((n) => n._id)).toEqual([keep]);
    expect(await count(person.token)).toBe(1);
    expectStatus(await disable(person.token, bobs!), 404);
    expect(((await list(bob.token)).json() as NotificationList).notifications.map((n) => n._id)).toContain(bobs);
  });

  it('refuses a bad id (400) and anonymous callers (401)', async () => {
    expectStatus(await disable(bob.token, 'nope'), 400);
    expectStatus(await disable(undefined, '0123456789abcdef01234567'), 401);
  });
});
