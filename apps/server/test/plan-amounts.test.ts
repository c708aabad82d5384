import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanItem } from '@crewplan/domain';
import { planItems } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createMissionWorld, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

let t: TestApp;
let world: MissionWorld;

beforeAll(async () => {
  t = await buildTestApp();
  world = await createMissionWorld(t);
});
afterAll(async () => t.close());

const NO_CENTS = 'This currency has no cents: please enter a whole amount.';

const create = (missionId: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/mission-plan/mission/${missionId}`, token: world.owner.token, payload });
const change = (itemId: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/mission-plan/${itemId}/bulk`, token: world.owner.token, payload });
const itemsOf = (missionId: string, type: string) =>
  t.database.db
    .select()
    .from(planItems)
    .where(and(eq(planItems.missionId, missionId), eq(planItems.type, type)));

describe('plan amounts in a currency without minor units (YEN)', () => {
  it('a cost item or a milestone created with a fraction of a yen is refused at its amount (400), nothing written', async () => {
    const missionId = await world.mission({ currency: 'YEN' });
    for (const type of ['cost', 'milestone', 'fundable_milestone']) {
      const fraction = await create(missionId, { type, title: `A ${type}`, amount: 1_000.5 });
      expectStatus(fraction, 400);
      expect(errorOf(fraction)).toMatchObject({ message: NO_CENTS, fields: { amount: NO_CENTS } });
      expect(await itemsOf(missionId, type)).toEqual([]);
    }
    const whole = await create(missionId, { type: 'cost', title: 'Licences', amount: 1_000 });
    expectStatus(whole, 201);
    expect((whole.json() as PlanItem).amount).toBe(1_000);
  });

  it('an amount changed to a fraction of a yen is refused and the item keeps its amount; a whole one is kept', async () => {
    const missionId = await world.mission({ currency: 'YEN' });
    const milestone = (await create(missionId, { type: 'milestone', title: 'Launch', amount: 5_000 })).json() as PlanItem;
    const fraction = await change(milestone._id, { amount: 5_000.25 });
    expectStatus(fraction, 400);
    expect(errorOf(fraction).fields).toEqual({ amount: NO_CENTS });
    const [kept] = await itemsOf(missionId, 'milestone');
    expect(kept!.amountMinor).toBe(500_000);

    const whole = await change(milestone._id, { amount: 6_000 });
    expectStatus(whole, 200);
    expect((whole.json() as PlanItem).amount).toBe(6_000);
    // a change of something else leaves the amount alone
    expectStatus(await change(milestone._id, { title: 'Go live' }), 200);
  });

  it('rates (per hour, day…) keep their fractions in yen', async () => {
    const missionId = await world.mission({ currency: 'YEN' });
    const created = await create(missionId, {
      type: 'cost',
      title: 'Hire',
      rate: 12.5,
      billRate: 20.75,
      rateTime: 'Hourly',
      amount: 3_000,
    });
    expectStatus(created, 201);
    const item = created.json() as PlanItem;
    expect(item).toMatchObject({ rate: 12.5, billRate: 20.75, amount: 3_000 });
    const changed = await change(item._id, { rate: 7.25, billRate: 9.5 });
    expectStatus(changed, 200);
    expect(changed.json()).toMatchObject({ rate: 7.25, billRate: 9.5 });
    const role = await create(missionId, { role: 'Developer', rate: 1_234.56 });
    expectStatus(role, 201);
  });

  it('is checked against the mission’s currency: cents stay fine in EUR', async () => {
    const missionId = await world.mission({ currency: 'EUR' });
    const created = await create(missionId, { type: 'cost', title: 'Licences', amount: 99.99 });
    expectStatus(created, 201);
    const changed = await change((created.json() as PlanItem)._id, { amount: 149.5 });
    expectStatus(changed, 200);
    expect((changed.json() as PlanItem).amount).toBe(149.5);
  });
});
