import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PLAN_MESSAGES, type RolePlanItem } from '@crewplan/domain';
import { orgRoles, programs, rolePlanItems } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { setOrg } from './support/missions-world.ts';
import { createOrgWorld, errorOf, expectStatus, type OrgWorld } from './support/org.ts';

let t: TestApp;
let w: OrgWorld;
let roleId: string;
let programId: string;
let missionId: string;

type Who = keyof OrgWorld['people'];
const base = () => `/api/org-role-plan-item/org/${w.orgId}`;
const call = (who: Who, method: 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, token: w.people[who].token, ...(payload === undefined ? {} : { payload }) });
const bulk = (who: Who, payload: Record<string, unknown>) => call(who, 'PUT', `${base()}/role-plan-item/bulk`, payload);

async function newItem(body: Record<string, unknown> = {}): Promise<RolePlanItem> {
  const response = await call('admin', 'POST', base(), { roleId, programId, hoursNeeded: 10, hoursApproved: 8, ...body });
  expectStatus(response, 201);
  return response.json() as RolePlanItem;
}
const rowOf = async (id: string) => (await t.database.db.select().from(rolePlanItems).where(eq(rolePlanItems.id, id)))[0];

beforeAll(async () => {
  t = await buildTestApp();
  w = await createOrgWorld(t);
  await setOrg(t, w.orgId, { isOrgLicensed: true, isLicensedActive: true });
  roleId = (await t.database.db.insert(orgRoles).values({ orgId: w.orgId, name: 'Consultant' }).returning())[0]!.id;
  programId = (await t.database.db.insert(programs).values({ orgId: w.orgId, title: 'Advisory' }).returning())[0]!.id;
  missionId = (await insertMission(t, w.people.admin, { orgId: w.orgId, createdFromGtCrm: true })).id;
});
afterAll(async () => t.close());

describe('rule 89: a project admin decides the items of a project from the CRM', () => {
  it.each([
    ['its project manager (permission 1, project manager)', 200, { isProjectManager: true }],
    ['a team lead who is not its project manager', 403, { isProjectManager: false }],
  ] as const)('%s answers %i', async (_who, status, place) => {
    await addToMission(t, missionId, w.people.member, 1, place);
    const item = await newItem({ missionId });
    const response = await call('member', 'PUT', `${base()}/role-plan-item/status`, { rolePlanItemId: item._id, status: 'approved' });
    expectStatus(response, status);
    expect((await rowOf(item._id))!.status).toBe(status === 200 ? 'approved' : 'draft');
    const other = await newItem({ missionId });
    expectStatus(await bulk('member', { action: 'merge', rolePlanItemIds: [item._id, other._id] }), status === 200 ? 200 : 403);
  });
});

describe('deleting an item that holds merged hours', () => {
  it('is refused (409) for a bulk merge’s item and a merge-into target: the merged items keep their approved hours', async () => {
    const [a, b] = [await newItem(), await newItem()];
    const merged = await bulk('admin', { action: 'merge', rolePlanItemIds: [a._id, b._id] });
    expectStatus(merged, 200);
    const combined = (merged.json() as { items: RolePlanItem[] }).items[0]!;
    const [target, source] = [await newItem(), await newItem()];
    expectStatus(await bulk('admin', { action: 'mergeInto', rolePlanItemIds: [source._id], into: target._id }), 200);
    for (const holder of [combined, target]) {
      const response = await t.request({ method: 'DELETE', url: `${base()}/role-plan-item/${holder._id}`, token: w.people.admin.token });
      expectStatus(response, 409);
      expect(response.json()).toMatchObject({ error: { code: 'role-plan/holds-merged', message: ROLE_PLAN_MESSAGES.holdsMerged } });
      expect(await rowOf(holder._id)).toBeDefined();
    }
    expect((await rowOf(a._id))!.mergedTo).toBe(combined._id);
    // an item nothing was merged into still goes
    const loose = await newItem();
    expectStatus(await t.request({ method: 'DELETE', url: `${base()}/role-plan-item/${loose._id}`, token: w.people.admin.token }), 200);
    expect(await rowOf(loose._id)).toBeUndefined();
  });
});

describe('withdrawing an item that was decided on', () => {
  it('needs the rights of rule 89: a manager without them withdraws a draft, not an approved item', async () => {
    const [draft, approved] = [await newItem({ missionId }), await newItem({ missionId })];
    expectStatus(await call('admin', 'PUT', `${base()}/role-plan-item/status`, { rolePlanItemId: approved._id, status: 'approved' }), 200);
    const remove = (id: string) => t.request({ method: 'DELETE', url: `${base()}/role-plan-item/${id}`, token: w.people.manager.token });
    const refused = await remove(approved._id);
    expectStatus(refused, 403);
    expect(errorOf(refused)).toMatchObject({ code: 'role-plan/not-allowed', message: ROLE_PLAN_MESSAGES.notAllowed });
    expect((await rowOf(approved._id))!.hoursApproved).toBe(8);
    expectStatus(await remove(draft._id), 200);
    expect(await rowOf(draft._id)).toBeUndefined();
    expectStatus(await t.request({ method: 'DELETE', url: `${base()}/role-plan-item/${approved._id}`, token: w.people.admin.token }), 200);
  });
});

describe('the item a bulk merge made', () => {
  it("is decided by the project admin who combined their project's hours, not by those without rights on its items", async () => {
    await addToMission(t, missionId, w.people.member, 1, { isProjectManager: true });
    const [a, b] = [await newItem({ missionId }), await newItem({ missionId })];
    const merged = await bulk('member', { action: 'merge', rolePlanItemIds: [a._id, b._id] });
    expectStatus(merged, 200);
    const combined = (merged.json() as { items: RolePlanItem[] }).items[0]!;
    expect(combined).toMatchObject({ missionId: 'merged', hoursApproved: 16 });
    const approve = (who: Who) => call(who, 'PUT', `${base()}/role-plan-item/status`, { rolePlanItemId: combined._id, status: 'approved' });
    expectStatus(await approve('manager'), 403);
    expectStatus(await approve('member'), 200);
    expect((await rowOf(combined._id))!.status).toBe('approved');
  });
});
