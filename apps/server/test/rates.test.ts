import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canOnOrgMoney, COSTS_BLOCKED_MESSAGE, type PlanItem, type RateCard } from '@crewplan/domain';
import { changeOf } from '../src/commands/index.ts';
import { newId } from '../src/lib/ids.ts';
import { actionItems, actions, clients, missionAuditEvents, missions, planItems, rateCards } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission } from './support/missions.ts';
import { expectAccess, orgActorOf, orgExpectations, orgPrincipals, type OrgPrincipal } from './support/authz-matrix.ts';
import { createMissionWorld, MISSION_CALLERS, setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { createOrgWorld, errorOf, expectStatus, type OrgWorld } from './support/org.ts';

let t: TestApp;
let world: MissionWorld;
let owner: string;

beforeAll(async () => {
  t = await buildTestApp();
  world = await createMissionWorld(t);
  owner = world.owner.token;
});
afterAll(async () => t.close());

type Json = Record<string, unknown>;
const tokenOf = (caller: Exclude<MissionCaller, 'anonymous'>) => world.people[caller].token;
const itemRow = async (id: string) => (await t.database.db.select().from(planItems).where(eq(planItems.id, id)))[0]!;

async function createItem(missionId: string, payload: Json, token = owner): Promise<PlanItem> {
  const response = await t.request({ method: 'POST', url: `/api/mission-plan/mission/${missionId}`, token, payload });
  expectStatus(response, 201);
  return response.json() as PlanItem;
}
const putItem = (id: string, payload: Json, token = owner) =>
  t.request({ method: 'PUT', url: `/api/mission-plan/${id}/bulk`, token, payload });

async function createRole(name: string, cost: number, rateTime: string, orgId = world.orgId, token = owner): Promise<string> {
  const response = await t.request({ method: 'POST', url: `/api/org/${orgId}/roles`, token, payload: { name, cost, rateTime } });
  expectStatus(response, 201);
  return (response.json() as { _id: string })._id;
}
async function createClient(name: string): Promise<string> {
  const response = await t.request({ method: 'POST', url: `/api/org/${world.orgId}/client`, token: owner, payload: { name } });
  expectStatus(response, 201);
  return (response.json() as { _id: string })._id;
}
const postCard = (payload: Json, token = owner, orgId = world.orgId) =>
  t.request({ method: 'POST', url: `/api/org/${orgId}/rate-card`, token, payload });
async function createCard(payload: Json): Promise<RateCard> {
  const response = await postCard(payload);
  expectStatus(response, 201);
  return response.json() as RateCard;
}

const MONEY_SEERS: MissionCaller[] = ['p1pm', 'p2', 'orgAdmin', 'orgManager'];
const READERS: MissionCaller[] = ['p0', 'p1', 'p1pm', 'p2', 'p3', 'p4', 'p5', 'orgAdmin', 'orgManager'];

describe('who sees the money of plan items', () => {
  it('the mission load carries rates, bill rates, amounts and the budget only for mission admins and organisation admins and managers', async () => {
    const mission = await world.mission();
    await createItem(mission, { role: 'Developer', rate: 12.5, billRate: 20, billUnit: 'Hourly', rateTime: 'Hourly' });
    await createItem(mission, { type: 'cost', title: 'Licences', amount: 999.99, quantity: 3 });
    expectStatus(
      await t.request({ method: 'PUT', url: `/api/mission/${mission}`, token: owner, payload: { budgetAvailable: 25000 } }),
      200,
    );
    const seen: Record<string, unknown> = {};
    for (const caller of READERS) {
      const response = await t.request({
        method: 'GET',
        url: `/api/mission/${mission}`,
        token: tokenOf(caller as Exclude<MissionCaller, 'anonymous'>),
      });
      expectStatus(response, 200);
      const { planItems: items, budgetAvailable } = response.json() as { planItems: PlanItem[]; budgetAvailable: number | null };
      const role = items.find((item) => item.role === 'Developer')!;
      const cost = items.find((item) => item.title === 'Licences')!;
      seen[caller] = [role.rate, role.billRate, cost.amount, budgetAvailable];
      // Units and quantities are not money: everyone who reads the plan sees them.
      expect([role.rateTime, role.billUnit, cost.quantity]).toEqual(['Hourly', 'Hourly', 3]);
    }
    expect(seen).toEqual(
      Object.fromEntries(
        READERS.map((caller) => [caller, MONEY_SEERS.includes(caller) ? [12.5, 20, 999.99, 25000] : [null, null, null, null]]),
      ),
    );
  });

  it('the mission history keeps rate changes from those who may not see money', async () => {
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Analyst', rate: 40, rateTime: 'Hourly' });
    expectStatus(await putItem(item._id, { rate: 45, billRate: 70 }), 200);
    const moneyKeys = new Set(['rateMinor', 'billRateMinor', 'amountMinor']);
    const seen: Record<string, string[]> = {};
    for (const caller of READERS) {
      const response = await t.request({
        method: 'GET',
        url: `/api/mission/${mission}/history`,
        token: tokenOf(caller as Exclude<MissionCaller, 'anonymous'>),
      });
      if (response.statusCode === 403) continue;
      expectStatus(response, 200);
      const events = (response.json() as { events: { entityId: string; changes: Record<string, unknown> }[] }).events;
      seen[caller] = events
        .filter((event) => event.entityId === item._id)
        .flatMap((event) => Object.keys(event.changes).filter((key) => moneyKeys.has(key)))
        .sort();
    }
    for (const [caller, keys] of Object.entries(seen)) {
      expect(keys, caller).toEqual(MONEY_SEERS.includes(caller as MissionCaller) ? ['billRateMinor', 'rateMinor'] : []);
    }
    expect(Object.keys(seen)).toEqual(expect.arrayContaining(['p0', 'p2']));
  });

  it('the mission history and audit tree keep people’s expenses and timesheets from those who may not see money', async () => {
    const mission = await world.mission();
    const event = (entity: string, title: string, changes: Record<string, { from: unknown; to: unknown }>) => ({
      id: newId(),
      missionId: mission,
      actorPersonId: world.people.p0.personId,
      action: 'create',
      entity,
      entityId: newId(),
      title,
      changes,
    });
    await t.database.db
      .insert(missionAuditEvents)
      .values([
        event('expenses', 'Expense of 59.90 EUR on 2026-11-17', { total: { from: null, to: '59.90 EUR' } }),
        event('timesheets', 'Week of 2026-11-16', { minutes: { from: null, to: 1170 } }),
        event('kpis', 'Page load', { unit: { from: null, to: 's' } }),
      ]);
    const seen: Record<string, string[]> = {};
    for (const caller of READERS) {
      const token = tokenOf(caller as Exclude<MissionCaller, 'anonymous'>);
      const history = await t.request({ method: 'GET', url: `/api/mission/${mission}/history`, token });
      expectStatus(history, 200);
      const entities = (history.json() as { events: { entity: string }[] }).events.map((e) => e.entity);
      const tree = await t.request({ method: 'GET', url: `/api/mission/${mission}/audit/tree`, token });
      expectStatus(tree, 200);
      const kinds = (tree.json() as { children: { entity: string }[] }).children.map((kind) => kind.entity);
      const told = (list: string[]) => list.filter((entity) => ['expenses', 'timesheets', 'kpis'].includes(entity)).sort();
      seen[caller] = [...told(entities), '|', ...told(kinds)];
    }
    expect(seen).toEqual(
      Object.fromEntries(
        READERS.map((caller) => [
          caller,
          MONEY_SEERS.includes(caller) ? ['expenses', 'kpis', 'timesheets', '|', 'expenses', 'kpis', 'timesheets'] : ['kpis', '|', 'kpis'],
        ]),
      ),
    );
  });

  it('my roles show my rate only on missions I administer', async () => {
    const mission = await world.mission();
    await createItem(mission, { role: 'Builder', person: world.people.p0.personId, rate: 40, rateTime: 'Hourly' });
    await createItem(mission, { role: 'Lead', person: world.people.p2.personId, rate: 60, rateTime: 'Hourly' });
    const mine = async (caller: 'p0' | 'p2') => {
      const response = await t.request({ method: 'GET', url: '/api/mission-plan/my/roles', token: tokenOf(caller) });
      expectStatus(response, 200);
      return (response.json() as { planItem: PlanItem }[])
        .filter((role) => role.planItem.missionId === mission)
        .map((role) => role.planItem.rate);
    };
    expect(await mine('p0')).toEqual([null]);
    expect(await mine('p2')).toEqual([60]);
  });

  it("my roles show my rate where the mission load shows it: as the organisation's manager on its team, not as a member", async () => {
    const mission = await world.mission();
    const manager = world.people.orgManager;
    await addToMission(t, mission, manager, 0);
    await createItem(mission, { role: 'Reviewer', person: manager.personId, rate: 35, rateTime: 'Hourly' });
    const response = await t.request({ method: 'GET', url: '/api/mission-plan/my/roles', token: manager.token });
    expectStatus(response, 200);
    const rates = (response.json() as { planItem: PlanItem }[]).filter((r) => r.planItem.missionId === mission).map((r) => r.planItem.rate);
    expect(rates).toEqual([35]);
    const load = await t.request({ method: 'GET', url: `/api/mission/${mission}`, token: manager.token });
    expectStatus(load, 200);
    expect((load.json() as { planItems: PlanItem[] }).planItems.find((item) => item.role === 'Reviewer')!.rate).toBe(35);
  });

  it('realtime changes of plan items and roles never carry money', () => {
    const plan = changeOf({
      action: 'update',
      entity: 'plan.items',
      id: 'a'.repeat(24),
      title: 'Dev',
      changes: {
        rateMinor: { from: 0, to: 1250 },
        billRateMinor: { from: 0, to: 2000 },
        amountMinor: { from: null, to: 5 },
        title: { from: 'A', to: 'Dev' },
      },
    });
    expect(plan.data).toEqual({ title: 'Dev' });
    const role = changeOf({
      action: 'update',
      entity: 'roles',
      id: 'b'.repeat(24),
      title: 'Eng',
      changes: { costMinor: { from: 0, to: 9 } },
    });
    expect(role.data).toBeUndefined();
    expect(
      changeOf({ action: 'create', entity: 'rate.cards', id: 'c'.repeat(24), title: 'Card', changes: { name: { from: null, to: 'Card' } } })
        .data,
    ).toBeUndefined();
  });

  it('a realtime change of a mission never carries its budget (its readers include who may not see money)', () => {
    const mission = changeOf({
      action: 'update',
      entity: 'missions',
      id: 'd'.repeat(24),
      title: 'Mission',
      changes: { budgetAvailableMinor: { from: null, to: 1_000_000 }, title: { from: 'Old', to: 'Mission' } },
    });
    expect(mission.data).toEqual({ title: 'Mission' });
    const budgetOnly = changeOf({
      action: 'update',
      entity: 'missions',
      id: 'd'.repeat(24),
      title: 'Mission',
      changes: { budgetAvailableMinor: { from: 500, to: 900 } },
    });
    expect(budgetOnly.data).toBeUndefined();
  });
});

describe('who sets the money of plan items', () => {
  it.each(MISSION_CALLERS.filter((caller) => caller !== 'anonymous'))(
    '%s: a rate change is saved only by who sees money',
    async (caller) => {
      const mission = await world.mission();
      const item = await createItem(mission, { role: 'Dev', rate: 10 });
      const response = await putItem(
        item._id,
        { rate: 55.5, billRate: 80, billUnit: 'Daily' },
        tokenOf(caller as Exclude<MissionCaller, 'anonymous'>),
      );
      const row = await itemRow(item._id);
      if (MONEY_SEERS.includes(caller)) {
        expectStatus(response, 200);
        expect([row.rateMinor, row.billRateMinor, row.billUnit]).toEqual([5550, 8000, 'Daily']);
      } else {
        expect([403, 404]).toContain(response.statusCode);
        expect([row.rateMinor, row.billRateMinor, row.billUnit]).toEqual([1000, 0, null]);
      }
    },
  );
});

describe('rate fields on a plan item', () => {
  it('edits bill unit, quantity and hours needed; rate units and labels come from the list', async () => {
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev', rate: 50, rateTime: 'Hourly' });
    const response = await putItem(item._id, { billRate: 75.25, billUnit: 'One time', quantity: 4, hoursNeeded: 120.5 });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ billRate: 75.25, billUnit: 'One time', quantity: 4, hoursNeeded: 120.5 });
    expect(await itemRow(item._id)).toMatchObject({ billRateMinor: 7525, billUnit: 'One time', quantity: 4, hoursNeeded: 120.5 });
  });

  it.each([
    ['a negative rate', { rate: -1 }, 'rate'],
    ['a negative bill rate', { billRate: -0.01 }, 'billRate'],
    ['a rate unit not in the list', { rateTime: 'Fortnightly' }, 'rateTime'],
    ['a bill unit not in the list', { billUnit: 'p/h' }, 'billUnit'],
    ['an amount beyond 10^12', { amount: 1_000_000_000_000.01 }, 'amount'],
    ['a rate beyond 10^12', { rate: 2e12 }, 'rate'],
    ['a negative quantity', { quantity: -3 }, 'quantity'],
    ['negative hours needed', { hoursNeeded: -1 }, 'hoursNeeded'],
    ['a NUL character', { role: 'Dev\u0000' }, 'role'],
    ['a rate given as text', { rate: '12' }, 'rate'],
  ])('400 for %s, naming %s, nothing written', async (_case, payload, field) => {
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev', rate: 10 });
    const before = await itemRow(item._id);
    const response = await putItem(item._id, payload);
    expectStatus(response, 400);
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual([field]);
    expect(await itemRow(item._id)).toEqual(before);
    const created = await t.request({
      method: 'POST',
      url: `/api/mission-plan/mission/${mission}`,
      token: owner,
      payload: { role: 'Other', ...payload },
    });
    expectStatus(created, 400);
  });
});

describe('rule 191: costs are blocked when start is not before end', () => {
  it.each([
    ['a person role with a rate, start = end', { role: 'Dev', rate: 10, startDate: '2026-02-01', endDate: '2026-02-01' }],
    ['a person role with a bill rate, end before start', { role: 'Dev', billRate: 10, startDate: '2026-02-01', endDate: '2026-01-20' }],
    [
      'a cost item with an amount, end before start',
      { type: 'cost', title: 'Hardware', amount: 500, startDate: '2026-02-01', endDate: '2026-01-31' },
    ],
  ])('refuses to create %s', async (_case, payload) => {
    const mission = await world.mission();
    const count = async () => (await t.database.db.select().from(planItems).where(eq(planItems.missionId, mission))).length;
    const before = await count();
    const response = await t.request({ method: 'POST', url: `/api/mission-plan/mission/${mission}`, token: owner, payload });
    expectStatus(response, 400);
    expect(errorOf(response)).toMatchObject({
      code: 'money/costs-blocked',
      message: COSTS_BLOCKED_MESSAGE,
      fields: { endDate: COSTS_BLOCKED_MESSAGE },
    });
    expect(await count()).toBe(before);
  });

  it('refuses to change the dates of an item with money so that it ends before it starts; nothing written', async () => {
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev', rate: 10, startDate: '2026-02-01', endDate: '2026-02-20' });
    const response = await putItem(item._id, { endDate: '2026-01-15', title: 'Moved' });
    expectStatus(response, 400);
    expect(errorOf(response).message).toBe(COSTS_BLOCKED_MESSAGE);
    expect(await itemRow(item._id)).toMatchObject({ endDate: '2026-02-20', title: 'Dev' });
    // Giving it money while its dates are inverted is refused too; a phase without money keeps the +5 days repair.
    const blocked = await putItem(item._id, { rate: 20, startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(errorOf(blocked).code).toBe('money/costs-blocked');
    const phase = await createItem(mission, { type: 'phase', title: 'P', startDate: '2026-02-01', endDate: '2026-02-01' });
    expect(phase.endDate).toBe('2026-02-06');
  });
});

describe('hours on tasks (raciOnTasks)', () => {
  async function taskOf(missionId: string, title = 'Wireframes'): Promise<string> {
    const [action] = await t.database.db.insert(actions).values({ missionId, title: 'Build' }).returning();
    const [task] = await t.database.db.insert(actionItems).values({ missionId, actionId: action!.id, title }).returning();
    return task!.id;
  }

  it('saves entries with hours needed computed from hours per frequency over the dates', async () => {
    const mission = await world.mission();
    const [wire, review] = [await taskOf(mission), await taskOf(mission, 'Review')];
    const item = await createItem(mission, { role: 'Dev', startDate: '2026-01-05', endDate: '2026-01-18' });
    const response = await putItem(item._id, {
      raciOnTasks: [
        { taskId: wire, hoursPer: 2, frequency: 'Per day', startDate: '2026-01-05', endDate: '2026-01-09', actualHours: 3 },
        { taskId: review, hoursPer: 4, frequency: 'Per week' },
        { taskId: wire, hoursPer: 6, frequency: 'Total' },
      ],
    });
    expectStatus(response, 200);
    const entries = (response.json() as PlanItem).raciOnTasks;
    expect(entries.map((entry) => [entry.frequency, entry.hoursNeeded])).toEqual([
      ['Per day', 10],
      ['Per week', 8],
      ['Total', 6],
    ]);
    expect(entries[0]).toMatchObject({ taskId: wire, actualHours: 3, startDate: '2026-01-05', endDate: '2026-01-09' });
    const created = await createItem(mission, {
      role: 'QA',
      startDate: '2026-01-05',
      endDate: '2026-01-09',
      raciOnTasks: [{ taskId: review, hoursPer: 1, frequency: 'Per day' }],
    });
    expect(created.raciOnTasks[0]).toMatchObject({ hoursNeeded: 5 });
  });

  it.each([
    ['a task of another mission', 'other', {}, 'raciOnTasks.0.taskId'],
    ['an unknown frequency', 'own', { frequency: 'Per hour' }, 'raciOnTasks.0.frequency'],
    ['an end before the start', 'own', { startDate: '2026-01-09', endDate: '2026-01-05' }, 'raciOnTasks.0.endDate'],
    ['negative hours', 'own', { hoursPer: -2 }, 'raciOnTasks.0.hoursPer'],
  ] as const)('400 for %s, naming %s, nothing written', async (_case, whose, change, field) => {
    const mission = await world.mission();
    const task = await taskOf(whose === 'own' ? mission : await world.mission());
    const item = await createItem(mission, { role: 'Dev' });
    const response = await putItem(item._id, { raciOnTasks: [{ taskId: task, hoursPer: 2, frequency: 'Per day', ...change }] });
    expectStatus(response, 400);
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual([field]);
    expect((await itemRow(item._id)).raciOnTasks).toEqual([]);
  });
});

describe('organisation roles carry a cost and a rate time', () => {
  it('new roles take roleDefaultRateTime; their cost shows only to organisation admins and managers', async () => {
    await setOrg(t, world.orgId, { roleDefaultRateTime: 'Weekly' });
    const roleId = await createRole(`Analyst ${Date.now()}`, 2000, undefined as unknown as string);
    await setOrg(t, world.orgId, { roleDefaultRateTime: 'Monthly' });
    const costs: Record<string, unknown> = {};
    for (const caller of ['orgAdmin', 'orgManager', 'p0', 'p2'] as const) {
      const response = await t.request({ method: 'GET', url: `/api/org/${world.orgId}`, token: tokenOf(caller) });
      expectStatus(response, 200);
      const role = (response.json() as { roles: { _id: string; cost: number | null; rateTime: string }[] }).roles.find(
        (r) => r._id === roleId,
      )!;
      costs[caller] = [role.cost, role.rateTime];
    }
    // p0 and p2 are organisation members (their mission permissions do not reach the organisation's money).
    expect(costs).toEqual({ orgAdmin: [2000, 'Weekly'], orgManager: [2000, 'Weekly'], p0: [null, 'Weekly'], p2: [null, 'Weekly'] });
  });

  it.each([
    ['a negative cost', { cost: -5 }, 'cost'],
    ['an unknown rate time', { rateTime: 'Fortnightly' }, 'rateTime'],
    ['a cost beyond 10^12', { cost: 1e13 }, 'cost'],
  ])('400 for %s', async (_case, payload, field) => {
    const response = await t.request({
      method: 'POST',
      url: `/api/org/${world.orgId}/roles`,
      token: owner,
      payload: { name: `Bad ${field} ${Date.now()}`, ...payload },
    });
    expectStatus(response, 400);
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual([field]);
  });

  it('rule 190: a role created on a mission is paid Monthly, Hourly when project creation is restricted', async () => {
    const mission = await world.mission();
    expect((await createItem(mission, { role: 'Default' })).rateTime).toBe('Monthly');
    await setOrg(t, world.orgId, { projectCreationRestricted: true });
    try {
      expect((await createItem(mission, { role: 'Restricted' })).rateTime).toBe('Hourly');
      expect((await createItem(mission, { role: 'Chosen', rateTime: 'Daily' })).rateTime).toBe('Daily');
    } finally {
      await setOrg(t, world.orgId, { projectCreationRestricted: false });
    }
  });
});

describe('rate cards', () => {
  let orgWorld: OrgWorld;
  beforeAll(async () => {
    orgWorld = await createOrgWorld(t);
  });

  it('CRUD through the API; plan items keep the rate they took', async () => {
    const engineer = await createRole(`Engineer ${Date.now()}`, 5000, 'Monthly');
    const clientId = await createClient(`Acme ${Date.now()}`);
    const mission = await world.mission({ clientId });
    const clientCard = await createCard({
      name: 'Acme rates',
      usedForId: clientId,
      ratesByRole: [{ roleId: engineer, rate: 80, rateTime: 'Hourly' }],
    });
    expect(clientCard).toMatchObject({
      usedFor: 'client',
      ratesByRole: [{ roleId: engineer, rate: 80, rateTime: 'Hourly', billRate: null }],
    });
    expect((await itemRow((await createItem(mission, { role: 'A', orgRole: engineer }))._id)).rateMinor).toBe(8000);

    const card = await createCard({
      name: 'Project rates',
      usedForId: mission,
      ratesByRole: [{ roleId: engineer, rate: 95, rateTime: 'Daily', billRate: 140 }],
    });
    expect(card).toMatchObject({ usedFor: 'mission', usedForTitle: expect.any(String), org: world.orgId });
    const fromCard = await createItem(mission, { role: 'B', orgRole: engineer });
    expect(fromCard).toMatchObject({ rate: 95, rateTime: 'Daily', billRate: 140, billUnit: 'Daily' });

    const list = await t.request({ method: 'GET', url: `/api/org/${world.orgId}/rate-card`, token: owner });
    expect((list.json() as RateCard[]).map((c) => c._id)).toEqual(expect.arrayContaining([card._id, clientCard._id]));
    const one = await t.request({ method: 'GET', url: `/api/org/${world.orgId}/rate-card/${card._id}`, token: owner });
    expect(one.json()).toEqual(card);

    const changed = await t.request({
      method: 'PUT',
      url: `/api/org/${world.orgId}/rate-card/${card._id}`,
      token: owner,
      payload: { name: 'Project rates 2', ratesByRole: [{ roleId: engineer, rate: 100, rateTime: 'Daily' }] },
    });
    expectStatus(changed, 200);
    expect(changed.json()).toMatchObject({ name: 'Project rates 2', ratesByRole: [{ rate: 100, billRate: null }] });
    expect((await itemRow(fromCard._id)).rateMinor).toBe(9500);
    expect((await createItem(mission, { role: 'C', orgRole: engineer })).rate).toBe(100);

    const removed = await t.request({ method: 'DELETE', url: `/api/org/${world.orgId}/rate-card/${card._id}`, token: owner });
    expect(removed.json()).toEqual({ deleted: card._id });
    expect(await t.database.db.select().from(rateCards).where(eq(rateCards.id, card._id))).toEqual([]);
    expect((await createItem(mission, { role: 'D', orgRole: engineer })).rate).toBe(80);
  });

  it('a change that leaves the rates out keeps them (renaming a card, moving it to another mission)', async () => {
    const engineer = await createRole(`Kept ${Date.now()}`, 5000, 'Monthly');
    const card = await createCard({
      name: 'Kept rates',
      usedForId: await world.mission(),
      ratesByRole: [{ roleId: engineer, rate: 95, rateTime: 'Daily', billRate: 140 }],
    });
    const put = (payload: Json) =>
      t.request({ method: 'PUT', url: `/api/org/${world.orgId}/rate-card/${card._id}`, token: owner, payload });
    const renamed = await put({ name: 'Renamed rates' });
    expectStatus(renamed, 200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed rates', ratesByRole: card.ratesByRole });
    const moved = await put({ usedForId: await world.mission() });
    expectStatus(moved, 200);
    expect(moved.json()).toMatchObject({ ratesByRole: card.ratesByRole });
    const [row] = await t.database.db.select().from(rateCards).where(eq(rateCards.id, card._id));
    expect(row!.ratesByRole).toEqual([{ roleId: engineer, rateMinor: 9500, rateTime: 'Daily', billRateMinor: 14000 }]);
  });

  it('the lookup: own rate first, then mission card, client card, the role cost; given a role later when it has no rate', async () => {
    const designer = await createRole(`Designer ${Date.now()}`, 4200, 'Weekly');
    const mission = await world.mission();
    expect(await createItem(mission, { role: 'Own', orgRole: designer, rate: 33, rateTime: 'Hourly' })).toMatchObject({
      rate: 33,
      rateTime: 'Hourly',
    });
    expect(await createItem(mission, { role: 'Cost', orgRole: designer })).toMatchObject({ rate: 4200, rateTime: 'Weekly', billRate: 0 });
    const later = await createItem(mission, { role: 'Later' });
    const given = await putItem(later._id, { orgRole: designer });
    expect(given.json()).toMatchObject({ orgRole: designer, rate: 4200, rateTime: 'Weekly' });
    const priced = await createItem(mission, { role: 'Priced', rate: 12 });
    expect((await putItem(priced._id, { orgRole: designer })).json()).toMatchObject({ rate: 12 });
    // A cost item is not a person role: it takes no rate from the role.
    expect(await createItem(mission, { type: 'cost', title: 'Travel', orgRole: designer })).toMatchObject({ rate: 0 });
  });

  it('400 for a role of another organisation on a plan item; nothing written', async () => {
    const foreign = await createRole(`Foreign ${Date.now()}`, 1, 'Hourly', orgWorld.orgId, orgWorld.people.admin.token);
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev' });
    const response = await putItem(item._id, { orgRole: foreign });
    expectStatus(response, 400);
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['orgRole']);
    expect((await itemRow(item._id)).orgRoleId).toBeNull();
  });

  it.each([
    ['a negative rate', (role: string) => ({ ratesByRole: [{ roleId: role, rate: -1, rateTime: 'Hourly' }] }), 'ratesByRole.0.rate'],
    [
      'an unknown rate unit',
      (role: string) => ({ ratesByRole: [{ roleId: role, rate: 1, rateTime: 'Hourlyish' }] }),
      'ratesByRole.0.rateTime',
    ],
    [
      'an amount beyond 10^12',
      (role: string) => ({ ratesByRole: [{ roleId: role, rate: 1, rateTime: 'Hourly', billRate: 1e12 + 1 }] }),
      'ratesByRole.0.billRate',
    ],
    ['a NUL in the name', () => ({ name: 'Rates\u0000' }), 'name'],
    ['an unknown field', () => ({ currency: 'ZZZ' }), 'currency'],
    [
      'a role of another organisation',
      (_role: string, foreign: string) => ({ ratesByRole: [{ roleId: foreign, rate: 1, rateTime: 'Hourly' }] }),
      'ratesByRole',
    ],
    [
      'a mission of another organisation',
      (_role: string, _foreign: string, otherMission: string) => ({ usedForId: otherMission }),
      'usedForId',
    ],
  ] as const)('400 for %s, naming %s, nothing written', async (_case, change, field) => {
    const role = await createRole(`Card role ${Date.now()}`, 1, 'Hourly');
    const foreign = await createRole(`Foreign card ${Date.now()}`, 1, 'Hourly', orgWorld.orgId, orgWorld.people.admin.token);
    const [otherMission] = await t.database.db
      .insert(missions)
      .values({ title: 'Elsewhere', orgId: orgWorld.orgId, createdBy: orgWorld.people.admin.personId })
      .returning();
    const mission = await world.mission();
    const response = await postCard({ name: 'Rates', usedForId: mission, ...change(role, foreign, otherMission!.id) });
    expectStatus(response, 400);
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual([field]);
    expect(await t.database.db.select().from(rateCards).where(eq(rateCards.usedForId, mission))).toEqual([]);
  });

  it('one card per mission or client (409); 404 for a card of another organisation', async () => {
    const mission = await world.mission();
    await createCard({ name: 'First', usedForId: mission });
    const again = await postCard({ name: 'Second', usedForId: mission });
    expectStatus(again, 409);
    const [client] = await t.database.db.insert(clients).values({ orgId: orgWorld.orgId, name: 'Theirs' }).returning();
    const theirs = await postCard({ name: 'Theirs', usedForId: client!.id }, orgWorld.people.admin.token, orgWorld.orgId);
    expectStatus(theirs, 201);
    const id = (theirs.json() as RateCard)._id;
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await t.request({
        method,
        url: `/api/org/${world.orgId}/rate-card/${id}`,
        token: owner,
        ...(method === 'PUT' && { payload: { name: 'Mine' } }),
      });
      expectStatus(response, 404);
    }
  });

  it('access: organisation admins and managers read and write rate cards; others never', async () => {
    const principals = orgPrincipals(orgWorld);
    // Organisation admins and managers only: limited managers, members, observers and API keys never (404 off the organisation).
    const expected = orgExpectations(orgWorld, () => 403);
    Object.assign(expected, { admin: 'allowed', manager: 'allowed' });
    const decide = (verb: 'money.read' | 'money.write') => {
      for (const [principal, outcome] of Object.entries(expected))
        if (principal !== 'anonymous' && outcome !== 404)
          expect(canOnOrgMoney(orgActorOf(orgWorld, principal as OrgPrincipal)!, verb)).toBe(outcome === 'allowed');
      return expected;
    };
    const [client] = await t.database.db
      .insert(clients)
      .values({ orgId: orgWorld.orgId, name: `Matrix ${Date.now()}` })
      .returning();
    const card = await postCard({ name: 'Matrix', usedForId: client!.id }, orgWorld.people.admin.token, orgWorld.orgId);
    const id = (card.json() as RateCard)._id;
    const base = `/api/org/${orgWorld.orgId}/rate-card`;
    await expectAccess(t, principals, { method: 'GET', url: base }, decide('money.read'));
    await expectAccess(t, principals, { method: 'GET', url: `${base}/${id}` }, decide('money.read'));
    await expectAccess(t, principals, { method: 'PUT', url: `${base}/${id}`, payload: { name: 'Renamed' } }, decide('money.write'));
    await expectAccess(
      t,
      principals,
      async () => {
        const [other] = await t.database.db
          .insert(clients)
          .values({ orgId: orgWorld.orgId, name: `M ${Math.random()}` })
          .returning();
        return { method: 'POST', url: base, payload: { name: 'New', usedForId: other!.id } };
      },
      decide('money.write'),
    );
    await expectAccess(
      t,
      principals,
      async () => {
        const [other] = await t.database.db
          .insert(clients)
          .values({ orgId: orgWorld.orgId, name: `D ${Math.random()}` })
          .returning();
        const created = await postCard({ name: 'Doomed', usedForId: other!.id }, orgWorld.people.admin.token, orgWorld.orgId);
        return { method: 'DELETE', url: `${base}/${(created.json() as RateCard)._id}` };
      },
      decide('money.write'),
    );
  });
});
