import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planItems } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createMissionWorld, setOrg, type MissionWorld } from './support/missions-world.ts';
import { expectStatus, verifiedPerson } from './support/org.ts';

/**
 * Rule 190 for the role an accepted invite creates (autoCreateRole): a role created on a mission is paid as the
 * organisation's default (Monthly unless it chose another), Hourly where project creation is restricted.
 */
let t: TestApp;
let world: MissionWorld;

beforeAll(async () => {
  t = await buildTestApp();
  world = await createMissionWorld(t);
  // an active organisation licence lets an invite create the invitee's role (rule 133)
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true, roleDefaultRateTime: 'Monthly' });
});
afterAll(async () => t.close());

/** The rate time of the role made when a new person accepts an invite with autoCreateRole on a fresh mission. */
async function autoRoleRateTime(): Promise<string> {
  const missionId = await world.mission({ isLicensedActive: true });
  const invitee = await verifiedPerson(t);
  const created = await t.request({
    method: 'POST',
    url: `/api/mission/${missionId}/invite`,
    token: world.owner.token,
    payload: { inviteeEmail: invitee.email, config: { role: 'Analyst' }, autoCreateRole: true },
  });
  expectStatus(created, 201);
  expect(created.json()).toMatchObject({ autoCreateRole: true });
  const accepted = await t.request({
    method: 'PUT',
    url: `/api/mission-invite/${(created.json() as { _id: string })._id}/accept`,
    token: invitee.token,
  });
  expectStatus(accepted, 200);
  const planItemId = (accepted.json() as { planItem: string }).planItem;
  const [item] = await t.database.db.select().from(planItems).where(eq(planItems.id, planItemId));
  return item!.rateTime;
}

describe('the role an accepted invite creates (rule 190)', () => {
  it("is paid at the organisation's default rate time", async () => {
    expect(await autoRoleRateTime()).toBe('Monthly');
    await setOrg(t, world.orgId, { roleDefaultRateTime: 'Daily' });
    try {
      expect(await autoRoleRateTime()).toBe('Daily');
    } finally {
      await setOrg(t, world.orgId, { roleDefaultRateTime: 'Monthly' });
    }
  });

  it('is paid Hourly where project creation is restricted', async () => {
    await setOrg(t, world.orgId, { projectCreationRestricted: true });
    try {
      expect(await autoRoleRateTime()).toBe('Hourly');
    } finally {
      await setOrg(t, world.orgId, { projectCreationRestricted: false });
    }
  });
});
