import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFFING_MESSAGES, type RecommendResponse, type StaffingSession, type WhatIfResponse } from '@crewplan/domain';
import { departments, leaveRequests, staffingSessions } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission } from './support/missions.ts';
import { addMember, errorOf, expectStatus, insertMember, verifiedPerson } from './support/org.ts';
import { createStaffingWorld, type StaffingWorld } from './support/staffing.ts';

let t: TestApp;
let w: StaffingWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createStaffingWorld(t);
});
afterAll(async () => t.close());

const post = (token: string, url: string, payload: unknown) => t.request({ method: 'POST', url, token, payload: payload as object });
const recommendUrl = (path = '') => `/api/ai/resource/org/${w.orgId}/recommend${path}`;
const resourcesFor = async (token: string, body: Record<string, unknown>) => {
  const response = await post(token, recommendUrl(), body);
  expectStatus(response, 200);
  return (response.json() as RecommendResponse).recommendations[0]!.preAssigned.resources;
};

describe('a recommendation session', () => {
  it('keeps both bookings when two calls book into it at once', async () => {
    const started = await post(w.people.admin.token, recommendUrl(), { rolesNeeded: [{ missionPlanId: w.roleId }] });
    expectStatus(started, 200);
    const { sessionId } = started.json() as RecommendResponse;
    const later = await w.role({ title: 'Later developer', startDate: '2026-05-04', endDate: '2026-05-08' });
    const book = (missionPlanId: string, personId: string) =>
      post(w.people.admin.token, recommendUrl(`/session/${sessionId}`), { assignedRoles: [{ missionPlanId, personId }] });
    const answers = await Promise.all([book(w.roleId, w.alice.personId), book(later, w.bob.personId)]);
    for (const answer of answers) expectStatus(answer, 200);
    const [row] = await t.database.db.select().from(staffingSessions).where(eq(staffingSessions.id, sessionId));
    const booked = row!.bookings.map((booking) => [booking.missionPlanId, booking.personId]);
    expect(booked).toEqual(
      expect.arrayContaining([
        [w.roleId, w.alice.personId],
        [later, w.bob.personId],
      ]),
    );
    expect(booked).toHaveLength(2);
    const last = answers.map((answer) => (answer.json() as StaffingSession).assignedRoles.length);
    expect(Math.max(...last)).toBe(2);
  });
});

describe('what-if and weekly plot read the organisation’s ledger: only for its current members', () => {
  it.each([
    ['a project manager invited from outside the organisation', null],
    ['a project manager who has left the organisation', '2020-01-01'],
  ])('%s may not plan with them (403), nor get recommendations (404)', async (_who, leftOn) => {
    const pm = await verifiedPerson(t, { firstName: 'Far', lastName: 'Away' });
    if (leftOn) await addMember(t, w.orgId, pm, 'MEMBER', { endDate: leftOn });
    await addToMission(t, w.missionId, pm, 1, { isProjectManager: true });
    const whatIf = await post(pm.token, '/api/ai/what-if', {
      missionId: w.missionId,
      reassign: [{ missionPlanId: w.roleId, personId: w.carol.personId }],
    });
    expectStatus(whatIf, 403);
    expect(errorOf(whatIf)).toMatchObject({ message: STAFFING_MESSAGES.notYourMission });
    expect(whatIf.body).not.toContain('Carol');
    expectStatus(await post(pm.token, '/api/ai/weekly-plot', { missionId: w.missionId }), 403);
    expectStatus(await post(pm.token, recommendUrl(), { rolesNeeded: [{ missionPlanId: w.roleId }] }), 404);
  });
});

describe('what-if hand-overs', () => {
  it('do not let a project manager read the load of a person a closed department keeps to itself', async () => {
    const [vault] = await t.database.db
      .insert(departments)
      .values({ orgId: w.orgId, title: 'Vault', dontShareResources: true })
      .returning();
    const kept = await insertMember(t, w.orgId, 'MEMBER', { departments: [vault!.id] });
    const body = { missionId: w.missionId, reassign: [{ missionPlanId: w.roleId, personId: kept.personId }] };
    const refused = await post(w.pm.token, '/api/ai/what-if', body);
    expectStatus(refused, 404);
    expect(errorOf(refused)).toMatchObject({ fields: { 'reassign.0.personId': STAFFING_MESSAGES.personNotFound } });
    expect(refused.body).not.toContain('bookedHours');
    // the organisation's admins see everyone, as the planner shows them
    const admin = await post(w.people.admin.token, '/api/ai/what-if', body);
    expectStatus(admin, 200);
    expect((admin.json() as WhatIfResponse).people.map((person) => person.personId)).toContain(kept.personId);
  });
});

describe('candidates', () => {
  it('leaves out a person holding an undated role on the same project (the plan refuses the overlap)', async () => {
    const eve = await insertMember(t, w.orgId, 'MEMBER', {}, 'eve');
    await addToMission(t, w.missionId, eve, 0);
    await w.role({ personId: eve.personId, title: 'Tester', role: 'Tester', startDate: null, endDate: null });
    const rows = await resourcesFor(w.people.admin.token, { rolesNeeded: [{ missionPlanId: w.roleId }] });
    expect(rows.map((row) => row.personId)).not.toContain(eve.personId);
    const assign = await t.request({
      method: 'PUT',
      url: `/api/org/${w.orgId}/planner/role/${w.roleId}`,
      token: w.people.admin.token,
      payload: { personId: eve.personId },
    });
    expectStatus(assign, 409);
  });
});

describe('reasons in words', () => {
  it('name a leave code that hides its reason only to the organisation’s leave approvers', async () => {
    const dora = await insertMember(t, w.orgId, 'MEMBER', {}, 'dora');
    await t.database.db.insert(leaveRequests).values({
      orgId: w.orgId,
      personId: dora.personId,
      codeId: 'medical',
      status: 'approved',
      dates: [{ from: '2026-03-05', to: '2026-03-05' }],
      days: [{ date: '2026-03-05', hours: 8 }],
      totalHours: 8,
      startDate: '2026-03-05',
      endDate: '2026-03-05',
      createdBy: dora.personId,
    });
    const reasonsOf = async (token: string) => {
      const rows = await resourcesFor(token, { rolesNeeded: [{ missionPlanId: w.roleId }], options: { explain: true } });
      return rows.find((row) => row.personId === dora.personId)!.explanation.reasons!;
    };
    expect(await reasonsOf(w.people.admin.token)).toContain("Away on 1 of the role's 10 working days (Medical leave) (10%).");
    const manager = await reasonsOf(w.people.manager.token);
    expect(manager).toContain("Away on 1 of the role's 10 working days (10%).");
    expect(manager.join(' ')).not.toContain('Medical');
  });
});
