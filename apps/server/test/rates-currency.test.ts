import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanItem } from '@crewplan/domain';
import { exchangeRates } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { createMissionWorld, setOrg, type MissionWorld } from './support/missions-world.ts';
import { expectStatus } from './support/org.ts';

/**
 * Rate cards and organisation role costs are in the organisation's currency: a mission of another currency takes
 * them converted at the day's exchange rate (rule 193), never as the same number.
 */
let t: TestApp;
let world: MissionWorld;
const TODAY = '2026-03-18';

beforeAll(async () => {
  t = await buildTestApp({ clock: createTestClock(`${TODAY}T10:00:00Z`) });
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { currency: 'EUR' });
  // 1 EUR = 1.1 USD published for the day (rates are kept per EUR)
  await t.database.db
    .insert(exchangeRates)
    .values({ base: 'EUR', currency: 'USD', day: TODAY, rate: '1.1' })
    .onConflictDoUpdate({ target: [exchangeRates.base, exchangeRates.currency, exchangeRates.day], set: { rate: '1.1' } });
});
afterAll(async () => t.close());

const owner = () => world.owner.token;
type Json = Record<string, unknown>;

async function post(url: string, payload: Json): Promise<Json> {
  const response = await t.request({ method: 'POST', url, token: owner(), payload });
  expectStatus(response, 201);
  return response.json() as Json;
}
const createRole = async (name: string, cost: number, rateTime: string) =>
  (await post(`/api/org/${world.orgId}/roles`, { name, cost, rateTime }))._id as string;
const createItem = async (missionId: string, payload: Json) =>
  (await post(`/api/mission-plan/mission/${missionId}`, payload)) as unknown as PlanItem;

describe('rates copied into a mission of another currency', () => {
  it("a card's rate and bill rate in EUR come into a USD mission at the day's rate, rounded to the cent", async () => {
    const engineer = await createRole(`Engineer ${Date.now()}`, 5000, 'Monthly');
    const mission = await world.mission({ currency: 'USD' });
    await post(`/api/org/${world.orgId}/rate-card`, {
      name: 'Project rates',
      usedForId: mission,
      ratesByRole: [{ roleId: engineer, rate: 95.55, rateTime: 'Daily', billRate: 140 }],
    });
    const item = await createItem(mission, { role: 'Engineer', orgRole: engineer });
    // 95.55 × 1.1 = 105.105 → 105.11; 140 × 1.1 = 154
    expect(item).toMatchObject({ rate: 105.11, rateTime: 'Daily', billRate: 154, billUnit: 'Daily' });
  });

  it("the organisation role's cost is converted too; a mission in the organisation's currency takes the same number", async () => {
    const designer = await createRole(`Designer ${Date.now()}`, 4200, 'Weekly');
    const usd = await world.mission({ currency: 'USD' });
    expect(await createItem(usd, { role: 'Designer', orgRole: designer })).toMatchObject({ rate: 4620, rateTime: 'Weekly' });
    const later = await createItem(usd, { role: 'Later' });
    const given = await t.request({
      method: 'PUT',
      url: `/api/mission-plan/${later._id}/bulk`,
      token: owner(),
      payload: { orgRole: designer },
    });
    expectStatus(given, 200);
    expect(given.json()).toMatchObject({ rate: 4620 });

    const eur = await world.mission({ currency: 'EUR' });
    expect(await createItem(eur, { role: 'Designer', orgRole: designer })).toMatchObject({ rate: 4200 });
  });
});
