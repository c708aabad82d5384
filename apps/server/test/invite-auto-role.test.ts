import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missionInvites, missions, orgs, planItems } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { insertMission } from './support/missions.ts';
import { createOrg, expectStatus, verifiedPerson } from './support/org.ts';
import { uniqueEmail, type TestPerson } from './support/people.ts';

/**
 * The auto-create-role timesheet setting of a mission invite (rules 130, 133): the toggle is offered only with an
 * active organisation licence, on a project that is neither a model nor a template, with timesheets on. Asked for
 * anywhere else, the invite is still made but the setting is left off, as it is for observers.
 */

let t: TestApp;
let owner: TestPerson;
let licensedOrg: string;
let freeOrg: string;
let lapsedTrialOrg: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await verifiedPerson(t, { firstName: 'Ada', lastName: 'Owner' });
  licensedOrg = (await createOrg(t, owner.token, { inviteDomains: ['example.com'] }))._id;
  freeOrg = (await createOrg(t, owner.token, { inviteDomains: ['example.com'] }))._id;
  lapsedTrialOrg = (await createOrg(t, owner.token, { inviteDomains: ['example.com'] }))._id;
  await t.database.db.update(orgs).set({ isLicensedActive: true, isOrgLicensed: true }).where(eq(orgs.id, licensedOrg));
  // a licence that came only from the free trial, started 31 days ago: lapsed
  const trialStartedOn = new Date(Date.now() - 31 * 24 * 3_600_000);
  await t.database.db.update(orgs).set({ isLicensedActive: true, trialStartedOn }).where(eq(orgs.id, lapsedTrialOrg));
  t.app.ctx.reads.changed();
});
afterAll(async () => t.close());

type Options = Parameters<typeof insertMission>[2];
const missionOf = async (orgId: string | null, options: Options = {}) => (await insertMission(t, owner, { orgId, ...options })).id;

async function inviteWithRole(missionId: string, payload: Record<string, unknown> = {}) {
  const response = await t.request({
    method: 'POST',
    url: `/api/mission/${missionId}/invite`,
    token: owner.token,
    payload: { inviteeEmail: uniqueEmail('autorole'), autoCreateRole: true, ...payload },
  });
  return response;
}

const kept = async (missionId: string, payload: Record<string, unknown> = {}) => {
  const response = await inviteWithRole(missionId, payload);
  expect([200, 201]).toContain(response.statusCode);
  return (response.json() as { autoCreateRole: boolean }).autoCreateRole;
};

describe('POST /api/mission/:id/invite with autoCreateRole (rule 133)', () => {
  it('keeps it on a licensed organisation project with timesheets on', async () => {
    expect(await kept(await missionOf(licensedOrg))).toBe(true);
  });

  it('leaves it off without an active organisation licence: free, lapsed trial, personal (even a licensed one)', async () => {
    expect(await kept(await missionOf(freeOrg))).toBe(false);
    expect(await kept(await missionOf(lapsedTrialOrg))).toBe(false);
    expect(await kept(await missionOf(null))).toBe(false);
    expect(await kept(await missionOf(null, { isLicensedActive: true }))).toBe(false);
    // a project licence is not the organisation's
    expect(await kept(await missionOf(freeOrg, { isLicensedActive: true }))).toBe(false);
  });

  it('leaves it off on a model, a template, or a project with timesheets off', async () => {
    expect(await kept(await missionOf(licensedOrg, { isModel: true }))).toBe(false);
    expect(await kept(await missionOf(licensedOrg, { isTemplate: true }))).toBe(false);
    expect(await kept(await missionOf(licensedOrg, { noTimesheets: true }))).toBe(false);
  });

  it('leaves it off when an open invite is updated where it does not apply', async () => {
    const missionId = await missionOf(freeOrg);
    const email = uniqueEmail('again');
    expectStatus(await inviteWithRole(missionId, { inviteeEmail: email }), 201);
    const again = await inviteWithRole(missionId, { inviteeEmail: email, config: { permission: 1, isProjectManager: false } });
    expectStatus(again, 200);
    expect(again.json()).toMatchObject({ alreadyInvited: true, permission: 1, autoCreateRole: false });
  });

  it('creates no role on acceptance when the setting did not apply, one when it did', async () => {
    const accept = async (missionId: string) => {
      const invitee = await verifiedPerson(t);
      const created = await inviteWithRole(missionId, { inviteeEmail: invitee.email, config: { role: 'Designer' } });
      expectStatus(created, 201);
      const accepted = await t.request({
        method: 'PUT',
        url: `/api/mission-invite/${(created.json() as { _id: string })._id}/accept`,
        token: invitee.token,
      });
      expectStatus(accepted, 200);
      return (accepted.json() as { planItem: string | null }).planItem;
    };
    const noTimesheets = await missionOf(licensedOrg, { noTimesheets: true });
    expect(await accept(noTimesheets)).toBeNull();
    expect(await t.database.db.select().from(planItems).where(eq(planItems.missionId, noTimesheets))).toEqual([]);
    const planItemId = await accept(await missionOf(licensedOrg));
    expect(planItemId).not.toBeNull();
    const [item] = await t.database.db.select().from(planItems).where(eq(planItems.id, planItemId!));
    expect(item).toMatchObject({ role: 'Designer', allocation: 100 });
  });
});

describe('PUT /api/mission-invite/:id/accept with autoCreateRole (rule 133 read again)', () => {
  /** An invite sent while the setting applied, answered once `between` has changed the organisation or the mission. */
  async function acceptAfter(missionId: string, between: () => Promise<unknown>) {
    const invitee = await verifiedPerson(t);
    const created = await inviteWithRole(missionId, { inviteeEmail: invitee.email, config: { role: 'Rigger' } });
    expectStatus(created, 201);
    expect(created.json()).toMatchObject({ autoCreateRole: true });
    await between();
    t.app.ctx.reads.changed();
    const accepted = await t.request({
      method: 'PUT',
      url: `/api/mission-invite/${(created.json() as { _id: string })._id}/accept`,
      token: invitee.token,
    });
    expectStatus(accepted, 200);
    const roles = await t.database.db.select().from(planItems).where(eq(planItems.missionId, missionId));
    return { planItem: (accepted.json() as { planItem: string | null }).planItem, roles, invitee };
  }

  it('creates no role when the organisation licence lapsed between sending and accepting', async () => {
    const orgId = (await createOrg(t, owner.token, { inviteDomains: ['example.com'] }))._id;
    await t.database.db.update(orgs).set({ isLicensedActive: true, isOrgLicensed: true }).where(eq(orgs.id, orgId));
    t.app.ctx.reads.changed();
    const missionId = await missionOf(orgId);
    const lapse = () => t.database.db.update(orgs).set({ isLicensedActive: false, isOrgLicensed: false }).where(eq(orgs.id, orgId));
    const { planItem, roles } = await acceptAfter(missionId, lapse);
    expect(planItem).toBeNull();
    expect(roles).toEqual([]);
  });

  it('creates no role when the project stopped keeping timesheets, or became a template, in between', async () => {
    for (const change of [{ noTimesheets: true }, { isTemplate: true }]) {
      const missionId = await missionOf(licensedOrg);
      const { planItem, roles } = await acceptAfter(missionId, () =>
        t.database.db.update(missions).set(change).where(eq(missions.id, missionId)),
      );
      expect(planItem).toBeNull();
      expect(roles).toEqual([]);
    }
  });

  it('creates the role when the organisation is still licensed and the project unchanged', async () => {
    const missionId = await missionOf(licensedOrg);
    const { planItem, roles, invitee } = await acceptAfter(missionId, async () => {});
    expect(planItem).not.toBeNull();
    expect(roles).toMatchObject([{ id: planItem, role: 'Rigger', personId: invitee.personId, allocation: 100 }]);
  });
});

describe('PUT /api/mission/:id/people/:personId on a pending invitee (rule 130)', () => {
  it('turns auto role creation off when the invitee is made an observer: they join without a role', async () => {
    const missionId = await missionOf(licensedOrg);
    const invitee = await verifiedPerson(t);
    const created = await inviteWithRole(missionId, { inviteeEmail: invitee.email });
    expectStatus(created, 201);
    expect(created.json()).toMatchObject({ autoCreateRole: true });
    const changed = await t.request({
      method: 'PUT',
      url: `/api/mission/${missionId}/people/${invitee.personId}`,
      token: owner.token,
      payload: { permission: 3 },
    });
    expectStatus(changed, 200);
    const [row] = await t.database.db.select().from(missionInvites).where(eq(missionInvites.missionId, missionId));
    expect(row).toMatchObject({ permission: 3, autoCreateRole: false });
    const accepted = await t.request({
      method: 'PUT',
      url: `/api/mission-invite/${(created.json() as { _id: string })._id}/accept`,
      token: invitee.token,
    });
    expectStatus(accepted, 200);
    expect(accepted.json()).toMatchObject({ planItem: null });
    expect(await t.database.db.select().from(planItems).where(eq(planItems.missionId, missionId))).toEqual([]);
  });
});
