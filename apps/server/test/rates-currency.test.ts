import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanItem } from '@crewplan/domain';
import { eq } from 'drizzle-orm';
import { exchangeRates, planItems } from '../src/db/schema/index.ts';
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
  // 1 EUR = 1.1 USD and 161.23 YEN (JPY in the reference rates) published for the day (rates are kept per EUR)
  for (const [currency, rate] of [
    ['USD', '1.1'],
    ['JPY', '161.23'],
  ] as const)
    await t.database.db
      .insert(exchangeRates)
      .values({ base: 'EUR', currency, day: TODAY, rate })
      .onConflictDoUpdate({ target: [exchangeRates.base, exchangeRates.currency, exchangeRates.day], set: { rate } });
  t.app.ctx.reads.changed();
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

  it('a YEN mission takes whole yen: a converted rate is rounded to the yen (half away from zero), never kept with cents', async () => {
    const tester = await createRole(`Tester ${Date.now()}`, 42.5, 'Hourly');
    const mission = await world.mission({ currency: 'YEN' });
    await post(`/api/org/${world.orgId}/rate-card`, {
      name: 'Yen rates',
      usedForId: mission,
      ratesByRole: [{ roleId: tester, rate: 95.55, rateTime: 'Daily', billRate: 140.1 }],
    });
    const item = await createItem(mission, { role: 'Tester', orgRole: tester });
    // 95.55 × 161.23 = 15,405.5265 → 15,406 (15,405.53 to the cent); 140.10 × 161.23 = 22,588.323 → 22,588
    expect(item).toMatchObject({ rate: 15406, rateTime: 'Daily', billRate: 22588, billUnit: 'Daily' });
    const [stored] = await t.database.db.select().from(planItems).where(eq(planItems.id, item._id));
    expect(stored).toMatchObject({ rateMinor: 1_540_600, billRateMinor: 2_258_800 });

    // without a card, the role's cost: 42.50 × 161.23 = 6,852.275 → 6,852
    const other = await world.mission({ currency: 'YEN' });
    expect(await createItem(other, { role: 'Tester', orgRole: tester })).toMatchObject({ rate: 6852, rateTime: 'Hourly' });
  });
});
