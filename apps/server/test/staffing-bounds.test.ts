import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLANNER_OUT_OF_CALENDAR, STAFFING_MESSAGES, type Planner, type RecommendResponse } from '@crewplan/domain';
import { missionPeople, planItems, rolePlanItems, staffingSessions } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { startFakeOpenAi, type FakeOpenAi } from './support/fake-openai.ts';
import { errorOf, expectStatus, verifiedPerson } from './support/org.ts';
import type { TestPerson } from './support/people.ts';
import { createStaffingWorld, type StaffingWorld } from './support/staffing.ts';

let t: TestApp;
let w: StaffingWorld;
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await buildTestApp({ env: { AI_BASE_URL: fake.url, AI_MODEL: 'fake-ranker', AI_TIMEOUT_MS: '2000' } });
  w = await createStaffingWorld(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.onCall = undefined;
});

const planner = (query: string) => t.request({ method: 'GET', url: `/api/org/${w.orgId}/planner?${query}`, token: w.people.admin.token });

describe('the planner keeps to the calendar (1900–2999), as the what-if does', () => {
  it.each(['from=2999-12-01&weeks=26', 'from=2999-12-31&weeks=1', 'from=2999-12-30'])('refuses %s, naming from', async (query) => {
    const response = await planner(query);
    expectStatus(response, 400);
    expect(errorOf(response)).toEqual({
      code: 'validation',
      message: `${PLANNER_OUT_OF_CALENDAR}.`,
      fields: { from: PLANNER_OUT_OF_CALENDAR },
    });
  });

  it('shows the last week that ends in 2999 and the first weeks of 1900', async () => {
    const last = await planner('from=2999-12-29&weeks=1');
    expectStatus(last, 200);
    expect((last.json() as Planner).weeks).toEqual(['2999-12-23']);
    const first = await planner('from=1900-01-01&weeks=26');
    expectStatus(first, 200);
    expect((first.json() as Planner).weeks.at(-1)).toBe('1900-06-25');
  });
});

describe('a recommendation session ended while a recommendation for it runs', () => {
  const ask = (path: string, sessionId?: string) =>
    t.request({
      method: 'POST',
      url: `/api/ai/resource/org/${w.orgId}/recommend${path}`,
      token: w.people.admin.token,
      payload: { rolesNeeded: [{ missionPlanId: w.roleId }], ...(sessionId ? { options: { sessionId } } : {}) },
    });

  it.each(['', '/preassigned'])('answers 404 naming options.sessionId on …/recommend%s, and does not bring it back', async (path) => {
    const started = await ask(path);
    expectStatus(started, 200);
    const { sessionId } = started.json() as RecommendResponse;
    const calls = fake.calls.length;
    // the owner ends the session while the server waits for the language model (9 candidates: it is asked)
    fake.onCall = async () => {
      expectStatus(
        await t.request({ method: 'DELETE', url: `/api/ai/resource/recommend/session/${sessionId}`, token: w.people.admin.token }),
        200,
      );
    };
    const response = await ask(path, sessionId);
    expect(fake.calls.length).toBe(calls + 1);
    expectStatus(response, 404);
    expect(errorOf(response)).toEqual({
      code: 'staffing/session-not-found',
      message: STAFFING_MESSAGES.sessionNotFound,
      fields: { 'options.sessionId': STAFFING_MESSAGES.sessionNotFound },
    });
    expect(await t.database.db.select().from(staffingSessions).where(eq(staffingSessions.id, sessionId))).toEqual([]);
  });
});

describe('an outside observer (a client of another domain on the project, not in the organisation)', () => {
  let client: TestPerson;
  beforeAll(async () => {
    client = await verifiedPerson(t, { email: `client-${Date.now()}@elsewhere.example.org`, firstName: 'Cora', lastName: 'Client' });
    await t.database.db
      .insert(missionPeople)
      .values({ missionId: w.missionId, personId: client.personId, email: client.email, permission: 3, customRole: 'Client' });
  });

  it('neither reads nor plans the staffing of the organisation, and nothing is written', async () => {
    const [before] = await t.database.db.select().from(planItems).where(eq(planItems.id, w.roleId));
    const calls: [string, string, object | undefined, number][] = [
      ['GET', `/api/org/${w.orgId}/planner?from=2026-03-02`, undefined, 404],
      ['GET', `/api/availability/org/${w.orgId}?from=2026-03-02&to=2026-03-13`, undefined, 404],
      ['PUT', `/api/org/${w.orgId}/planner/role/${w.roleId}`, { allocation: 10 }, 404],
      ['PUT', `/api/org/${w.orgId}/planner/role/${w.roleId}`, { personId: client.personId }, 404],
      ['POST', `/api/ai/resource/org/${w.orgId}/recommend`, { rolesNeeded: [{ missionPlanId: w.roleId }] }, 404],
      ['POST', `/api/ai/resource/org/${w.orgId}/recommend/preassigned/simple`, [{ missionPlanId: w.roleId }], 404],
      ['POST', '/api/ai/what-if', { missionId: w.missionId, shiftDays: 7 }, 403],
      ['POST', '/api/ai/weekly-plot', { missionId: w.missionId }, 403],
      ['GET', `/api/org-role-plan-item/org/${w.orgId}`, undefined, 404],
      ['POST', `/api/org-role-plan-item/org/${w.orgId}`, { roleId: w.developerRoleId }, 404],
    ];
    for (const [method, url, payload, status] of calls) {
      const response = await t.request({
        method: method as 'GET',
        url,
        token: client.token,
        ...(payload === undefined ? {} : { payload }),
      });
      expect(`${method} ${url} ${response.statusCode}`).toBe(`${method} ${url} ${status}`);
    }
    expect((await t.database.db.select().from(planItems).where(eq(planItems.id, w.roleId)))[0]).toEqual(before);
    expect(await t.database.db.select().from(staffingSessions).where(eq(staffingSessions.ownerId, client.personId))).toEqual([]);
    expect(await t.database.db.select().from(rolePlanItems).where(eq(rolePlanItems.orgId, w.orgId))).toEqual([]);
  });
});
