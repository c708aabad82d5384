import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionItems, actions, missionAuditEvents, missions, planItems } from '../src/db/schema/index.ts';
import { DEFAULT_KANBAN_COLUMNS } from '@crewplan/domain';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createMissionWorld, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

type Json = ReturnType<typeof JSON.parse>;

let t: TestApp;
let w: MissionWorld;
const heard: { missionId: string; changes: unknown[] }[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  w = await createMissionWorld(t);
  t.app.ctx.events.on('mission.changed', (event) => void heard.push(event));
});
afterAll(async () => t.close());

const call = (method: 'POST' | 'PUT', url: string, payload: Json, caller: Exclude<MissionCaller, 'anonymous'> | 'anonymous' = 'p2') =>
  t.request({ method, url, payload, ...(caller === 'anonymous' ? {} : { token: w.people[caller].token }) });
const read = (url: string) => t.request({ method: 'GET', url, token: w.people.p2.token });

async function setup(options: Parameters<MissionWorld['mission']>[0] = {}) {
  const missionId = await w.mission({ defaultTaskCode: 'B', ...options });
  const [plan] = await t.database.db.insert(planItems).values({ missionId, title: 'Dev' }).returning();
  const actionIds: string[] = [];
  for (const title of ['One', 'Two']) {
    const created = await call('POST', `/api/mission-plan/${plan!.id}/action`, { title });
    expectStatus(created, 201);
    actionIds.push((created.json() as Json).action._id as string);
  }
  const first = await call('POST', `/api/action-item/action/${actionIds[0]}`, { title: 'Already there' });
  expectStatus(first, 201);
  return { missionId, actionIds };
}

const history = (missionId: string) =>
  t.database.db
    .select()
    .from(missionAuditEvents)
    .where(and(eq(missionAuditEvents.missionId, missionId), eq(missionAuditEvents.entity, 'action.items')));

describe('POST /mission/:id/tasks/bulk', () => {
  it('creates every task in order, with the next codes and sort positions, a history row each and one message', async () => {
    const { missionId, actionIds } = await setup();
    const items = Array.from({ length: 300 }, (_, i) => ({ actionId: actionIds[i % 2]!, title: `Bulk ${i}` }));
    items[5] = { ...items[5]!, status: 'done', people: [w.people.p3.personId] } as (typeof items)[number];
    heard.length = 0;
    const response = await call('POST', `/api/mission/${missionId}/tasks/bulk`, { items });
    expectStatus(response, 201);
    const created = (response.json() as Json).actionItems as Json[];
    expect(created.map((item) => item.title)).toEqual(expect.arrayContaining(items.map((item) => item.title)));
    expect(created).toHaveLength(300);
    const rows = await t.database.db.select().from(actionItems).where(eq(actionItems.missionId, missionId));
    const codes = rows.map((row) => row.code).sort((a, b) => Number(a!.slice(2)) - Number(b!.slice(2)));
    // B-1, B-2: the actions; B-3: the task made one at a time; then one code per new task.
    expect(codes).toEqual(Array.from({ length: 301 }, (_, i) => `B-${i + 3}`));
    const inTwo = rows.filter((row) => row.actionId === actionIds[1]).sort((a, b) => a.sortIndex - b.sortIndex);
    expect(inTwo.map((row) => row.title)).toEqual(items.filter((_, i) => i % 2 === 1).map((item) => item.title));
    expect(inTwo.map((row) => row.sortIndex)).toEqual(inTwo.map((_, i) => i));
    const done = rows.find((row) => row.title === 'Bulk 5')!;
    expect(done).toMatchObject({ status: 'done', people: [w.people.p3.personId], completedBy: w.people.p2.personId });
    expect((await history(missionId)).filter((row) => row.action === 'create')).toHaveLength(301);
    expect(heard).toHaveLength(1);
    const [message] = heard[0]!.changes as { type: string; entity: string; data: { ids: string[] }; actionIds: string[] }[];
    expect(heard[0]!.changes).toHaveLength(1);
    expect(message).toMatchObject({ type: 'create', entity: 'action.items' });
    expect([...message!.data.ids].sort()).toEqual(created.map((item) => item._id as string).sort());
    expect([...message!.actionIds].sort()).toEqual([...actionIds].sort());
    // the next single create goes on from the counter
    const next = await call('POST', `/api/action-item/action/${actionIds[0]}`, { title: 'After' });
    expect((next.json() as Json).code).toBe('B-304');
  });

  it('stores tasks of different shapes exactly: quotes, backslashes, braces, commas, emoji, fractions and empty lists', async () => {
    const { missionId, actionIds } = await setup();
    const odd = 'He said "hi", {a,b} \\ back\\slash NULL 🚀 𝔸';
    const items = [
      {
        actionId: actionIds[0],
        title: odd,
        description: `${odd}\nline two`,
        tags: ['x,y', '{z}', '"q"', 'NULL', '🚀'],
        estimatedDuration: 1.25,
      },
      { actionId: actionIds[1], title: 'Plain' },
      { actionId: actionIds[0], title: 'Dated', startDate: '2026-05-01', endDate: '2026-05-04', dueDate: null, startHour: 9, people: [] },
      { actionId: actionIds[1], title: 'Only tags', tags: [] },
    ];
    const response = await call('POST', `/api/mission/${missionId}/tasks/bulk`, { items });
    expectStatus(response, 201);
    const rows = await t.database.db.select().from(actionItems).where(eq(actionItems.missionId, missionId));
    const byTitle = new Map(rows.map((row) => [row.title, row]));
    expect(byTitle.get(odd)).toMatchObject({
      description: `${odd}\nline two`,
      tags: ['x,y', '{z}', '"q"', 'NULL', '🚀'],
      estimatedDuration: 1.25,
      status: 'open',
      people: [],
    });
    expect(byTitle.get('Plain')).toMatchObject({ description: '', tags: [], status: 'open', startDate: null });
    expect(byTitle.get('Dated')).toMatchObject({ startDate: '2026-05-01', endDate: '2026-05-04', dueDate: null, startHour: 9 });
    expect(byTitle.get('Only tags')!.tags).toEqual([]);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const answered = (response.json() as Json).actionItems as Json[];
    expect(answered.find((item) => item.title === odd)).toMatchObject({ tags: ['x,y', '{z}', '"q"', 'NULL', '🚀'] });
  });

  it('keeps status and column together as one create does: created done it is in Done, created in Done it is done', async () => {
    const { missionId, actionIds } = await setup({ projectType: 'kanban', cols: DEFAULT_KANBAN_COLUMNS.map((col) => ({ ...col })) });
    const response = await call('POST', `/api/mission/${missionId}/tasks/bulk`, {
      items: [
        { actionId: actionIds[0], title: 'Done status', status: 'done' },
        { actionId: actionIds[0], title: 'Done column', col: 'done' },
        { actionId: actionIds[0], title: 'Doing', col: 'doing' },
      ],
    });
    expectStatus(response, 201);
    const rows = await t.database.db.select().from(actionItems).where(eq(actionItems.missionId, missionId));
    const byTitle = new Map(rows.map((row) => [row.title, row]));
    const done = { status: 'done', col: 'done', percentComplete: 100, completedBy: w.people.p2.personId };
    expect(byTitle.get('Done status')).toMatchObject(done);
    expect(byTitle.get('Done column')).toMatchObject(done);
    expect(byTitle.get('Doing')).toMatchObject({ status: 'in-progress', col: 'doing', completedOn: null });
    const single = await call('POST', `/api/action-item/action/${actionIds[0]}`, { title: 'One', col: 'done' });
    expect(single.json()).toMatchObject({ status: 'done', col: 'done' });
  });

  it('writes nothing when one task breaks a rule of single create', async () => {
    const { missionId, actionIds } = await setup();
    const other = await setup();
    const before = (await history(missionId)).length;
    const cases: [Json, number, string][] = [
      [{ actionId: other.actionIds[0], title: 'Elsewhere' }, 404, 'action/not-found'],
      [{ actionId: actionIds[0], title: 'Bad dates', startDate: '2026-05-02', endDate: '2026-05-01' }, 400, 'validation'],
      [{ actionId: actionIds[0], title: 'Stranger', people: [w.people.outsider.personId] }, 409, 'not_part_of_mission'],
      [{ actionId: actionIds[0] }, 400, 'validation'],
    ];
    for (const [bad, status, code] of cases) {
      const response = await call('POST', `/api/mission/${missionId}/tasks/bulk`, {
        items: [{ actionId: actionIds[0], title: 'Fine' }, bad],
      });
      expectStatus(response, status);
      expect(errorOf(response).code).toBe(code);
    }
    await t.database.db.update(actions).set({ status: 'done' }).where(eq(actions.id, actionIds[1]!));
    const closed = await call('POST', `/api/mission/${missionId}/tasks/bulk`, { items: [{ actionId: actionIds[1], title: 'Closed' }] });
    expectStatus(closed, 403);
    expect(errorOf(closed).message).toBe('This action is done and closed. Reopen it first.');
    expect(await history(missionId)).toHaveLength(before);
    const [mission] = await t.database.db.select().from(missions).where(eq(missions.id, missionId));
    expect(mission!.taskCodeSeq).toBe(3);
  });

  it.each([
    ['p3', 403],
    ['p1', 201],
    ['outsider', 404],
    ['anonymous', 401],
  ] as const)('answers %s with %i, as single create does', async (caller, status) => {
    const { missionId, actionIds } = await setup();
    expectStatus(
      await call('POST', `/api/mission/${missionId}/tasks/bulk`, { items: [{ actionId: actionIds[0], title: 'X' }] }, caller),
      status,
    );
    expectStatus(await call('POST', `/api/action-item/action/${actionIds[0]}`, { title: 'X' }, caller), status);
  });
});

describe('PUT /action-item/:id/bulk', () => {
  it('applies each update, in order for a task named twice, with its history, in one write', async () => {
    const { missionId, actionIds } = await setup();
    const created = await call('POST', `/api/mission/${missionId}/tasks/bulk`, {
      items: Array.from({ length: 100 }, (_, i) => ({ actionId: actionIds[0]!, title: `T${i}` })),
    });
    const ids = ((created.json() as Json).actionItems as Json[]).map((item) => item._id as string);
    const before = (await history(missionId)).length;
    const updates = [
      ...ids.map((_id, i) => (i % 2 ? { _id, title: `Renamed ${i}` } : { _id, col: 'doing', tags: [`t${i}`] })),
      { _id: ids[0], title: 'Twice', col: 'done' },
      { _id: ids[1], title: 'Renamed 1' },
    ];
    heard.length = 0;
    const response = await call('PUT', `/api/action-item/${ids[0]}/bulk`, { items: updates });
    expectStatus(response, 200);
    // one realtime message for the whole write, naming every task it changed
    expect(heard).toHaveLength(1);
    expect(heard[0]!.changes).toHaveLength(1);
    const [message] = heard[0]!.changes as { type: string; entity: string; data: { ids: string[] }; actionIds: string[] }[];
    expect(message).toMatchObject({ type: 'update', entity: 'action.items', actionIds: [actionIds[0]] });
    expect(new Set(message!.data.ids)).toEqual(new Set(ids));
    // each task named once, with what the call changed (both of its updates for a task named twice)
    const answer = (response.json() as Json).actionItems as Json[];
    expect(answer.map((item) => item._id)).toEqual(ids);
    const answered = new Map(answer.map((item) => [item._id, item]));
    expect(answered.get(ids[0])).toMatchObject({ title: 'Twice', col: 'done', status: 'done', percentComplete: 100, tags: ['t0'] });
    expect(Object.keys(answered.get(ids[1])).sort()).toEqual(['_id', 'title', 'updatedAt']);
    expect(answered.get(ids[1])).toMatchObject({ title: 'Renamed 1' });
    expect(answered.get(ids[2])).toEqual({ _id: ids[2], col: 'doing', status: 'in-progress', tags: ['t2'], updatedAt: expect.any(String) });
    const [first] = await t.database.db.select().from(actionItems).where(eq(actionItems.id, ids[0]!));
    expect(first!.colHistory.map((entry) => entry.movedTo)).toEqual(['doing', 'done']);
    // one history row per update that changes something (the repeated rename changes nothing)
    expect((await history(missionId)).length - before).toBe(101);
    // a later move adds to the column history: the earlier moves stay, in order; the answer does not repeat them
    const again = await call('PUT', `/api/action-item/${ids[0]}/bulk`, { items: [{ _id: ids[0], col: 'todo' }] });
    const moved = ((again.json() as Json).actionItems as Json[])[0]!;
    expect(moved).not.toHaveProperty('colHistory');
    const task = (await t.request({ url: `/api/action-item/${ids[0]}`, token: w.people.p2.token })).json() as Json;
    expect(task.colHistory.map((entry: Json) => entry.movedTo)).toEqual(['doing', 'done', 'todo']);
    // the writes of one call share their time: the history reads them newest first all the same
    const page = await read(`/api/mission/${missionId}/history?limit=3`);
    const latest = (page.json() as Json).events as Json[];
    expect(latest.slice(0, 4).map((event) => [event.title, event.changes.col?.to])).toEqual([
      ['Twice', 'todo'],
      ['Twice', 'done'],
      ['Renamed 99', undefined],
      ['T98', 'doing'],
    ]);
    const twice = await call('PUT', `/api/action-item/${ids[3]}/bulk`, {
      items: [
        { _id: ids[3], col: 'doing' },
        { _id: ids[3], col: 'done' },
        { _id: ids[3], col: 'todo' },
      ],
    });
    expectStatus(twice, 200);
    const moves = ((await read(`/api/mission/${missionId}/history?limit=3`)).json() as Json).events as Json[];
    expect(moves.map((event) => [event.title, event.changes.col.to])).toEqual([
      ['Renamed 3', 'todo'],
      ['Renamed 3', 'done'],
      ['Renamed 3', 'doing'],
    ]);
    const refused = await call('PUT', `/api/action-item/${ids[0]}/bulk`, { items: [{ _id: ids[0], title: 'No' }] }, 'p3');
    expectStatus(refused, 403);
  });

  it('answers every task named once, in the order named, with no history or message when nothing changes', async () => {
    const { missionId, actionIds } = await setup();
    const created = await call('POST', `/api/mission/${missionId}/tasks/bulk`, {
      items: ['A', 'B', 'C'].map((title) => ({ actionId: actionIds[1]!, title })),
    });
    const ids = ((created.json() as Json).actionItems as Json[]).map((item) => item._id as string);
    const before = (await history(missionId)).length;
    heard.length = 0;
    const response = await call('PUT', `/api/action-item/${ids[2]}/bulk`, {
      items: [
        { _id: ids[2], title: 'C' },
        { _id: ids[0], col: 'todo' },
      ],
    });
    expectStatus(response, 200);
    // a task left as it was has its id alone
    expect((response.json() as Json).actionItems).toEqual([{ _id: ids[2] }, { _id: ids[0] }]);
    expect(await history(missionId)).toHaveLength(before);
    expect(heard).toHaveLength(0);
  });

  it('reads what a power project rules read: a new duration moves the end, a reopened task leaves the grid', async () => {
    const { missionId, actionIds } = await setup({ projectType: 'power' });
    const placed = { actionId: actionIds[0]!, startDate: '2026-03-09', startHour: 9, estimatedDuration: 8 };
    const created = await call('POST', `/api/mission/${missionId}/tasks/bulk`, {
      items: [
        { ...placed, title: 'Sized' },
        { ...placed, title: 'Finished', status: 'done' },
      ],
    });
    const [sized, finished] = ((created.json() as Json).actionItems as Json[]).map((item) => item._id as string);
    const response = await call('PUT', `/api/action-item/${sized}/bulk`, {
      items: [
        { _id: sized, estimatedDuration: 16 },
        { _id: finished, status: 'open' },
      ],
    });
    expectStatus(response, 200);
    const [longer, reopened] = (response.json() as Json).actionItems as Json[];
    // two 8-hour days from Monday 9:00
    expect(longer).toMatchObject({ estimatedDuration: 16, endDate: '2026-03-10' });
    expect(reopened).toMatchObject({ status: 'open', percentComplete: 0, startDate: null, startHour: null, estimatedDuration: null });
    expect(await t.database.db.select().from(actionItems).where(eq(actionItems.id, finished!))).toMatchObject([
      { status: 'open', startDate: null, startHour: null, estimatedDuration: null },
    ]);
    const reopening = (await history(missionId)).find((row) => row.entityId === finished && row.action === 'update');
    expect(reopening!.changes).toMatchObject({ startDate: { from: '2026-03-09', to: null }, estimatedDuration: { from: 8, to: null } });
  });

  it('answers what changed of each task as a read of it shows it after the write, and refuses an end before the start', async () => {
    const { missionId, actionIds } = await setup();
    const created = await call('POST', `/api/mission/${missionId}/tasks/bulk`, {
      items: ['A', 'B'].map((title) => ({ actionId: actionIds[0]!, title, startDate: '2026-05-04' })),
    });
    const ids = ((created.json() as Json).actionItems as Json[]).map((item) => item._id as string);
    // the answer gathers checklists and links for all its tasks at once
    for (const title of ['Second', 'First']) expectStatus(await call('POST', `/api/action-item/${ids[0]}/checklist`, { title }), 201);
    expectStatus(await call('POST', `/api/action-item/${ids[0]}/dependency`, { linkId: ids[1], lag: 2 }), 200);
    const response = await call('PUT', `/api/action-item/${ids[0]}/bulk`, {
      items: [
        { _id: ids[0], status: 'done', description: 'Now described', tags: ['x'] },
        { _id: ids[1], endDate: '2026-05-08', dueDate: '2026-05-10' },
      ],
    });
    expectStatus(response, 200);
    const answered = (response.json() as Json).actionItems as Json[];
    const reads = await Promise.all(
      ids.map(async (id) => (await t.request({ url: `/api/action-item/${id}`, token: w.people.p2.token })).json() as Json),
    );
    // every field answered is the field a read shows, instants and money included
    answered.forEach((item, i) => expect(reads[i]).toMatchObject(item));
    expect(Object.keys(answered[0]).sort()).toEqual([
      '_id',
      'completedBy',
      'completedOn',
      'description',
      'descriptionUpdate',
      'descriptionUpdateById',
      'percentComplete',
      'status',
      'tags',
      'updatedAt',
    ]);
    expect(answered[0]).toMatchObject({ status: 'done', percentComplete: 100, description: 'Now described', tags: ['x'] });
    expect(Object.keys(answered[1]).sort()).toEqual(['_id', 'dueDate', 'endDate', 'updatedAt']);
    // money in major units, and a cleared code as a read makes it up
    const priced = await call('PUT', `/api/action-item/${ids[1]}/bulk`, { items: [{ _id: ids[1], billRate: 12.5, code: null }] });
    expectStatus(priced, 200);
    const [change] = (priced.json() as Json).actionItems as Json[];
    const reread = (await t.request({ url: `/api/action-item/${ids[1]}`, token: w.people.p2.token })).json() as Json;
    expect(change).toEqual({ _id: ids[1], billRate: 12.5, code: reread.code, updatedAt: reread.updatedAt });
    expect(reread.code).toMatch(/^\d{4}$/);
    const rows = (await history(missionId)).filter((row) => row.action === 'update');
    expect(rows.find((row) => row.entityId === ids[0])!.changes).toMatchObject({
      status: { from: 'open', to: 'done' },
      description: { from: '', to: 'Now described' },
    });
    // the refused item is named, as the other errors of a bulk call name theirs, and nothing is written
    const bad = await call('PUT', `/api/action-item/${ids[0]}/bulk`, {
      items: [
        { _id: ids[0], title: 'Renamed' },
        { _id: ids[1], endDate: '2026-05-01' },
      ],
    });
    expectStatus(bad, 400);
    expect(errorOf(bad)).toMatchObject({ code: 'validation', fields: { 'items.1.endDate': 'Before start' } });
    expect(((await t.request({ url: `/api/action-item/${ids[0]}`, token: w.people.p2.token })).json() as Json).title).toBe('A');
    const badCreate = await call('POST', `/api/mission/${missionId}/tasks/bulk`, {
      items: [
        { actionId: actionIds[0]!, title: 'Fine' },
        { actionId: actionIds[0]!, title: 'Ends first', startDate: '2026-05-04', endDate: '2026-05-01' },
      ],
    });
    expectStatus(badCreate, 400);
    expect(errorOf(badCreate)).toMatchObject({ code: 'validation', fields: { 'items.1.endDate': 'Before start' } });
  });
});
