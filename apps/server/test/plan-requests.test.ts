import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLAN_MESSAGES, type PlanItem } from '@crewplan/domain';
import { missionAuditEvents, notifications, planItemRequests, planItems } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { expectAccess } from './support/authz-matrix.ts';
import { createMissionWorld, missionExpectations, setOrg, type MissionWorld } from './support/missions-world.ts';
import { addMember, errorOf, expectStatus } from './support/org.ts';

let t: TestApp;
let world: MissionWorld;

beforeAll(async () => {
  t = await buildTestApp();
  world = await createMissionWorld(t);
});
afterAll(async () => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  await setOrg(t, world.orgId, { rolesNeedApproval: false, canProjectManagersApproveRoles: false });
  await addMember(t, world.orgId, world.people.p0, 'MEMBER', { canApproveRoles: false });
});

const token = (caller: keyof MissionWorld['people']) => world.people[caller].token;
const person = (caller: keyof MissionWorld['people']) => world.people[caller].personId;

async function createItem(missionId: string, payload: Record<string, unknown>, caller: keyof MissionWorld['people'] = 'p2') {
  const response = await t.request({ method: 'POST', url: `/api/mission-plan/mission/${missionId}`, token: token(caller), payload });
  expectStatus(response, 201);
  return response.json() as PlanItem;
}
const requestCall = (
  id: string,
  verb: 'submit' | 'approve' | 'reject',
  caller: keyof MissionWorld['people'],
  payload: Record<string, unknown>,
) => t.request({ method: 'PUT', url: `/api/mission-plan/request/${id}/${verb}`, token: token(caller), payload });
const requestsOf = (id: string) => t.database.db.select().from(planItemRequests).where(eq(planItemRequests.planItemId, id));

describe('role approval in an organisation where roles need approval (rule 71)', () => {
  it('a project manager who may not approve requests the person; an approver assigns them; the requester hears of it', async () => {
    await setOrg(t, world.orgId, { rolesNeedApproval: true, canProjectManagersApproveRoles: false });
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev', person: person('p0'), reason: 'Needs a developer' }, 'p1pm');
    expect(item).toMatchObject({ person: null, allocationStatus: { pm: 'pending_approval', org: 'pending_approval' } });
    expect(item.requests).toMatchObject([
      { context: 'org', status: 'pending_approval', person: person('p0'), reason: 'Needs a developer', sentForApprovalBy: person('p1pm') },
    ]);

    const again = await t.request({
      method: 'PUT',
      url: `/api/mission-plan/${item._id}/change-person`,
      token: token('p1pm'),
      payload: { person: person('p1') },
    });
    expectStatus(again, 409);
    expect(errorOf(again).message).toBe(PLAN_MESSAGES.requestPending);

    const refused = await requestCall(item._id, 'approve', 'p1pm', { context: 'org' });
    expectStatus(refused, 403);
    expect(errorOf(refused).message).toBe(PLAN_MESSAGES.notAllowedToApprove);

    const publish = vi.spyOn(t.app.ctx.realtime, 'publish');
    const approved = await requestCall(item._id, 'approve', 'orgAdmin', { context: 'org' });
    expectStatus(approved, 200);
    expect(approved.json()).toMatchObject({ person: person('p0'), allocationStatus: { pm: 'approved', org: 'approved' } });
    const [request] = await requestsOf(item._id);
    expect(request).toMatchObject({ status: 'approved', actionedBy: person('orgAdmin') });
    expect(request!.actionedOn).toBeInstanceOf(Date);
    expect(publish).toHaveBeenCalledWith(
      `people/${person('p1pm')}`,
      expect.objectContaining({ entity: 'plan.requests', data: expect.objectContaining({ status: 'approved', planItemId: item._id }) }),
    );
    expectStatus(await requestCall(item._id, 'approve', 'orgAdmin', { context: 'org' }), 409);
  });

  it("a plan manager's pm approval does not assign past the organisation: it asks the organisation for the person", async () => {
    await setOrg(t, world.orgId, { rolesNeedApproval: true, canProjectManagersApproveRoles: false });
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev' });
    expectStatus(await requestCall(item._id, 'submit', 'p1pm', { context: 'pm', reason: 'Please staff it', person: person('p0') }), 200);
    const approved = await requestCall(item._id, 'approve', 'p2', { context: 'pm' });
    expectStatus(approved, 200);
    expect(approved.json()).toMatchObject({ person: null, allocationStatus: { pm: 'pending_approval', org: 'pending_approval' } });
    expect((approved.json() as PlanItem).requests).toMatchObject([
      { context: 'pm', status: 'approved', person: person('p0'), actionedBy: person('p2') },
      { context: 'org', status: 'pending_approval', person: person('p0'), reason: 'Please staff it', sentForApprovalBy: person('p2') },
    ]);
    const assigned = await requestCall(item._id, 'approve', 'orgAdmin', { context: 'org' });
    expect(assigned.json()).toMatchObject({ person: person('p0'), allocationStatus: { org: 'approved' } });
    // who may approve roles assigns with a pm approval, as with an assignment
    const other = await createItem(mission, { role: 'QA' });
    await requestCall(other._id, 'submit', 'p2', { context: 'pm', reason: 'Please staff it', person: person('p1') });
    expect((await requestCall(other._id, 'approve', 'orgAdmin', { context: 'pm' })).json()).toMatchObject({ person: person('p1') });
  });

  it('a member with canApproveRoles assigns straight through and approves; a rejection keeps the role unfilled', async () => {
    await setOrg(t, world.orgId, { rolesNeedApproval: true });
    await addMember(t, world.orgId, world.people.p0, 'MEMBER', { canApproveRoles: true });
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev' }, 'p1pm');
    const changed = await t.request({
      method: 'PUT',
      url: `/api/mission-plan/${item._id}/change-person`,
      token: token('p1pm'),
      payload: { person: person('p1'), reason: 'Knows the stack' },
    });
    expect(changed.json()).toMatchObject({ person: null, requests: [{ status: 'pending_approval' }] });

    const short = await requestCall(item._id, 'reject', 'p0', { context: 'org', reason: 'no' });
    expectStatus(short, 400);
    expect(errorOf(short).message).toBe('Please enter a longer description');
    const rejected = await requestCall(item._id, 'reject', 'p0', { context: 'org', reason: 'Not this quarter' });
    expectStatus(rejected, 200);
    expect(rejected.json()).toMatchObject({
      person: null,
      allocationStatus: { org: 'draft' },
      requests: [{ status: 'rejected', actionedBy: person('p0') }],
    });

    const direct = await createItem(
      mission,
      { role: 'QA', person: person('p2'), startDate: '2026-01-05', endDate: '2026-01-20', reason: 'Testing needs her' },
      'p2',
    );
    expect(direct.requests).toHaveLength(1);
  });

  it('the organisation admin and project managers (when allowed) assign straight through', async () => {
    await setOrg(t, world.orgId, { rolesNeedApproval: true, canProjectManagersApproveRoles: false });
    const mission = await world.mission();
    expect((await createItem(mission, { role: 'A', person: person('p0') }, 'orgAdmin')).person).toBe(person('p0'));
    await setOrg(t, world.orgId, { canProjectManagersApproveRoles: true });
    expect((await createItem(mission, { role: 'B', person: person('p1') }, 'p1pm')).person).toBe(person('p1'));
  });

  it('without rolesNeedApproval every plan manager assigns straight through', async () => {
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev', person: person('p0') }, 'p1pm');
    expect(item).toMatchObject({ person: person('p0'), requests: [] });
  });
});

describe('a person asked of the organisation comes with a reason of 5 characters on every path (rule 79)', () => {
  const changePerson = (id: string, payload: Record<string, unknown>, caller: keyof MissionWorld['people'] = 'p1pm') =>
    t.request({ method: 'PUT', url: `/api/mission-plan/${id}/change-person`, token: token(caller), payload });
  const bulk = (missionId: string, payload: Record<string, unknown>[]) =>
    t.request({ method: 'PUT', url: `/api/mission-plan/mission/${missionId}/bulk`, token: token('p1pm'), payload });
  const expectTooShort = (response: Awaited<ReturnType<typeof changePerson>>) => {
    expectStatus(response, 400);
    expect(errorOf(response)).toMatchObject({
      code: 'plan/reason-too-short',
      message: 'Please enter a longer description',
      fields: { reason: 'Too short' },
    });
  };
  const rowOf = async (id: string) => (await t.database.db.select().from(planItems).where(eq(planItems.id, id)))[0]!;

  it('change-person without a reason, or with a short one, is refused (400) and asks nothing', async () => {
    await setOrg(t, world.orgId, { rolesNeedApproval: true, canProjectManagersApproveRoles: false });
    const item = await createItem(await world.mission(), { role: 'Dev' }, 'p1pm');
    for (const payload of [{}, { reason: '' }, { reason: 'abcd' }, { reason: '   ab   ' }])
      expectTooShort(await changePerson(item._id, { person: person('p0'), ...payload }));
    expect(await requestsOf(item._id)).toEqual([]);
    expect((await rowOf(item._id)).personId).toBeNull();

    const asked = await changePerson(item._id, { person: person('p0'), reason: '  Knows the stack ' });
    expectStatus(asked, 200);
    expect(asked.json()).toMatchObject({ person: null, requests: [{ status: 'pending_approval', reason: 'Knows the stack' }] });
  });

  it('a role created with a person and no reason, or a short one, is refused (400): no role, no request', async () => {
    await setOrg(t, world.orgId, { rolesNeedApproval: true, canProjectManagersApproveRoles: false });
    const mission = await world.mission();
    for (const payload of [{}, { reason: 'abc' }])
      expectTooShort(
        await t.request({
          method: 'POST',
          url: `/api/mission-plan/mission/${mission}`,
          token: token('p1pm'),
          payload: { role: 'Dev', person: person('p0'), ...payload },
        }),
      );
    expect(await t.database.db.select().from(planItems).where(eq(planItems.missionId, mission))).toEqual([]);
  });

  it('the bulk change asks with each role’s reason, and refuses all of it when one is short', async () => {
    await setOrg(t, world.orgId, { rolesNeedApproval: true, canProjectManagersApproveRoles: false });
    const mission = await world.mission();
    const dev = await createItem(mission, { role: 'Dev', startDate: '2026-01-05', endDate: '2026-01-20' });
    const qa = await createItem(mission, { role: 'QA', startDate: '2026-02-02', endDate: '2026-02-20' });
    expectTooShort(
      await bulk(mission, [
        { _id: dev._id, person: person('p0'), reason: 'Knows the stack' },
        { _id: qa._id, person: person('p1') },
      ]),
    );
    expect([...(await requestsOf(dev._id)), ...(await requestsOf(qa._id))]).toEqual([]);

    const asked = await bulk(mission, [
      { _id: dev._id, person: person('p0'), reason: 'Knows the stack' },
      { _id: qa._id, person: person('p1'), reason: 'Tests well' },
    ]);
    expectStatus(asked, 200);
    expect((await requestsOf(qa._id)).map((row) => row.reason)).toEqual(['Tests well']);
  });

  it('needs no reason where nothing is asked: an approver assigns, a person is removed, roles need no approval', async () => {
    await setOrg(t, world.orgId, { rolesNeedApproval: true, canProjectManagersApproveRoles: false });
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev' });
    const assigned = await changePerson(item._id, { person: person('p0') }, 'orgAdmin');
    expectStatus(assigned, 200);
    expect(assigned.json()).toMatchObject({ person: person('p0') });
    expectStatus(await changePerson(item._id, { person: null }), 200);
    await setOrg(t, world.orgId, { rolesNeedApproval: false });
    expect((await changePerson(item._id, { person: person('p1') })).json()).toMatchObject({ person: person('p1'), requests: [] });
  });
});

describe('PUT /mission-plan/request/:id/submit', () => {
  it('records who sent it and when; pm approval by a plan manager assigns the person', async () => {
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev', allocationDraft: { hours: 10 } });
    expect(item.allocationStatus.pm).toBe('draft');
    const submitted = await requestCall(item._id, 'submit', 'p2', { context: 'pm', reason: 'Please staff it', person: person('p0') });
    expectStatus(submitted, 200);
    expect(submitted.json()).toMatchObject({
      person: null,
      allocationDraft: null,
      allocationStatus: { pm: 'pending_approval', org: 'pending_approval' },
      requests: [{ context: 'pm', status: 'pending_approval', person: person('p0'), sentForApprovalBy: person('p2') }],
    });
    expectStatus(await requestCall(item._id, 'submit', 'p2', { context: 'pm', reason: 'Once more', person: person('p1') }), 409);
    expectStatus(await requestCall(item._id, 'approve', 'p0', { context: 'pm' }), 403);
    expectStatus(await requestCall(item._id, 'approve', 'p1pm', { context: 'org' }), 403);
    const approved = await requestCall(item._id, 'approve', 'p1pm', { context: 'pm' });
    expectStatus(approved, 200);
    expect(approved.json()).toMatchObject({ person: person('p0'), allocationStatus: { pm: 'approved', org: 'draft' } });
  });

  it("needs a person ('Please assign a person first.') and a reason of 5 characters", async () => {
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev' });
    const noPerson = await requestCall(item._id, 'submit', 'p2', { context: 'org', reason: 'Please staff it' });
    expectStatus(noPerson, 400);
    expect(errorOf(noPerson).message).toBe('Please assign a person first.');
    const short = await requestCall(item._id, 'submit', 'p2', { context: 'org', reason: 'abc', person: person('p0') });
    expectStatus(short, 400);
    expect(errorOf(short).message).toBe('Please enter a longer description');
    // three emoji are three characters, though six UTF-16 code units
    const emoji = await requestCall(item._id, 'submit', 'p2', { context: 'org', reason: '😀😀😀', person: person('p0') });
    expectStatus(emoji, 400);
    expect(errorOf(emoji).message).toBe('Please enter a longer description');
    expectStatus(await requestCall(item._id, 'submit', 'p2', { context: 'boss', reason: 'Please staff it' }), 400);
    expect(await requestsOf(item._id)).toHaveLength(0);
  });

  it('refuses an observer (400) and an overlapping role (409) for the requested person', async () => {
    const mission = await world.mission();
    await createItem(mission, { role: 'Dev', person: person('p0') });
    const item = await createItem(mission, { role: 'QA' });
    expectStatus(await requestCall(item._id, 'submit', 'p2', { context: 'org', reason: 'Please staff it', person: person('p3') }), 400);
    const overlap = await requestCall(item._id, 'submit', 'p2', { context: 'org', reason: 'Please staff it', person: person('p0') });
    expectStatus(overlap, 409);
    expect(errorOf(overlap).message).toBe(PLAN_MESSAGES.overlappingRoles);
  });

  it('approval checks the overlap again when another role took the person meanwhile (nothing written)', async () => {
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'QA' });
    expectStatus(await requestCall(item._id, 'submit', 'p2', { context: 'org', reason: 'Please staff it', person: person('p1') }), 200);
    await createItem(mission, { role: 'Dev', person: person('p1') });
    expectStatus(await requestCall(item._id, 'approve', 'orgAdmin', { context: 'org' }), 409);
    const [row] = await t.database.db.select().from(planItems).where(eq(planItems.id, item._id));
    expect(row!.personId).toBeNull();
    expect((await requestsOf(item._id))[0]!.status).toBe('pending_approval');
  });

  it('is for those who manage the plan', async () => {
    await expectAccess(
      t,
      world.callers,
      async () => {
        const item = await createItem(await world.mission(), { role: 'Dev' });
        return {
          method: 'PUT',
          url: `/api/mission-plan/request/${item._id}/submit`,
          payload: { context: 'pm', reason: 'Please staff it', person: person('p0') },
        };
      },
      missionExpectations(['p1pm', 'p2', 'orgAdmin', 'orgManager']),
    );
  });
});

describe('approve and reject: who may', () => {
  it.each(['approve', 'reject'] as const)(
    '%s in the org context: organisation admins only here (no one else approves roles)',
    async (verb) => {
      await expectAccess(
        t,
        world.callers,
        async () => {
          const item = await createItem(await world.mission(), { role: 'Dev' });
          await requestCall(item._id, 'submit', 'p2', { context: 'org', reason: 'Please staff it', person: person('p0') });
          return {
            method: 'PUT',
            url: `/api/mission-plan/request/${item._id}/${verb}`,
            payload: { context: 'org', reason: 'Looks right' },
          };
        },
        missionExpectations(['orgAdmin']),
      );
    },
  );

  it("an organisation role approver off the mission's team decides its org requests, not its pm ones", async () => {
    await addMember(t, world.orgId, world.people.orgMember, 'MEMBER', { canApproveRoles: true });
    try {
      const mission = await world.mission();
      const item = await createItem(mission, { role: 'Dev' });
      await requestCall(item._id, 'submit', 'p2', { context: 'org', reason: 'Please staff it', person: person('p0') });
      // the mission itself stays out of their sight
      expectStatus(await t.request({ method: 'GET', url: `/api/mission/${mission}`, token: token('orgMember') }), 404);
      const approved = await requestCall(item._id, 'approve', 'orgMember', { context: 'org' });
      expectStatus(approved, 200);
      expect(approved.json()).toMatchObject({ person: person('p0'), requests: [{ status: 'approved', actionedBy: person('orgMember') }] });

      const other = await createItem(mission, { role: 'QA' });
      await requestCall(other._id, 'submit', 'p2', { context: 'pm', reason: 'Please staff it', person: person('p1') });
      const pm = await requestCall(other._id, 'approve', 'orgMember', { context: 'pm' });
      expectStatus(pm, 403);
      expect(errorOf(pm).message).toBe(PLAN_MESSAGES.notAllowedToApprove);
    } finally {
      await addMember(t, world.orgId, world.people.orgMember, 'MEMBER', { canApproveRoles: false });
    }
  });

  it('approve with nothing pending is 409', async () => {
    const item = await createItem(await world.mission(), { role: 'Dev' });
    const response = await requestCall(item._id, 'approve', 'p2', { context: 'pm' });
    expectStatus(response, 409);
    expect(errorOf(response).message).toBe(PLAN_MESSAGES.noPendingRequest);
  });
});

describe('DELETE /mission-plan/:id with a request pending', () => {
  it("ends the role's pending request with it: rejected by who deleted the role, told as a decision is", async () => {
    await setOrg(t, world.orgId, { rolesNeedApproval: true, canProjectManagersApproveRoles: false });
    const mission = await world.mission();
    const item = await createItem(mission, { role: 'Dev', person: person('p0'), reason: 'Needs a developer' }, 'p1pm');
    const [asked] = await requestsOf(item._id);
    const askOf = async (caller: keyof MissionWorld['people']) =>
      (
        await t.database.db
          .select()
          .from(notifications)
          .where(eq(notifications.personId, person(caller)))
      ).find((row) => (row.data as { statusMap?: { requestId?: string } }).statusMap?.requestId === asked!.id);
    expect((await askOf('orgAdmin'))?.data).toMatchObject({ statusMap: { status: 'pending_approval' } });
    const publish = vi.spyOn(t.app.ctx.realtime, 'publish');
    expectStatus(await t.request({ method: 'DELETE', url: `/api/mission-plan/${item._id}`, token: token('p2') }), 200);

    const [request] = await requestsOf(item._id);
    expect(request).toMatchObject({ id: asked!.id, status: 'rejected', actionedBy: person('p2') });
    expect(request!.actionedOn).toBeInstanceOf(Date);
    const history = await t.database.db.select().from(missionAuditEvents).where(eq(missionAuditEvents.entityId, asked!.id));
    expect(history.map((event) => event.action)).toEqual(['create', 'reject']);
    // the approvers' ask is closed, the requester hears of it (as of a rejection)
    expect((await askOf('orgAdmin'))?.data).toMatchObject({ statusMap: { status: 'rejected' } });
    expect(publish).toHaveBeenCalledWith(
      `people/${person('p1pm')}`,
      expect.objectContaining({ entity: 'plan.requests', data: expect.objectContaining({ status: 'rejected', planItemId: item._id }) }),
    );
    expect((await askOf('p1pm'))?.title).toMatch(/rejected the request for Dev/);
    expectStatus(await requestCall(item._id, 'approve', 'orgAdmin', { context: 'org' }), 404);
  });
});
