import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createsCycle } from '@crewplan/domain';
import { actionItems, actions, dependencies, missionAuditEvents, planItems } from '../src/db/schema/index.ts';
import type { Change } from '../src/plugins/realtime.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { testSockets } from './support/sockets.ts';
import { createMissionWorld, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

type Json = ReturnType<typeof JSON.parse>;
const NOT_CREATED = 'Sorry was not able to create...';

let t: TestApp;
let w: MissionWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createMissionWorld(t);
});
afterAll(async () => t.close());

const token = (caller: MissionCaller) => (caller === 'anonymous' ? undefined : w.people[caller].token);
const call = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: Json, caller: MissionCaller = 'p2') =>
  t.request({ method, url, token: token(caller), ...(payload === undefined ? {} : { payload }) });

/** A mission (prefix WEB) with one plan item. */
async function setup(options: Parameters<MissionWorld['mission']>[0] = {}) {
  const missionId = await w.mission({ defaultTaskCode: 'WEB', ...options });
  const [plan] = await t.database.db.insert(planItems).values({ missionId, title: 'Developer' }).returning();
  return { missionId, planId: plan!.id };
}
const create = async (planId: string, body: Json = { title: 'Build' }, caller: MissionCaller = 'p2', query = '') => {
  const response = await call('POST', `/api/mission-plan/${planId}/action${query}`, body, caller);
  expectStatus(response, 201);
  return response.json() as Json;
};
const actionCount = async (missionId: string) =>
  (await t.database.db.select().from(actions).where(eq(actions.missionId, missionId))).length;

describe('POST /mission-plan/:id/action', () => {
  it('creates actions with the next code, sort index and WBS number; withItem adds a first task', async () => {
    const { missionId, planId } = await setup();
    const first = await create(planId, { title: 'Design', startDate: '2026-01-05', endDate: '2026-01-09', source: 'mx-ai' });
    expect(first.action).toMatchObject({
      title: 'Design',
      code: 'WEB-1',
      sortIndex: 0,
      wbs: '1',
      percentComplete: 0,
      source: 'mx-ai',
      planItemId: planId,
      missionId,
      complexityMultiplier: 10,
      actionItems: [],
      dependencies: [],
      createdBy: w.people.p2.personId,
    });
    const second = await create(planId, { title: 'Build' }, 'p2', '?withItem=true');
    expect(second.action).toMatchObject({ code: 'WEB-2', sortIndex: 1, wbs: '2' });
    expect(second.actionItems).toHaveLength(1);
    expect(second.actionItems[0]).toMatchObject({ title: 'Build', code: 'WEB-3', actionId: second.action._id, status: 'open' });
    expect(second.action.actionItems).toEqual([second.actionItems[0]._id]);
    const events = await t.database.db.select().from(missionAuditEvents).where(eq(missionAuditEvents.missionId, missionId));
    expect(events.map((e) => `${e.action} ${e.entity}`).sort()).toEqual(['create action.items', 'create actions', 'create actions']);
  });

  it('without a prefix the code is shown from the creation time', async () => {
    const { planId } = await setup({ defaultTaskCode: null });
    const { action } = await create(planId, { title: 'A' }, 'p2', '?withItem=1');
    expect(action.code).toBeNull();
    const item = (await call('GET', `/api/action-item/${action.actionItems[0]}`)).json() as Json;
    expect(item.code).toMatch(/^\d{4}$/);
  });

  it.each([
    ['only a start', { startDate: '2026-01-05' }],
    ['only an end', { endDate: '2026-01-05' }],
    ['equal dates', { startDate: '2026-01-05', endDate: '2026-01-05' }],
    ['start after end', { startDate: '2026-01-06', endDate: '2026-01-05' }],
  ])("refuses %s: 'Sorry was not able to create...' and nothing is written", async (_name, dates) => {
    const { missionId, planId } = await setup();
    const response = await call('POST', `/api/mission-plan/${planId}/action`, { title: 'Bad', ...dates });
    expectStatus(response, 400);
    expect(errorOf(response)).toMatchObject({ code: 'action/invalid-dates', message: NOT_CREATED });
    expect(await actionCount(missionId)).toBe(0);
  });

  it.each([
    ['no title', {}],
    ['an unknown field', { title: 'x', owner: 'me' }],
    ['a bad date', { title: 'x', startDate: '2026-02-30', endDate: '2026-03-01' }],
    ['a bad status', { title: 'x', status: 'finished' }],
  ])('refuses %s with 400', async (_name, body) => {
    const { planId } = await setup();
    expectStatus(await call('POST', `/api/mission-plan/${planId}/action`, body), 400);
  });

  it('assigns only people on the mission (409 not_part_of_mission)', async () => {
    const { missionId, planId } = await setup();
    const response = await call('POST', `/api/mission-plan/${planId}/action`, { title: 'x', people: [w.people.outsider.personId] });
    expectStatus(response, 409);
    expect(errorOf(response).code).toBe('not_part_of_mission');
    expect(await actionCount(missionId)).toBe(0);
  });

  it.each([
    ['p0', 403],
    ['p1', 201],
    ['p1pm', 201],
    ['p2', 201],
    ['p3', 403],
    ['p4', 403],
    ['p5', 403],
    ['pending', 403],
    ['orgAdmin', 201],
    ['orgManager', 201],
    ['orgMember', 404],
    ['outsider', 404],
    ['anonymous', 401],
  ] as const)('%s → %i', async (caller, status) => {
    const { planId } = await setup();
    expectStatus(await call('POST', `/api/mission-plan/${planId}/action`, { title: 'x' }, caller), status);
  });

  it('an unknown plan item is 404', async () => {
    expectStatus(await call('POST', `/api/mission-plan/${'f'.repeat(24)}/action`, { title: 'x' }), 404);
  });
});

describe('GET /action/:id', () => {
  it('answers the action as the mission read carries it, with its task ids and links', async () => {
    const { missionId, planId } = await setup();
    const a = await create(planId, { title: 'A' });
    const b = await create(planId, { title: 'B' }, 'p2', '?withItem=true');
    expectStatus(await call('PUT', `/api/action/${b.action._id}/dependency/add`, { actionId: a.action._id }), 200);
    const read = await call('GET', `/api/action/${b.action._id}`, undefined, 'p0');
    expectStatus(read, 200);
    const mission = (await call('GET', `/api/mission/${missionId}`)).json() as Json;
    const inMission = mission.actions.find((action: Json) => action._id === b.action._id);
    expect(read.json()).toEqual(inMission);
    expect(read.json()).toMatchObject({ title: 'B', actionItems: [b.actionItems[0]._id], dependencies: [{ linkTo: a.action._id }] });
  });

  it.each([
    ['a team member at permission 5', 'p5', 200],
    ['an organisation admin off the team', 'orgAdmin', 200],
    ['an organisation member off the team', 'orgMember', 404],
    ['a person of another organisation', 'outsider', 404],
    ['nobody signed in', 'anonymous', 401],
  ] as const)('%s → %i', async (_name, caller, status) => {
    const { planId } = await setup();
    const { action } = await create(planId, { title: 'A' });
    const response = await call('GET', `/api/action/${action._id}`, undefined, caller);
    expectStatus(response, status);
    if (status !== 200) expect(JSON.stringify(response.json())).not.toContain('"title":"A"');
  });

  it('answers 404 for an action that is gone and 400 for an id that is not one', async () => {
    const { planId } = await setup();
    const { action } = await create(planId, { title: 'A' });
    expectStatus(await call('DELETE', `/api/action/${action._id}`), 200);
    const gone = await call('GET', `/api/action/${action._id}`);
    expectStatus(gone, 404);
    expect(errorOf(gone).code).toBe('action/not-found');
    expectStatus(await call('GET', '/api/action/not%20an%20id'), 400);
  });
});

describe('PUT /action/:id', () => {
  it('admins change fields; done sets 100%; a done action is closed until an admin reopens it', async () => {
    const { planId } = await setup();
    const { action } = await create(planId, { title: 'A', people: [w.people.p0.personId] });
    const changed = await call('PUT', `/api/action/${action._id}`, { title: 'B', tags: ['x'], rate: 12.5 });
    expectStatus(changed, 200);
    expect(changed.json()).toMatchObject({ title: 'B', tags: ['x'], rate: 12.5 });
    expect((await call('PUT', `/api/action/${action._id}`, { status: 'done' })).json()).toMatchObject({
      status: 'done',
      percentComplete: 100,
    });
    const closed = await call('PUT', `/api/action/${action._id}`, { title: 'C' });
    expectStatus(closed, 403);
    expect(errorOf(closed).message).toBe('This action is done and closed. Reopen it first.');
    expectStatus(await call('PUT', `/api/action/${action._id}`, { title: 'C' }, 'p0'), 403);
    expectStatus(await call('PUT', `/api/action/${action._id}`, { status: 'open' }, 'p0'), 403);
    // reopened, it is no longer complete (as a reopened task)
    expect((await call('PUT', `/api/action/${action._id}`, { status: 'open' })).json()).toMatchObject({
      status: 'open',
      percentComplete: 0,
    });
    expectStatus(await call('PUT', `/api/action/${action._id}`, { title: 'C' }), 200);
  });

  it.each([
    ['p0 assigned', 'p0', true, 200],
    ['p0 not assigned', 'p0', false, 403],
    ['p1', 'p1', false, 200],
    ['p3 assigned', 'p3', true, 403],
    ['orgAdmin', 'orgAdmin', false, 200],
    ['outsider', 'outsider', false, 404],
    ['anonymous', 'anonymous', false, 401],
  ] as const)('%s → %i', async (_name, caller, assigned, status) => {
    const { planId } = await setup();
    const people = assigned ? [w.people[caller as 'p0'].personId] : [];
    const { action } = await create(planId, { title: 'A', people });
    expectStatus(await call('PUT', `/api/action/${action._id}`, { title: 'Z' }, caller), status);
  });

  it("changing an action's people is its admins' (rule 99: invite); an assignee may only take themselves off", async () => {
    const { planId } = await setup();
    const id = (caller: 'p0' | 'p1' | 'p2') => w.people[caller].personId;
    const { action } = await create(planId, { title: 'A', people: [id('p0')] });
    const url = `/api/action/${action._id}`;
    for (const [caller, people] of [
      ['p0', [id('p0'), id('p1')]],
      ['p1', [id('p0'), id('p1')]],
      ['p1', []],
    ] as const) {
      const refused = await call('PUT', url, { people }, caller);
      expectStatus(refused, 403);
      expect(errorOf(refused).code).toBe('task/forbidden');
    }
    expect((await t.database.db.select().from(actions).where(eq(actions.id, action._id)))[0]!.people).toEqual([id('p0')]);
    // other fields stay open to them, and the people given unchanged with them
    expectStatus(await call('PUT', url, { title: 'B', people: [id('p0')] }, 'p1'), 200);
    expect((await call('PUT', url, { people: [] }, 'p0')).json()).toMatchObject({ people: [] });
    expect((await call('PUT', url, { people: [id('p1')] })).json()).toMatchObject({ people: [id('p1')] });
    // the creator of an action administers it
    const own = await create(planId, { title: 'Mine' }, 'p1');
    expect((await call('PUT', `/api/action/${own.action._id}`, { people: [id('p0')] }, 'p1')).json()).toMatchObject({ people: [id('p0')] });
  });

  it("refuses a parent under the action itself with 'Circular dependency' (400), nothing written; an unknown parent is 404", async () => {
    const { missionId, planId } = await setup();
    const a = await create(planId, { title: 'A' });
    const b = await create(planId, { title: 'B', parentId: a.action._id });
    const c = await create(planId, { title: 'C', parentId: b.action._id });
    const history = async () =>
      (await t.database.db.select().from(missionAuditEvents).where(eq(missionAuditEvents.missionId, missionId))).length;
    const recorded = await history();
    // A → A, A → B → A, A → C → B → A; through the bulk call too.
    for (const [url, body] of [
      [`/api/action/${a.action._id}`, { title: 'Renamed', parentId: a.action._id }],
      [`/api/action/${a.action._id}`, { title: 'Renamed', parentId: b.action._id }],
      [`/api/action/${a.action._id}`, { title: 'Renamed', parentId: c.action._id }],
      [`/api/action/${a.action._id}/bulk`, { action: { title: 'Renamed', parentId: c.action._id } }],
    ] as const) {
      const response = await call('PUT', url, body);
      expectStatus(response, 400);
      expect(errorOf(response)).toMatchObject({ code: 'task/circular-dependency', message: 'Circular dependency' });
    }
    const [row] = await t.database.db.select().from(actions).where(eq(actions.id, a.action._id));
    expect(row).toMatchObject({ title: 'A', parentId: null });
    expect(await history()).toBe(recorded);
    // Unknown, or an action of another mission: 404.
    const other = await create((await setup()).planId, { title: 'Elsewhere' });
    for (const parentId of ['f'.repeat(24), other.action._id]) {
      const response = await call('PUT', `/api/action/${b.action._id}`, { parentId });
      expectStatus(response, 404);
      expect(errorOf(response).code).toBe('action/not-found');
    }
    // A parent outside its own branch is fine: C moves under A (A under C is then a loop), B under C.
    expect((await call('PUT', `/api/action/${c.action._id}`, { parentId: a.action._id })).json()).toMatchObject({ parentId: a.action._id });
    expectStatus(await call('PUT', `/api/action/${a.action._id}`, { parentId: c.action._id }), 400);
    expect((await call('PUT', `/api/action/${b.action._id}`, { parentId: c.action._id })).json()).toMatchObject({ parentId: c.action._id });
  });

  it('refuses an end before the start and unknown fields', async () => {
    const { planId } = await setup();
    const { action } = await create(planId, { title: 'A', startDate: '2026-01-05', endDate: '2026-01-09' });
    expectStatus(await call('PUT', `/api/action/${action._id}`, { endDate: '2026-01-01' }), 400);
    expectStatus(await call('PUT', `/api/action/${action._id}`, { nope: 1 }), 400);
  });
});

describe('PUT /action/:id/bulk', () => {
  it('changes the action and its items at once, or nothing when one is refused', async () => {
    const { planId } = await setup();
    const {
      action,
      actionItems: [item],
    } = await create(planId, { title: 'A' }, 'p1', '?withItem=true');
    const done = await call(
      'PUT',
      `/api/action/${action._id}/bulk`,
      { action: { title: 'B' }, items: [{ _id: item._id, col: 'doing' }] },
      'p1',
    );
    expectStatus(done, 200);
    expect(done.json()).toMatchObject({ action: { title: 'B' }, actionItems: [{ col: 'doing' }] });
    const other = await create(planId, { title: 'Other' }, 'p2', '?withItem=true');
    const refused = await call(
      'PUT',
      `/api/action/${action._id}/bulk`,
      { action: { title: 'C' }, items: [{ _id: other.actionItems[0]._id, col: 'x' }] },
      'p1',
    );
    expectStatus(refused, 404);
    const [row] = await t.database.db.select().from(actions).where(eq(actions.id, action._id));
    expect(row!.title).toBe('B');
  });
});

describe('DELETE /action/:id', () => {
  it.each([
    ['p1 not the creator', 'p1', 'p2', 403],
    ['p1 the creator', 'p1', 'p1', 200],
    ['p0', 'p0', 'p2', 403],
    ['p2', 'p2', 'p1', 200],
    ['orgManager', 'orgManager', 'p1', 200],
    ['p3', 'p3', 'p2', 403],
  ] as const)('%s → %i', async (_name, caller, creator, status) => {
    const { planId } = await setup();
    const { action } = await create(planId, { title: 'A' }, creator, '?withItem=true');
    expectStatus(await call('DELETE', `/api/action/${action._id}`, undefined, caller), status);
  });

  it('deletes its items and every dependency on them', async () => {
    const { planId } = await setup();
    const a = await create(planId, { title: 'A' }, 'p2', '?withItem=true');
    const b = await create(planId, { title: 'B' }, 'p2', '?withItem=true');
    expectStatus(await call('POST', `/api/action-item/${b.actionItems[0]._id}/dependency`, { linkId: a.actionItems[0]._id }), 200);
    expectStatus(await call('PUT', `/api/action/${b.action._id}/dependency/add`, { actionId: a.action._id }), 200);
    const response = await call('DELETE', `/api/action/${a.action._id}`);
    expect(response.json()).toEqual({ deleted: [a.action._id, a.actionItems[0]._id] });
    expect(await t.database.db.select().from(actionItems).where(eq(actionItems.id, a.actionItems[0]._id))).toEqual([]);
    expect(await t.database.db.select().from(dependencies).where(eq(dependencies.toId, a.actionItems[0]._id))).toEqual([]);
    expect(await t.database.db.select().from(dependencies).where(eq(dependencies.toId, a.action._id))).toEqual([]);
    expectStatus(await call('DELETE', `/api/action/${a.action._id}`), 404);
  });

  it('two new parents that together would close a loop, asked at once: one is refused, no loop is stored', async () => {
    const { missionId, planId } = await setup();
    const make = async (title: string, parentId?: string) =>
      (await create(planId, { title, ...(parentId && { parentId }) })).action._id as string;
    for (let round = 0; round < 6; round++) {
      // c ← b and a ← d; then a under b and c under d, which share no action (each locks only its own two)
      const [a, c] = [await make('A'), await make('C')];
      const [b, d] = [await make('B', c), await make('D', a)];
      const answers = await Promise.all([
        call('PUT', `/api/action/${a}`, { parentId: b }),
        call('PUT', `/api/action/${c}/bulk`, { action: { parentId: d } }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort(), `round ${round}`).toEqual([200, 400]);
    }
    const tree = await t.database.db.select().from(actions).where(eq(actions.missionId, missionId));
    const edges = tree.filter((row) => row.parentId).map((row) => ({ fromId: row.id, toId: row.parentId! }));
    expect(edges.some((edge, i) => createsCycle(edges.toSpliced(i, 1), edge.fromId, edge.toId))).toBe(false);
  });
});

describe('PUT /action/:id/dependency/add|remove', () => {
  it("links actions, refuses itself and loops with 'Circular dependency', and unlinks", async () => {
    const { planId } = await setup();
    const [a, b, c] = [await create(planId, { title: 'A' }), await create(planId, { title: 'B' }), await create(planId, { title: 'C' })];
    const linked = await call('PUT', `/api/action/${b.action._id}/dependency/add`, { actionId: a.action._id });
    expect((linked.json() as Json).dependencies).toEqual([{ linkTo: a.action._id, linkType: 'dependsOn', lag: 0 }]);
    expectStatus(await call('PUT', `/api/action/${c.action._id}/dependency/add`, { actionId: b.action._id }), 200);
    for (const [from, to] of [
      [a, a],
      [a, c],
    ]) {
      const response = await call('PUT', `/api/action/${from.action._id}/dependency/add`, { actionId: to.action._id });
      expectStatus(response, 400);
      expect(errorOf(response)).toMatchObject({ code: 'task/circular-dependency', message: 'Circular dependency' });
    }
    const removed = await call('PUT', `/api/action/${b.action._id}/dependency/remove`, { actionId: a.action._id });
    expect((removed.json() as Json).dependencies).toEqual([]);
    expectStatus(await call('PUT', `/api/action/${b.action._id}/dependency/add`, { actionId: 'nope' }), 400);
    expectStatus(await call('PUT', `/api/action/${b.action._id}/dependency/add`, { actionId: a.action._id }, 'p0'), 403);
  });

  it('two links that together would close a loop, asked at once: one is refused, no loop is stored', async () => {
    const { missionId, planId } = await setup();
    const add = (from: string, to: string) => call('PUT', `/api/action/${from}/dependency/add`, { actionId: to });
    for (let round = 0; round < 6; round++) {
      const [a, b, c, d] = (await Promise.all(['A', 'B', 'C', 'D'].map(async (title) => (await create(planId, { title })).action._id))) as [
        string,
        string,
        string,
        string,
      ];
      // a → b and c → d; then b → c and d → a, which share no action (each locks only its own two)
      expectStatus(await add(a, b), 200);
      expectStatus(await add(c, d), 200);
      const answers = await Promise.all([add(b, c), add(d, a)]);
      expect(answers.map((answer) => answer.statusCode).sort(), `round ${round}`).toEqual([200, 400]);
    }
    const edges = await t.database.db.select().from(dependencies).where(eq(dependencies.missionId, missionId));
    const linked = edges.map((edge) => ({ fromId: edge.fromId, toId: edge.toId }));
    // no link closes a loop through the others
    expect(edges.some((edge, i) => createsCycle(linked.toSpliced(i, 1), edge.fromId, edge.toId))).toBe(false);
  });
});

describe('realtime (changes/actions/<id>)', () => {
  const sockets = testSockets(() => t);
  beforeAll(() => sockets.listen());
  afterAll(() => sockets.close());
  const join = (caller: Exclude<MissionCaller, 'anonymous'>, room: string) => sockets.join(w.people[caller].token, room);

  it("tells readers of the mission of the action's changes and its tasks', including a task moving out", async () => {
    const { planId } = await setup();
    const action = (await create(planId)).action._id as string;
    const other = (await create(planId, { title: 'Other' })).action._id as string;
    expect((await join('outsider', `changes/actions/${action}`)).ok).toBe(false);
    expect((await join('p0', 'changes/actions/0123456789abcdef01234567')).ok).toBe(false);
    const { socket, ok } = await join('p4', `changes/actions/${action}`);
    expect(ok).toBe(true);
    const received: Change[] = [];
    socket.on('changes', (change: Change) => received.push(change));

    const item = (await call('POST', `/api/action-item/action/${action}`, { title: 'Task' })).json() as Json;
    expectStatus(await call('PUT', `/api/action-item/${item._id}`, { title: 'Renamed' }), 200);
    expectStatus(await call('PUT', `/api/action/${action}`, { title: 'Build it' }), 200);
    expectStatus(await call('PUT', `/api/action-item/${item._id}/move`, { actionId: other }), 200);
    // the other action's tasks are not this room's business
    const elsewhere = (await call('POST', `/api/action-item/action/${other}`, { title: 'Elsewhere' })).json() as Json;
    expectStatus(await call('DELETE', `/api/action-item/${elsewhere._id}`), 200);
    // a last change of this action: everything sent before it has arrived by then
    expectStatus(await call('PUT', `/api/action/${action}`, { title: 'Last' }), 200);
    await expect.poll(() => received.length).toBe(5);
    expect(received).toEqual([
      { type: 'create', entity: 'action.items', id: item._id, data: { actionId: action } },
      { type: 'update', entity: 'action.items', id: item._id, data: { title: 'Renamed' } },
      { type: 'update', entity: 'actions', id: action, data: { title: 'Build it' } },
      { type: 'update', entity: 'action.items', id: item._id, data: { actionId: other } },
      { type: 'update', entity: 'actions', id: action, data: { title: 'Last' } },
    ]);
  });

  it('names the task of a checklist line or a link, so that readers read that task and not the mission', async () => {
    const { missionId, planId } = await setup();
    const action = (await create(planId)).action._id as string;
    const first = (await call('POST', `/api/action-item/action/${action}`, { title: 'First' })).json() as Json;
    const second = (await call('POST', `/api/action-item/action/${action}`, { title: 'Second' })).json() as Json;
    const { socket, ok } = await join('p4', `changes/missions/${missionId}`);
    expect(ok).toBe(true);
    const received: Change[] = [];
    socket.on('changes', (change: Change) => received.push(change));

    const withLine = (await call('POST', `/api/action-item/${first._id}/checklist`, { title: 'Step' })).json() as Json;
    const line = withLine.checklist[0]._id as string;
    expectStatus(await call('PUT', `/api/action-item/${first._id}/checklist/${line}`, { done: true }), 200);
    expectStatus(await call('POST', `/api/action-item/${second._id}/dependency`, { linkId: first._id, lag: 1 }), 200);
    expectStatus(await call('DELETE', `/api/action-item/${second._id}/dependency/${first._id}`), 200);
    await expect.poll(() => received.length).toBe(4);
    expect(received.map(({ entity, task }) => [entity, task])).toEqual([
      ['checklist', first._id],
      ['checklist', first._id],
      ['dependencies', second._id],
      ['dependencies', second._id],
    ]);
  });
});
