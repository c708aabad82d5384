import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOATING_MESSAGES, ROLE_PLAN_MESSAGES, type Change, type RolePlanBulkResult, type RolePlanItem } from '@crewplan/domain';
import { notifications, orgAuditEvents, orgRoles, programs, rolePlanItems } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { setOrg } from './support/missions-world.ts';
import { addMember, createOrgWorld, errorOf, expectStatus, type OrgWorld } from './support/org.ts';
import { testSockets } from './support/sockets.ts';

let t: TestApp;
let w: OrgWorld;
let roleId: string;
let otherRoleId: string;
let executiveRoleId: string;
let foreignRoleId: string;
let programId: string;
let missionId: string;

type Who = keyof OrgWorld['people'];
const base = () => `/api/org-role-plan-item/org/${w.orgId}`;
const call = (who: Who | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, token: who ? w.people[who].token : undefined, ...(payload === undefined ? {} : { payload }) });

async function newItem(body: Record<string, unknown> = {}, who: Who = 'admin'): Promise<RolePlanItem> {
  const response = await call(who, 'POST', base(), { roleId, programId, hoursNeeded: 10, hoursApproved: 8, ...body });
  expectStatus(response, 201);
  return response.json() as RolePlanItem;
}
const rowOf = async (id: string) => (await t.database.db.select().from(rolePlanItems).where(eq(rolePlanItems.id, id)))[0];
const count = async () =>
  (await t.database.db.select({ id: rolePlanItems.id }).from(rolePlanItems).where(eq(rolePlanItems.orgId, w.orgId))).length;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createOrgWorld(t);
  await setOrg(t, w.orgId, { isOrgLicensed: true, isLicensedActive: true });
  const roles = await t.database.db
    .insert(orgRoles)
    .values([
      { orgId: w.orgId, name: 'Consultant' },
      { orgId: w.orgId, name: 'Analyst' },
      { orgId: w.orgId, name: 'Engagement Executive A' },
      { orgId: w.otherOrgId, name: 'Foreign role' },
    ])
    .returning();
  [roleId, otherRoleId, executiveRoleId, foreignRoleId] = roles.map((role) => role.id) as [string, string, string, string];
  programId = (await t.database.db.insert(programs).values({ orgId: w.orgId, title: 'Advisory' }).returning())[0]!.id;
  missionId = (await insertMission(t, w.people.admin, { orgId: w.orgId, createdFromGtCrm: true })).id;
});
afterAll(async () => t.close());

describe('creating (POST /org-role-plan-item/org/:id)', () => {
  it('creates a draft with its status history, origin label and thread, and records it in the audit', async () => {
    const item = await newItem({
      personId: w.people.member.personId,
      missionId,
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      hoursNeeded: 12.25,
      message: 'Needed for the audit phase',
      customId: 'CRM-42',
    });
    expect(item).toMatchObject({
      status: 'draft',
      personId: w.people.member.personId,
      roleName: 'Consultant',
      programTitle: 'Advisory',
      missionId,
      hoursNeeded: 12.25,
      hoursApproved: 8,
      originLabel: 'Created in Crewplan',
      createdFromGtCrm: false,
      needsAttention: true,
      cellLabel: 'Not submitted yet (Draft)',
      customId: 'CRM-42',
      messages: [{ msg: 'Needed for the audit phase', createdBy: w.people.admin.personId }],
    });
    expect(item.statusChanges.map((change) => change.status)).toEqual(['draft']);
    const audit = await t.database.db
      .select()
      .from(orgAuditEvents)
      .where(and(eq(orgAuditEvents.orgId, w.orgId), eq(orgAuditEvents.entityId, item._id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', entity: 'role.plan.items' });
  });

  it("labels the CRM's offers 'CRM Offers', whatever status is asked for", async () => {
    const item = await newItem({ createdFromGtCrm: true, status: 'approved' });
    expect(item).toMatchObject({ status: 'draft', originLabel: 'CRM Offers', createdFromGtCrm: true });
  });

  it("takes 'CRM Offers' from the CRM's API key; from anyone but an org admin the item is 'Created in Crewplan'", async () => {
    const fromKey = await t.request({
      method: 'POST',
      url: base(),
      headers: { authorization: `Bearer ${w.apiKey}` },
      payload: { roleId, programId, hoursNeeded: 4, createdFromGtCrm: true },
    });
    expectStatus(fromKey, 201);
    expect(fromKey.json()).toMatchObject({ originLabel: 'CRM Offers', createdFromGtCrm: true });
    await addMember(t, w.orgId, w.people.member, 'MEMBER', { canApproveRoles: true });
    try {
      for (const who of ['manager', 'limitedManager', 'member'] as const) {
        const item = await newItem({ createdFromGtCrm: true }, who);
        expect(item).toMatchObject({ originLabel: 'Created in Crewplan', createdFromGtCrm: false, origin: 'product' });
        expect((await rowOf(item._id))!.origin).toBe('product');
      }
    } finally {
      await addMember(t, w.orgId, w.people.member, 'MEMBER', { canApproveRoles: false });
    }
  });

  it.each([
    ['an unknown role', () => ({ roleId: 'f'.repeat(24) }), 400, 'roleId'],
    ["another organisation's role", () => ({ roleId: foreignRoleId }), 400, 'roleId'],
    ["another organisation's person", () => ({ personId: w.people.otherOrgAdmin.personId }), 400, 'personId'],
    ["another organisation's program", () => ({ programId: w.otherOrgId }), 400, 'programId'],
    ['an unknown project', () => ({ missionId: 'e'.repeat(24) }), 400, 'missionId'],
    ['dates backwards', () => ({ startDate: '2026-12-10', endDate: '2026-12-09' }), 400, 'endDate'],
    ['hours below zero', () => ({ hoursNeeded: -1 }), 400, 'hoursNeeded'],
    ['approved hours below zero', () => ({ hoursApproved: -0.25 }), 400, 'hoursApproved'],
    ['a role that is not an id', () => ({ roleId: 'nope' }), 400, 'roleId'],
  ])('refuses %s with %i naming the field, writing nothing', async (_what, body, status, field) => {
    const before = await count();
    const response = await call('admin', 'POST', base(), { roleId, hoursNeeded: 1, ...body() });
    expectStatus(response, status);
    expect(Object.keys(errorOf(response).fields ?? {}).join(' ')).toContain(field);
    expect(await count()).toBe(before);
  });

  it('asks for the Unlimited subscription', async () => {
    await setOrg(t, w.orgId, { isOrgLicensed: false, isLicensedActive: false });
    try {
      const response = await call('admin', 'POST', base(), { roleId });
      expectStatus(response, 403);
      expect(errorOf(response)).toMatchObject({ code: 'role-plan/not-licensed', message: FLOATING_MESSAGES.needsUnlimited });
      expectStatus(await call('admin', 'GET', base()), 403);
    } finally {
      await setOrg(t, w.orgId, { isOrgLicensed: true, isLicensedActive: true });
    }
  });
});

describe('who may do what', () => {
  it.each([
    // who, list, my, create, delete
    ['admin', 200, 200, 201, 200],
    ['manager', 200, 200, 201, 200],
    ['member', 403, 200, 403, 403],
    ['observerOrg', 200, 200, 403, 403],
    ['observerOrgLimited', 403, 200, 403, 403],
    ['outsider', 404, 404, 404, 404],
    ['otherOrgAdmin', 404, 404, 404, 404],
  ] as const)('%s: list %i, my %i, create %i, delete %i', async (who, list, my, create, remove) => {
    expectStatus(await call(who, 'GET', base()), list);
    expectStatus(await call(who, 'GET', `${base()}/my`), my);
    expectStatus(await call(who, 'POST', base(), { roleId }), create);
    const item = await newItem();
    expectStatus(await call(who, 'DELETE', `${base()}/role-plan-item/${item._id}`), remove);
    expect(Boolean(await rowOf(item._id))).toBe(remove !== 200);
  });

  it('refuses the signed-out', async () => {
    expectStatus(await call(null, 'GET', base()), 401);
  });

  const LEVEL = { admin: 'ADMIN', manager: 'MANAGER', member: 'MEMBER', observerOrg: 'OBSERVER_ORG' } as const;
  it.each([
    ['an org admin', 'admin', {}, 200],
    ['a manager without role approval', 'manager', {}, 403],
    ['a member', 'member', {}, 403],
    ['a member who approves roles', 'member', { canApproveRoles: true }, 200],
    ['a member whose role names an Executive', 'member', { executive: true }, 200],
    ['an observer', 'observerOrg', {}, 403],
  ] as const)('rule 89 on a status: %s answers %i', async (_what, who, rights, status) => {
    const set = (on: boolean) =>
      addMember(t, w.orgId, w.people[who], LEVEL[who], {
        canApproveRoles: on && 'canApproveRoles' in rights,
        roleId: on && 'executive' in rights ? executiveRoleId : null,
      });
    await set(true);
    try {
      const item = await newItem({ missionId });
      const response = await call(who, 'PUT', `${base()}/role-plan-item/status`, { rolePlanItemId: item._id, status: 'approved' });
      expectStatus(response, status);
      if (status === 403 && who !== 'observerOrg')
        expect(errorOf(response)).toMatchObject({ code: 'role-plan/not-allowed', message: ROLE_PLAN_MESSAGES.notAllowed });
      expect((await rowOf(item._id))!.status).toBe(status === 200 ? 'approved' : 'draft');
    } finally {
      await set(false);
    }
  });

  it("rule 89: a project's admin decides its items, not others'", async () => {
    await addToMission(t, missionId, w.people.member, 2);
    const onProject = await newItem({ missionId });
    const elsewhere = await newItem();
    expectStatus(
      await call('member', 'PUT', `${base()}/role-plan-item/status`, { rolePlanItemId: onProject._id, status: 'approved' }),
      200,
    );
    expectStatus(
      await call('member', 'PUT', `${base()}/role-plan-item/status`, { rolePlanItemId: elsewhere._id, status: 'approved' }),
      403,
    );
    const both = await call('member', 'PUT', `${base()}/role-plan-item/bulk`, {
      action: 'status',
      rolePlanItemIds: [onProject._id, elsewhere._id],
      status: 'requested',
    });
    expectStatus(both, 403);
    expect((await rowOf(onProject._id))!.status).toBe('approved');
  });
});

describe('statuses (PUT …/status and bulk status)', () => {
  it('keeps free statuses with their history and thread, and notifies the item’s person', async () => {
    const item = await newItem({ personId: w.people.member.personId });
    const response = await call('admin', 'PUT', `${base()}/role-plan-item/status`, {
      rolePlanItemId: item._id,
      status: 'Waiting for client',
      message: 'Client signs on Friday',
    });
    expectStatus(response, 200);
    const updated = response.json() as RolePlanItem;
    expect(updated.status).toBe('Waiting for client');
    expect(updated.statusChanges.map((change) => change.status)).toEqual(['draft', 'Waiting for client']);
    expect(updated.messages.map((message) => message.msg)).toEqual(['Client signs on Friday']);
    await expect
      .poll(async () =>
        (
          await t.database.db
            .select()
            .from(notifications)
            .where(and(eq(notifications.type, 'orgRolePlanItemStatusChange')))
        ).filter((row) => (row.data as { rolePlanItemId?: string }).rolePlanItemId === item._id),
      )
      .toHaveLength(1);
  });

  it('refuses the merged status, which only a merge gives (it would freeze the item), writing nothing', async () => {
    const item = await newItem();
    for (const [url, body, field] of [
      ['status', { rolePlanItemId: item._id, status: 'merged' }, 'status'],
      ['bulk', { action: 'status', rolePlanItemIds: [item._id], status: ' merged ' }, 'status'],
    ] as const) {
      const response = await call('admin', 'PUT', `${base()}/role-plan-item/${url}`, body);
      expectStatus(response, 400);
      expect(errorOf(response).fields).toEqual({ [field]: ROLE_PLAN_MESSAGES.mergedOnlyByMerging });
    }
    expect(await rowOf(item._id)).toMatchObject({ status: 'draft', mergedTo: null });
    expectStatus(await call('admin', 'DELETE', `${base()}/role-plan-item/${item._id}`), 200);
  });

  it('moves many items at once; an id of another organisation is 404 naming the field and changes nothing', async () => {
    const [a, b] = [await newItem(), await newItem()];
    const ok = await call('admin', 'PUT', `${base()}/role-plan-item/bulk`, {
      action: 'status',
      rolePlanItemIds: [a._id, b._id],
      status: 'approved',
    });
    expectStatus(ok, 200);
    expect((ok.json() as RolePlanBulkResult).items.map((item) => [item.status, item.cellLabel, item.needsAttention])).toEqual([
      ['approved', 'Needs assignment', false],
      ['approved', 'Needs assignment', false],
    ]);
    const other = (await t.database.db.insert(rolePlanItems).values({ orgId: w.otherOrgId, roleId: foreignRoleId }).returning())[0]!;
    const refused = await call('admin', 'PUT', `${base()}/role-plan-item/bulk`, {
      action: 'status',
      rolePlanItemIds: [a._id, other.id],
      status: 'rejected',
    });
    expectStatus(refused, 404);
    expect(errorOf(refused)).toMatchObject({ code: 'role-plan/not-found', fields: { rolePlanItemIds: ROLE_PLAN_MESSAGES.notFound } });
    expect((await rowOf(a._id))!.status).toBe('approved');
    expect((await rowOf(other.id))!.status).toBe('draft');
    expectStatus(await call('admin', 'PUT', `${base()}/role-plan-item/status`, { rolePlanItemId: a._id, status: '' }), 400);
  });
});

describe('assigning (bulk assign)', () => {
  it('gives approved items to a member, which clears their Needs assignment cell; another organisation’s person is 400', async () => {
    const item = await newItem();
    await call('admin', 'PUT', `${base()}/role-plan-item/status`, { rolePlanItemId: item._id, status: 'approved' });
    const refused = await call('admin', 'PUT', `${base()}/role-plan-item/bulk`, {
      action: 'assign',
      rolePlanItemIds: [item._id],
      personId: w.people.otherOrgAdmin.personId,
    });
    expectStatus(refused, 400);
    expect(errorOf(refused).fields).toHaveProperty('personId');
    expect((await rowOf(item._id))!.personId).toBeNull();
    const response = await call('admin', 'PUT', `${base()}/role-plan-item/bulk`, {
      action: 'assign',
      rolePlanItemIds: [item._id],
      personId: w.people.member.personId,
    });
    expectStatus(response, 200);
    expect((response.json() as RolePlanBulkResult).items[0]).toMatchObject({
      personId: w.people.member.personId,
      person: { name: 'Member Person' },
      cellLabel: null,
    });
    expectStatus(
      await call('member', 'PUT', `${base()}/role-plan-item/bulk`, { action: 'assign', rolePlanItemIds: [item._id], personId: null }),
      403,
    );
  });
});

describe('merging (rules 87 and 88)', () => {
  it('bulk merges by program then role: summed approved hours, zero needed, mission merged, originals marked', async () => {
    const a = await newItem({ hoursApproved: 10, missionId });
    const b = await newItem({ hoursApproved: 5.5 });
    const c = await newItem({ hoursApproved: 4.25 });
    const lone = await newItem({ roleId: otherRoleId, hoursApproved: 3 });
    const response = await call('admin', 'PUT', `${base()}/role-plan-item/bulk`, {
      action: 'merge',
      rolePlanItemIds: [a._id, b._id, c._id, lone._id],
    });
    expectStatus(response, 200);
    const result = response.json() as RolePlanBulkResult;
    expect(result.message).toBe('Your approved hours were combined.');
    expect(result.items).toHaveLength(1);
    const merged = result.items[0]!;
    expect(merged).toMatchObject({
      roleId,
      programId,
      hoursApproved: 19.75,
      hoursNeeded: 0,
      missionId: 'merged',
      originLabel: 'Merged role',
      status: 'draft',
      mergeReferenceId: merged._id,
    });
    for (const id of [a._id, b._id, c._id]) {
      expect(await rowOf(id)).toMatchObject({
        status: 'merged',
        mergedTo: merged._id,
        mergedBy: w.people.admin.personId,
        mergeReferenceId: merged._id,
      });
      expect((await rowOf(id))!.mergedOn).toBeInstanceOf(Date);
    }
    expect(await rowOf(lone._id)).toMatchObject({ status: 'draft', mergedTo: null });
    // merged already: refused, with the server's message for the toast
    const again = await call('admin', 'PUT', `${base()}/role-plan-item/bulk`, { action: 'merge', rolePlanItemIds: [a._id, lone._id] });
    expectStatus(again, 409);
    expect(errorOf(again)).toMatchObject({ code: 'role-plan/merged', message: ROLE_PLAN_MESSAGES.alreadyMerged });
    expectStatus(await call('admin', 'DELETE', `${base()}/role-plan-item/${a._id}`), 409);
  });

  it('refuses a bulk merge with nothing of the same program and role, writing nothing', async () => {
    const [a, b] = [await newItem(), await newItem({ roleId: otherRoleId })];
    const before = await count();
    const response = await call('admin', 'PUT', `${base()}/role-plan-item/bulk`, { action: 'merge', rolePlanItemIds: [a._id, b._id] });
    expectStatus(response, 409);
    expect(errorOf(response)).toMatchObject({ code: 'role-plan/nothing-to-merge', message: ROLE_PLAN_MESSAGES.nothingToMerge });
    expect(await count()).toBe(before);
    expectStatus(await call('admin', 'PUT', `${base()}/role-plan-item/bulk`, { action: 'merge', rolePlanItemIds: [a._id] }), 400);
  });

  it('merges items into one: the accepting item gets the sum and the others mergedTo', async () => {
    const target = await newItem({ hoursApproved: 8 });
    const [x, y] = [await newItem({ hoursApproved: 0.1 }), await newItem({ hoursApproved: 0.2, roleId: otherRoleId })];
    const response = await call('admin', 'PUT', `${base()}/role-plan-item/bulk`, {
      action: 'mergeInto',
      rolePlanItemIds: [x._id, y._id],
      into: target._id,
    });
    expectStatus(response, 200);
    expect((response.json() as RolePlanBulkResult).items[0]).toMatchObject({ _id: target._id, hoursApproved: 8.3 });
    expect(await rowOf(x._id)).toMatchObject({ mergedTo: target._id, status: 'merged' });
    const self = await call('admin', 'PUT', `${base()}/role-plan-item/bulk`, {
      action: 'mergeInto',
      rolePlanItemIds: [target._id],
      into: target._id,
    });
    expectStatus(self, 400);
    expect(errorOf(self).fields).toHaveProperty('into');
  });
});

describe('an id named twice is one item', () => {
  it('a merge into one adds its approved hours once', async () => {
    const target = await newItem({ hoursApproved: 8 });
    const x = await newItem({ hoursApproved: 5 });
    const response = await call('admin', 'PUT', `${base()}/role-plan-item/bulk`, {
      action: 'mergeInto',
      rolePlanItemIds: [x._id, x._id],
      into: target._id,
    });
    expectStatus(response, 200);
    expect((response.json() as RolePlanBulkResult).items[0]).toMatchObject({ _id: target._id, hoursApproved: 13 });
    expect(await rowOf(target._id)).toMatchObject({ hoursApproved: 13 });
  });

  it('a bulk merge of one item twice has nothing to merge, writing nothing', async () => {
    const x = await newItem({ hoursApproved: 5 });
    const before = await count();
    const response = await call('admin', 'PUT', `${base()}/role-plan-item/bulk`, { action: 'merge', rolePlanItemIds: [x._id, x._id] });
    expectStatus(response, 409);
    expect(errorOf(response)).toMatchObject({ code: 'role-plan/nothing-to-merge' });
    expect(await count()).toBe(before);
    expect(await rowOf(x._id)).toMatchObject({ status: 'draft', mergedTo: null, hoursApproved: 5 });
  });

  it('a bulk status change records the change once', async () => {
    const x = await newItem();
    const response = await call('admin', 'PUT', `${base()}/role-plan-item/bulk`, {
      action: 'status',
      rolePlanItemIds: [x._id, x._id],
      status: 'approved',
      message: 'Looks right',
    });
    expectStatus(response, 200);
    const row = await rowOf(x._id);
    expect(row!.statusChanges.map((change) => change.status)).toEqual(['draft', 'approved']);
    expect(row!.messages.map((message) => message.msg)).toEqual(['Looks right']);
  });
});

describe('splitting', () => {
  it("splits an item into parts that take their hours from it, labelled 'Split role'", async () => {
    const item = await newItem({ hoursNeeded: 10, hoursApproved: 8, personId: w.people.member.personId });
    const response = await call('admin', 'PUT', `${base()}/role-plan-item/bulk`, {
      action: 'split',
      rolePlanItemId: item._id,
      parts: [{ hoursNeeded: 4, hoursApproved: 3, personId: w.people.manager.personId }],
    });
    expectStatus(response, 200);
    const [part, rest] = (response.json() as RolePlanBulkResult).items;
    expect(part).toMatchObject({
      splitFrom: item._id,
      originLabel: 'Split role',
      hoursNeeded: 4,
      hoursApproved: 3,
      personId: w.people.manager.personId,
    });
    expect(rest).toMatchObject({ _id: item._id, hoursNeeded: 6, hoursApproved: 5 });
  });

  it.each([
    ['more hours than the item has', { hoursNeeded: 1, hoursApproved: 9 }, 422, 'parts'],
    ['a part with dates backwards', { startDate: '2026-12-02', endDate: '2026-12-01' }, 400, 'endDate'],
    ["another organisation's person", 'foreign person', 400, 'personId'],
  ])('refuses %s, writing nothing', async (_what, part, status, field) => {
    const item = await newItem({ hoursNeeded: 10, hoursApproved: 8 });
    const before = await count();
    const body = {
      action: 'split',
      rolePlanItemId: item._id,
      parts: [part === 'foreign person' ? { personId: w.people.otherOrgAdmin.personId } : part],
    };
    const response = await call('admin', 'PUT', `${base()}/role-plan-item/bulk`, body);
    expectStatus(response, status);
    expect(Object.keys(errorOf(response).fields ?? {}).join(' ')).toContain(field);
    expect(await count()).toBe(before);
    expect(await rowOf(item._id)).toMatchObject({ hoursNeeded: 10, hoursApproved: 8 });
  });
});

describe('reading', () => {
  it('lists by ids (404 naming the field for one not of the organisation), mine, and by filter', async () => {
    const mine = await newItem({ personId: w.people.observerOrg.personId });
    const listed = await call('admin', 'POST', `${base()}/role-plan-item/list`, { rolePlanItemId: [mine._id] });
    expectStatus(listed, 200);
    expect((listed.json() as { items: RolePlanItem[] }).items.map((item) => item._id)).toEqual([mine._id]);
    expectStatus(await call('admin', 'POST', `${base()}/role-plan-item/list`, { rolePlanItemId: mine._id }), 200);
    const unknown = await call('admin', 'POST', `${base()}/role-plan-item/list`, { rolePlanItemId: [mine._id, 'd'.repeat(24)] });
    expectStatus(unknown, 404);
    expect(errorOf(unknown).fields).toHaveProperty('rolePlanItemId');
    const my = (await call('observerOrg', 'GET', `${base()}/my`)).json() as { items: RolePlanItem[] };
    expect(my.items.map((item) => item._id)).toEqual([mine._id]);
    const drafts = (await call('admin', 'GET', `${base()}?status=approved`)).json() as { items: RolePlanItem[] };
    expect(drafts.items.length).toBeGreaterThan(0);
    expect(drafts.items.every((item) => item.status === 'approved')).toBe(true);
    expectStatus(await call('admin', 'GET', `${base()}?programId=nope`), 400);
  });

  it('deletes: an unknown or foreign id is 404', async () => {
    expectStatus(await call('admin', 'DELETE', `${base()}/role-plan-item/${'c'.repeat(24)}`), 404);
  });
});

describe('live channel', () => {
  const sockets = testSockets(() => t);
  beforeAll(() => sockets.listen());
  afterAll(() => sockets.close());

  it("tells the organisation's room of each write, without the thread", async () => {
    const { socket, ok } = await sockets.join(w.people.manager.token, `changes/orgs/${w.orgId}`);
    expect(ok).toBe(true);
    const received: Change[] = [];
    socket.on('changes', (change: Change) => {
      if (change.entity === 'role.plan.items') received.push(change);
    });
    const item = await newItem({ message: 'private thread' });
    await call('admin', 'PUT', `${base()}/role-plan-item/status`, {
      rolePlanItemId: item._id,
      status: 'approved',
      message: 'also private',
    });
    await expect.poll(() => received.length).toBeGreaterThanOrEqual(2);
    expect(received[0]).toMatchObject({ type: 'create', entity: 'role.plan.items', id: item._id, data: { status: 'draft', roleId } });
    expect(received[1]).toEqual({ type: 'update', entity: 'role.plan.items', id: item._id, data: { status: 'approved' } });
    expect(JSON.stringify(received)).not.toContain('private');
  });
});
