import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionItems, actions, missions, orgPeople, people } from '../src/db/schema/index.ts';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { createMissionWorld, setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { addMember, createOrg, errorOf, expectStatus, verifiedPerson } from './support/org.ts';

type Json = ReturnType<typeof JSON.parse>;
const TODAY = '2026-03-11';

let t: TestApp;
let w: MissionWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createMissionWorld(t);
});
afterAll(async () => t.close());

const get = (url: string, caller: MissionCaller) =>
  t.request({ method: 'GET', url, token: caller === 'anonymous' ? undefined : w.people[caller].token });
const read = async (url: string, caller: MissionCaller) => {
  const response = await get(url, caller);
  expectStatus(response, 200);
  return response.json() as Json;
};
const pid = (caller: Exclude<MissionCaller, 'anonymous'>) => w.people[caller].personId;

/** A mission (licensed unless told) with one action and these tasks. */
async function missionWith(tasks: Partial<typeof actionItems.$inferInsert>[], options: { licensed?: boolean; title?: string } = {}) {
  const missionId = await w.mission({ isLicensedActive: options.licensed ?? true, ...(options.title ? { title: options.title } : {}) });
  const [action] = await t.database.db.insert(actions).values({ missionId, title: 'Action' }).returning();
  const rows = await t.database.db
    .insert(actionItems)
    .values(tasks.map((task, index) => ({ missionId, actionId: action!.id, title: `Task ${index}`, sortIndex: index, ...task })))
    .returning();
  return { missionId, ids: rows.map((row) => row.id) };
}

describe('GET /action-item/my/suggestions', () => {
  it('ranks my open tasks by their weight (rule 235), leaves out those weighing 0, names the missions Home shows', async () => {
    const me = [pid('p2')];
    const { missionId, ids } = await missionWith([
      { title: 'Later', dueDate: '2026-03-13', people: me },
      { title: 'Today', dueDate: TODAY, people: me },
      { title: 'Far off', dueDate: '2026-06-01', people: me },
      { title: 'Done', dueDate: TODAY, status: 'done', people: me },
      { title: 'Not mine', dueDate: TODAY, people: [pid('p3')] },
      { title: 'Critical today', dueDate: TODAY, metaType: 'Critical', people: me },
    ]);
    const unlicensed = await missionWith([{ title: 'Unlicensed', dueDate: TODAY, people: me }], { licensed: false });
    const answer = await read(`/api/action-item/my/suggestions?today=${TODAY}&limit=50`, 'p2');
    const titles = answer.suggestions.filter((entry: Json) => entry.item.missionId === missionId).map((entry: Json) => entry.item.title);
    expect(titles).toEqual(['Critical today', 'Today', 'Later']);
    const first = answer.suggestions.find((entry: Json) => entry.item._id === ids[5]);
    expect(first).toMatchObject({ weight: 27.5, item: { mission: { _id: missionId, projectType: expect.any(String) } } });
    expect(first.reasons.map((reason: Json) => reason.kind)).toEqual(['dueToday', 'complexity', 'critical']);
    expect(answer.suggestions.map((entry: Json) => entry.item.missionId)).not.toContain(unlicensed.missionId);
    expect(answer.missionIds).toContain(missionId);
    const one = await read(`/api/action-item/my/suggestions?today=${TODAY}&limit=1`, 'p2');
    expect(one.suggestions).toHaveLength(1);
  });

  it('answers only the caller: nothing for a person with no tasks; 401 without identity; 400 naming a bad field', async () => {
    expect(await read('/api/action-item/my/suggestions', 'outsider')).toEqual({ suggestions: [], missionIds: [] });
    expectStatus(await get('/api/action-item/my/suggestions', 'anonymous'), 401);
    for (const [query, field] of [
      ['today=2026-13-01', 'today'],
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['sideways=1', ''],
    ]) {
      const response = await get(`/api/action-item/my/suggestions?${query}`, 'p2');
      expectStatus(response, 400);
      if (field) expect(Object.keys(errorOf(response).fields ?? {}).join()).toContain(field);
    }
  });
});

describe('GET /action-item/my/task-master', () => {
  it('pages the tasks I manage, pinned first then by mission title, with the counts and my teams’ people', async () => {
    const { missionId, ids } = await missionWith(
      [
        { title: 'B', dueDate: '2026-03-02', people: [pid('p3')] },
        { title: 'A', dueDate: '2026-03-01', people: [pid('p1pm')] },
        { title: 'C', people: [] },
      ],
      { title: 'Zeta mission' },
    );
    await t.request({ method: 'PUT', url: `/api/action-item/${ids[2]}`, token: w.people.p1pm.token, payload: { pinned: true } });
    const first = await read('/api/action-item/my/task-master?offset=0&limit=2', 'p1pm');
    const pinned = first.groups[0];
    expect(pinned).toMatchObject({ key: 'pinned', title: 'Pinned', count: 1 });
    expect(first.groups.find((group: Json) => group.key === missionId)).toMatchObject({ title: 'Zeta mission', count: 2 });
    expect(first.total).toBe(first.groups.reduce((sum: number, group: Json) => sum + group.count, 0));
    expect(first.items.map((item: Json) => item._id)).toEqual([ids[2], expect.any(String)]);
    expect(first.items[0]).toMatchObject({ pinned: true, mission: { _id: missionId, title: 'Zeta mission', projectStatus: 'active' } });
    expect(first.people.map((person: Json) => person._id)).toContain(pid('p3'));
    const all: Json[] = [];
    for (let offset = 0; offset < first.total; offset += 2)
      all.push(...(await read(`/api/action-item/my/task-master?offset=${offset}&limit=2`, 'p1pm')).items);
    expect(all).toHaveLength(first.total);
    const zeta = all.filter((item) => item.missionId === missionId && !item.pinned).map((item) => item.title);
    expect(zeta).toEqual(['A', 'B']);
    const ofP3 = await read(`/api/action-item/my/task-master?person=${pid('p3')}`, 'p1pm');
    expect(ofP3.items.filter((item: Json) => item.missionId === missionId).map((item: Json) => item.title)).toEqual(['B']);
    const mine = await read(`/api/action-item/my/task-master?show=mine&person=${pid('p3')}`, 'p1pm');
    expect(mine.items.filter((item: Json) => item.missionId === missionId).map((item: Json) => item.title)).toEqual(['A']);
    await t.database.db.update(missions).set({ projectStatus: 'on-hold' }).where(eq(missions.id, missionId));
    const active = await read('/api/action-item/my/task-master?projectStatus=active', 'p1pm');
    expect(active.items.map((item: Json) => item.missionId)).not.toContain(missionId);
  });

  it('shows a team member who manages nothing only their own tasks; 401 without identity; 400 naming a bad field', async () => {
    const { missionId } = await missionWith([
      { title: 'Theirs', people: [pid('p3')] },
      { title: 'Other', people: [pid('p1')] },
    ]);
    const seen = await read('/api/action-item/my/task-master?limit=500', 'p3');
    expect(seen.items.filter((item: Json) => item.missionId === missionId).map((item: Json) => item.title)).toEqual(['Theirs']);
    expect(seen.people).toEqual([]);
    expect(await read('/api/action-item/my/task-master', 'outsider')).toEqual({ total: 0, groups: [], items: [], people: [] });
    expectStatus(await get('/api/action-item/my/task-master', 'anonymous'), 401);
    for (const [query, field] of [
      ['projectStatus=sideways', 'projectStatus'],
      ['show=theirs', 'show'],
      ['person=nobody', 'person'],
      ['limit=501', 'limit'],
      ['offset=-1', 'offset'],
    ]) {
      const response = await get(`/api/action-item/my/task-master?${query}`, 'p1pm');
      expectStatus(response, 400);
      expect(Object.keys(errorOf(response).fields ?? {}).join()).toContain(field);
    }
  });
});

describe('GET /action-item/my/items?pinned=true', () => {
  it('keeps the tasks I pinned', async () => {
    const { ids } = await missionWith([
      { title: 'Pinned', people: [pid('p2')] },
      { title: 'Loose', people: [pid('p2')] },
    ]);
    await t.request({ method: 'PUT', url: `/api/action-item/${ids[0]}`, token: w.people.p2.token, payload: { pinned: true } });
    const pinned = await read('/api/action-item/my/items?pinned=true', 'p2');
    expect(pinned.items.map((item: Json) => item._id)).toEqual([ids[0]]);
    const all = await read('/api/action-item/my/items', 'p2');
    expect(all.items.map((item: Json) => item._id)).toEqual(expect.arrayContaining(ids));
    expectStatus(await get('/api/action-item/my/items?pinned=maybe', 'p2'), 400);
  });
});

describe("Home's reads, asked by someone of another organisation, by no one, or with odd input", () => {
  const READS = ['/api/action-item/my/suggestions', '/api/action-item/my/task-master', '/api/action-item/my/items'];

  it('show a person of another organisation only their own tasks, whatever they ask', async () => {
    const ours = await missionWith([
      { title: 'Ours', dueDate: TODAY, people: [pid('p2'), pid('p1pm')], pinned: [{ by: pid('p2'), when: new Date().toISOString() }] },
      { title: 'Also ours', people: [pid('p3')] },
    ]);
    const other = await verifiedPerson(t, { firstName: 'Other', lastName: 'Org' });
    const otherOrg = (await createOrg(t, other.token))._id;
    const theirMission = await insertMission(t, other, { orgId: otherOrg, isLicensedActive: true, title: 'Theirs' });
    const [action] = await t.database.db.insert(actions).values({ missionId: theirMission.id, title: 'Action' }).returning();
    const [theirs] = await t.database.db
      .insert(actionItems)
      .values({ missionId: theirMission.id, actionId: action!.id, title: 'Their task', dueDate: TODAY, people: [other.personId] })
      .returning();
    await t.request({ method: 'PUT', url: `/api/action-item/${theirs!.id}`, token: other.token, payload: { pinned: true } });

    const askedFor = [
      `/api/action-item/my/suggestions?today=${TODAY}&limit=50`,
      '/api/action-item/my/task-master?limit=500',
      `/api/action-item/my/task-master?person=${pid('p2')}`,
      `/api/action-item/my/task-master?show=all&person=${pid('p3')}`,
      '/api/action-item/my/items?pinned=true',
      '/api/action-item/my/items?licensedOnly=false',
    ];
    for (const url of askedFor) {
      const response = await t.request({ method: 'GET', url, token: other.token });
      expectStatus(response, 200);
      const answer = response.json() as Json;
      const items: Json[] = answer.items ?? answer.suggestions.map((entry: Json) => entry.item);
      const ids = items.map((item) => item._id);
      expect(
        ids.filter((id) => ours.ids.includes(id)),
        url,
      ).toEqual([]);
      expect(
        ids.every((id) => id === theirs!.id),
        url,
      ).toBe(true);
      expect(answer.missionIds ?? [], url).not.toContain(ours.missionId);
      expect(
        (answer.people ?? []).map((person: Json) => person._id),
        url,
      ).not.toContain(pid('p2'));
    }
    const pinned = (await t.request({ method: 'GET', url: '/api/action-item/my/items?pinned=true', token: other.token })).json();
    expect(pinned.items.map((item: Json) => item._id)).toEqual([theirs!.id]);
  });

  it('withhold the tasks of an organisation requiring two-factor sign-in until I set it up (rule 109), my items too', async () => {
    const me = await verifiedPerson(t, { firstName: 'Mfa', lastName: 'Less' });
    const org = (await createOrg(t, me.token))._id;
    await setOrg(t, org, { isMFARequired: true });
    const mission = await insertMission(t, me, { orgId: org, isLicensedActive: true, title: 'Withheld' });
    const [action] = await t.database.db.insert(actions).values({ missionId: mission.id, title: 'Action' }).returning();
    const [item] = await t.database.db
      .insert(actionItems)
      .values({ missionId: mission.id, actionId: action!.id, title: 'Secret task', dueDate: TODAY, people: [me.personId] })
      .returning();
    const ids = async (url: string) => {
      const response = await t.request({ method: 'GET', url, token: me.token });
      expectStatus(response, 200);
      const answer = response.json() as Json;
      return {
        items: (answer.items ?? answer.suggestions.map((entry: Json) => entry.item)).map((row: Json) => row._id),
        missionIds: answer.missionIds ?? [],
      };
    };
    const suggestionsUrl = `/api/action-item/my/suggestions?today=${TODAY}&limit=50`;
    const taskMasterUrl = '/api/action-item/my/task-master?limit=500';
    // my/items feeds the notification panel's Pinned view
    const myItemsUrl = '/api/action-item/my/items';
    expect(await ids(suggestionsUrl)).toEqual({ items: [], missionIds: [] });
    expect((await ids(taskMasterUrl)).items).toEqual([]);
    expect((await ids(myItemsUrl)).items).toEqual([]);

    await t.database.db.update(people).set({ twoFactorEnabled: true }).where(eq(people.id, me.personId));
    t.app.ctx.reads.changed(); // written behind the server's back
    expect(await ids(suggestionsUrl)).toEqual({ items: [item!.id], missionIds: [mission.id] });
    expect((await ids(taskMasterUrl)).items).toEqual([item!.id]);
    expect((await ids(myItemsUrl)).items).toEqual([item!.id]);
  });

  it('leave out the tasks of an organisation I left', async () => {
    const me = await verifiedPerson(t, { firstName: 'Long', lastName: 'Gone' });
    const org = (await createOrg(t, w.owner.token))._id;
    await addMember(t, org, me, 'MEMBER');
    const mission = await insertMission(t, w.owner, { orgId: org, isLicensedActive: true, title: 'Left behind' });
    await addToMission(t, mission.id, me, 0);
    const [action] = await t.database.db.insert(actions).values({ missionId: mission.id, title: 'Action' }).returning();
    const [item] = await t.database.db
      .insert(actionItems)
      .values({ missionId: mission.id, actionId: action!.id, title: 'Old task', dueDate: TODAY, people: [me.personId] })
      .returning();
    const suggested = async () => {
      const response = await t.request({ method: 'GET', url: `/api/action-item/my/suggestions?today=${TODAY}&limit=50`, token: me.token });
      expectStatus(response, 200);
      return (response.json() as Json).suggestions.map((entry: Json) => entry.item._id);
    };
    const taskMaster = async () => {
      const response = await t.request({ method: 'GET', url: '/api/action-item/my/task-master?limit=500', token: me.token });
      expectStatus(response, 200);
      return (response.json() as Json).items.map((row: Json) => row._id);
    };
    const myItems = async () => {
      const response = await t.request({ method: 'GET', url: '/api/action-item/my/items', token: me.token });
      expectStatus(response, 200);
      return (response.json() as Json).items.map((row: Json) => row._id);
    };
    expect([await suggested(), await taskMaster(), await myItems()]).toEqual([[item!.id], [item!.id], [item!.id]]);
    await t.database.db
      .update(orgPeople)
      .set({ endDate: '2020-01-01' })
      .where(and(eq(orgPeople.orgId, org), eq(orgPeople.personId, me.personId)));
    t.app.ctx.reads.changed(); // written behind the server's back
    expect([await suggested(), await taskMaster(), await myItems()]).toEqual([[], [], []]);
  });

  it('answer 401 to a caller without identity, whatever their session cookie holds', async () => {
    for (const url of READS) {
      expectStatus(await get(url, 'anonymous'), 401);
      // a cookie that is not valid percent-encoding is no identity, not a failure of ours
      for (const cookie of ['%', '%zz', '%ED%A0%80', '%E0%A4%A', 'x'.repeat(5000)]) {
        const response = await t.request({ method: 'GET', url, headers: { cookie: `crewplan_session=${cookie}` } });
        expectStatus(response, 401);
        expect(errorOf(response).code).toBe('auth/unauthenticated');
      }
    }
  });

  it('answer odd query input with 400 naming the field', async () => {
    const long = 'x'.repeat(5000);
    const odd: [string, string, string][] = [
      ['suggestions', 'limit=1.5', 'limit'],
      ['suggestions', 'limit=-1', 'limit'],
      ['suggestions', 'limit=99999999999999999999999', 'limit'],
      ['suggestions', 'limit=%F0%9F%9A%80', 'limit'],
      ['suggestions', `limit=${long}`, 'limit'],
      ['suggestions', 'limit=%00', 'limit'],
      ['suggestions', 'limit=%ED%A0%80', 'limit'],
      ['suggestions', 'limit=1&limit=2', 'limit'],
      ['suggestions', 'today=2026-02-30', 'today'],
      ['suggestions', 'today=%00', 'today'],
      ['suggestions', `today=${long}`, 'today'],
      ['suggestions', 'today=%ED%A0%80', 'today'],
      ['task-master', 'offset=0.5', 'offset'],
      ['task-master', 'offset=-1', 'offset'],
      ['task-master', 'offset=1e400', 'offset'],
      ['task-master', 'offset=99999999999999999999999', 'offset'],
      ['task-master', 'limit=%F0%9F%9A%80', 'limit'],
      ['task-master', 'person=%F0%9F%9A%80', 'person'],
      ['task-master', 'person=%00', 'person'],
      ['task-master', 'person=%ED%A0%80', 'person'],
      ['task-master', `person=${long}`, 'person'],
      ['task-master', `person=${pid('p2')}&person=${pid('p3')}`, 'person'],
      ['task-master', `projectStatus=${long}`, 'projectStatus'],
      ['task-master', 'show=mine&show=all', 'show'],
      ['items', 'pinned=%00', 'pinned'],
      ['items', 'pinned=%F0%9F%9A%80', 'pinned'],
      ['items', 'pinned=true&pinned=false', 'pinned'],
      ['items', `licensedOnly=${long}`, 'licensedOnly'],
      ['items', 'sideways=1', 'sideways'],
      ['task-master', 'page=2', 'page'],
      ['suggestions', 'limit[]=1', 'limit'],
      // Number() reads these as 16, 1000, 5 and 0; none is a whole number as a client writes one
      ['suggestions', 'limit=0x10', 'limit'],
      ['suggestions', 'limit=1e1', 'limit'],
      ['suggestions', 'limit=%205', 'limit'],
      ['task-master', 'offset=', 'offset'],
      ['task-master', 'limit=%2B5', 'limit'],
    ];
    for (const [read, query, field] of odd) {
      const url = `/api/action-item/my/${read}?${query}`;
      const response = await get(url, 'p2');
      expect(response.statusCode, url.slice(0, 120)).toBe(400);
      const error = errorOf(response);
      expect(error.code, url.slice(0, 120)).toEqual(expect.any(String));
      expect(Object.keys(error.fields ?? {}).join(), url.slice(0, 120)).toContain(field);
    }
  });
});
