import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_MESSAGES, type Timesheet } from '@crewplan/domain';
import { planItems, timesheets } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createMissionWorld, setOrg, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

/**
 * A week of hours lies inside the calendar the product keeps (1900–2999, as every other date): 2999-12-30 is a
 * Monday, but its Sunday is 3000-01-05, so no route stores it; 2999-12-23 is the last week kept, 1900-01-01 the first.
 * Reads at both edges answer as usual.
 */
let t: TestApp;
let world: MissionWorld;

const LAST_MONDAY = '2999-12-30';
const LAST_WEEK = '2999-12-23';
const FIRST_WEEK = '1900-01-01';
const HOURS = [1, 0, 0, 0, 0, 0, 1];

const token = () => world.people.p0.token;
const personId = () => world.people.p0.personId;

beforeAll(async () => {
  t = await buildTestApp();
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true });
});
afterAll(async () => t.close());

/** A fresh mission with a role of p0 over the given days. */
async function missionWithRole(startDate: string, endDate: string) {
  const missionId = await world.mission({ planStartDate: startDate, planEndDate: endDate });
  const [role] = await t.database.db
    .insert(planItems)
    .values({ missionId, type: 'person', title: 'Designer', personId: personId(), startDate, endDate })
    .returning();
  return { missionId, roleId: role!.id };
}

const END_OF_TIME = { startDate: '2999-12-01', endDate: '2999-12-31' };
const START_OF_TIME = { startDate: '1900-01-01', endDate: '1900-01-31' };

const missionSave = (m: { missionId: string; roleId: string }, weekStart: string) =>
  t.request({
    method: 'POST',
    url: `/api/timesheet/mission/${m.missionId}`,
    token: token(),
    payload: { missionPlanId: m.roleId, payload: { weekStart, dailyHours: HOURS } },
  });
const orgSave = (weekStart: string) =>
  t.request({
    method: 'POST',
    url: `/api/timesheet/org/${world.orgId}`,
    token: token(),
    payload: { payload: { weekStart, dailyHours: HOURS } },
  });
const weekSave = (m: { missionId: string; roleId: string }, weekStart: string) =>
  t.request({
    method: 'PUT',
    url: '/api/timesheet/week',
    token: token(),
    payload: { weekStart, status: 'draft', rows: [{ missionId: m.missionId, planItemId: m.roleId, dailyHours: HOURS }] },
  });
const weeksOf = async () =>
  (await t.database.db.select({ weekStart: timesheets.weekStart }).from(timesheets).where(eq(timesheets.personId, personId()))).map(
    (row) => row.weekStart,
  );

const expectOutOfCalendar = (response: Awaited<ReturnType<typeof orgSave>>, field: string) => {
  expectStatus(response, 400);
  expect(errorOf(response)).toMatchObject({ code: 'validation', fields: { [field]: TIME_MESSAGES.outOfCalendar } });
  expect(Object.keys(errorOf(response).fields ?? {})).toEqual([field]);
};

describe('a week of hours ends inside the calendar', () => {
  it('POST /timesheet/mission, POST /timesheet/org and PUT /timesheet/week refuse the week of 2999-12-30, naming the field; nothing is stored', async () => {
    const onRole = await missionWithRole(END_OF_TIME.startDate, END_OF_TIME.endDate);
    const inWeek = await missionWithRole(END_OF_TIME.startDate, END_OF_TIME.endDate);
    expectOutOfCalendar(await missionSave(onRole, LAST_MONDAY), 'payload.weekStart');
    expectOutOfCalendar(await orgSave(LAST_MONDAY), 'payload.weekStart');
    expectOutOfCalendar(await weekSave(inWeek, LAST_MONDAY), 'weekStart');
    expect(await weeksOf()).not.toContain(LAST_MONDAY);
  });

  it('keeps the last and the first weeks of the calendar by every route, and reads them back', async () => {
    for (const [week, dates] of [
      [LAST_WEEK, END_OF_TIME],
      [FIRST_WEEK, START_OF_TIME],
    ] as const) {
      const onRole = await missionWithRole(dates.startDate, dates.endDate);
      const inWeek = await missionWithRole(dates.startDate, dates.endDate);
      const saved = await missionSave(onRole, week);
      expectStatus(saved, 201);
      expect(saved.json()).toMatchObject({ weekStart: week, totalHours: 2 });
      expectStatus(await orgSave(week), 201);
      expectStatus(await weekSave(inWeek, week), 200);
      const mine = await t.request({ method: 'GET', url: `/api/timesheet?from=${week}&to=${week}&week=${week}`, token: token() });
      expectStatus(mine, 200);
      expect((mine.json() as { timesheets: Timesheet[] }).timesheets.filter((sheet) => sheet.weekStart === week)).toHaveLength(3);
    }
  });

  it('answers reads reaching the edges of the calendar, never 500', async () => {
    const onRole = await missionWithRole(END_OF_TIME.startDate, END_OF_TIME.endDate);
    const admin = world.people.orgAdmin.token;
    const wide = `from=${FIRST_WEEK}&to=${LAST_MONDAY}`;
    for (const [url, who] of [
      [`/api/timesheet?${wide}`, token()],
      [`/api/timesheet/mission/${onRole.missionId}?${wide}`, token()],
      [`/api/timesheet/org/${world.orgId}?${wide}`, admin],
      [`/api/timesheet/project-manager/roles?from=${LAST_MONDAY}&to=${LAST_MONDAY}`, world.people.p2.token],
      [`/api/timesheet/org/${world.orgId}/overtime?otPeriodStart=${LAST_MONDAY}&otPeriodEnd=2999-12-31`, admin],
    ] as const)
      expectStatus(await t.request({ method: 'GET', url, token: who }), 200);
    const metrics = await t.request({
      method: 'POST',
      url: `/api/orgPersonMetrics/missionTimesheetDailyMetrics/list/org/${world.orgId}`,
      token: admin,
      payload: { start: '2999-01-01', end: '2999-12-31' },
    });
    expectStatus(metrics, 200);
    // the personal grid opens only a week that can be kept
    const grid = await t.request({ method: 'GET', url: `/api/timesheet?week=${LAST_MONDAY}`, token: token() });
    expectStatus(grid, 400);
    expect(errorOf(grid).fields).toEqual({ week: TIME_MESSAGES.outOfCalendar });
  });
});
