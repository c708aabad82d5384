import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missions, planItems } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createMissionWorld, setOrg, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

/** The mission budget as its set-up sends it (`PUT /mission/:id`): amounts of a currency without minor units. */
let t: TestApp;
let world: MissionWorld;
beforeAll(async () => {
  t = await buildTestApp();
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true, currency: 'EUR' });
});
afterAll(async () => t.close());

const save = (missionId: string, body: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/mission/${missionId}`, token: world.people.p1pm.token, payload: body });
const budgetOf = async (missionId: string) =>
  (
    (await t.request({ method: 'GET', url: `/api/money/mission/${missionId}`, token: world.people.p1pm.token })).json() as {
      budget: number | null;
    }
  ).budget;

describe('a budget in a currency without minor units (YEN)', () => {
  it('is whole: a fraction of a yen is refused at the budget field (400), never kept', async () => {
    const missionId = await world.mission({ currency: 'YEN' });
    const fraction = await save(missionId, { budgetAvailable: 1_000.5 });
    expectStatus(fraction, 400);
    expect(errorOf(fraction).fields).toEqual({ budgetAvailable: 'This currency has no cents: please enter a whole amount.' });
    expect(await budgetOf(missionId)).toBeNull();
    expectStatus(await save(missionId, { budgetAvailable: 1_000 }), 200);
    expect(await budgetOf(missionId)).toBe(1_000);
  });

  it('is checked against the currency chosen with it; cents stay fine in EUR', async () => {
    const missionId = await world.mission({ currency: 'EUR' });
    expectStatus(await save(missionId, { budgetAvailable: 250.75 }), 200);
    const toYen = await save(missionId, { currency: 'YEN', budgetAvailable: 250.75 });
    expectStatus(toYen, 400);
    expect(errorOf(toYen).fields).toEqual({ budgetAvailable: 'This currency has no cents: please enter a whole amount.' });
    expectStatus(await save(missionId, { currency: 'YEN', budgetAvailable: 251 }), 200);
    expect(await budgetOf(missionId)).toBe(251);
  });
});

describe('switching a mission to a currency without minor units (YEN): its amounts are relabelled, not converted', () => {
  const NO_CENTS = 'This currency has no cents: please enter a whole amount.';
  const moneyOf = async (missionId: string) => {
    const [row] = await t.database.db
      .select({ currency: missions.currency, budget: missions.budgetAvailableMinor })
      .from(missions)
      .where(eq(missions.id, missionId));
    return row!;
  };
  const addItem = async (missionId: string, body: Record<string, unknown>) => {
    const response = await t.request({
      method: 'POST',
      url: `/api/mission-plan/mission/${missionId}`,
      token: world.people.p1pm.token,
      payload: body,
    });
    expectStatus(response, 201);
    return (response.json() as { _id: string })._id;
  };

  it('refuses the switch while the budget it keeps has cents (400 at the budget), nothing changed', async () => {
    const missionId = await world.mission({ currency: 'EUR' });
    expectStatus(await save(missionId, { budgetAvailable: 250.75 }), 200);
    const toYen = await save(missionId, { currency: 'YEN' });
    expectStatus(toYen, 400);
    expect(errorOf(toYen)).toMatchObject({ message: NO_CENTS, fields: { budgetAvailable: NO_CENTS } });
    expect(await moneyOf(missionId)).toEqual({ currency: 'EUR', budget: 25_075 });
    // to a currency with cents it is only relabelled
    expectStatus(await save(missionId, { currency: 'USD' }), 200);
    expect(await moneyOf(missionId)).toEqual({ currency: 'USD', budget: 25_075 });
  });

  it("refuses it while a cost item's or a milestone's amount has cents (400 at the currency), nothing changed", async () => {
    for (const type of ['cost', 'milestone', 'fundable_milestone']) {
      const missionId = await world.mission({ currency: 'EUR' });
      await addItem(missionId, { type, title: `A ${type}`, amount: 99.99 });
      const toYen = await save(missionId, { currency: 'YEN', budgetAvailable: 1_000 });
      expectStatus(toYen, 400);
      expect(errorOf(toYen)).toMatchObject({ message: NO_CENTS, fields: { currency: NO_CENTS } });
      expect(await moneyOf(missionId)).toEqual({ currency: 'EUR', budget: null });
    }
  });

  it('switches when every kept amount is whole; rates with cents and deleted items do not stand in the way', async () => {
    const missionId = await world.mission({ currency: 'EUR' });
    await addItem(missionId, { type: 'cost', title: 'Licences', amount: 1_200 });
    await addItem(missionId, { role: 'Developer', rate: 12.5, billRate: 20.75, rateTime: 'Hourly' });
    const gone = await addItem(missionId, { type: 'milestone', title: 'Dropped', amount: 10.5 });
    await t.database.db.update(planItems).set({ wasDeleted: true }).where(eq(planItems.id, gone));
    t.app.ctx.reads.changed(); // written behind the server's back
    expectStatus(await save(missionId, { budgetAvailable: 500 }), 200);
    expectStatus(await save(missionId, { currency: 'YEN' }), 200);
    expect(await moneyOf(missionId)).toEqual({ currency: 'YEN', budget: 50_000 });
  });
});
