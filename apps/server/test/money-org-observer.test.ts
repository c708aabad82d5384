import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyReport } from '@crewplan/domain';
import { missions, planItems, timesheets } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { expectAccess, orgPrincipals, type OrgPrincipal, WORKSPACE_REPORT_ACCESS } from './support/authz-matrix.ts';
import { setOrg } from './support/missions-world.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { createOrgWorld, expectStatus, type OrgWorld } from './support/org.ts';
import { MISSION_DATES, ROLE_DATES, weeksAgo } from './support/time-weeks.ts';

/**
 * Rule 111: an organisation observer sees the organisation's workspace reports but not its projects. The cost report
 * of the organisation is one: the observer reads what an organisation admin reads, and sets no money (no rate card,
 * no budget, no role cost) nor sees the rates and budgets behind it. Who is below the observer keeps what they had.
 */
let t: TestApp;
let w: OrgWorld;
let missionId: string;
const reportUrl = () => `/api/money/org/${w.orgId}/report`;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createOrgWorld(t);
  await setOrg(t, w.orgId, { isOrgLicensed: true, isLicensedActive: true, currency: 'EUR' });
  const mission = await insertMission(t, w.people.admin, {
    orgId: w.orgId,
    title: 'Harbour cabins',
    currency: 'EUR',
    budgetAvailableMinor: 1_000_000,
    ...MISSION_DATES,
  });
  missionId = mission.id;
  await addToMission(t, missionId, w.people.member, 0);
  const [role] = await t.database.db
    .insert(planItems)
    .values({
      missionId,
      type: 'person',
      title: 'Carpenter',
      personId: w.people.member.personId,
      rateMinor: 5_000,
      rateTime: 'Hourly',
      billRateMinor: 8_000,
      billUnit: 'Hourly',
      ...ROLE_DATES,
    })
    .returning();
  // 10 approved hours at 50.00 an hour, billed at 80.00
  await t.database.db.insert(timesheets).values({
    orgId: w.orgId,
    missionId,
    planItemId: role!.id,
    personId: w.people.member.personId,
    scope: role!.id,
    weekStart: weeksAgo(2),
    status: 'approved',
    dailyMinutes: [600, 0, 0, 0, 0, 0, 0],
  });
  t.app.ctx.reads.changed();
});
afterAll(async () => t.close());

const as = (who: OrgPrincipal) => (who === 'apiKey' ? w.apiKey : w.people[who as keyof OrgWorld['people']].token);
const report = (who: OrgPrincipal) => t.request({ method: 'GET', url: reportUrl(), token: as(who) });

describe('the cost report for an organisation observer (rule 111)', () => {
  it('reads the whole organisation’s report, as its admin does', async () => {
    const observed = await report('observerOrg');
    expectStatus(observed, 200);
    expect(observed.json()).toEqual((await report('admin')).json());
    const money = observed.json() as MoneyReport;
    expect(money).toMatchObject({ currency: 'EUR', budget: 10_000, billable: true, unconverted: [] });
    expect(
      money.rows.map((row) => [row.missionId, row.title, row.total.approvedHours, row.total.actualCost, row.total.actualRevenue]),
    ).toEqual([[missionId, 'Harbour cabins', 10, 500, 800]]);
  });

  it('is read by its admins, managers and observers; not below (members, limited managers), nor by limited observers, keys, outsiders', async () => {
    await expectAccess(t, orgPrincipals(w), { method: 'GET', url: reportUrl() }, WORKSPACE_REPORT_ACCESS);
  });

  it('sets no money and reads neither rates nor the projects behind the report', async () => {
    const token = w.people.observerOrg.token;
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
      t.request({ method, url, token, ...(payload ? { payload } : {}) });
    // the organisation's rate cards and role costs: its money people only
    expectStatus(await call('GET', `/api/org/${w.orgId}/rate-card`), 403);
    expectStatus(await call('POST', `/api/org/${w.orgId}/rate-card`, { name: 'Observer card', usedForId: missionId }), 403);
    expectStatus(await call('POST', `/api/org/${w.orgId}/roles`, { name: 'Observer role', cost: 10 }), 403);
    // a mission's budget and money: the projects are not theirs to see
    expectStatus(await call('GET', `/api/money/mission/${missionId}`), 404);
    expectStatus(await call('PUT', `/api/mission/${missionId}`, { budgetAvailable: 1 }), 404);

    const [mission] = await t.database.db
      .select({ budget: missions.budgetAvailableMinor })
      .from(missions)
      .where(eq(missions.id, missionId));
    expect(mission!.budget).toBe(1_000_000);
  });
});
