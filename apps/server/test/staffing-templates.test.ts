import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecommendResponse } from '@crewplan/domain';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { errorOf, expectStatus } from './support/org.ts';
import { createStaffingWorld, type StaffingWorld } from './support/staffing.ts';

/**
 * A template is no team at work (rule 240, as the board and leave review treat it): the availability ledger books none
 * of its roles, so the staffing help neither staffs its roles (nor books them into a session, where they would keep a
 * person off real roles of those days) nor weighs loads against it.
 */
let t: TestApp;
let w: StaffingWorld;
let templateId: string;
let templateRole: string;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createStaffingWorld(t);
  const template = await insertMission(t, w.people.admin, {
    orgId: w.orgId,
    isTemplate: true,
    planStartDate: '2026-03-02',
    planEndDate: '2026-03-27',
  });
  templateId = template.id;
  await addToMission(t, templateId, w.pm, 1, { isProjectManager: true });
  templateRole = await w.role({ personId: w.alice.personId }, templateId);
});
afterAll(async () => t.close());

const post = (token: string, url: string, payload: unknown) => t.request({ method: 'POST', url, token, payload: payload as object });
const recommendUrl = (path = '') => `/api/ai/resource/org/${w.orgId}/recommend${path}`;

describe('the staffing help and templates', () => {
  it.each(['', '/preassigned'])('recommend%s: a role of a template is not there to staff (404, naming it)', async (path) => {
    for (const token of [w.people.admin.token, w.pm.token]) {
      const response = await post(token, recommendUrl(path), {
        rolesNeeded: [{ missionPlanId: w.roleId }, { missionPlanId: templateRole }],
      });
      expectStatus(response, 404);
      expect(errorOf(response)).toMatchObject({
        code: 'staffing/role-not-found',
        fields: { 'rolesNeeded.1.missionPlanId': expect.any(String) },
      });
    }
    const simple = await post(w.people.admin.token, recommendUrl('/preassigned/simple'), [{ missionPlanId: templateRole }]);
    expectStatus(simple, 404);
  });

  it('a session books no role of a template', async () => {
    const started = await post(w.people.admin.token, recommendUrl(), { rolesNeeded: [{ missionPlanId: w.roleId }] });
    expectStatus(started, 200);
    const { sessionId } = started.json() as RecommendResponse;
    const booked = await post(w.people.admin.token, recommendUrl(`/session/${sessionId}`), {
      assignedRoles: [{ missionPlanId: templateRole, personId: w.bob.personId }],
    });
    expectStatus(booked, 404);
    expect(errorOf(booked).fields).toMatchObject({ 'assignedRoles.0.missionPlanId': expect.any(String) });
    // so Bob stays a candidate for the real role of the same days
    const again = await post(w.people.admin.token, recommendUrl(), { rolesNeeded: [{ missionPlanId: w.roleId }], options: { sessionId } });
    expectStatus(again, 200);
    const resources = (again.json() as RecommendResponse).recommendations[0]!.preAssigned.resources;
    expect(resources.map((row) => row.personId)).toContain(w.bob.personId);
  });

  it.each(['what-if', 'weekly-plot'])('%s of a template: not a project at work (404, naming missionId)', async (path) => {
    for (const token of [w.people.admin.token, w.pm.token]) {
      const response = await post(token, `/api/ai/${path}`, { missionId: templateId });
      expectStatus(response, 404);
      expect(errorOf(response)).toMatchObject({ code: 'staffing/mission-not-found', fields: { missionId: expect.any(String) } });
    }
  });
});
