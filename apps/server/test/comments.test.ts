import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENTION_ADD_STAGGER_MS, type CommentDto, type CommentList } from '@crewplan/domain';
import { actionItems, actions, checklistItems, missionAuditEvents, planItems } from '../src/db/schema/index.ts';
import type { DomainEvents } from '../src/events/bus.ts';
import type { Change } from '../src/plugins/realtime.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { testSockets } from './support/sockets.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { addMember, createOrg, errorOf, expectStatus, verifiedPerson } from './support/org.ts';
import type { TestPerson } from './support/people.ts';

/**
 * Chat (spec 3 §5, §7 Comments; rules 65, 104, 169, 247–251) through the API on a real database: who may read, write,
 * edit, delete and clap in each room, sanitising, mentions (filtered, and added to the task a second apart), replies,
 * counts, and the realtime room.
 */
let t: TestApp;
const clock = createTestClock();
let orgId: string;
const who = {} as Record<
  'owner' | 'assignee' | 'member' | 'lead' | 'observer' | 'limited' | 'orgAdmin' | 'pending' | 'outsider',
  TestPerson
>;
const created: DomainEvents['comment.created'][] = [];

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const names = {
    owner: 'Olive',
    assignee: 'Ada',
    member: 'Mo',
    lead: 'Lee',
    observer: 'Obi',
    limited: 'Lim',
    orgAdmin: 'Oda',
    pending: 'Pat',
    outsider: 'Out',
  };
  for (const [role, firstName] of Object.entries(names))
    who[role as keyof typeof who] = await verifiedPerson(t, { firstName, lastName: 'Tester' });
  orgId = (await createOrg(t, who.orgAdmin.token))._id;
  for (const role of ['owner', 'assignee', 'member', 'lead', 'observer', 'limited', 'pending'] as const)
    await addMember(t, orgId, who[role], 'MEMBER');
  t.app.ctx.events.on('comment.created', (event) => void created.push(event));
});
afterAll(async () => t.close());

type World = { mission: string; planItem: string; action: string; item: string; otherItem: string; subtask: string; otherSubtask: string };

/** A mission with the whole cast on its team, a role, an action with two tasks (Ada on the first) and their subtasks. */
async function world(): Promise<World> {
  const mission = await insertMission(t, who.owner, { orgId, title: 'Moon base' });
  await addToMission(t, mission.id, who.assignee, 0);
  await addToMission(t, mission.id, who.member, 0);
  await addToMission(t, mission.id, who.lead, 1);
  await addToMission(t, mission.id, who.observer, 3);
  await addToMission(t, mission.id, who.limited, 4);
  await addToMission(t, mission.id, who.pending, 0, { invitePending: true });
  const db = t.database.db;
  const [planItem] = await db.insert(planItems).values({ missionId: mission.id, title: 'Engineer' }).returning();
  const [action] = await db.insert(actions).values({ missionId: mission.id, title: 'Build', createdBy: who.owner.personId }).returning();
  const [item, otherItem] = await db
    .insert(actionItems)
    .values([
      { missionId: mission.id, actionId: action!.id, title: 'Dome', createdBy: who.owner.personId, people: [who.assignee.personId] },
      { missionId: mission.id, actionId: action!.id, title: 'Rover', createdBy: who.owner.personId },
    ])
    .returning();
  const [subtask, otherSubtask] = await db
    .insert(checklistItems)
    .values([
      { missionId: mission.id, actionItemId: item!.id, title: 'Seal the airlock' },
      { missionId: mission.id, actionItemId: otherItem!.id, title: 'Charge' },
    ])
    .returning();
  return {
    mission: mission.id,
    planItem: planItem!.id,
    action: action!.id,
    item: item!.id,
    otherItem: otherItem!.id,
    subtask: subtask!.id,
    otherSubtask: otherSubtask!.id,
  };
}

const post = (url: string, person: TestPerson | undefined, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url, token: person?.token, payload });
const itemChat = (w: World) => `/api/action-item/${w.item}/comment`;

async function say(w: World, person: TestPerson, text: string, extra: Record<string, unknown> = {}): Promise<CommentDto> {
  const response = await post(itemChat(w), person, { text, ...extra });
  expectStatus(response, 201);
  return response.json() as CommentDto;
}

async function list(url: string, person: TestPerson): Promise<CommentList> {
  const response = await t.request({ method: 'GET', url, token: person.token });
  expectStatus(response, 200);
  return response.json() as CommentList;
}

describe("a task's chat (POST and GET /action-item/:id/comment)", () => {
  it('stores a sanitised message with its author, filtered mentions and abilities, and tells comment.created', async () => {
    const w = await world();
    const mentions = [
      who.lead.personId,
      who.owner.personId,
      who.limited.personId,
      who.pending.personId,
      who.assignee.personId,
      who.outsider.personId,
    ];
    const comment = await say(w, who.assignee, '<p onclick="x">Hello <b>team</b><script>alert(1)</script></p>', { mentions });
    expect(comment).toMatchObject({
      room: 'ActionItem',
      roomId: w.item,
      missionId: w.mission,
      text: '<p>Hello <b>team</b></p>',
      topic: null,
      replyTo: null,
      replyCount: 0,
      claps: [],
      clapped: false,
      editedAt: null,
      createdBy: { _id: who.assignee.personId, firstName: 'Ada', lastName: 'Tester', avatar: null },
      abilities: { update: true, delete: true },
    });
    // permission ≤ 3, accepted invites, not the author (rule 169)
    expect(comment.mentions).toEqual([who.lead.personId, who.owner.personId]);
    expect(created.at(-1)).toMatchObject({
      commentId: comment._id,
      missionId: w.mission,
      missionTitle: 'Moon base',
      orgId,
      room: 'ActionItem',
      roomId: w.item,
      roomName: 'Dome',
      topic: null,
      authorId: who.assignee.personId,
      authorName: 'Ada Tester',
      mentions: [who.lead.personId, who.owner.personId],
      excerpt: 'Hello team',
    });
  });

  it('lists the messages oldest first, with whether the caller may write (rule 104)', async () => {
    const w = await world();
    const first = await say(w, who.assignee, 'one');
    const second = await say(w, who.observer, 'two', { topic: w.subtask });
    const asMember = await list(itemChat(w), who.member);
    expect(asMember.comments.map((c) => c._id)).toEqual([first._id, second._id]);
    expect(asMember.canPost).toBe(false);
    expect(asMember.comments[0]!.abilities).toEqual({ update: false, delete: false });
    const expectations: [TestPerson, boolean][] = [
      [who.assignee, true],
      [who.lead, true],
      [who.observer, true],
      [who.owner, true],
      [who.orgAdmin, true],
      [who.limited, false],
    ];
    for (const [person, canPost] of expectations) expect((await list(itemChat(w), person)).canPost, person.email).toBe(canPost);
    expect((await list(`${itemChat(w)}?topic=${w.subtask}`, who.member)).comments.map((c) => c._id)).toEqual([second._id]);
    expect((await list(`/api/comment/room/ActionItem/id/${w.item}`, who.owner)).comments).toHaveLength(2);
  });

  it('lets a level 0 member not on the task read but not write; the observer and org admin write', async () => {
    const w = await world();
    const refused = await post(itemChat(w), who.member, { text: 'hi' });
    expectStatus(refused, 403);
    expect(errorOf(refused)).toMatchObject({
      code: 'comment/forbidden',
      message: 'Only people who can update this task, or observers, can write in this chat.',
    });
    expectStatus(await post(itemChat(w), who.limited, { text: 'hi' }), 403);
    await say(w, who.observer, 'observing');
    await say(w, who.orgAdmin, 'from the organisation');
    await say(w, who.lead, 'leading');
  });

  it('answers anonymous 401, an outsider and a pending invitee as the mission gate does, unknown tasks 404', async () => {
    const w = await world();
    for (const method of ['GET', 'POST'] as const) {
      const payload = method === 'POST' ? { text: 'hi' } : undefined;
      expectStatus(await t.request({ method, url: itemChat(w), payload }), 401);
      const outsider = await t.request({ method, url: itemChat(w), token: who.outsider.token, payload });
      expectStatus(outsider, 404);
      expect(errorOf(outsider).code).toBe('task/not-found');
      expectStatus(await t.request({ method, url: itemChat(w), token: who.pending.token, payload }), 403);
      expectStatus(
        await t.request({ method, url: '/api/action-item/0123456789abcdef01234567/comment', token: who.owner.token, payload }),
        404,
      );
      expectStatus(await t.request({ method, url: '/api/action-item/nope/comment', token: who.owner.token, payload }), 400);
    }
  });

  it('refuses bad input with 400', async () => {
    const w = await world();
    const cases: [Record<string, unknown>, string][] = [
      [{ text: '<script>alert(1)</script><p> </p>' }, 'comment/empty'],
      [{ text: '' }, 'comment/empty'],
      [{ text: 'x'.repeat(20_001) }, 'validation'],
      [{ text: 'hi', topic: w.otherSubtask }, 'comment/unknown-topic'],
      [{ text: 'hi', topic: '0123456789abcdef01234567' }, 'comment/unknown-topic'],
      [{ text: 'hi', topic: 'nope' }, 'validation'],
      [{ text: 'hi', mentions: ['nope'] }, 'validation'],
      [{ text: 'hi', replyTo: '0123456789abcdef01234567' }, 'comment/unknown-reply'],
      [{ text: 'hi', extra: true }, 'validation'],
      [{ mentions: [] }, 'validation'],
    ];
    for (const [payload, code] of cases) {
      const response = await post(itemChat(w), who.owner, payload);
      expectStatus(response, 400);
      expect(errorOf(response).code, JSON.stringify(payload).slice(0, 60)).toBe(code);
    }
    expectStatus(await t.request({ method: 'GET', url: `${itemChat(w)}?topic=nope`, token: who.owner.token }), 400);
  });

  it('keeps a subtask chat apart (topic) and a reply to a message of the same room', async () => {
    const w = await world();
    const inSubtask = await say(w, who.assignee, 'airlock?', { topic: w.subtask });
    expect(inSubtask.topic).toBe(w.subtask);
    const reply = await say(w, who.lead, '<blockquote>Ada: airlock?</blockquote>sealed', { replyTo: inSubtask._id, topic: w.subtask });
    expect(reply.replyTo).toBe(inSubtask._id);
    const listed = await list(itemChat(w), who.owner);
    expect(listed.comments.find((c) => c._id === inSubtask._id)!.replyCount).toBe(1);
    const replies = await t.request({ method: 'GET', url: `/api/comment/replies/${inSubtask._id}`, token: who.member.token });
    expectStatus(replies, 200);
    expect((replies.json() as { comments: CommentDto[] }).comments.map((c) => c._id)).toEqual([reply._id]);
    // a message of another task's chat cannot be answered here
    const elsewhere = await post(`/api/action-item/${w.otherItem}/comment`, who.owner, { text: 'other' });
    const wrongReply = await post(itemChat(w), who.owner, { text: 'hi', replyTo: (elsewhere.json() as CommentDto)._id });
    expect(errorOf(wrongReply).code).toBe('comment/unknown-reply');
  });

  it('refuses a reply to a message of another chat of the same task (team chat and subtask chats)', async () => {
    const w = await world();
    const inTeamChat = await say(w, who.assignee, 'team chat');
    const inSubtask = await say(w, who.assignee, 'airlock?', { topic: w.subtask });
    const fromSubtask = await post(itemChat(w), who.lead, { text: 'hi', replyTo: inTeamChat._id, topic: w.subtask });
    expectStatus(fromSubtask, 400);
    expect(errorOf(fromSubtask).code).toBe('comment/unknown-reply');
    const fromTeamChat = await post(itemChat(w), who.lead, { text: 'hi', replyTo: inSubtask._id });
    expect(errorOf(fromTeamChat).code).toBe('comment/unknown-reply');
    expect((await list(`${itemChat(w)}?topic=${w.subtask}`, who.owner)).comments.map((c) => c._id)).toEqual([inSubtask._id]);
  });
});

describe('rooms (/comment/room/:room/id/:id) and counts', () => {
  it('writes in the mission, role and action chats as rule 104 says', async () => {
    const w = await world();
    const rooms: [string, string, TestPerson[], TestPerson[]][] = [
      ['Mission', w.mission, [who.owner, who.observer, who.orgAdmin], [who.lead, who.assignee]],
      ['MissionPlan', w.planItem, [who.owner, who.observer], [who.lead, who.member]],
      ['Action', w.action, [who.owner, who.lead, who.observer], [who.member, who.limited]],
    ];
    for (const [room, id, allowed, refused] of rooms) {
      const url = `/api/comment/room/${room}/id/${id}`;
      for (const person of allowed) {
        const response = await post(url, person, { text: `in ${room}` });
        expectStatus(response, 201);
        expect(response.json()).toMatchObject({ room, roomId: id, missionId: w.mission });
      }
      for (const person of refused) expect(errorOf(await post(url, person, { text: 'no' })).code).toBe('comment/forbidden');
      const listed = await list(url, who.member);
      expect(listed.comments).toHaveLength(allowed.length);
      const count = await t.request({ method: 'GET', url: `/api/comment/count/room/${room}/id/${id}`, token: who.member.token });
      expect(count.json()).toEqual({ count: allowed.length });
    }
    expect(created.at(-1)).toMatchObject({ room: 'Action', roomName: 'Build' });
    const missionCount = await t.request({ method: 'GET', url: `/api/comment/count/mission/${w.mission}`, token: who.limited.token });
    expect(missionCount.json()).toEqual({ count: 8 });
    const all = await t.request({ method: 'GET', url: `/api/comment/mission/${w.mission}`, token: who.limited.token });
    expect((all.json() as { comments: CommentDto[] }).comments.map((c) => c.room)).toEqual([
      'Mission',
      'Mission',
      'Mission',
      'MissionPlan',
      'MissionPlan',
      'Action',
      'Action',
      'Action',
    ]);
  });

  it("answers 404 for a deleted role's chat, as the role itself does, and drops it from the mission's count and list", async () => {
    const w = await world();
    const url = `/api/comment/room/MissionPlan/id/${w.planItem}`;
    const missionWide = async () => {
      const count = await t.request({ method: 'GET', url: `/api/comment/count/mission/${w.mission}`, token: who.owner.token });
      const list = await t.request({ method: 'GET', url: `/api/comment/mission/${w.mission}`, token: who.owner.token });
      return {
        count: (count.json() as { count: number }).count,
        texts: (list.json() as { comments: CommentDto[] }).comments.map((c) => c.text),
      };
    };
    expectStatus(await post(url, who.owner, { text: 'before' }), 201);
    expect(await missionWide()).toEqual({ count: 1, texts: ['before'] });
    expectStatus(await t.request({ method: 'DELETE', url: `/api/mission-plan/${w.planItem}`, token: who.owner.token }), 200);
    expect(await missionWide()).toEqual({ count: 0, texts: [] });
    expectStatus(await t.request({ method: 'GET', url: `/api/mission-plan/${w.planItem}`, token: who.owner.token }), 404);
    const after = await post(url, who.owner, { text: 'after' });
    expectStatus(after, 404);
    expect(errorOf(after).code).toBe('plan-item/not-found');
    expectStatus(await t.request({ method: 'GET', url, token: who.owner.token }), 404);
  });

  it('refuses a topic outside a task chat, an unknown room and an entity of another mission', async () => {
    const w = await world();
    const other = await world();
    expect(errorOf(await post(`/api/comment/room/Mission/id/${w.mission}`, who.owner, { text: 'x', topic: w.subtask })).code).toBe(
      'comment/unknown-topic',
    );
    const unknownRoom = await t.request({ method: 'GET', url: `/api/comment/room/Board/id/${w.mission}`, token: who.owner.token });
    expectStatus(unknownRoom, 400);
    expectStatus(await t.request({ method: 'GET', url: `/api/comment/room/Mission/id/${w.action}`, token: who.owner.token }), 404);
    expectStatus(await t.request({ method: 'GET', url: `/api/comment/room/Action/id/${w.item}`, token: who.owner.token }), 404);
    const foreign = await t.request({
      method: 'GET',
      url: `/api/comment/count/room/ActionItem/id/${other.item}`,
      token: who.outsider.token,
    });
    expectStatus(foreign, 404);
    for (const url of [
      `/api/comment/mission/${w.mission}`,
      `/api/comment/count/mission/${w.mission}`,
      `/api/comment/room/Mission/id/${w.mission}`,
    ]) {
      expectStatus(await t.request({ method: 'GET', url }), 401);
      expectStatus(await t.request({ method: 'GET', url, token: who.outsider.token }), 404);
    }
  });
});

describe('edit, delete and clap', () => {
  it('lets only the author edit (marked edited), refilters mentions, and refuses empty text', async () => {
    const w = await world();
    const comment = await say(w, who.assignee, 'first');
    for (const person of [who.owner, who.lead, who.observer]) {
      const refused = await t.request({ method: 'PUT', url: `/api/comment/${comment._id}`, token: person.token, payload: { text: 'x' } });
      expectStatus(refused, 403);
      expect(errorOf(refused).code).toBe('comment/forbidden');
    }
    const edited = await t.request({
      method: 'PUT',
      url: `/api/comment/${comment._id}`,
      token: who.assignee.token,
      payload: { text: '<i>second</i><img src=x onerror=alert(1)>', mentions: [who.lead.personId, who.assignee.personId] },
    });
    expectStatus(edited, 200);
    const body = edited.json() as CommentDto;
    expect(body).toMatchObject({ text: '<i>second</i>', mentions: [who.lead.personId] });
    expect(body.editedAt).not.toBeNull();
    const empty = await t.request({ method: 'PUT', url: `/api/comment/${comment._id}`, token: who.assignee.token, payload: { text: ' ' } });
    expect(errorOf(empty).code).toBe('comment/empty');
    expectStatus(await t.request({ method: 'PUT', url: `/api/comment/${comment._id}`, token: who.assignee.token, payload: {} }), 400);
    expectStatus(
      await t.request({ method: 'PUT', url: '/api/comment/0123456789abcdef01234567', token: who.assignee.token, payload: { text: 'x' } }),
      404,
    );
    expectStatus(
      await t.request({ method: 'PUT', url: `/api/comment/${comment._id}`, token: who.outsider.token, payload: { text: 'x' } }),
      404,
    );
    expectStatus(await t.request({ method: 'PUT', url: `/api/comment/${comment._id}`, payload: { text: 'x' } }), 401);
  });

  it('deletes a message with its answers (author or mission admin), and only from its own task', async () => {
    const w = await world();
    const question = await say(w, who.assignee, 'question');
    const answer = await say(w, who.lead, 'answer', { replyTo: question._id });
    const mine = await say(w, who.lead, 'mine');
    for (const person of [who.lead, who.observer, who.member]) {
      expect(errorOf(await t.request({ method: 'DELETE', url: `/api/comment/${question._id}`, token: person.token })).code).toBe(
        'comment/forbidden',
      );
    }
    const byAdmin = await t.request({ method: 'DELETE', url: `/api/comment/${question._id}`, token: who.owner.token });
    expectStatus(byAdmin, 200);
    expect((byAdmin.json() as { deleted: string[] }).deleted.sort()).toEqual([question._id, answer._id].sort());
    const wrongTask = await t.request({
      method: 'DELETE',
      url: `/api/action-item/${w.otherItem}/comment/${mine._id}`,
      token: who.lead.token,
    });
    expectStatus(wrongTask, 404);
    expect(errorOf(wrongTask).code).toBe('comment/not-found');
    const byAuthor = await t.request({ method: 'DELETE', url: `/api/action-item/${w.item}/comment/${mine._id}`, token: who.lead.token });
    expect(byAuthor.json()).toEqual({ deleted: [mine._id] });
    expect((await list(itemChat(w), who.owner)).comments).toEqual([]);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/comment/${mine._id}`, token: who.lead.token }), 404);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/action-item/${w.item}/comment/nope`, token: who.lead.token }), 400);
  });

  it('a deleted task, action or subtask takes its chat along (counts, mission list, room)', async () => {
    const w = await world();
    const count = async () =>
      (
        (await t.request({ method: 'GET', url: `/api/comment/count/mission/${w.mission}`, token: who.owner.token })).json() as {
          count: number;
        }
      ).count;
    const inMission = await post(`/api/comment/room/Mission/id/${w.mission}`, who.owner, { text: 'stays' });
    expectStatus(inMission, 201);
    const question = await say(w, who.assignee, 'question');
    await say(w, who.lead, 'answer', { replyTo: question._id });
    await say(w, who.assignee, 'airlock?', { topic: w.subtask });
    const onOther = await post(`/api/action-item/${w.otherItem}/comment`, who.owner, { text: 'rover', topic: w.otherSubtask });
    expectStatus(onOther, 201);
    const onAction = await post(`/api/comment/room/Action/id/${w.action}`, who.owner, { text: 'build' });
    expectStatus(onAction, 201);
    expect(await count()).toBe(6);

    expectStatus(
      await t.request({ method: 'DELETE', url: `/api/action-item/${w.otherItem}/checklist/${w.otherSubtask}`, token: who.owner.token }),
      200,
    );
    expect(await count()).toBe(5);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/action-item/${w.item}`, token: who.owner.token }), 200);
    expect(await count()).toBe(2);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/action/${w.action}`, token: who.owner.token }), 200);
    expect(await count()).toBe(1);
    const left = await t.request({ method: 'GET', url: `/api/comment/mission/${w.mission}`, token: who.owner.token });
    expect((left.json() as { comments: CommentDto[] }).comments.map((c) => c._id)).toEqual([(inMission.json() as CommentDto)._id]);
  });

  it('toggles the caller’s clap; readers may clap', async () => {
    const w = await world();
    const comment = await say(w, who.assignee, 'clap for me');
    const clap = (person: TestPerson) => t.request({ method: 'PUT', url: `/api/comment/${comment._id}/clap`, token: person.token });
    expect((await clap(who.limited)).json()).toMatchObject({ claps: [who.limited.personId], clapped: true });
    expect((await clap(who.member)).json()).toMatchObject({ claps: [who.limited.personId, who.member.personId], clapped: true });
    expect((await clap(who.limited)).json()).toMatchObject({ claps: [who.member.personId], clapped: false });
    expectStatus(await clap(who.outsider), 404);
    expectStatus(await t.request({ method: 'PUT', url: `/api/comment/${comment._id}/clap` }), 401);
  });
});

describe('mentions join the task (rule 65)', () => {
  const peopleOn = async (item: string) =>
    (await t.database.db.select({ people: actionItems.people }).from(actionItems).where(eq(actionItems.id, item)))[0]!.people;

  it('adds the mentioned people not yet on the task, a second apart, through the task command (history)', async () => {
    const w = await world();
    const comment = await say(w, who.observer, 'over to you', {
      mentions: [who.assignee.personId, who.lead.personId, who.member.personId, who.limited.personId],
    });
    expect(comment.mentions).toEqual([who.assignee.personId, who.lead.personId, who.member.personId]);
    // the message is stored first; the first mentioned person joins as soon as the job runs
    expect(await peopleOn(w.item)).toEqual([who.assignee.personId]);
    expect(await t.app.ctx.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await peopleOn(w.item)).toEqual([who.assignee.personId, who.lead.personId]);
    // the next one a second later, not before
    clock.advance(MENTION_ADD_STAGGER_MS - 1);
    await t.app.ctx.jobs.runDue();
    expect(await peopleOn(w.item)).toEqual([who.assignee.personId, who.lead.personId]);
    clock.advance(1);
    expect(await t.app.ctx.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await peopleOn(w.item)).toEqual([who.assignee.personId, who.lead.personId, who.member.personId]);
    clock.advance(MENTION_ADD_STAGGER_MS);
    await t.app.ctx.jobs.runDue();
    const history = await t.database.db
      .select({ actor: missionAuditEvents.actorPersonId, changes: missionAuditEvents.changes })
      .from(missionAuditEvents)
      .where(and(eq(missionAuditEvents.missionId, w.mission), eq(missionAuditEvents.entityId, w.item)))
      .orderBy(asc(missionAuditEvents.createdAt));
    expect(history).toHaveLength(2);
    expect(history.every((row) => row.actor === who.observer.personId)).toBe(true);
  });

  it('tells and takes in only the people an edit mentions anew', async () => {
    const w = await world();
    const comment = await say(w, who.owner, 'hello', { mentions: [who.lead.personId] });
    await t.app.ctx.jobs.runDue();
    created.length = 0;
    const edit = (mentions: string[]) =>
      t.request({ method: 'PUT', url: `/api/comment/${comment._id}`, token: who.owner.token, payload: { text: 'hello both', mentions } });
    expectStatus(await edit([who.lead.personId, who.member.personId]), 200);
    expect(created.map((event) => [event.commentId, event.mentions, event.excerpt])).toEqual([
      [comment._id, [who.member.personId], 'hello both'],
    ]);
    expect(await t.app.ctx.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await peopleOn(w.item)).toEqual([who.assignee.personId, who.lead.personId, who.member.personId]);
    // the same mentions again, or fewer, tell nobody
    expectStatus(await edit([who.member.personId]), 200);
    expect(created).toHaveLength(1);
  });

  it('takes nobody into a task of a closed action (rule 45), though its admins still talk there', async () => {
    const w = await world();
    await t.database.db.update(actions).set({ status: 'done' }).where(eq(actions.id, w.action));
    await say(w, who.owner, 'for the record', { mentions: [who.member.personId] });
    // the first mentioned person would join at once: run the job and see that it did not
    expect(await t.app.ctx.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await peopleOn(w.item)).toEqual([who.assignee.personId]);
  });
});

describe('realtime (comment/<Room>/<id>)', () => {
  const sockets = testSockets(() => t);
  beforeAll(() => sockets.listen());
  afterAll(() => sockets.close());
  const join = (person: TestPerson, room: string) => sockets.join(person.token, room);

  it('lets readers of the mission listen and tells them of each create, update and delete', async () => {
    const w = await world();
    const room = `comment/ActionItem/${w.item}`;
    expect((await join(who.outsider, room)).ok).toBe(false);
    expect((await join(who.member, `comment/Mission/${w.item}`)).ok).toBe(false);
    expect((await join(who.limited, `comment/Mission/${w.mission}`)).ok).toBe(true);
    const { socket, ok } = await join(who.member, room);
    expect(ok).toBe(true);
    const received: Change[] = [];
    socket.on('changes', (change: Change) => received.push(change));
    const comment = await say(w, who.assignee, 'live');
    await t.request({ method: 'PUT', url: `/api/comment/${comment._id}/clap`, token: who.member.token });
    await t.request({ method: 'DELETE', url: `/api/comment/${comment._id}`, token: who.assignee.token });
    await expect.poll(() => received.length).toBe(3);
    expect(received).toEqual([
      { type: 'create', entity: 'comments', id: comment._id },
      { type: 'update', entity: 'comments', id: comment._id },
      { type: 'delete', entity: 'comments', id: comment._id },
    ]);
  });
});
