import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
