import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionItems, actions, missions } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createMissionWorld, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

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
