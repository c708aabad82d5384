import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_MESSAGES, type PlanItem } from '@crewplan/domain';
import { departments, dependencies, missionAuditEvents, orgPeople, people, planItems, planItemSchedules } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { expectAccess } from './support/authz-matrix.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { createMissionWorld, endMembership, missionExpectations, setOrg, type MissionWorld } from './support/missions-world.ts';
import { addMember, createOrg, errorOf, expectStatus, verifiedPerson } from './support/org.ts';

let t: TestApp;
let world: MissionWorld;
let owner: string;

beforeAll(async () => {
  t = await buildTestApp();
  world = await createMissionWorld(t);
  owner = world.owner.token;
});
afterAll(async () => t.close());

const MANAGERS = ['p1pm', 'p2', 'orgAdmin', 'orgManager'] as const;

async function createItem(missionId: string, payload: Record<string, unknown>, token = owner): Promise<PlanItem> {
  const response = await t.request({ method: 'POST', url: `/api/mission-plan/mission/${missionId}`, token, payload });
  expectStatus(response, 201);
  return response.json() as PlanItem;
}

const itemRow = async (id: string) => (await t.database.db.select().from(planItems).where(eq(planItems.id, id)))[0]!;

describe('POST /mission-plan/mission/:id', () => {
  it('creates a role with defaults: allocation 100, dates of the mission, money in minor units', async () => {
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Developer', rate: 12.5, billRate: 20, amount: 99.99, quantity: 3, hoursNeeded: 40 });
    expect(item).toMatchObject({
      type: 'person',
      title: 'Developer',
      role: 'Developer',
      person: null,
      allocation: 100,
      startDate: '2026-01-05',
      endDate: '2026-04-05',
      rate: 12.5,
      rateTime: 'Monthly',
      billRate: 20,
      amount: 99.99,
      quantity: 3,
      hoursNeeded: 40,
      allocationStatus: { pm: 'draft', org: 'draft' },
      requests: [],
      dependencies: [],
      schedules: [],
    });
    const row = await itemRow(item._id);
    expect([row.rateMinor, row.billRateMinor, row.amountMinor]).toEqual([1250, 2000, 9999]);
  });

  it.each(['cost', 'phase', 'milestone', 'outcome', 'fundable_milestone'])('creates a %s', async (type) => {
    const mission = await world.mission();
    const item = await createItem(mission, { type, title: `A ${type}`, startDate: '2026-02-01', endDate: '2026-02-10' });
    expect(item).toMatchObject({ type, title: `A ${type}`, startDate: '2026-02-01', endDate: '2026-02-10' });
  });

  it('pushes an end not after the start to start + 5 days (rule 74)', async () => {
    const mission = await world.mission();
    const same = await createItem(mission, { role: 'A', startDate: '2026-02-01', endDate: '2026-02-01' });
    const before = await createItem(mission, { role: 'B', startDate: '2026-02-01', endDate: '2026-01-20' });
    expect([same.endDate, before.endDate]).toEqual(['2026-02-06', '2026-02-06']);
  });

  it('pinned items take the mission dates (rule 28), or the dates of the item they are pinned to', async () => {
    const mission = await world.mission();
    const whole = await createItem(mission, { role: 'PM', pinnedTo: 'entireMission', startDate: '2026-02-01', endDate: '2026-02-03' });
    expect(whole).toMatchObject({ pinnedTo: 'entireMission', startDate: '2026-01-05', endDate: '2026-04-05' });
    const end = await createItem(mission, { role: 'Closer', pinnedTo: 'endOfMission', startDate: '2026-03-01' });
    expect(end).toMatchObject({ startDate: '2026-03-01', endDate: '2026-04-05' });
    const phase = await createItem(mission, { type: 'phase', title: 'Build', startDate: '2026-02-01', endDate: '2026-02-20' });
    const pinned = await createItem(mission, { type: 'milestone', title: 'Done', pinnedTo: phase._id });
    expect(pinned).toMatchObject({ pinnedTo: phase._id, startDate: '2026-02-01', endDate: '2026-02-20' });
  });

  it('assigns a team member straight through when roles need no approval', async () => {
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev', person: world.people.p0.personId, allocation: 50 });
    expect(item).toMatchObject({ person: world.people.p0.personId, allocation: 50, allocationStatus: { pm: 'approved', org: 'draft' } });
  });

  it("refuses overlapping roles for the same person with the spec's text (409) and writes nothing", async () => {
    const mission = await world.mission();
    const p0 = world.people.p0.personId;
    await createItem(mission, { role: 'Dev', person: p0, startDate: '2026-01-10', endDate: '2026-02-10' });
    const response = await t.request({
      method: 'POST',
      url: `/api/mission-plan/mission/${mission}`,
      token: owner,
      payload: { role: 'QA', person: p0, startDate: '2026-02-10', endDate: '2026-03-10' },
    });
    expectStatus(response, 409);
    expect(errorOf(response).message).toBe('Sorry. You cannot have overlapping roles for the same person on the same project.');
    expect(await t.database.db.select().from(planItems).where(eq(planItems.missionId, mission))).toHaveLength(1);
    await createItem(mission, { role: 'QA', person: p0, startDate: '2026-02-11', endDate: '2026-03-10' });
  });

  it.each([
    ['p3', 'observer'],
    ['p4', 'organisation observer'],
    ['p5', 'limited observer'],
  ] as const)('refuses %s (%s) as the person of a role (400)', async (caller, _kind) => {
    const mission = await world.mission();
    const response = await t.request({
      method: 'POST',
      url: `/api/mission-plan/mission/${mission}`,
      token: owner,
      payload: { role: 'Dev', person: world.people[caller].personId },
    });
    expectStatus(response, 400);
    expect(errorOf(response).message).toBe(PLAN_MESSAGES.observerNotCandidate);
  });

  it('refuses a person who is not on the team (400), and a person on a cost item', async () => {
    const mission = await world.mission();
    const outsider = await t.request({
      method: 'POST',
      url: `/api/mission-plan/mission/${mission}`,
      token: owner,
      payload: { role: 'Dev', person: world.people.outsider.personId },
    });
    expectStatus(outsider, 400);
    expect(errorOf(outsider).message).toBe(PLAN_MESSAGES.notOnTeam);
    const cost = await t.request({
      method: 'POST',
      url: `/api/mission-plan/mission/${mission}`,
      token: owner,
      payload: { type: 'cost', person: world.people.p0.personId },
    });
    expectStatus(cost, 400);
  });

  it.each([
    ['allocation over 100', { allocation: 101 }],
    ['negative allocation', { allocation: -1 }],
    ['unknown type', { type: 'task' }],
    ['unknown rate time', { rateTime: 'Fortnightly' }],
    ['three decimals of money', { rate: 1.234 }],
    ['a bad date', { startDate: '2026-02-30' }],
    ['a bad pin', { pinnedTo: 'somewhere' }],
    ['an unknown field', { colour: 'red' }],
    ['daily hours over 24', { dailyHours: [{ date: '2026-02-02', hours: 25 }] }],
  ])('400 for %s', async (_name, payload) => {
    const mission = await world.mission();
    const response = await t.request({ method: 'POST', url: `/api/mission-plan/mission/${mission}`, token: owner, payload });
    expectStatus(response, 400);
  });

  it('records history and is seen in GET /mission/:id with its full shape', async () => {
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev', raciOnTasks: [], dailyHours: [{ date: '2026-01-06', hours: 4 }] });
    const events = await t.database.db.select().from(missionAuditEvents).where(eq(missionAuditEvents.entityId, item._id));
    expect(events.map((e) => [e.action, e.entity])).toEqual([['create', 'plan.items']]);
    const read = await t.request({ method: 'GET', url: `/api/mission/${mission}`, token: owner });
    expectStatus(read, 200);
    const found = (read.json() as { planItems: PlanItem[] }).planItems.find((p) => p._id === item._id);
    expect(found).toMatchObject({ dailyHours: [{ date: '2026-01-06', hours: 4 }], allocationStatus: { pm: 'draft', org: 'draft' } });
  });

  it('is for those who manage the plan', async () => {
    await expectAccess(
      t,
      world.callers,
      async () => ({ method: 'POST', url: `/api/mission-plan/mission/${await world.mission()}`, payload: { role: 'Dev' } }),
      missionExpectations(MANAGERS),
    );
  });
});

describe('PUT /mission-plan/:id/change-person', () => {
  it('400 for a person whose only department keeps its people (rule 77), unless the chooser reaches it or is an org admin', async () => {
    const mission = await world.mission();
    const [closed] = await t.database.db
      .insert(departments)
      .values({ orgId: world.orgId, title: `Closed ${Date.now()}`, dontShareResources: true })
      .returning();
    const setDepartments = (caller: 'p0' | 'p1pm', column: 'departments' | 'accessibleDepartments', ids: string[]) =>
      t.database.db
        .update(orgPeople)
        .set({ [column]: ids })
        .where(and(eq(orgPeople.orgId, world.orgId), eq(orgPeople.personId, world.people[caller].personId)));
    await setDepartments('p0', 'departments', [closed!.id]);
    try {
      const item = await createItem(mission, { role: 'Dev' });
      const assign = (token: string) =>
        t.request({
          method: 'PUT',
          url: `/api/mission-plan/${item._id}/change-person`,
          token,
          payload: { person: world.people.p0.personId },
        });
      const refused = await assign(world.people.p1pm.token);
      expectStatus(refused, 400);
      expect(errorOf(refused)).toMatchObject({ code: 'plan/department-closed', message: PLAN_MESSAGES.departmentClosed });
      expect((await itemRow(item._id)).personId).toBeNull();
      await setDepartments('p1pm', 'accessibleDepartments', [closed!.id]);
      expectStatus(await assign(world.people.p1pm.token), 200);
      await t.request({ method: 'PUT', url: `/api/mission-plan/${item._id}/change-person`, token: owner, payload: { person: null } });
      const other = await createItem(mission, { role: 'QA' });
      await setDepartments('p1pm', 'accessibleDepartments', []);
      const byAdmin = await t.request({
        method: 'PUT',
        url: `/api/mission-plan/${other._id}/change-person`,
        token: owner,
        payload: { person: world.people.p0.personId },
      });
      expectStatus(byAdmin, 200);
    } finally {
      await setDepartments('p0', 'departments', []);
      await setDepartments('p1pm', 'accessibleDepartments', []);
    }
  });

  it('assigns, then removes the person (rule 73): pin cleared, ended today, personLeftRole recorded', async () => {
    const mission = await world.mission({ planStartDate: '2020-01-06', planEndDate: '2099-01-01' });
    const item = await createItem(mission, { role: 'Dev', pinnedTo: 'entireMission' });
    const handover = await createItem(mission, { type: 'milestone', title: 'Handover', pinnedTo: item._id });
    const p1 = world.people.p1.personId;
    const assigned = await t.request({
      method: 'PUT',
      url: `/api/mission-plan/${item._id}/change-person`,
      token: owner,
      payload: { person: p1 },
    });
    expectStatus(assigned, 200);
    expect(assigned.json()).toMatchObject({ person: p1, pinnedTo: 'entireMission' });
    const removed = await t.request({
      method: 'PUT',
      url: `/api/mission-plan/${item._id}/change-person`,
      token: owner,
      payload: { person: null },
    });
    expectStatus(removed, 200);
    const today = new Date().toISOString().slice(0, 10);
    expect(removed.json()).toMatchObject({
      person: null,
      pinnedTo: null,
      endDate: today,
      personLeftRole: { personId: p1, whoKilledTheRole: world.owner.personId },
    });
    // what was pinned to the role follows its new end (rule 28)
    expect(await itemRow(handover._id)).toMatchObject({ pinnedTo: item._id, startDate: '2020-01-06', endDate: today });
  });

  it('409 on an overlapping role; 400 for an observer; 404 for a deleted item; 400 for a bad body', async () => {
    const mission = await world.mission();
    const p0 = world.people.p0.personId;
    await createItem(mission, { role: 'Dev', person: p0 });
    const other = await createItem(mission, { role: 'QA' });
    const url = `/api/mission-plan/${other._id}/change-person`;
    const overlap = await t.request({ method: 'PUT', url, token: owner, payload: { person: p0 } });
    expectStatus(overlap, 409);
    expect(errorOf(overlap).message).toBe(PLAN_MESSAGES.overlappingRoles);
    expect((await itemRow(other._id)).personId).toBeNull();
    expectStatus(await t.request({ method: 'PUT', url, token: owner, payload: { person: world.people.p3.personId } }), 400);
    expectStatus(await t.request({ method: 'PUT', url, token: owner, payload: { person: 'nope' } }), 400);
    expectStatus(await t.request({ method: 'PUT', url, token: owner, payload: {} }), 400);
    await t.request({ method: 'DELETE', url: `/api/mission-plan/${other._id}`, token: owner });
    expectStatus(await t.request({ method: 'PUT', url, token: owner, payload: { person: null } }), 404);
  });

  it('is for those who manage the plan', async () => {
    await expectAccess(
      t,
      world.callers,
      async () => {
        const item = await createItem(await world.mission(), { role: 'Dev' });
        return { method: 'PUT', url: `/api/mission-plan/${item._id}/change-person`, payload: { person: null } };
      },
      missionExpectations(MANAGERS),
    );
  });
});

describe('PUT /mission-plan/:id/bulk', () => {
  it('changes fields, fixes the end, and moves a pinned item to its own dates when unpinned', async () => {
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev', pinnedTo: 'entireMission' });
    const url = `/api/mission-plan/${item._id}/bulk`;
    const kept = await t.request({ method: 'PUT', url, token: owner, payload: { startDate: '2026-02-01' } });
    expect(kept.json()).toMatchObject({ startDate: '2026-01-05', endDate: '2026-04-05' });
    const own = await t.request({
      method: 'PUT',
      url,
      token: owner,
      payload: {
        pinnedTo: null,
        startDate: '2026-02-01',
        endDate: '2026-01-01',
        allocation: 40,
        rateTime: 'Hourly',
        title: 'Dev 2',
      },
    });
    expectStatus(own, 200);
    expect(own.json()).toMatchObject({
      pinnedTo: null,
      startDate: '2026-02-01',
      endDate: '2026-02-06',
      allocation: 40,
      rate: 0,
      rateTime: 'Hourly',
      title: 'Dev 2',
    });
  });

  it('409 when new dates overlap another role of the same person, nothing saved', async () => {
    const mission = await world.mission();
    const p0 = world.people.p0.personId;
    await createItem(mission, { role: 'Dev', person: p0, startDate: '2026-01-05', endDate: '2026-01-31' });
    const later = await createItem(mission, { role: 'QA', person: p0, startDate: '2026-02-01', endDate: '2026-02-28' });
    const response = await t.request({
      method: 'PUT',
      url: `/api/mission-plan/${later._id}/bulk`,
      token: owner,
      payload: { startDate: '2026-01-20', title: 'x' },
    });
    expectStatus(response, 409);
    expect(await itemRow(later._id)).toMatchObject({ startDate: '2026-02-01', title: 'QA' });
  });

  it('items pinned to it follow its new dates down the chain of pins, in its history (rule 28); others stay', async () => {
    const mission = await world.mission();
    const phase = await createItem(mission, { type: 'phase', title: 'Build', startDate: '2026-02-01', endDate: '2026-02-20' });
    const done = await createItem(mission, { type: 'milestone', title: 'Done', pinnedTo: phase._id });
    const review = await createItem(mission, { type: 'milestone', title: 'Review', pinnedTo: done._id });
    const free = await createItem(mission, { type: 'milestone', title: 'Free', startDate: '2026-02-01', endDate: '2026-02-20' });
    const whole = await createItem(mission, { role: 'PM', pinnedTo: 'entireMission' });
    const url = `/api/mission-plan/${phase._id}/bulk`;
    const renamed = await t.request({ method: 'PUT', url, token: owner, payload: { title: 'Build 1' } });
    expectStatus(renamed, 200);
    const moved = await t.request({ method: 'PUT', url, token: owner, payload: { startDate: '2026-03-02', endDate: '2026-03-13' } });
    expectStatus(moved, 200);
    expect(moved.json()).toMatchObject({ startDate: '2026-03-02', endDate: '2026-03-13' });
    for (const follower of [done, review]) {
      expect(await itemRow(follower._id)).toMatchObject({ pinnedTo: follower.pinnedTo, startDate: '2026-03-02', endDate: '2026-03-13' });
      const events = await t.database.db.select().from(missionAuditEvents).where(eq(missionAuditEvents.entityId, follower._id));
      expect(events.map((e) => [e.action, e.entity, e.changes])).toEqual([
        ['create', 'plan.items', expect.anything()],
        [
          'update',
          'plan.items',
          { startDate: { from: '2026-02-01', to: '2026-03-02' }, endDate: { from: '2026-02-20', to: '2026-03-13' } },
        ],
      ]);
    }
    expect(await itemRow(free._id)).toMatchObject({ startDate: '2026-02-01', endDate: '2026-02-20' });
    expect(await itemRow(whole._id)).toMatchObject({ startDate: '2026-01-05', endDate: '2026-04-05' });
    // A change that keeps the dates moves nobody.
    await t.request({ method: 'PUT', url, token: owner, payload: { title: 'Build 2', startDate: '2026-03-02' } });
    expect(await t.database.db.select().from(missionAuditEvents).where(eq(missionAuditEvents.entityId, review._id))).toHaveLength(2);
    const read = (await t.request({ method: 'GET', url: `/api/mission/${mission}`, token: owner })).json() as { planItems: PlanItem[] };
    expect(read.planItems.find((p) => p._id === review._id)).toMatchObject({ startDate: '2026-03-02', endDate: '2026-03-13' });
  });

  it("409 when a follower's person would then hold overlapping roles, nothing saved", async () => {
    const mission = await world.mission();
    const p0 = world.people.p0.personId;
    await createItem(mission, { role: 'Dev', person: p0, startDate: '2026-01-05', endDate: '2026-01-31' });
    const phase = await createItem(mission, { type: 'phase', title: 'QA phase', startDate: '2026-02-01', endDate: '2026-02-28' });
    const qa = await createItem(mission, { role: 'QA', person: p0, pinnedTo: phase._id });
    expect(qa).toMatchObject({ startDate: '2026-02-01', endDate: '2026-02-28' });
    const response = await t.request({
      method: 'PUT',
      url: `/api/mission-plan/${phase._id}/bulk`,
      token: owner,
      payload: { startDate: '2026-01-20' },
    });
    expectStatus(response, 409);
    expect(errorOf(response).code).toBe('plan/overlapping-roles');
    expect(await itemRow(phase._id)).toMatchObject({ startDate: '2026-02-01' });
    expect(await itemRow(qa._id)).toMatchObject({ startDate: '2026-02-01' });
  });

  it('400 for bad input', async () => {
    const item = await createItem(await world.mission(), { role: 'Dev' });
    const url = `/api/mission-plan/${item._id}/bulk`;
    for (const payload of [{ allocation: 200 }, { person: world.people.p0.personId }, { endDate: 'soon' }, { pinnedTo: item._id }]) {
      expectStatus(await t.request({ method: 'PUT', url, token: owner, payload }), 400);
    }
  });
});

describe('PUT /mission-plan/mission/:id/bulk', () => {
  it('sets people on several roles, all or nothing', async () => {
    const mission = await world.mission();
    const a = await createItem(mission, { role: 'A', startDate: '2026-01-05', endDate: '2026-01-31' });
    const b = await createItem(mission, { role: 'B', startDate: '2026-01-10', endDate: '2026-01-20' });
    const url = `/api/mission-plan/mission/${mission}/bulk`;
    const p0 = world.people.p0.personId;
    const refused = await t.request({
      method: 'PUT',
      url,
      token: owner,
      payload: [
        { _id: a._id, person: p0 },
        { _id: b._id, person: p0 },
      ],
    });
    expectStatus(refused, 409);
    expect([(await itemRow(a._id)).personId, (await itemRow(b._id)).personId]).toEqual([null, null]);
    const done = await t.request({
      method: 'PUT',
      url,
      token: owner,
      payload: [
        { _id: a._id, person: p0 },
        { _id: b._id, person: world.people.p1.personId },
      ],
    });
    expectStatus(done, 200);
    expect((done.json() as PlanItem[]).map((item) => item.person)).toEqual([p0, world.people.p1.personId]);
  });

  it('404 for an item of another mission; 400 for duplicates and an empty list', async () => {
    const mission = await world.mission();
    const foreign = await createItem(await world.mission(), { role: 'X' });
    const url = `/api/mission-plan/mission/${mission}/bulk`;
    expectStatus(await t.request({ method: 'PUT', url, token: owner, payload: [{ _id: foreign._id, person: null }] }), 404);
    const mine = await createItem(mission, { role: 'Y' });
    const twice = [
      { _id: mine._id, person: null },
      { _id: mine._id, person: null },
    ];
    expectStatus(await t.request({ method: 'PUT', url, token: owner, payload: twice }), 400);
    expectStatus(await t.request({ method: 'PUT', url, token: owner, payload: [] }), 400);
  });
});

describe('DELETE /mission-plan/:id', () => {
  it('marks the item deleted, drops its dependencies and unpins items pinned to it', async () => {
    const mission = await world.mission();
    const phase = await createItem(mission, { type: 'phase', title: 'Phase', startDate: '2026-02-01', endDate: '2026-02-20' });
    const milestone = await createItem(mission, { type: 'milestone', title: 'M', pinnedTo: phase._id });
    await t.request({
      method: 'PUT',
      url: `/api/mission-plan/${milestone._id}/dependency/add`,
      token: owner,
      payload: { planItemId: phase._id },
    });
    const response = await t.request({ method: 'DELETE', url: `/api/mission-plan/${phase._id}`, token: owner });
    expectStatus(response, 200);
    expect(response.json()).toEqual({ deleted: [phase._id] });
    expect((await itemRow(phase._id)).wasDeleted).toBe(true);
    expect((await itemRow(milestone._id)).pinnedTo).toBeNull();
    expect(await t.database.db.select().from(dependencies).where(eq(dependencies.toId, phase._id))).toHaveLength(0);
    const read = (await t.request({ method: 'GET', url: `/api/mission/${mission}`, token: owner })).json() as { planItems: PlanItem[] };
    expect(read.planItems.map((p) => p._id)).toEqual([milestone._id]);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/mission-plan/${phase._id}`, token: owner }), 404);
  });

  it('is for those who manage the plan', async () => {
    await expectAccess(
      t,
      world.callers,
      async () => ({ method: 'DELETE', url: `/api/mission-plan/${(await createItem(await world.mission(), { role: 'Dev' }))._id}` }),
      missionExpectations(MANAGERS),
    );
  });
});

describe('dependencies', () => {
  it("adds and removes; itself or a circle is 'Circular dependency' (400)", async () => {
    const mission = await world.mission();
    const [a, b, c] = [
      await createItem(mission, { title: 'A' }),
      await createItem(mission, { title: 'B' }),
      await createItem(mission, { title: 'C' }),
    ];
    const add = (from: PlanItem, to: PlanItem) =>
      t.request({ method: 'PUT', url: `/api/mission-plan/${from._id}/dependency/add`, token: owner, payload: { planItemId: to._id } });
    expect((await add(b, a)).json()).toMatchObject({ dependencies: [a._id] });
    expectStatus(await add(c, b), 200);
    for (const response of [await add(a, a), await add(a, c)]) {
      expectStatus(response, 400);
      expect(errorOf(response).message).toBe('Circular dependency');
    }
    const read = (await t.request({ method: 'GET', url: `/api/mission/${mission}`, token: owner })).json() as { planItems: PlanItem[] };
    expect(read.planItems.find((p) => p._id === a._id)).toMatchObject({ dependencyOnMe: [b._id] });
    const removed = await t.request({
      method: 'PUT',
      url: `/api/mission-plan/${b._id}/dependency/remove`,
      token: owner,
      payload: { planItemId: a._id },
    });
    expect(removed.json()).toMatchObject({ dependencies: [] });
    expectStatus(await add(a, c), 200);
  });

  it('404 for an item of another mission', async () => {
    const a = await createItem(await world.mission(), { title: 'A' });
    const foreign = await createItem(await world.mission(), { title: 'F' });
    const response = await t.request({
      method: 'PUT',
      url: `/api/mission-plan/${a._id}/dependency/add`,
      token: owner,
      payload: { planItemId: foreign._id },
    });
    expectStatus(response, 404);
  });
});

describe('schedules', () => {
  it('adds (hours default to 8 × allocation), updates and deletes inside the role', async () => {
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev', allocation: 50, startDate: '2026-02-01', endDate: '2026-02-28' });
    const base = `/api/mission-plan/${item._id}/schedule`;
    const added = await t.request({ method: 'POST', url: base, token: owner, payload: { startDate: '2026-02-02', endDate: '2026-02-06' } });
    expectStatus(added, 201);
    const schedule = (added.json() as PlanItem).schedules[0]!;
    expect(schedule).toMatchObject({ startDate: '2026-02-02', endDate: '2026-02-06', hoursPerDay: 4 });
    const outside = await t.request({ method: 'PUT', url: `${base}/${schedule._id}`, token: owner, payload: { endDate: '2026-03-02' } });
    expectStatus(outside, 400);
    expect(errorOf(outside).message).toBe(PLAN_MESSAGES.scheduleOutside);
    const updated = await t.request({ method: 'PUT', url: `${base}/${schedule._id}`, token: owner, payload: { hoursPerDay: 6 } });
    expect((updated.json() as PlanItem).schedules[0]).toMatchObject({ hoursPerDay: 6 });
    expectStatus(await t.request({ method: 'DELETE', url: `${base}/${schedule._id}`, token: owner }), 200);
    expect(await t.database.db.select().from(planItemSchedules).where(eq(planItemSchedules.planItemId, item._id))).toHaveLength(0);
    expectStatus(await t.request({ method: 'DELETE', url: `${base}/${schedule._id}`, token: owner }), 404);
  });

  it('400 outside the role, inverted, or too many hours', async () => {
    const item = await createItem(await world.mission(), { role: 'Dev', startDate: '2026-02-01', endDate: '2026-02-28' });
    const url = `/api/mission-plan/${item._id}/schedule`;
    for (const payload of [
      { startDate: '2026-01-30', endDate: '2026-02-03' },
      { startDate: '2026-02-10', endDate: '2026-02-03' },
      { startDate: '2026-02-02', endDate: '2026-02-03', hoursPerDay: 25 },
    ]) {
      expectStatus(await t.request({ method: 'POST', url, token: owner, payload }), 400);
    }
  });
});

describe('GET /mission-plan/my/roles', () => {
  it('lists my person roles with their mission and allocation status; not others', async () => {
    const mission = await world.mission();
    const mine = await createItem(mission, { role: 'Dev', person: world.people.p0.personId });
    await createItem(mission, { role: 'QA', person: world.people.p1.personId });
    const response = await t.request({ method: 'GET', url: '/api/mission-plan/my/roles', token: world.people.p0.token });
    expectStatus(response, 200);
    const roles = response.json() as { planItem: PlanItem; mission: { _id: string; title: string } }[];
    const found = roles.filter((role) => role.mission._id === mission);
    expect(found.map((role) => role.planItem._id)).toEqual([mine._id]);
    expect(found[0]!.planItem.allocationStatus.pm).toBe('approved');
    expectStatus(await t.request({ method: 'GET', url: '/api/mission-plan/my/roles' }), 401);
  });

  it('leaves out the roles of an organisation requiring two-factor sign-in I lack (rule 109), one I left, one deleted', async () => {
    const me = await verifiedPerson(t);
    const missionIn = async (title: string) => {
      const orgId = (await createOrg(t, owner))._id;
      await addMember(t, orgId, me, 'MEMBER');
      const mission = await insertMission(t, world.owner, { orgId, title });
      await addToMission(t, mission.id, me, 0);
      await createItem(mission.id, { role: 'Dev', person: me.personId });
      return orgId;
    };
    const titles = async () => {
      const response = await t.request({ method: 'GET', url: '/api/mission-plan/my/roles', token: me.token });
      expectStatus(response, 200);
      return (response.json() as { mission: { title: string } }[]).map((role) => role.mission.title).sort();
    };
    const [mfa, left, deleted] = [await missionIn('needs 2FA'), await missionIn('left'), await missionIn('deleted')];
    expect(await titles()).toEqual(['deleted', 'left', 'needs 2FA']);
    await setOrg(t, mfa, { isMFARequired: true });
    await setOrg(t, deleted, { deletedAt: new Date() });
    await endMembership(t, left, me.personId);
    expect(await titles()).toEqual([]);
    await t.database.db.update(people).set({ twoFactorEnabled: true }).where(eq(people.id, me.personId));
    expect(await titles()).toEqual(['needs 2FA']);
  });
});
