import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { missions } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { expectAccess } from './support/authz-matrix.ts';
import { createMissionWorld, missionExpectations, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

/** The mission budget set-up (spec 2 §2, §3 mission money fields): PUT /api/mission/:id with the money fields. */

let t: TestApp;
let w: MissionWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createMissionWorld(t);
});
afterAll(async () => t.close());

type Json = ReturnType<typeof JSON.parse>;

const BUDGET = { currency: 'EUR', budgetAvailable: 125000.5, notBillable: false, billUsingMilestones: true, noTimesheets: true };
/** Those who see a mission's money (rule 100): its owners and project managers, the organisation's admins and managers. */
const MONEY_PEOPLE: MissionCaller[] = ['p1pm', 'p2', 'orgAdmin', 'orgManager'];

const put = (id: string, token: string | undefined, payload: Json) =>
  t.request({ method: 'PUT', url: `/api/mission/${id}`, token, payload });
const read = async (id: string, token: string) => (await t.request({ method: 'GET', url: `/api/mission/${id}`, token })).json() as Json;

describe('setting the budget of a mission', () => {
  it('saves currency, budget, billable, milestone billing and no-timesheets in one call and reads them back', async () => {
    const id = await w.mission();
    const response = await put(id, w.people.p1pm.token, BUDGET);
    expectStatus(response, 200);
    expect(response.json()).toMatchObject(BUDGET);
    expect(await read(id, w.owner.token)).toMatchObject(BUDGET);
    // the budget is kept exactly, in minor units
    const [row] = await t.database.db.select().from(missions).where(eq(missions.id, id));
    expect(row!.budgetAvailableMinor).toBe(12500050);
  });

  it('clears the budget with null and turns billing back on', async () => {
    const id = await w.mission();
    expectStatus(await put(id, w.owner.token, BUDGET), 200);
    const cleared = await put(id, w.owner.token, { budgetAvailable: null, notBillable: true, billUsingMilestones: false });
    expectStatus(cleared, 200);
    expect(cleared.json()).toMatchObject({ budgetAvailable: null, notBillable: true, billUsingMilestones: false, currency: 'EUR' });
  });

  it('refuses a negative budget, more than two decimals, an unknown currency and a non-boolean toggle (400)', async () => {
    const id = await w.mission();
    for (const [field, value] of [
      ['budgetAvailable', -1],
      ['budgetAvailable', 10.005],
      ['budgetAvailable', 1e13],
      ['budgetAvailable', '100'],
      ['currency', 'eur'],
      ['currency', 'EURO'],
      ['currency', 'ZZZ'],
      ['notBillable', 'yes'],
      ['noTimesheets', 1],
    ] as const) {
      const response = await put(id, w.owner.token, { [field]: value });
      expectStatus(response, 400);
      expect(errorOf(response).fields).toHaveProperty(field);
    }
    expect(await read(id, w.owner.token)).toMatchObject({ budgetAvailable: null, notBillable: false, noTimesheets: false });
  });

  it('only those who see the mission money set its budget; everybody else is refused or does not see the mission', async () => {
    const id = await w.mission();
    await expectAccess(
      t,
      w.callers,
      { method: 'PUT', url: `/api/mission/${id}`, payload: { budgetAvailable: 900 } },
      missionExpectations(MONEY_PEOPLE),
    );
    expect(await read(id, w.owner.token)).toMatchObject({ budgetAvailable: 900 });
  });
});

describe("the mission tells the caller whether they see its money (abilities 'money.read' and 'money.write')", () => {
  it('true for owners, project managers and the organisation admins and managers; false for the rest of the team', async () => {
    const id = await w.mission();
    const seen: Record<string, boolean> = {};
    for (const caller of ['p0', 'p1', 'p1pm', 'p2', 'p3', 'p4', 'p5', 'orgAdmin', 'orgManager'] as const) {
      const mission = await read(id, w.people[caller].token);
      expect(mission.abilities['money.read']).toBe(mission.abilities['money.write']);
      seen[caller] = mission.abilities['money.read'];
    }
    expect(seen).toEqual({
      p0: false,
      p1: false,
      p1pm: true,
      p2: true,
      p3: false,
      p4: false,
      p5: false,
      orgAdmin: true,
      orgManager: true,
    });
    expect((await read(id, w.owner.token)).abilities['money.read']).toBe(true);
  });
});
