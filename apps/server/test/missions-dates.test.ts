import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionItems, actions, missionAuditEvents, missions, planItems } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { expectAccess } from './support/authz-matrix.ts';
import { createMissionWorld, missionExpectations, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

/** A JSON answer, read loosely. */
type Json = ReturnType<typeof JSON.parse>;

let t: TestApp;
let w: MissionWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createMissionWorld(t);
});
afterAll(async () => t.close());

const put = (id: string, payload: Json, token = w.owner.token) => t.request({ method: 'PUT', url: `/api/mission/${id}`, token, payload });
const missionRow = async (id: string) => (await t.database.db.select().from(missions).where(eq(missions.id, id)))[0]!;

/** A mission from Monday 2026-03-02 to 2026-06-28 with a pinned PM role, a milestone, a free role, actions and items. */
async function plannedMission() {
  const id = await w.mission({
    planStartDate: '2026-03-02',
    planEndDate: '2026-06-28',
    sectionTags: [
      { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', title: 'Catch-all', from: null, to: null, catchAll: true },
      { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', title: 'Build', from: '2026-04-01', to: '2026-06-20' },
      { _id: 'cccccccccccccccccccccccc', title: 'Launch', from: '2026-06-10', to: '2026-06-28' },
    ],
  });
  const db = t.database.db;
  const [pm] = await db
    .insert(planItems)
    .values({ missionId: id, title: 'PM', pinnedTo: 'entireMission', startDate: '2026-03-02', endDate: '2026-06-28' })
    .returning();
  const [milestone] = await db
    .insert(planItems)
    .values({ missionId: id, type: 'milestone', title: 'Go live', startDate: '2026-05-04', endDate: '2026-05-05' })
    .returning();
  const [free] = await db
    .insert(planItems)
    .values({ missionId: id, title: 'Dev', startDate: '2026-03-10', endDate: '2026-04-10' })
    .returning();
  const [open] = await db
    .insert(actions)
    .values({ missionId: id, title: 'Open', startDate: '2026-03-04', endDate: '2026-03-06' })
    .returning();
  const [done] = await db
    .insert(actions)
    .values({ missionId: id, title: 'Done', status: 'done', startDate: '2026-03-04', endDate: '2026-03-06' })
    .returning();
  const item = async (title: string, values: Partial<typeof actionItems.$inferInsert>) =>
    (
      await db
        .insert(actionItems)
        .values({ missionId: id, actionId: open!.id, title, ...values })
        .returning()
    )[0]!;
  return {
    id,
    pm: pm!,
    milestone: milestone!,
    free: free!,
    open: open!,
    done: done!,
    early: await item('Early', { startDate: '2026-03-03', endDate: '2026-03-05', week: '2026-03-02' }),
    late: await item('Late', { startDate: '2026-06-22', endDate: '2026-06-24', week: '2026-06-22' }),
    lateWeek: await item('Late week', { week: '2026-06-15' }),
    finished: await item('Finished', { status: 'done', startDate: '2026-03-03', endDate: '2026-03-05', week: '2026-03-02' }),
  };
}

const itemRow = async (id: string) => (await t.database.db.select().from(actionItems).where(eq(actionItems.id, id)))[0]!;
const planRow = async (id: string) => (await t.database.db.select().from(planItems).where(eq(planItems.id, id)))[0]!;

describe('PUT /api/mission/:id: fields', () => {
  it('changes fields, records history and marks a template unsaved (rule 29)', async () => {
    const id = await w.mission({ isTemplate: true, isTemplateSaved: true });
    const response = await put(id, {
      title: 'Renamed',
      notBillable: true,
      theme: { backgroundColor: '#1f4e79', dark: true },
      budgetAvailable: 1250.5,
    });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({
      title: 'Renamed',
      notBillable: true,
      theme: { backgroundColor: '#1f4e79', dark: true },
      budgetAvailable: 1250.5,
      isTemplateSaved: false,
      moved: { actionItems: 0, actions: 0, planItems: 0 },
      cleared: { actionItems: 0 },
    });
    const [event] = await t.database.db.select().from(missionAuditEvents).where(eq(missionAuditEvents.missionId, id));
    expect(event).toMatchObject({ action: 'update', entity: 'missions', actorPersonId: w.owner.personId });
    expect(event!.changes.notBillable).toEqual({ from: false, to: true });
  });

  it('refuses a stale updatedAt with 409 and accepts the current one', async () => {
    const id = await w.mission();
    const current = (await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.owner.token })).json() as Json;
    expectStatus(await put(id, { title: 'First', updatedAt: current.updatedAt }), 200);
    const stale = await put(id, { title: 'Second', updatedAt: current.updatedAt });
    expectStatus(stale, 409);
    expect(errorOf(stale).code).toBe('conflict/stale');
  });

  it('status: completed stamps missionStop, active clears it (rule 20)', async () => {
    const id = await w.mission();
    const completed = (await put(id, { projectStatus: 'completed' })).json() as Json;
    expect(Date.now() - Date.parse(completed.missionStop)).toBeLessThan(60_000);
    expect((await put(id, { projectStatus: 'active' })).json()).toMatchObject({ missionStop: null, projectStatus: 'active' });
  });

  it('autoAssign: project managers and admins only (rule 110)', async () => {
    const id = await w.mission();
    const refused = await put(id, { autoAssign: false }, w.people.orgManager.token);
    expectStatus(refused, 403);
    expect(errorOf(refused).message).toBe('Only project managers can change auto-assign.');
    expectStatus(await put(id, { title: 'Managers may update', autoAssign: true }, w.people.orgManager.token), 200);
    expect(((await put(id, { autoAssign: false }, w.people.p1pm.token)).json() as Json).autoAssign).toBe(false);
  });

  it('includeWeekends: false by default, changed by those who may update the mission and read back', async () => {
    const id = await w.mission({ projectType: 'power' });
    const read = async () => (await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.owner.token })).json() as Json;
    expect((await read()).includeWeekends).toBe(false);
    for (const caller of ['p0', 'p1', 'p3'] as const) expectStatus(await put(id, { includeWeekends: true }, w.people[caller].token), 403);
    expect((await missionRow(id)).includeWeekends).toBe(false);
    const changed = await put(id, { includeWeekends: true }, w.people.p1pm.token);
    expectStatus(changed, 200);
    expect(changed.json()).toMatchObject({ includeWeekends: true });
    expect((await read()).includeWeekends).toBe(true);
    const [event] = await t.database.db.select().from(missionAuditEvents).where(eq(missionAuditEvents.missionId, id));
    expect(event!.changes.includeWeekends).toEqual({ from: false, to: true });
    expectStatus(await put(id, { includeWeekends: 'yes' }), 400);
    expect(((await put(id, { includeWeekends: false }, w.people.orgManager.token)).json() as Json).includeWeekends).toBe(false);
  });

  it('bad input is 400: unknown field, bad colour, bad date, bad status, client of another organisation, a column id twice', async () => {
    const id = await w.mission();
    for (const payload of [
      { nope: 1 },
      { theme: { backgroundColor: 'red', dark: false } },
      { planEndDate: '2026-13-01' },
      { projectStatus: 'paused' },
      { client: '0123456789abcdef01234567' },
      { departmentTags: ['0123456789abcdef01234567'] },
      { updatedAt: 'yesterday' },
      {
        cols: [
          { id: 'todo', name: 'To do' },
          { id: 'todo', name: 'Later' },
        ],
      },
    ]) {
      expectStatus(await put(id, payload), 400);
    }
  });

  it('access matrix', async () => {
    const id = await w.mission();
    await expectAccess(
      t,
      w.callers,
      { method: 'PUT', url: `/api/mission/${id}`, payload: { description: 'x' } },
      missionExpectations(['p1pm', 'p2', 'orgAdmin', 'orgManager']),
    );
  });
});

describe('PUT /api/mission/:id: dates (rules 25–28)', () => {
  it('an end before the start becomes start + 1 week (rule 25)', async () => {
    const id = await w.mission({ planStartDate: '2026-03-02', planEndDate: '2026-06-28' });
    const response = (await put(id, { planEndDate: '2026-02-01' })).json() as Json;
    expect([response.planStartDate, response.planEndDate]).toEqual(['2026-03-02', '2026-03-09']);
  });

  it('dates computed past the last storable day stop on it: no 500, and nothing to repair on the next read', async () => {
    const id = await w.mission({ planStartDate: '2999-11-02', planEndDate: '2999-12-20' });
    const response = await put(id, { planStartDate: '2999-12-29', planEndDate: '2999-12-01' });
    expectStatus(response, 200);
    expect([response.json().planStartDate, response.json().planEndDate]).toEqual(['2999-12-29', '2999-12-31']);
    const read = await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.owner.token });
    expect(read.json()).toMatchObject({ planEndDate: '2999-12-31', datesRepaired: false });
  });

  it('shortening the end clamps section tags and clears action items after it, in one go (rule 26)', async () => {
    const m = await plannedMission();
    const response = (await put(m.id, { planEndDate: '2026-06-14' })).json() as Json;
    expect(response.cleared).toEqual({ actionItems: 2 });
    expect(response.sectionTags).toEqual([
      { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', title: 'Catch-all', from: null, to: null, catchAll: true },
      { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', title: 'Build', from: '2026-04-01', to: '2026-06-14' },
      { _id: 'cccccccccccccccccccccccc', title: 'Launch', from: '2026-06-10', to: '2026-06-14' },
    ]);
    expect(await itemRow(m.late.id)).toMatchObject({ endDate: null, week: null, startDate: '2026-06-22' });
    expect(await itemRow(m.lateWeek.id)).toMatchObject({ week: null });
    expect(await itemRow(m.early.id)).toMatchObject({ endDate: '2026-03-05', week: '2026-03-02' });
    // The pinned PM role follows the new end (rule 28); the free role stays.
    expect(await planRow(m.pm.id)).toMatchObject({ startDate: '2026-03-02', endDate: '2026-06-14' });
    expect(response.moved.planItems).toBe(1);
    expect(await planRow(m.free.id)).toMatchObject({ startDate: '2026-03-10', endDate: '2026-04-10' });
  });

  it('a failing update writes nothing (stale updatedAt after the dates were computed)', async () => {
    const m = await plannedMission();
    const stale = await put(m.id, { planEndDate: '2026-06-14', updatedAt: '2020-01-01T00:00:00.000Z' });
    expectStatus(stale, 409);
    expect(await itemRow(m.late.id)).toMatchObject({ endDate: '2026-06-24' });
    expect((await missionRow(m.id)).planEndDate).toBe('2026-06-28');
  });

  it('a new start without shift moves only pinned plan items (rule 27–28)', async () => {
    const m = await plannedMission();
    const response = (await put(m.id, { planStartDate: '2026-03-09' })).json() as Json;
    expect(response.moved).toEqual({ actionItems: 0, actions: 0, planItems: 1 });
    expect(await planRow(m.pm.id)).toMatchObject({ startDate: '2026-03-09', endDate: '2026-06-28' });
    expect(await planRow(m.milestone.id)).toMatchObject({ startDate: '2026-05-04' });
    expect(await itemRow(m.early.id)).toMatchObject({ startDate: '2026-03-03' });
  });

  it('items pinned to a plan item that moved with the mission follow it, down the chain (rule 28)', async () => {
    const m = await plannedMission();
    const pin = async (title: string, pinnedTo: string, dates: { startDate: string; endDate: string }) =>
      (
        await t.database.db
          .insert(planItems)
          .values({ missionId: m.id, title, pinnedTo, ...dates })
          .returning()
      )[0]!;
    const deputy = await pin('Deputy', m.pm.id, { startDate: '2026-03-02', endDate: '2026-06-28' });
    const assistant = await pin('Assistant', deputy.id, { startDate: '2026-03-02', endDate: '2026-06-28' });
    const review = await pin('Review', m.milestone.id, { startDate: '2026-05-04', endDate: '2026-05-05' });
    const response = (await put(m.id, { planStartDate: '2026-03-09' })).json() as Json;
    expect(response.moved).toEqual({ actionItems: 0, actions: 0, planItems: 3 });
    for (const id of [m.pm.id, deputy.id, assistant.id]) {
      expect(await planRow(id)).toMatchObject({ startDate: '2026-03-09', endDate: '2026-06-28' });
    }
    // With shift the milestone moves a week, and the item pinned to it with it.
    const shifted = (await put(m.id, { planStartDate: '2026-03-16', shift: true })).json() as Json;
    expect(shifted.moved.planItems).toBe(5);
    expect(await planRow(m.milestone.id)).toMatchObject({ startDate: '2026-05-11', endDate: '2026-05-12' });
    expect(await planRow(review.id)).toMatchObject({ startDate: '2026-05-11', endDate: '2026-05-12' });
    expect(await planRow(assistant.id)).toMatchObject({ startDate: '2026-03-16', endDate: '2026-06-28' });
  });

  it('shift: true moves unfinished items, actions and milestones by whole weeks, never before the new start', async () => {
    const m = await plannedMission();
    const response = (await put(m.id, { planStartDate: '2026-03-09', shift: true })).json() as Json;
    expect(response.planStartDate).toBe('2026-03-09');
    // Early, Late and Late week (the done item stays); the open action; the milestone and the pinned PM role.
    expect(response.moved).toEqual({ actionItems: 3, actions: 1, planItems: 2 });
    expect(await itemRow(m.early.id)).toMatchObject({ startDate: '2026-03-10', endDate: '2026-03-12', week: '2026-03-09' });
    expect(await itemRow(m.late.id)).toMatchObject({ startDate: '2026-06-29', endDate: '2026-07-01', week: '2026-06-29' });
    expect(await itemRow(m.finished.id)).toMatchObject({ startDate: '2026-03-03', week: '2026-03-02' });
    const [open] = await t.database.db.select().from(actions).where(eq(actions.id, m.open.id));
    expect(open).toMatchObject({ startDate: '2026-03-11', endDate: '2026-03-13' });
    const [done] = await t.database.db.select().from(actions).where(eq(actions.id, m.done.id));
    expect(done).toMatchObject({ startDate: '2026-03-04' });
    expect(await planRow(m.milestone.id)).toMatchObject({ startDate: '2026-05-11', endDate: '2026-05-12' });
    expect(await planRow(m.free.id)).toMatchObject({ startDate: '2026-03-10' });
  });

  it('a forward shift under 5 days is pushed to 5 days (§4): from Thursday, one day becomes a week of shift', async () => {
    const id = await w.mission({ planStartDate: '2026-03-05', planEndDate: '2026-06-28' });
    const [action] = await t.database.db.insert(actions).values({ missionId: id, title: 'A' }).returning();
    const [item] = await t.database.db
      .insert(actionItems)
      .values({ missionId: id, actionId: action!.id, title: 'I', startDate: '2026-03-05', endDate: '2026-03-06', week: '2026-03-02' })
      .returning();
    const response = (await put(id, { planStartDate: '2026-03-06', shift: true })).json() as Json;
    expect(response).toMatchObject({ startPushedForward: true, planStartDate: '2026-03-06', moved: { actionItems: 1 } });
    expect(await itemRow(item!.id)).toMatchObject({ startDate: '2026-03-12', endDate: '2026-03-13', week: '2026-03-09' });
  });

  it('from a Monday a pushed shift stays in the same week: nothing shifts', async () => {
    const m = await plannedMission();
    const response = (await put(m.id, { planStartDate: '2026-03-04', shift: true })).json() as Json;
    expect(response).toMatchObject({ startPushedForward: true, moved: { actionItems: 0, actions: 0 } });
    expect(await itemRow(m.early.id)).toMatchObject({ startDate: '2026-03-03', week: '2026-03-02' });
  });

  it('items are never shifted before the new start', async () => {
    const m = await plannedMission();
    await t.database.db
      .update(actionItems)
      .set({ startDate: '2026-02-20', endDate: '2026-02-24', week: '2026-02-16' })
      .where(eq(actionItems.id, m.early.id));
    await put(m.id, { planStartDate: '2026-03-09', shift: true });
    expect(await itemRow(m.early.id)).toMatchObject({ startDate: '2026-03-09', endDate: '2026-03-13', week: '2026-03-09' });
  });
});
