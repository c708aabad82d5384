import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionItems, actions, checklistItems, dependencies, missionAuditEvents, missions, planItems } from '../src/db/schema/index.ts';
import { createsCycle, DEFAULT_KANBAN_COLUMNS } from '@crewplan/domain';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createMissionWorld, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

type Json = ReturnType<typeof JSON.parse>;
const GONE = 'Sorry this task is no longer available.';

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
const pid = (caller: Exclude<MissionCaller, 'anonymous'>) => w.people[caller].personId;

/** A mission with one action (created by p2) and its first task. */
async function setup(options: Parameters<MissionWorld['mission']>[0] = {}, item: Json = {}) {
  const missionId = await w.mission({ defaultTaskCode: 'T', ...options });
  const [plan] = await t.database.db.insert(planItems).values({ missionId, title: 'Dev' }).returning();
  const created = await call('POST', `/api/mission-plan/${plan!.id}/action`, { title: 'Action' });
  expectStatus(created, 201);
  const actionId = (created.json() as Json).action._id as string;
  const task = await call('POST', `/api/action-item/action/${actionId}`, { title: 'Task', ...item });
  expectStatus(task, 201);
  return { missionId, actionId, planId: plan!.id, item: task.json() as Json };
}
const row = async (id: string) => (await t.database.db.select().from(actionItems).where(eq(actionItems.id, id)))[0]!;

describe('GET /action-item/:id', () => {
  it('answers the task to every reader, 404 with the spec text otherwise', async () => {
    const { item } = await setup();
    const read = await call('GET', `/api/action-item/${item._id}`, undefined, 'p3');
    expectStatus(read, 200);
    expect(read.json()).toMatchObject({
      _id: item._id,
      title: 'Task',
      code: 'T-2',
      status: 'open',
      col: 'todo',
      complexityMultiplier: 10,
      seen: false,
      pinned: false,
      checklist: [],
      dependencies: [],
    });
    for (const [caller, status] of [
      ['outsider', 404],
      ['orgMember', 404],
      ['anonymous', 401],
      ['orgAdmin', 200],
      ['p0', 200],
    ] as const) {
      expectStatus(await call('GET', `/api/action-item/${item._id}`, undefined, caller), status);
    }
    const unknown = await call('GET', `/api/action-item/${'e'.repeat(24)}`);
    expectStatus(unknown, 404);
    expect(errorOf(unknown)).toMatchObject({ code: 'task/not-found', message: GONE });
    expect(errorOf(await call('GET', `/api/action-item/${item._id}`, undefined, 'outsider')).message).toBe(GONE);
    expectStatus(await call('GET', '/api/action-item/nope'), 400);
  });
});

describe('POST /action-item/action/:actionId', () => {
  it.each([
    ['p0', 403],
    ['p1', 201],
    ['p2', 201],
    ['p3', 403],
    ['orgManager', 201],
    ['outsider', 404],
    ['anonymous', 401],
  ] as const)('%s → %i', async (caller, status) => {
    const { actionId } = await setup();
    expectStatus(await call('POST', `/api/action-item/action/${actionId}`, { title: 'x' }, caller), status);
  });

  it('passes over codes typed by hand (rule 50) and places each new task after the last of its action', async () => {
    const { actionId } = await setup();
    const create = async (body: Record<string, unknown>) => (await call('POST', `/api/action-item/action/${actionId}`, body)).json();
    const typed = [await create({ title: 'Typed 3', code: 'T-3' }), await create({ title: 'Typed 4', code: 'T-4' })];
    const counted = await create({ title: 'Counted' });
    expect(counted.code).toBe('T-5');
    expect((await create({ title: 'Next' })).code).toBe('T-6');
    expect(counted.sortIndex).toBeGreaterThan(Math.max(...typed.map((task) => task.sortIndex)));
  });

  it('takes metaType 0 as Critical, tags and people; refuses bad input and people off the mission', async () => {
    const { actionId } = await setup();
    const made = await call('POST', `/api/action-item/action/${actionId}`, {
      title: 'Bug',
      metaType: 0,
      tags: ['ui'],
      people: [pid('p0')],
    });
    expect(made.json()).toMatchObject({ metaType: 'Critical', tags: ['ui'], people: [pid('p0')], code: 'T-3' });
    expectStatus(await call('POST', `/api/action-item/action/${actionId}`, { title: 'x', metaType: 'Feature' }), 400);
    expectStatus(await call('POST', `/api/action-item/action/${actionId}`, { description: 'no title' }), 400);
    const outside = await call('POST', `/api/action-item/action/${actionId}`, { title: 'x', people: [pid('outsider')] });
    expectStatus(outside, 409);
    expect(errorOf(outside).code).toBe('not_part_of_mission');
  });

  it('refuses an end before the start with the error of an update, writing nothing; a copy is checked with its dates', async () => {
    const { actionId, item } = await setup({ projectType: 'mx-gantt' }, { startDate: '2026-02-02', endDate: '2026-02-06' });
    const tasks = async () => (await t.database.db.select().from(actionItems).where(eq(actionItems.actionId, actionId))).length;
    const updated = await call('PUT', `/api/action-item/${item._id}`, { endDate: '2026-02-01' });
    expectStatus(updated, 400);
    const created = await call('POST', `/api/action-item/action/${actionId}`, {
      title: 'Bad',
      startDate: '2026-02-02',
      endDate: '2026-02-01',
    });
    expectStatus(created, 400);
    expect(errorOf(created)).toEqual(errorOf(updated));
    expect(errorOf(created)).toMatchObject({ code: 'validation', message: 'The end date must be after the start date.' });
    // The copy starts on 2026-02-02: an end before that is refused too.
    expectStatus(await call('POST', `/api/action-item/action/${actionId}`, { copyOf: item._id, endDate: '2026-01-30' }), 400);
    expect(await tasks()).toBe(1);
    expect((await row(item._id)).endDate).toBe('2026-02-06');
    const sameDay = await call('POST', `/api/action-item/action/${actionId}`, {
      title: 'One day',
      startDate: '2026-02-02',
      endDate: '2026-02-02',
    });
    expectStatus(sameDay, 201);
    // Codes were not used up by the refused creations.
    expect(sameDay.json()).toMatchObject({ code: 'T-3', startDate: '2026-02-02', endDate: '2026-02-02' });
  });

  it('refuses new tasks under a done action', async () => {
    const { actionId } = await setup();
    expectStatus(await call('PUT', `/api/action/${actionId}`, { status: 'done' }), 200);
    expectStatus(await call('POST', `/api/action-item/action/${actionId}`, { title: 'x' }), 403);
  });

  it("copies a task once an admin or project manager opened the project: title + ' (Copy)', checklist too", async () => {
    const { missionId, actionId, item } = await setup({ projectType: 'kanban' });
    await call('POST', `/api/action-item/${item._id}/checklist`, { title: 'Step' });
    const early = await call('POST', `/api/action-item/action/${actionId}`, { copyOf: item._id });
    expectStatus(early, 409);
    expect(errorOf(early).code).toBe('task/copy-not-ready');
    expectStatus(await call('GET', `/api/mission/${missionId}`, undefined, 'p1'), 200);
    expect((await t.database.db.select().from(missions).where(eq(missions.id, missionId)))[0]!.managerVisitedAt).toBeNull();
    expectStatus(await call('GET', `/api/mission/${missionId}`, undefined, 'p1pm'), 200);
    const copy = await call('POST', `/api/action-item/action/${actionId}`, { copyOf: item._id });
    expectStatus(copy, 201);
    expect(copy.json()).toMatchObject({ title: 'Task (Copy)', code: 'T-3', checklist: [{ title: 'Step', done: false }] });
    expectStatus(await call('POST', `/api/action-item/action/${actionId}`, { copyOf: 'f'.repeat(24) }), 404);
  });
});

describe('PUT /action-item/:id', () => {
  it('done stamps completion and 100%; reopening clears it; a power project also loses the scheduling', async () => {
    const { item } = await setup(
      { projectType: 'power' },
      { people: [pid('p0')], startDate: '2026-01-05', estimatedDuration: 12, startHour: 10 },
    );
    const done = (await call('PUT', `/api/action-item/${item._id}`, { status: 'done' }, 'p0')).json() as Json;
    expect(done).toMatchObject({ status: 'done', completedBy: pid('p0'), percentComplete: 100 });
    expect(done.completedOn).toMatch(/Z$/);
    expectStatus(await call('PUT', `/api/action-item/${item._id}`, { status: 'open' }, 'p0'), 403);
    const reopened = (await call('PUT', `/api/action-item/${item._id}`, { status: 'open' })).json() as Json;
    expect(reopened).toMatchObject({
      status: 'open',
      completedOn: null,
      completedBy: null,
      startDate: null,
      estimatedDuration: null,
      startHour: null,
      position: null,
    });
  });

  it('power: a new duration re-dates the end of a scheduled task by the working calendar; unscheduling clears the end', async () => {
    const { missionId, item } = await setup({ projectType: 'power' }, { estimatedDuration: 16 });
    const url = `/api/action-item/${item._id}`;
    // Friday 13 March 2026 from 9:00: 8 hours on Friday, 8 on Monday.
    expect((await call('PUT', `${url}/move`, { startDate: '2026-03-13', startHour: 9 })).json()).toMatchObject({ endDate: '2026-03-16' });
    expect((await call('PUT', url, { estimatedDuration: 4 })).json()).toMatchObject({ estimatedDuration: 4, endDate: '2026-03-13' });
    expect((await call('PUT', url, { estimatedDuration: 20 })).json()).toMatchObject({ endDate: '2026-03-17' });
    const history = await t.database.db.select().from(missionAuditEvents).where(eq(missionAuditEvents.entityId, item._id));
    expect(history.at(-1)!.changes).toMatchObject({
      estimatedDuration: { from: 4, to: 20 },
      endDate: { from: '2026-03-13', to: '2026-03-17' },
    });
    // A later start, past the old end, is not an end before the start: the end moves with it (Monday 13:00, 4 + 8 + 8).
    const later = (await call('PUT', `${url}/move`, { startDate: '2026-03-23', startHour: 13 })).json() as Json;
    expect(later).toMatchObject({ startDate: '2026-03-23', startHour: 13, endDate: '2026-03-25' });
    // With weekends included, Friday 9:00 + 20 hours ends on Sunday.
    expectStatus(await call('PUT', `/api/mission/${missionId}`, { includeWeekends: true }), 200);
    expect((await call('PUT', url, { startDate: '2026-03-13', startHour: 9 })).json()).toMatchObject({ endDate: '2026-03-15' });
    // An end given with the change is kept.
    expect((await call('PUT', url, { estimatedDuration: 2, endDate: '2026-03-20' })).json()).toMatchObject({ endDate: '2026-03-20' });
    const off = (await call('PUT', `${url}/move`, { startDate: null, startHour: null })).json() as Json;
    expect(off).toMatchObject({ startDate: null, startHour: null, endDate: null, estimatedDuration: 2 });
  });

  it('power: a task created on the grid gets its end; one created with an end keeps it', async () => {
    // Friday 13 March 2026 from 13:00: 4 hours on Friday, 8 on Monday, 8 on Tuesday.
    const { actionId, item } = await setup({ projectType: 'power' }, { startDate: '2026-03-13', startHour: 13, estimatedDuration: 20 });
    expect(item).toMatchObject({ startDate: '2026-03-13', endDate: '2026-03-17' });
    const given = await call('POST', `/api/action-item/action/${actionId}`, {
      title: 'Given end',
      startDate: '2026-03-13',
      estimatedDuration: 20,
      endDate: '2026-03-27',
    });
    expect(given.json()).toMatchObject({ endDate: '2026-03-27' });
    const unscheduled = await call('POST', `/api/action-item/action/${actionId}`, { title: 'Backlog', estimatedDuration: 20 });
    expect(unscheduled.json()).toMatchObject({ startDate: null, endDate: null });
  });

  it('outside power projects a new duration leaves the dates alone', async () => {
    const { item } = await setup({}, { startDate: '2026-03-13', endDate: '2026-03-20', estimatedDuration: 16 });
    expect((await call('PUT', `/api/action-item/${item._id}`, { estimatedDuration: 4 })).json()).toMatchObject({
      startDate: '2026-03-13',
      endDate: '2026-03-20',
    });
    expect((await call('PUT', `/api/action-item/${item._id}/move`, { startDate: null })).json()).toMatchObject({
      startDate: null,
      endDate: '2026-03-20',
    });
  });

  it('reopening in a simple project keeps the scheduling', async () => {
    const { item } = await setup({}, { startDate: '2026-01-05', status: 'done' });
    const reopened = (await call('PUT', `/api/action-item/${item._id}`, { status: 'blocked' })).json() as Json;
    expect(reopened).toMatchObject({ status: 'blocked', completedOn: null, startDate: '2026-01-05' });
  });

  it.each([
    ['p0 assigned', 'p0', true, 200],
    ['p0 not assigned', 'p0', false, 403],
    ['p1', 'p1', false, 200],
    ['p1pm', 'p1pm', false, 200],
    ['p3', 'p3', true, 403],
    ['p4', 'p4', false, 403],
    ['p5', 'p5', false, 403],
    ['orgAdmin', 'orgAdmin', false, 200],
    ['outsider', 'outsider', false, 404],
    ['anonymous', 'anonymous', false, 401],
  ] as const)('%s → %i', async (_name, caller, assigned, status) => {
    const { item } = await setup({}, assigned ? { people: [pid(caller as 'p0')] } : {});
    expectStatus(await call('PUT', `/api/action-item/${item._id}`, { title: 'Z' }, caller), status);
  });

  it('marks seen and pinned per person', async () => {
    const { item } = await setup({}, { people: [pid('p0')] });
    expect((await call('PUT', `/api/action-item/${item._id}`, { seen: true, pinned: true }, 'p0')).json()).toMatchObject({
      seen: true,
      pinned: true,
    });
    expect((await call('GET', `/api/action-item/${item._id}`)).json()).toMatchObject({ seen: false, pinned: false });
    expect((await call('PUT', `/api/action-item/${item._id}`, { pinned: false }, 'p0')).json()).toMatchObject({
      seen: true,
      pinned: false,
    });
  });

  it('records the column history and the description update; refuses bad input', async () => {
    const { item } = await setup();
    const moved = (await call('PUT', `/api/action-item/${item._id}`, { col: 'doing', description: 'Longer text' })).json() as Json;
    expect(moved.colHistory).toEqual([{ movedTo: 'doing', movedOn: expect.any(String) }]);
    expect(moved).toMatchObject({ descriptionUpdateById: pid('p2'), description: 'Longer text' });
    // the history records the fields changed, not their bookkeeping (which would repeat every move of the task)
    await call('PUT', `/api/action-item/${item._id}`, { col: 'todo' });
    const history = await t.database.db
      .select()
      .from(missionAuditEvents)
      .where(eq(missionAuditEvents.entityId, item._id))
      .orderBy(missionAuditEvents.createdAt);
    expect(history.slice(-2).map((row) => Object.keys(row.changes ?? {}).sort())).toEqual([
      ['col', 'description', 'status'],
      ['col', 'status'],
    ]);
    expectStatus(await call('PUT', `/api/action-item/${item._id}`, { percentComplete: 101 }), 400);
    expectStatus(await call('PUT', `/api/action-item/${item._id}`, { startDate: '2026-02-02', endDate: '2026-02-01' }), 400);
  });

  it('money on tasks is set only by who sees the mission money (403 money/forbidden), by every call that sets it', async () => {
    const { missionId, actionId, planId, item } = await setup({}, { people: [pid('p0')] });
    const refusedFor = async (caller: MissionCaller, method: 'POST' | 'PUT', url: string, payload: Json, fields: string[]) => {
      const response = await call(method, url, payload, caller);
      expectStatus(response, 403);
      expect(errorOf(response)).toMatchObject({ code: 'money/forbidden' });
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual(fields);
    };
    for (const caller of ['p0', 'p1'] as const) {
      await refusedFor(caller, 'PUT', `/api/action-item/${item._id}`, { title: 'T', billRate: 500 }, ['billRate']);
      await refusedFor(caller, 'PUT', `/api/action-item/${item._id}`, { billUnit: 'Hourly' }, ['billUnit']);
      await refusedFor(caller, 'PUT', `/api/action-item/${item._id}/bulk`, { items: [{ _id: item._id, billRate: 1 }] }, ['billRate']);
      await refusedFor(caller, 'PUT', `/api/action/${actionId}/bulk`, { items: [{ _id: item._id, billRate: 1 }] }, ['billRate']);
    }
    await refusedFor('p1', 'PUT', `/api/action/${actionId}`, { title: 'A', rate: 1, billRate: 2 }, ['rate', 'billRate']);
    await refusedFor('p1', 'POST', `/api/action-item/action/${actionId}`, { title: 'x', billRate: 9 }, ['billRate']);
    await refusedFor('p1', 'POST', `/api/mission/${missionId}/tasks/bulk`, { items: [{ actionId, title: 'x', billRate: 9 }] }, [
      'billRate',
    ]);
    await refusedFor('p1', 'POST', `/api/mission-plan/${planId}/action`, { title: 'x', rate: 9 }, ['rate']);
    expect(await row(item._id)).toMatchObject({ title: 'Task', billRateMinor: null, billUnit: null });
    // what they may change stays open to them, and the project's managers set money
    expectStatus(await call('PUT', `/api/action-item/${item._id}`, { title: 'Renamed' }, 'p0'), 200);
    for (const caller of ['p2', 'p1pm', 'orgManager'] as const)
      expectStatus(await call('PUT', `/api/action-item/${item._id}`, { billRate: 12.5 }, caller), 200);
    expect((await row(item._id)).billRateMinor).toBe(1250);
  });

  it('a task under a done action is closed', async () => {
    const { actionId, item } = await setup({}, { people: [pid('p0')] });
    await call('PUT', `/api/action/${actionId}`, { status: 'done' });
    for (const caller of ['p0', 'p2'] as const)
      expectStatus(await call('PUT', `/api/action-item/${item._id}`, { title: 'x' }, caller), 403);
  });
});

describe('PUT /action-item/:id/bulk and /move', () => {
  it('changes many tasks at once, or none when one is refused', async () => {
    const { actionId, item } = await setup({}, { people: [pid('p0')] });
    const other = (await call('POST', `/api/action-item/action/${actionId}`, { title: 'Other' })).json() as Json;
    const ok = await call('PUT', `/api/action-item/${item._id}/bulk`, {
      items: [
        { _id: item._id, col: 'a' },
        { _id: other._id, col: 'b' },
      ],
    });
    expect((ok.json() as Json).actionItems.map((i: Json) => i.col).sort()).toEqual(['a', 'b']);
    const refused = await call(
      'PUT',
      `/api/action-item/${item._id}/bulk`,
      {
        items: [
          { _id: item._id, col: 'c' },
          { _id: other._id, col: 'c' },
        ],
      },
      'p0',
    );
    expectStatus(refused, 403);
    expect((await row(item._id)).col).toBe('a');
    expectStatus(await call('PUT', `/api/action-item/${item._id}/bulk`, { items: [] }), 400);
  });

  it('moves to another action, column (history), week; in power a new start sets the end by the working calendar', async () => {
    const { planId, item } = await setup({ projectType: 'power' }, { estimatedDuration: 16 });
    const target = (await call('POST', `/api/mission-plan/${planId}/action`, { title: 'B' })).json() as Json;
    const moved = (
      await call('PUT', `/api/action-item/${item._id}/move`, {
        actionId: target.action._id,
        col: 'done-col',
        sortIndex: 3,
        startDate: '2026-03-13',
        startHour: 9,
      })
    ).json() as Json;
    expect(moved).toMatchObject({
      actionId: target.action._id,
      col: 'done-col',
      sortIndex: 3,
      startDate: '2026-03-13',
      endDate: '2026-03-16',
    });
    expect(moved.colHistory).toHaveLength(1);
    expectStatus(await call('PUT', `/api/action-item/${item._id}/move`, { actionId: 'f'.repeat(24) }), 404);
  });
});

describe('the column and the status are one fact', () => {
  const board = { projectType: 'kanban' as const, cols: DEFAULT_KANBAN_COLUMNS.map((col) => ({ ...col })) };

  it('completing moves the task to Done, reopening takes it back to To do; history and completion follow', async () => {
    const { item } = await setup(board, { people: [pid('p0')] });
    const done = (await call('PUT', `/api/action-item/${item._id}`, { status: 'done', percentComplete: 100 }, 'p0')).json() as Json;
    expect(done).toMatchObject({ status: 'done', col: 'done', completedBy: pid('p0'), percentComplete: 100 });
    expect(done.colHistory).toEqual([{ movedTo: 'done', movedOn: expect.any(String) }]);
    const reopened = (await call('PUT', `/api/action-item/${item._id}`, { status: 'open' })).json() as Json;
    expect(reopened).toMatchObject({ status: 'open', col: 'todo', completedOn: null, completedBy: null, percentComplete: 0 });
    const started = (await call('PUT', `/api/action-item/${item._id}`, { status: 'in-progress' }, 'p0')).json() as Json;
    expect(started).toMatchObject({ status: 'in-progress', col: 'doing' });
    const blocked = (await call('PUT', `/api/action-item/${item._id}`, { status: 'blocked' }, 'p0')).json() as Json;
    expect(blocked).toMatchObject({ status: 'blocked', col: 'doing' });
  });

  it('a copy starts open, out of a column that holds another status; a column of no status of its own is kept', async () => {
    const { missionId, actionId, item } = await setup(board);
    expectStatus(await call('GET', `/api/mission/${missionId}`), 200);
    const copyOf = async (status: string, col: string) => {
      await t.database.db.update(actionItems).set({ status, col }).where(eq(actionItems.id, item._id));
      const copy = await call('POST', `/api/action-item/action/${actionId}`, { copyOf: item._id });
      expectStatus(copy, 201);
      return copy.json() as Json;
    };
    expect(await copyOf('done', 'done')).toMatchObject({ status: 'open', col: 'todo', completedOn: null, percentComplete: 0 });
    expect(await copyOf('in-progress', 'doing')).toMatchObject({ status: 'open', col: 'todo' });
    await t.database.db
      .update(missions)
      .set({ cols: [...board.cols, { id: 'qa', name: 'QA' }] })
      .where(eq(missions.id, missionId));
    expect(await copyOf('blocked', 'qa')).toMatchObject({ status: 'open', col: 'qa' });
  });

  it('moving to Done completes the task, moving out of Done reopens it to the column it lands in', async () => {
    const { item } = await setup(board, { people: [pid('p0')] });
    const done = (await call('PUT', `/api/action-item/${item._id}/move`, { col: 'done', sortIndex: 5 }, 'p0')).json() as Json;
    expect(done).toMatchObject({ status: 'done', col: 'done', sortIndex: 5, completedBy: pid('p0'), percentComplete: 100 });
    // once done, only its admins change it (an assignee no longer may)
    expectStatus(await call('PUT', `/api/action-item/${item._id}/move`, { col: 'review' }, 'p0'), 403);
    const review = (await call('PUT', `/api/action-item/${item._id}/move`, { col: 'review' })).json() as Json;
    expect(review).toMatchObject({ status: 'review', col: 'review', completedOn: null, completedBy: null, percentComplete: 0 });
    const bulk = await call('PUT', `/api/action-item/${item._id}/bulk`, { items: [{ _id: item._id, col: 'done' }] });
    expectStatus(bulk, 200);
    expect((bulk.json() as Json).actionItems[0]).toMatchObject({ status: 'done', col: 'done' });
    expect((await row(item._id)).status).toBe('done');
  });

  it('a task added to Done is done; a task created done is in Done', async () => {
    const { actionId } = await setup(board);
    const inDone = await call('POST', `/api/action-item/action/${actionId}`, { title: 'Already done', col: 'done' });
    expectStatus(inDone, 201);
    expect(inDone.json()).toMatchObject({ status: 'done', col: 'done', percentComplete: 100, completedBy: pid('p2') });
    const created = await call('POST', `/api/action-item/action/${actionId}`, { title: 'Done at birth', status: 'done' });
    expect(created.json()).toMatchObject({ status: 'done', col: 'done' });
    const plain = await call('POST', `/api/action-item/action/${actionId}`, { title: 'Plain' });
    expect(plain.json()).toMatchObject({ status: 'open', col: 'todo' });
  });

  it('refuses a column the board does not have, naming it, and writes nothing; a task left in a removed column stays', async () => {
    const { missionId, actionId, item } = await setup(board);
    const other = (await call('POST', `/api/action-item/action/${actionId}`, { title: 'Other' })).json() as Json;
    const message = "The column '🚀' is not on this project's board.";
    const refusedWith = (
      answer: Awaited<ReturnType<typeof call>>,
      fields: Record<string, string> = { col: "'🚀' is not on the board" },
    ) => {
      expectStatus(answer, 400);
      expect(errorOf(answer)).toMatchObject({ message, fields });
    };
    refusedWith(await call('PUT', `/api/action-item/${item._id}`, { col: '🚀' }));
    refusedWith(await call('PUT', `/api/action-item/${item._id}/move`, { col: '🚀', sortIndex: 1 }));
    refusedWith(
      await call('PUT', `/api/action-item/${item._id}/bulk`, {
        items: [
          { _id: other._id, title: 'Renamed' },
          { _id: item._id, col: '🚀' },
        ],
      }),
      { 'items.1.col': message },
    );
    refusedWith(await call('POST', `/api/action-item/action/${actionId}`, { title: 'New', col: '🚀' }));
    refusedWith(
      await call('POST', `/api/mission/${missionId}/tasks/bulk`, {
        items: [
          { actionId, title: 'New' },
          { actionId, title: 'New', col: '🚀' },
        ],
      }),
      { 'items.1.col': message },
    );
    expect(await row(item._id)).toMatchObject({ col: 'todo', colHistory: [] });
    expect((await row(other._id)).title).toBe('Other');
    const titles = await t.database.db.select({ title: actionItems.title }).from(actionItems).where(eq(actionItems.actionId, actionId));
    expect(titles.map((task) => task.title).sort()).toEqual(['Other', 'Task']);

    // the board lost the task's column: the task may still change, and move to a column the board has
    await t.database.db.update(actionItems).set({ col: 'gone' }).where(eq(actionItems.id, item._id));
    expectStatus(await call('PUT', `/api/action-item/${item._id}`, { title: 'Still here', col: 'gone' }), 200);
    const moved = await call('PUT', `/api/action-item/${item._id}/move`, { col: 'doing' });
    expect(moved.json()).toMatchObject({ title: 'Still here', col: 'doing', status: 'in-progress' });
  });
});

describe('DELETE /action-item/:id', () => {
  it.each([
    ['p0 assigned', 'p0', 403],
    ['p1', 'p1', 403],
    ['p2', 'p2', 200],
    ['orgAdmin', 'orgAdmin', 200],
    ['p3', 'p3', 403],
  ] as const)('%s → %i', async (_name, caller, status) => {
    const { item } = await setup({}, { people: [pid('p0')] });
    expectStatus(await call('DELETE', `/api/action-item/${item._id}`, undefined, caller), status);
  });
});

describe('people', () => {
  it('assigns a person of the mission, 409 not_part_of_mission otherwise, removes a list or ALL', async () => {
    const { item } = await setup();
    expect((await call('POST', `/api/action-item/${item._id}/people/${pid('p0')}`)).json()).toMatchObject({ people: [pid('p0')] });
    await call('POST', `/api/action-item/${item._id}/people/${pid('p1')}`);
    const outside = await call('POST', `/api/action-item/${item._id}/people/${pid('outsider')}`);
    expectStatus(outside, 409);
    expect(errorOf(outside).code).toBe('not_part_of_mission');
    expectStatus(await call('POST', `/api/action-item/${item._id}/people/${pid('p2')}`, undefined, 'p1'), 403);
    expect((await call('POST', `/api/action-item/${item._id}/people/remove`, { peopleIds: [pid('p0')] }, 'p0')).json()).toMatchObject({
      people: [pid('p1')],
    });
    expectStatus(await call('POST', `/api/action-item/${item._id}/people/remove`, { peopleIds: 'SOME' }), 400);
    expect((await call('POST', `/api/action-item/${item._id}/people/remove`, { peopleIds: 'ALL' })).json()).toMatchObject({ people: [] });
  });
});

describe('checklist', () => {
  it('adds, moves, ticks, changes in bulk and deletes lines', async () => {
    const { item } = await setup({}, { people: [pid('p0')] });
    const one = (await call('POST', `/api/action-item/${item._id}/checklist`, { title: 'One' }, 'p0')).json() as Json;
    const two = (await call('POST', `/api/action-item/${item._id}/checklist`, { title: 'Two' }, 'p0')).json() as Json;
    const [a, b] = two.checklist;
    expect(one.checklist).toHaveLength(1);
    const moved = (await call('PUT', `/api/action-item/${item._id}/checklist/${a._id}/move`, { sortIndex: 5 }, 'p0')).json() as Json;
    expect(moved.checklist.map((l: Json) => l.title)).toEqual(['Two', 'One']);
    const ticked = (await call('PUT', `/api/action-item/${item._id}/checklist/${b._id}`, { done: true }, 'p0')).json() as Json;
    expect(ticked.checklist[0]).toMatchObject({ done: true, completedBy: pid('p0') });
    const bulk = (
      await call(
        'PUT',
        `/api/action-item/${item._id}/checklist/bulk`,
        {
          items: [
            { _id: a._id, title: 'Uno' },
            { _id: b._id, done: false },
          ],
        },
        'p0',
      )
    ).json() as Json;
    expect(bulk.checklist).toMatchObject([{ title: 'Two', done: false, completedBy: null }, { title: 'Uno' }]);
    expectStatus(
      await call('PUT', `/api/action-item/${item._id}/checklist/bulk`, {
        items: [
          { _id: a._id, title: 'X' },
          { _id: 'f'.repeat(24), title: 'Y' },
        ],
      }),
      404,
    );
    expect((await t.database.db.select().from(checklistItems).where(eq(checklistItems.id, a._id)))[0]!.title).toBe('Uno');
    expectStatus(await call('POST', `/api/action-item/${item._id}/checklist`, { title: 'x' }, 'p3'), 403);
    expectStatus(await call('POST', `/api/action-item/${item._id}/checklist`, { title: '' }), 400);
    const left = (await call('DELETE', `/api/action-item/${item._id}/checklist/${a._id}`, undefined, 'p0')).json() as Json;
    expect(left.checklist).toHaveLength(1);
    expectStatus(await call('DELETE', `/api/action-item/${item._id}/checklist/${a._id}`), 404);
  });
});

describe('dependencies', () => {
  it("links tasks (dependsOn, lag), refuses itself and loops with 'Circular dependency', removes one or all", async () => {
    const { actionId, item: a } = await setup();
    const b = (await call('POST', `/api/action-item/action/${actionId}`, { title: 'B' })).json() as Json;
    const c = (await call('POST', `/api/action-item/action/${actionId}`, { title: 'C' })).json() as Json;
    const linked = (await call('POST', `/api/action-item/${b._id}/dependency`, { linkId: a._id, lag: 2 })).json() as Json;
    expect(linked.dependencies).toEqual([{ linkTo: a._id, linkType: 'dependsOn', lag: 2 }]);
    await call('POST', `/api/action-item/${c._id}/dependency`, { linkId: b._id, linkType: 'finishToStart' });
    for (const [from, to] of [
      [a, a],
      [a, c],
      [a, b],
    ]) {
      const response = await call('POST', `/api/action-item/${from._id}/dependency`, { linkId: to._id });
      expectStatus(response, 400);
      expect(errorOf(response)).toMatchObject({ code: 'task/circular-dependency', message: 'Circular dependency' });
    }
    expectStatus(await call('POST', `/api/action-item/${a._id}/dependency`, { linkId: b._id, linkType: 'sideways' }), 400);
    await call('POST', `/api/action-item/${c._id}/dependency`, { linkId: a._id });
    expect(((await call('DELETE', `/api/action-item/${c._id}/dependency/${b._id}`)).json() as Json).dependencies).toEqual([
      { linkTo: a._id, linkType: 'dependsOn', lag: 0 },
    ]);
    expect(((await call('DELETE', `/api/action-item/${b._id}/dependency`)).json() as Json).dependencies).toEqual([]);
    expectStatus(await call('DELETE', `/api/action-item/${b._id}/dependency`, undefined, 'p0'), 403);
  });

  it('two links that together would close a loop, asked at once: one is refused, no loop is stored', async () => {
    const { missionId, actionId } = await setup();
    for (let round = 0; round < 6; round++) {
      const [a, b, c, d] = await Promise.all(
        ['A', 'B', 'C', 'D'].map(
          async (title) => ((await call('POST', `/api/action-item/action/${actionId}`, { title })).json() as Json)._id,
        ),
      );
      // a → b and c → d; then b → c and d → a, which share no task (each locks only its own two)
      expectStatus(await call('POST', `/api/action-item/${a}/dependency`, { linkId: b }), 200);
      expectStatus(await call('POST', `/api/action-item/${c}/dependency`, { linkId: d }), 200);
      const answers = await Promise.all([
        call('POST', `/api/action-item/${b}/dependency`, { linkId: c }),
        call('POST', `/api/action-item/${d}/dependency`, { linkId: a }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort(), `round ${round}`).toEqual([200, 400]);
    }
    const edges = await t.database.db.select().from(dependencies).where(eq(dependencies.missionId, missionId));
    const linked = edges.map((edge) => ({ fromId: edge.fromId, toId: edge.toId }));
    // no link closes a loop through the others
    expect(edges.some((edge, i) => createsCycle(linked.toSpliced(i, 1), edge.fromId, edge.toId))).toBe(false);
  });
});

describe('GET /action-item/my/items and GET /mission/:id', () => {
  it('lists my assigned tasks, licensed missions only by default', async () => {
    const { item } = await setup({}, { people: [pid('p1')] });
    const licensed = await setup({ isLicensedActive: true }, { people: [pid('p1')] });
    const mine = (await call('GET', '/api/action-item/my/items', undefined, 'p1')).json() as Json;
    expect(mine.items.map((i: Json) => i._id)).toContain(licensed.item._id);
    expect(mine.items.map((i: Json) => i._id)).not.toContain(item._id);
    expect(mine.items[0].mission).toMatchObject({ _id: licensed.missionId });
    const all = (await call('GET', '/api/action-item/my/items?licensedOnly=false', undefined, 'p1')).json() as Json;
    expect(all.items.map((i: Json) => i._id)).toContain(item._id);
    expectStatus(await call('GET', '/api/action-item/my/items', undefined, 'anonymous'), 401);
    expectStatus(await call('GET', '/api/action-item/my/items?licensedOnly=maybe', undefined, 'p1'), 400);
  });

  it('the mission carries its actions and action items', async () => {
    const { missionId, actionId, item } = await setup();
    const mission = (await call('GET', `/api/mission/${missionId}`, undefined, 'p0')).json() as Json;
    expect(mission.actions.map((a: Json) => a._id)).toEqual([actionId]);
    expect(mission.actionItems).toMatchObject([{ _id: item._id, actionId, title: 'Task' }]);
    expect(mission.people.length).toBeGreaterThan(0);
  });

  it("tells a task's and an action's money only to who sees the mission's money, on every read and write answer", async () => {
    const { missionId, actionId, item } = await setup({}, { people: [pid('p0'), pid('p3'), pid('p1pm')] });
    expectStatus(await call('PUT', `/api/action-item/${item._id}`, { billRate: 12.5, billUnit: 'Hourly' }), 200);
    expectStatus(await call('PUT', `/api/action/${actionId}`, { rate: 40, billRate: 90 }), 200);
    /** The task's bill rate and the action's rate and bill rate, as each read (and a write's answer) tells them. */
    const moneyAsSeenBy = async (caller: MissionCaller) => {
      const mission = (await call('GET', `/api/mission/${missionId}`, undefined, caller)).json() as Json;
      const action = (await call('GET', `/api/action/${actionId}`, undefined, caller)).json() as Json;
      const mine = (await call('GET', '/api/action-item/my/items?licensedOnly=false', undefined, caller)).json() as Json;
      const written = await call('PUT', `/api/action-item/${item._id}`, { seen: true }, caller);
      return {
        missionItem: mission.actionItems[0].billRate,
        missionAction: [mission.actions[0].rate, mission.actions[0].billRate],
        item: ((await call('GET', `/api/action-item/${item._id}`, undefined, caller)).json() as Json).billRate,
        action: [action.rate, action.billRate],
        // only the task's people list it as theirs; observers may not write
        myItems: mine.items.find((i: Json) => i._id === item._id)?.billRate,
        written: written.statusCode === 200 ? (written.json() as Json).billRate : undefined,
      };
    };
    const hidden = { missionItem: null, missionAction: [null, null], item: null, action: [null, null] };
    expect(await moneyAsSeenBy('p0')).toEqual({ ...hidden, myItems: null, written: null });
    const bulk = await call('PUT', `/api/action-item/${item._id}/bulk`, { items: [{ _id: item._id, title: 'Task' }] }, 'p0');
    // the bulk answer names what changed (here nothing), never the money this caller may not see
    expect((bulk.json() as Json).actionItems).toEqual([{ _id: item._id }]);
    expect(await moneyAsSeenBy('p3')).toEqual({ ...hidden, myItems: null, written: undefined });
    const shown = { missionItem: 12.5, missionAction: [40, 90], item: 12.5, action: [40, 90], written: 12.5 };
    expect(await moneyAsSeenBy('p1pm')).toEqual({ ...shown, myItems: 12.5 });
    for (const caller of ['p2', 'orgManager'] as const)
      expect(await moneyAsSeenBy(caller), caller).toEqual({ ...shown, myItems: undefined });
    // the unit of the rate is not money (as on plan items); an approval's bill rate is
    const approvals = [{ approvedOn: '2026-01-05', billRate: 12.5 }, { cancelledOn: '2026-01-06' }];
    await t.database.db.update(actionItems).set({ approvals }).where(eq(actionItems.id, item._id));
    const read = (caller: MissionCaller) => call('GET', `/api/action-item/${item._id}`, undefined, caller);
    expect((await read('p0')).json()).toMatchObject({ billUnit: 'Hourly', approvals: [{ approvedOn: '2026-01-05' }, approvals[1]] });
    expect(((await read('p0')).json() as Json).approvals[0]).not.toHaveProperty('billRate');
    expect(((await read('p2')).json() as Json).approvals).toEqual(approvals);
  });

  it('reads a task or action that ends before it starts (older or imported data) as ending on its start day (rule 24)', async () => {
    const { missionId, actionId, item } = await setup();
    await t.database.db.update(actionItems).set({ startDate: '2031-05-10', endDate: '2031-05-02' }).where(eq(actionItems.id, item._id));
    await t.database.db.update(actions).set({ startDate: '2031-05-01', endDate: '2031-04-20' }).where(eq(actions.id, actionId));
    const mission = (await call('GET', `/api/mission/${missionId}`, undefined, 'p0')).json() as Json;
    expect(mission.actionItems[0]).toMatchObject({ startDate: '2031-05-10', endDate: '2031-05-10' });
    expect(mission.actions[0]).toMatchObject({ startDate: '2031-05-01', endDate: '2031-05-01' });
  });
});
