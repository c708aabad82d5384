import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlanItem } from '@crewplan/domain';
import type { NotificationList } from '@crewplan/domain/notifications/notifications';
import { notifications, people } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { insertMission } from './support/missions.ts';
import { createMissionWorld, endMembership, setOrg, type MissionWorld } from './support/missions-world.ts';
import { addMember, expectStatus, verifiedPerson } from './support/org.ts';
import { mailTo, uniqueEmail } from './support/people.ts';

let t: TestApp;
let world: MissionWorld;

beforeAll(async () => {
  t = await buildTestApp();
  world = await createMissionWorld(t);
});
afterAll(async () => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  await setOrg(t, world.orgId, { rolesNeedApproval: false, canProjectManagersApproveRoles: false });
  await addMember(t, world.orgId, world.people.p0, 'MEMBER', { canApproveRoles: false });
});

type Caller = keyof MissionWorld['people'];
const person = (caller: Caller) => world.people[caller].personId;
const token = (caller: Caller) => world.people[caller].token;

/** P Two mentions a person in the chat of a mission (the event the comments module tells). */
const mentionIn = (missionId: string, personId: string, commentId: string, excerpt: string) =>
  t.app.ctx.events.emit('comment.created', {
    commentId,
    missionId,
    missionTitle: 'Apollo',
    orgId: world.orgId,
    room: 'Mission',
    roomId: missionId,
    roomName: 'Apollo',
    topic: null,
    authorId: person('p2'),
    authorName: 'P Two',
    mentions: [personId],
    excerpt,
  });

/** The notifications of a person as the database has them, oldest first. */
const notificationsOf = (personId: string, type?: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.personId, personId), type ? eq(notifications.type, type) : undefined))
    .orderBy(notifications.createdAt);

async function listed(caller: Caller) {
  const response = await t.request({ method: 'GET', url: '/api/notification', token: token(caller) });
  expectStatus(response, 200);
  return (response.json() as NotificationList).notifications;
}

const unsubscribeLinkOf = (text: string) =>
  text
    .match(/https?:\/\/\S+/g)
    ?.map((link) => new URL(link))
    .find((url) => url.searchParams.get('mode') === 'unsubscribe');

describe('mentions (comment.created → mentionComment)', () => {
  it('tells each mentioned person once, never the author, with the room data, live and by mail', async () => {
    const mission = await world.mission();
    const publish = vi.spyOn(t.app.ctx.realtime, 'publish');
    const send = vi.spyOn(t.app.ctx.mailer, 'send');
    await t.app.ctx.events.emit('comment.created', {
      commentId: '0123456789abcdef01234567',
      missionId: mission,
      missionTitle: 'Apollo',
      orgId: world.orgId,
      room: 'ActionItem',
      roomId: '0123456789abcdef01234568',
      roomName: 'Fix the rocket',
      topic: null,
      authorId: person('p2'),
      authorName: 'P Two',
      mentions: [person('p0'), person('p0'), person('p2'), person('p1')],
      excerpt: 'Can you look at the engine?',
    });
    expect(await notificationsOf(person('p2'), 'mentionComment')).toHaveLength(0);
    const [row] = await notificationsOf(person('p0'), 'mentionComment');
    expect(await notificationsOf(person('p0'), 'mentionComment')).toHaveLength(1);
    expect(await notificationsOf(person('p1'), 'mentionComment')).toHaveLength(1);
    expect(row).toMatchObject({
      title: 'P Two mentioned you',
      body: 'Can you look at the engine?',
      missionId: mission,
      orgId: world.orgId,
      actorId: person('p2'),
      data: {
        room: 'ActionItem',
        roomId: '0123456789abcdef01234568',
        roomName: 'Fix the rocket',
        topic: null,
        commentId: '0123456789abcdef01234567',
      },
    });
    expect(row!.emailedAt).toBeInstanceOf(Date);
    expect(publish).toHaveBeenCalledWith(`people/${person('p0')}`, { type: 'create', entity: 'notifications', id: row!.id });

    const [mail] = await mailTo(t, world.people.p0.email);
    expect(mail!.subject).toBe('P Two mentioned you');
    expect(mail!.text).toContain('Can you look at the engine?');
    expect(mail!.text).toContain(`action-item=0123456789abcdef01234568`);
    const link = unsubscribeLinkOf(mail!.text)!;
    expect(link.searchParams.get('oobCode')).toMatch(new RegExp(`^${person('p0')}\\.`));
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        to: world.people.p0.email,
        headers: {
          'List-Unsubscribe': `<http://localhost:3000/api/unsubscribe/email?token=${link.searchParams.get('oobCode')}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }),
    );
    expect((await listed('p0'))[0]).toMatchObject({ _id: row!.id, view: 'chats', actor: { _id: person('p2') } });
  });

  it('a message posted through the chat with a mention notifies the mentioned team member', async () => {
    const mission = await world.mission();
    const response = await t.request({
      method: 'POST',
      url: `/api/comment/room/Mission/id/${mission}`,
      token: token('p2'),
      payload: { text: 'Hello team', mentions: [person('p1')] },
    });
    expectStatus(response, 201);
    const [row] = await notificationsOf(person('p1'), 'mentionComment').then((rows) => rows.filter((r) => r.missionId === mission));
    expect(row).toMatchObject({ actorId: person('p2'), data: { room: 'Mission', roomId: mission } });
  });

  it("a person taken off the mission no longer has its mentions, their excerpts or their count; other missions' stay", async () => {
    const [mission, other] = [await world.mission(), await world.mission()];
    for (const [id, text] of [
      [mission, 'Secret plan for the launch'],
      [other, 'Still on this one'],
    ] as const) {
      const posted = await t.request({
        method: 'POST',
        url: `/api/comment/room/Mission/id/${id}`,
        token: token('p2'),
        payload: { text, mentions: [person('p1')] },
      });
      expectStatus(posted, 201);
    }
    const unread = async () =>
      ((await t.request({ method: 'GET', url: '/api/notification/unread/count', token: token('p1') })).json() as { count: number }).count;
    const before = await unread();
    expect((await listed('p1')).map((n) => n.body)).toEqual(expect.arrayContaining(['Secret plan for the launch', 'Still on this one']));
    expectStatus(await t.request({ method: 'DELETE', url: `/api/mission/${mission}/people/${person('p1')}`, token: token('p1') }), 200);
    const after = (await listed('p1')).map((n) => n.body);
    expect(after).not.toContain('Secret plan for the launch');
    expect(after).toContain('Still on this one');
    expect(await unread()).toBe(before - 1);
  });
});

describe('notifications of a mission withheld from their person (rule 109)', () => {
  it('are made but not mailed while the organisation requires two-factor sign-in they lack, nor once they left it', async () => {
    const mission = await world.mission();
    await t.database.db
      .update(people)
      .set({ twoFactorEnabled: true })
      .where(eq(people.id, person('p0')));
    await setOrg(t, world.orgId, { isMFARequired: true });
    const undoLeft = await endMembership(t, world.orgId, person('p0'));
    try {
      const mailsBefore = (await mailTo(t, world.people.p1.email)).length;
      const p0Before = (await mailTo(t, world.people.p0.email)).length;
      await mentionIn(mission, person('p1'), '0123456789abcdef0123aa01', 'Withheld launch codes');
      await mentionIn(mission, person('p0'), '0123456789abcdef0123aa02', 'Codes for a leaver');
      const [row] = (await notificationsOf(person('p1'), 'mentionComment')).filter((n) => n.body === 'Withheld launch codes');
      expect(row).toMatchObject({ missionId: mission, emailedAt: null });
      expect(await mailTo(t, world.people.p1.email)).toHaveLength(mailsBefore);
      expect(await mailTo(t, world.people.p0.email)).toHaveLength(p0Before);
      expect((await listed('p1')).map((n) => n.body)).not.toContain('Withheld launch codes');
    } finally {
      await undoLeft();
      await setOrg(t, world.orgId, { isMFARequired: false });
      await t.database.db
        .update(people)
        .set({ twoFactorEnabled: false })
        .where(eq(people.id, person('p0')));
    }
    // once it is shown again, the notification is there (it was only withheld)
    expect((await listed('p1')).map((n) => n.body)).toContain('Withheld launch codes');
  });
});

describe('one-click unsubscribe', () => {
  it('the mailed link stops further notification mail; notifications are still made', async () => {
    const reader = await verifiedPerson(t, { firstName: 'Una', lastName: 'Subscribe' });
    const mission = await world.mission();
    const mention = (commentId: string) => mentionIn(mission, reader.personId, commentId, 'First');
    const mailsBefore = (await mailTo(t, reader.email)).length;
    await mention('0123456789abcdef0123456a');
    const [mail] = await mailTo(t, reader.email);
    expect(mail!.subject).toBe('P Two mentioned you');
    const link = unsubscribeLinkOf(mail!.text)!;
    expect(mail!.html).toContain('mode=unsubscribe');
    const answered = await t.request({
      method: 'GET',
      url: `/api/unsubscribe/email?token=${encodeURIComponent(link.searchParams.get('oobCode')!)}`,
    });
    expectStatus(answered, 200);
    expect(answered.json()).toEqual({ email: reader.email });
    const [row] = await t.database.db.select({ optOut: people.emailOptOut }).from(people).where(eq(people.id, reader.personId));
    expect(row!.optOut).toBe(true);

    await mention('0123456789abcdef0123456b');
    expect(await mailTo(t, reader.email)).toHaveLength(mailsBefore + 1);
    const rows = await notificationsOf(reader.personId);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.emailedAt).toBeNull();
  });
  it('mail clients unsubscribe by themselves: List-Unsubscribe names the API address and List-Unsubscribe-Post the one click (RFC 8058)', async () => {
    const reader = await verifiedPerson(t, { firstName: 'Ola', lastName: 'Oneclick' });
    const mission = await world.mission();
    const send = vi.spyOn(t.app.ctx.mailer, 'send');
    await mentionIn(mission, reader.personId, '0123456789abcdef0123456c', 'Hello');
    const mail = send.mock.calls.map(([sent]) => sent).find((sent) => sent.to === reader.email)!;
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const address = new URL(/^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')![1]!);
    expect(address.pathname).toBe('/api/unsubscribe/email');

    const posted = await t.request({
      method: 'POST',
      url: `${address.pathname}${address.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expectStatus(posted, 200);
    expect(posted.json()).toEqual({ email: reader.email });
    const [row] = await t.database.db.select({ optOut: people.emailOptOut }).from(people).where(eq(people.id, reader.personId));
    expect(row!.optOut).toBe(true);
    const forged = await t.request({ method: 'POST', url: `/api/unsubscribe/email?token=${reader.personId}.forged-signature` });
    expect(forged.statusCode).toBe(400);
  });
});

describe('invites', () => {
  it('a mission invite to a person with an account → invite notification (the invite mail is the only mail)', async () => {
    const mission = (await insertMission(t, world.owner, { orgId: world.orgId })).id;
    const invitee = await verifiedPerson(t, { firstName: 'Ivy', lastName: 'Invitee' });
    const publish = vi.spyOn(t.app.ctx.realtime, 'publish');
    const response = await t.request({
      method: 'POST',
      url: `/api/mission/${mission}/invite`,
      token: world.owner.token,
      payload: { inviteeEmail: invitee.email, message: 'Join us' },
    });
    expectStatus(response, 201);
    const inviteId = (response.json() as { _id: string })._id;
    const [row] = await notificationsOf(invitee.personId, 'invite');
    expect(row).toMatchObject({
      missionId: mission,
      orgId: world.orgId,
      actorId: world.owner.personId,
      body: 'Join us',
      data: { inviteId, missionId: mission },
    });
    expect(row!.title).toMatch(/^Olive Owner invited you to /);
    expect(publish).toHaveBeenCalledWith(`people/${invitee.personId}`, { type: 'create', entity: 'notifications', id: row!.id });
    const subjects = (await mailTo(t, invitee.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith('You are invited to'))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.includes('invited you'))).toEqual([]);
  });

  it('a mission invite to an email without an account makes no notification', async () => {
    const mission = (await insertMission(t, world.owner, { orgId: world.orgId })).id;
    const before = await t.database.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.type, 'invite'));
    const response = await t.request({
      method: 'POST',
      url: `/api/mission/${mission}/invite`,
      token: world.owner.token,
      payload: { inviteeEmail: uniqueEmail('nobody') },
    });
    expectStatus(response, 201);
    const after = await t.database.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.type, 'invite'));
    expect(after).toHaveLength(before.length);
  });

  it('an organisation invite to an existing account → orgInvite; to an unknown address none', async () => {
    const invitee = await verifiedPerson(t, { firstName: 'Oren', lastName: 'Invitee' });
    const response = await t.request({
      method: 'POST',
      url: `/api/org/${world.orgId}/invite`,
      token: world.owner.token,
      payload: { inviteeEmail: invitee.email.toUpperCase(), message: 'Welcome' },
    });
    expectStatus(response, 201);
    const inviteId = (response.json() as { _id: string })._id;
    const [row] = await notificationsOf(invitee.personId, 'orgInvite');
    expect(row).toMatchObject({
      orgId: world.orgId,
      actorId: world.owner.personId,
      body: 'Welcome',
      data: { inviteId, orgId: world.orgId },
    });
    expect((await t.request({ method: 'GET', url: '/api/notification?view=invites', token: invitee.token })).json()).toMatchObject({
      notifications: [{ _id: row!.id, type: 'orgInvite', view: 'invites' }],
    });

    const before = (await t.database.db.select().from(notifications).where(eq(notifications.type, 'orgInvite'))).length;
    const unknown = await t.request({
      method: 'POST',
      url: `/api/org/${world.orgId}/invite`,
      token: world.owner.token,
      payload: { inviteeEmail: uniqueEmail('stranger') },
    });
    expectStatus(unknown, 201);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.type, 'orgInvite'))).toHaveLength(before);
  });
});

describe('role requests (plan.request.changed → orgRolePlanItemStatusChange)', () => {
  async function createItem(missionId: string, payload: Record<string, unknown>) {
    const response = await t.request({ method: 'POST', url: `/api/mission-plan/mission/${missionId}`, token: token('p2'), payload });
    expectStatus(response, 201);
    return response.json() as PlanItem;
  }
  const requestCall = (id: string, verb: 'submit' | 'approve' | 'reject', caller: Caller, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `/api/mission-plan/request/${id}/${verb}`, token: token(caller), payload });
  const statusOf = (rows: { data: Record<string, unknown> }[]) => rows.map((row) => (row.data.statusMap as { status: string }).status);
  const forItem = async (personId: string, itemId: string) =>
    (await notificationsOf(personId, 'orgRolePlanItemStatusChange')).filter(
      (row) => (row.data.statusMap as { planItemId: string }).planItemId === itemId,
    );

  it("org context: submission tells the organisation's approvers (not the sender); approval tells the requester and the person", async () => {
    await addMember(t, world.orgId, world.people.p0, 'MEMBER', { canApproveRoles: true });
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev' });
    expectStatus(await requestCall(item._id, 'submit', 'p2', { context: 'org', reason: 'Please staff it', person: person('p1') }), 200);

    for (const approver of [world.owner.personId, person('orgAdmin'), person('p0')]) {
      expect(statusOf(await forItem(approver, item._id))).toEqual(['pending_approval']);
    }
    for (const other of [person('p2'), person('p1'), person('orgManager'), person('orgMember'), person('p1pm'), person('outsider')]) {
      expect(await forItem(other, item._id)).toEqual([]);
    }
    const [told] = await forItem(person('p0'), item._id);
    expect(told).toMatchObject({
      actorId: person('p2'),
      missionId: mission,
      orgId: world.orgId,
      data: {
        statusMap: {
          planItemId: item._id,
          roleTitle: 'Dev',
          status: 'pending_approval',
          personId: person('p1'),
          context: 'org',
          ask: true,
        },
      },
    });
    expect(told!.title).toBe('P2 Caller asks for approval of Dev');
    expect(told!.emailedAt).toBeInstanceOf(Date);
    const mails = await mailTo(t, world.people.p0.email);
    expect(mails[0]!.subject).toBe('P2 Caller asks for approval of Dev');
    expect(unsubscribeLinkOf(mails[0]!.text)).toBeDefined();

    const publish = vi.spyOn(t.app.ctx.realtime, 'publish');
    expectStatus(await requestCall(item._id, 'approve', 'orgAdmin', { context: 'org' }), 200);
    expect(statusOf(await forItem(person('p2'), item._id))).toEqual(['approved']);
    expect(statusOf(await forItem(person('p1'), item._id))).toEqual(['approved']);
    // the approvers' asks now carry the decision (nobody is offered it again), and their rooms hear of it
    for (const approver of [world.owner.personId, person('orgAdmin'), person('p0')]) {
      expect(statusOf(await forItem(approver, item._id))).toEqual(['approved']);
    }
    const [approved] = await forItem(person('p1'), item._id);
    expect(approved!.title).toBe('OrgAdmin Caller approved the request for Dev');
    expect(approved!.data.statusMap).toMatchObject({ status: 'approved', ask: false });
    expect(publish).toHaveBeenCalledWith(`people/${person('p1')}`, { type: 'create', entity: 'notifications', id: approved!.id });
    expect(publish).toHaveBeenCalledWith(`people/${person('p0')}`, { type: 'update', entity: 'notifications', id: told!.id });
  });

  it('an approver off the mission team is asked too, and sent to the organisation rather than the mission', async () => {
    await addMember(t, world.orgId, world.people.orgMember, 'MEMBER', { canApproveRoles: true });
    try {
      const mission = await world.mission();
      const item = await createItem(mission, { role: 'Ops' });
      expectStatus(await requestCall(item._id, 'submit', 'p2', { context: 'org', reason: 'Please staff it', person: person('p0') }), 200);
      const [off] = await forItem(person('orgMember'), item._id);
      expect(off!.data).toMatchObject({ opensMission: false, statusMap: { status: 'pending_approval', ask: true } });
      const [on] = await forItem(person('orgAdmin'), item._id);
      expect(on!.data).toMatchObject({ opensMission: true });
      const [mail] = await mailTo(t, world.people.orgMember.email);
      expect(mail!.text).toContain(`org=${world.orgId}`);
      expect(mail!.text).not.toContain(`mission=${mission}`);
    } finally {
      await addMember(t, world.orgId, world.people.orgMember, 'MEMBER', { canApproveRoles: false });
    }
  });

  it('project managers are approvers in the org context when the organisation lets them', async () => {
    await setOrg(t, world.orgId, { canProjectManagersApproveRoles: true });
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Ops' });
    expectStatus(await requestCall(item._id, 'submit', 'p2', { context: 'org', reason: 'Please staff it', person: person('p0') }), 200);
    expect(statusOf(await forItem(person('p1pm'), item._id))).toEqual(['pending_approval']);
  });

  it('pm context: the mission admins are told; a rejection tells the requester and the person, never the one who rejected', async () => {
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'QA' });
    expectStatus(await requestCall(item._id, 'submit', 'p1pm', { context: 'pm', reason: 'Please staff it', person: person('p0') }), 200);
    expect(statusOf(await forItem(person('p2'), item._id))).toEqual(['pending_approval']);
    expect(statusOf(await forItem(world.owner.personId, item._id))).toEqual(['pending_approval']);
    expect(await forItem(person('p1pm'), item._id)).toEqual([]);
    expect(await forItem(person('orgAdmin'), item._id)).toEqual([]);

    expectStatus(await requestCall(item._id, 'reject', 'p2', { context: 'pm', reason: 'Not this quarter' }), 200);
    expect(statusOf(await forItem(person('p1pm'), item._id))).toEqual(['rejected']);
    expect(statusOf(await forItem(person('p0'), item._id))).toEqual(['rejected']);
    expect(statusOf(await forItem(person('p2'), item._id))).toEqual(['rejected']);
    expect(statusOf(await forItem(world.owner.personId, item._id))).toEqual(['rejected']);
    const [rejected] = await forItem(person('p0'), item._id);
    expect(rejected!.body).toContain('Not this quarter');
  });

  it('a request made by assigning a person when roles need approval (create, change person, bulk) tells the approvers', async () => {
    await setOrg(t, world.orgId, { rolesNeedApproval: true, canProjectManagersApproveRoles: false });
    const mission = await world.mission();
    const created = await t.request({
      method: 'POST',
      url: `/api/mission-plan/mission/${mission}`,
      token: token('p1pm'),
      payload: { role: 'Dev', person: person('p0'), reason: 'Needs a developer' },
    });
    expectStatus(created, 201);
    const viaCreate = (created.json() as PlanItem)._id;
    const other = await createItem(mission, { role: 'QA' });
    const changed = await t.request({
      method: 'PUT',
      url: `/api/mission-plan/${other._id}/change-person`,
      token: token('p1pm'),
      payload: { person: person('p1'), reason: 'Tests well' },
    });
    expectStatus(changed, 200);
    const third = await createItem(mission, { role: 'Ops', startDate: '2026-02-01', endDate: '2026-02-20' });
    const bulk = await t.request({
      method: 'PUT',
      url: `/api/mission-plan/mission/${mission}/bulk`,
      token: token('p1pm'),
      payload: [{ _id: third._id, person: person('p2'), reason: 'Runs the servers' }],
    });
    expectStatus(bulk, 200);
    for (const itemId of [viaCreate, other._id, third._id]) {
      expect(statusOf(await forItem(person('orgAdmin'), itemId))).toEqual(['pending_approval']);
      expect(statusOf(await forItem(world.owner.personId, itemId))).toEqual(['pending_approval']);
      expect(await forItem(person('p1pm'), itemId)).toEqual([]);
    }
    const [told] = await forItem(person('orgAdmin'), viaCreate);
    expect(told).toMatchObject({ actorId: person('p1pm'), data: { statusMap: { personId: person('p0'), roleTitle: 'Dev' } } });
  });

  it('an opted-out person gets the notification without mail', async () => {
    await t.database.db
      .update(people)
      .set({ emailOptOut: true })
      .where(eq(people.id, person('p2')));
    try {
      const mission = await world.mission();
      const item = await createItem(mission, { role: 'Support' });
      const before = (await mailTo(t, world.people.p2.email)).length;
      expectStatus(await requestCall(item._id, 'submit', 'p1pm', { context: 'pm', reason: 'Please staff it', person: person('p0') }), 200);
      const [row] = await forItem(person('p2'), item._id);
      expect(row!.emailedAt).toBeNull();
      expect(await mailTo(t, world.people.p2.email)).toHaveLength(before);
    } finally {
      await t.database.db
        .update(people)
        .set({ emailOptOut: false })
        .where(eq(people.id, person('p2')));
    }
  });
});
