import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays } from '@crewplan/domain';
import { missions, orgs, planItems, timesheets } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { expectAccess, orgPrincipals, type OrgPrincipal, WORKSPACE_REPORT_ACCESS } from './support/authz-matrix.ts';
import { setOrg } from './support/missions-world.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { createOrgWorld, expectStatus, type OrgWorld } from './support/org.ts';
import { MISSION_DATES, ROLE_DATES, WEEK, weeksAgo } from './support/time-weeks.ts';

/**
 * Rule 111: an organisation observer sees the organisation's workspace reports but not its projects. The overtime
 * report and its daily metrics are such reports: the observer reads what an organisation admin reads, and changes
 * nothing (no decision on a week, no threshold, no week of their own). Who is below the observer keeps what they had.
 */
let t: TestApp;
let w: OrgWorld;
let missionId: string;
/** The member's approved week (10 hours on Monday: 2 over the organisation's 8 a day) and their submitted one. */
let submittedId: string;
const week = weeksAgo(2);
const period = `otPeriodStart=${week}&otPeriodEnd=${addIsoDays(week, 6)}`;
const overtimeUrl = () => `/api/timesheet/org/${w.orgId}/overtime?${period}`;
const metricsUrl = () => `/api/orgPersonMetrics/missionTimesheetDailyMetrics/list/org/${w.orgId}`;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createOrgWorld(t);
  await setOrg(t, w.orgId, { isOrgLicensed: true, isLicensedActive: true });
  const mission = await insertMission(t, w.people.admin, { orgId: w.orgId, ...MISSION_DATES });
  missionId = mission.id;
  await addToMission(t, missionId, w.people.member, 0);
  const [role] = await t.database.db
    .insert(planItems)
    .values({ missionId, type: 'person', title: 'Welder', personId: w.people.member.personId, ...ROLE_DATES })
    .returning();
  const sheet = { orgId: w.orgId, missionId, planItemId: role!.id, personId: w.people.member.personId, scope: role!.id };
  const [, submitted] = await t.database.db
    .insert(timesheets)
    .values([
      { ...sheet, weekStart: week, status: 'approved', dailyMinutes: [600, 480, 0, 0, 0, 0, 0] },
      { ...sheet, weekStart: weeksAgo(1), status: 'submitted', dailyMinutes: WEEK.map((hours) => hours * 60) },
    ])
    .returning();
  submittedId = submitted!.id;
  t.app.ctx.reads.changed();
});
afterAll(async () => t.close());

const as = (who: OrgPrincipal) => (who === 'apiKey' ? w.apiKey : w.people[who as keyof OrgWorld['people']].token);
const overtime = (who: OrgPrincipal) => t.request({ method: 'GET', url: overtimeUrl(), token: as(who) });
const metrics = (who: OrgPrincipal) =>
  t.request({ method: 'POST', url: metricsUrl(), token: as(who), payload: { start: week, end: addIsoDays(week, 6) } });

describe('the overtime report for an organisation observer (rule 111)', () => {
  it('reads the whole organisation’s report, as its admin does', async () => {
    const observed = await overtime('observerOrg');
    expectStatus(observed, 200);
    expect(observed.json()).toEqual((await overtime('admin')).json());
    expect(observed.json()).toMatchObject({
      start: week,
      people: [
        {
          person: w.people.member.personId,
          name: 'Member Person',
          hours: 18,
          overtimeHours: 2,
          after: 8,
          mode: 'day',
          missions: [{ mission: missionId, hours: 18, overtimeHours: 2 }],
        },
      ],
    });
  });

  it('reads its daily metrics, as its admin does', async () => {
    const observed = await metrics('observerOrg');
    expectStatus(observed, 200);
    expect(observed.json()).toEqual((await metrics('admin')).json());
    const days = (observed.json() as { days: { day: string; hours: number; overtimeHours: number }[] }).days;
    expect(days.map((day) => [day.day, day.hours, day.overtimeHours])).toEqual([
      [week, 10, 2],
      [addIsoDays(week, 1), 8, 0],
    ]);
  });

  it.each([
    ['the overtime report', () => ({ method: 'GET' as const, url: overtimeUrl() })],
    ['the daily metrics', () => ({ method: 'POST' as const, url: metricsUrl(), payload: { start: week, end: addIsoDays(week, 6) } })],
  ])(
    '%s: its admins, managers and observers; not below (members, limited managers) nor limited observers, keys, outsiders',
    async (_name, request) => {
      await expectAccess(t, orgPrincipals(w), request(), WORKSPACE_REPORT_ACCESS);
    },
  );

  it('changes nothing: no decision on a week, no overtime threshold, no week of their own', async () => {
    const token = w.people.observerOrg.token;
    const decide = (url: string) => t.request({ method: 'PUT', url, token, payload: { payload: { status: 'approved' } } });
    const orgWeek = await decide(`/api/timesheet/org/${w.orgId}/timesheet/${submittedId}`);
    expectStatus(orgWeek, 403);
    const missionWeek = await decide(`/api/timesheet/mission/${missionId}/timesheet/${submittedId}`);
    // the projects are not theirs to see (rule 111)
    expectStatus(missionWeek, 404);
    const orgThreshold = await t.request({
      method: 'PUT',
      url: `/api/org/${w.orgId}`,
      token,
      payload: { overTimeAfter: 4, overTimeAfterDayOrWeek: 'day' },
    });
    expectStatus(orgThreshold, 403);
    const missionThreshold = await t.request({
      method: 'PUT',
      url: `/api/mission/${missionId}`,
      token,
      payload: { overTimeAfter: 4, overTimeAfterDayOrWeek: 'day' },
    });
    expectStatus(missionThreshold, 404);
    const ownWeek = await t.request({
      method: 'POST',
      url: `/api/timesheet/org/${w.orgId}`,
      token,
      payload: { payload: { weekStart: weeksAgo(1), dailyHours: WEEK, status: 'submitted' } },
    });
    expectStatus(ownWeek, 403);

    const [sheet] = await t.database.db.select({ status: timesheets.status }).from(timesheets).where(eq(timesheets.id, submittedId));
    expect(sheet!.status).toBe('submitted');
    const [org] = await t.database.db.select({ after: orgs.overTimeAfter }).from(orgs).where(eq(orgs.id, w.orgId));
    const [mission] = await t.database.db.select({ after: missions.overTimeAfterMinutes }).from(missions).where(eq(missions.id, missionId));
    expect(mission!.after).toBeNull();
    const report = (await overtime('admin')).json() as { people: { overtimeHours: number; after: number }[] };
    expect(report.people[0]).toMatchObject({ overtimeHours: 2, after: 8 });
    expect(Number(org!.after)).toBe(8);
  });
});
