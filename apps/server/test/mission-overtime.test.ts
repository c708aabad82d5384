import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays, mondayOf, type Mission, type Timesheet } from '@crewplan/domain';
import { missionAuditEvents, missions, planItems } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import {
  createMissionWorld,
  MISSION_CALLERS,
  missionExpectations,
  setOrg,
  type MissionCaller,
  type MissionWorld,
} from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

let t: TestApp;
let world: MissionWorld;

type Caller = Exclude<MissionCaller, 'anonymous'> | 'owner';
const thisWeek = mondayOf(new Date().toISOString().slice(0, 10));
const WEEK = addIsoDays(thisWeek, -14);
const DATES = { planStartDate: addIsoDays(thisWeek, -70), planEndDate: addIsoDays(thisWeek, 70) };

const tokenOf = (caller: Caller) => (caller === 'owner' ? world.owner.token : world.people[caller].token);

beforeAll(async () => {
  t = await buildTestApp();
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true });
});
afterAll(async () => t.close());

const put = (caller: Caller | 'anonymous', missionId: string, payload: Record<string, unknown>) =>
  t.request({
    method: 'PUT',
    url: `/api/mission/${missionId}`,
    ...(caller === 'anonymous' ? {} : { token: tokenOf(caller) }),
    payload,
  });

describe("the mission's overtime threshold (PUT /mission/:id overTimeAfter, overTimeAfterDayOrWeek; rule 177)", () => {
  it("starts on the organisation's, is set by the owner as hours, shows on the mission, and goes back when cleared", async () => {
    const missionId = await world.mission(DATES);
    const read = async () => {
      const response = await t.request({ method: 'GET', url: `/api/mission/${missionId}`, token: tokenOf('p0') });
      expectStatus(response, 200);
      return response.json() as Mission;
    };
    expect(await read()).toMatchObject({
      overTimeAfter: null,
      overTimeAfterDayOrWeek: null,
      overtime: { after: 8, mode: 'day', fromMission: false },
    });

    const set = await put('owner', missionId, { overTimeAfter: 37.5, overTimeAfterDayOrWeek: 'week' });
    expectStatus(set, 200);
    expect(set.json()).toMatchObject({
      overTimeAfter: 37.5,
      overTimeAfterDayOrWeek: 'week',
      overtime: { after: 37.5, mode: 'week', fromMission: true },
    });
    const [row] = await t.database.db.select().from(missions).where(eq(missions.id, missionId));
    expect([row!.overTimeAfterMinutes, row!.overTimeAfterDayOrWeek]).toEqual([2250, 'week']);
    expect(await read()).toMatchObject({ overtime: { after: 37.5, mode: 'week', fromMission: true } });

    // the mode alone keeps the hours; the history records the change
    expectStatus(await put('p1pm', missionId, { overTimeAfterDayOrWeek: 'day', overTimeAfter: 10 }), 200);
    const history = await t.database.db
      .select()
      .from(missionAuditEvents)
      .where(and(eq(missionAuditEvents.missionId, missionId), eq(missionAuditEvents.entity, 'missions')));
    expect(history.at(-1)!.changes).toMatchObject({
      overTimeAfterMinutes: { from: 2250, to: 600 },
      overTimeAfterDayOrWeek: { from: 'week', to: 'day' },
    });

    // the organisation's setting is what a mission without its own follows
    await setOrg(t, world.orgId, { overTimeAfter: 40, overTimeAfterDayOrWeek: 'week' });
    try {
      const cleared = await put('p2', missionId, { overTimeAfter: null, overTimeAfterDayOrWeek: null });
      expectStatus(cleared, 200);
      expect(cleared.json()).toMatchObject({
        overTimeAfter: null,
        overTimeAfterDayOrWeek: null,
        overtime: { after: 40, mode: 'week', fromMission: false },
      });
    } finally {
      await setOrg(t, world.orgId, { overTimeAfter: 8, overTimeAfterDayOrWeek: 'day' });
    }
  });

  it('is for mission owners and project managers (and the organisation’s admins and managers): the others are refused', async () => {
    const missionId = await world.mission(DATES);
    const expected = missionExpectations(['p1pm', 'p2', 'orgAdmin', 'orgManager']);
    for (const caller of MISSION_CALLERS) {
      const response = await put(caller, missionId, { overTimeAfter: 9, overTimeAfterDayOrWeek: 'day' });
      const want = expected[caller];
      expect(`${caller} ${response.statusCode}`).toBe(`${caller} ${want === 'allowed' ? 200 : want}`);
    }
    expectStatus(await put('owner', missionId, { overTimeAfter: 9 }), 200);
    const [row] = await t.database.db.select().from(missions).where(eq(missions.id, missionId));
    expect(row!.overTimeAfterMinutes).toBe(540);
  });

  it.each([
    ['negative hours', { overTimeAfter: -1 }, 'overTimeAfter'],
    ['more hours than a week', { overTimeAfter: 168.5 }, 'overTimeAfter'],
    ['hours as text', { overTimeAfter: '8' }, 'overTimeAfter'],
    ['an unknown mode', { overTimeAfterDayOrWeek: 'month' }, 'overTimeAfterDayOrWeek'],
    ['more than 24 hours a day', { overTimeAfter: 25, overTimeAfterDayOrWeek: 'day' }, 'overTimeAfter'],
    ['more than 24 hours without a mode (daily)', { overTimeAfter: 25 }, 'overTimeAfter'],
  ])('refuses %s (400 naming the field)', async (_name, payload, field) => {
    const missionId = await world.mission(DATES);
    const response = await put('owner', missionId, payload);
    expectStatus(response, 400);
    expect(errorOf(response).code).toBe('validation');
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual([field]);
  });

  it('checks the day limit against what is stored: a weekly 30 cannot become a daily 30', async () => {
    const missionId = await world.mission(DATES);
    expectStatus(await put('owner', missionId, { overTimeAfter: 30, overTimeAfterDayOrWeek: 'week' }), 200);
    const response = await put('owner', missionId, { overTimeAfterDayOrWeek: 'day' });
    expectStatus(response, 400);
    expect(errorOf(response)).toMatchObject({
      message: 'A day holds at most 24 hours',
      fields: { overTimeAfter: 'A day holds at most 24 hours' },
    });
  });
});

describe('the overtime report and the daily metrics follow the mission’s threshold', () => {
  it('counts a 42-hour week of 10-hour days as 8 h over the daily 8, and 2 h over a weekly 40 set on the mission', async () => {
    const missionId = await world.mission(DATES);
    const [role] = await t.database.db
      .insert(planItems)
      .values({
        missionId,
        type: 'person',
        title: 'Carpenter',
        personId: world.people.p0.personId,
        startDate: DATES.planStartDate,
        endDate: DATES.planEndDate,
      })
      .returning();
    const saved = await t.request({
      method: 'POST',
      url: `/api/timesheet/mission/${missionId}`,
      token: tokenOf('p0'),
      payload: { missionPlanId: role!.id, payload: { weekStart: WEEK, dailyHours: [10, 10, 10, 10, 2, 0, 0], status: 'submitted' } },
    });
    expectStatus(saved, 201);
    const approve = await t.request({
      method: 'PUT',
      url: `/api/timesheet/mission/${missionId}/timesheet/${(saved.json() as Timesheet)._id}`,
      token: tokenOf('p1pm'),
      payload: { payload: { status: 'approved' } },
    });
    expectStatus(approve, 200);

    const report = async () => {
      const response = await t.request({
        method: 'GET',
        url: `/api/timesheet/org/${world.orgId}/overtime?otPeriodStart=${WEEK}&otPeriodEnd=${addIsoDays(WEEK, 6)}`,
        token: tokenOf('orgAdmin'),
      });
      expectStatus(response, 200);
      const people = (
        response.json() as { people: { person: string; overtimeHours: number; after: number; mode: string; missions: unknown[] }[] }
      ).people;
      return people.find((row) => row.person === world.people.p0.personId)!;
    };
    type MetricsDay = { day: string; overtimeHours: number; overtimeAfter: number; overtimeMode: string };
    const metrics = async (start: string) => {
      const response = await t.request({
        method: 'POST',
        url: `/api/orgPersonMetrics/missionTimesheetDailyMetrics/list/org/${world.orgId}`,
        token: tokenOf('orgManager'),
        payload: { start, end: addIsoDays(WEEK, 6), missions: [missionId] },
      });
      expectStatus(response, 200);
      return (response.json() as { days: MetricsDay[] }).days.map((d) => [d.day, d.overtimeHours, d.overtimeAfter, d.overtimeMode]);
    };
    const day = (i: number) => addIsoDays(WEEK, i);

    // the organisation's 8 hours a day
    expect(await report()).toMatchObject({
      overtimeHours: 8,
      after: 8,
      mode: 'day',
      missions: [{ mission: missionId, overtimeHours: 8, after: 8, mode: 'day' }],
    });
    expect(await metrics(WEEK)).toEqual([
      [day(0), 2, 8, 'day'],
      [day(1), 2, 8, 'day'],
      [day(2), 2, 8, 'day'],
      [day(3), 2, 8, 'day'],
      [day(4), 0, 8, 'day'],
    ]);

    // the mission's own 40 hours a week: only Friday's 2 hours pass it, also when the metrics start mid-week
    expectStatus(await put('p1pm', missionId, { overTimeAfter: 40, overTimeAfterDayOrWeek: 'week' }), 200);
    expect(await report()).toMatchObject({
      overtimeHours: 2,
      after: 8,
      mode: 'day',
      missions: [{ mission: missionId, overtimeHours: 2, after: 40, mode: 'week' }],
    });
    expect(await metrics(day(3))).toEqual([
      [day(3), 0, 40, 'week'],
      [day(4), 2, 40, 'week'],
    ]);

    // cleared: the organisation's again
    expectStatus(await put('p1pm', missionId, { overTimeAfter: null, overTimeAfterDayOrWeek: null }), 200);
    expect((await report()).overtimeHours).toBe(8);
  });
});

describe('who reads the daily metrics and the overtime report (organisation admins, managers and observers)', () => {
  const range = { start: WEEK, end: addIsoDays(WEEK, 6) };
  const metrics = (caller: Caller | 'anonymous', body: Record<string, unknown> = range) =>
    t.request({
      method: 'POST',
      url: `/api/orgPersonMetrics/missionTimesheetDailyMetrics/list/org/${world.orgId}`,
      ...(caller === 'anonymous' ? {} : { token: tokenOf(caller) }),
      payload: body,
    });
  const report = (caller: Caller | 'anonymous') =>
    t.request({
      method: 'GET',
      url: `/api/timesheet/org/${world.orgId}/overtime?otPeriodStart=${WEEK}&otPeriodEnd=${addIsoDays(WEEK, 6)}`,
      ...(caller === 'anonymous' ? {} : { token: tokenOf(caller) }),
    });

  it.each([
    ['the organisation owner', 'owner', 200],
    ['an organisation manager', 'orgManager', 200],
    ["a mission's project manager", 'p1pm', 403],
    ["a mission's owner who is an organisation member", 'p2', 403],
    ['a team member', 'p0', 403],
    ['an observer', 'p3', 403],
    // a workspace report of the organisation (rule 111)
    ['an organisation observer', 'orgObserver', 200],
    ['an outsider', 'outsider', 404],
    ['nobody signed in', 'anonymous', 401],
  ] as const)('%s: %s', async (_name, caller, status) => {
    expectStatus(await metrics(caller), status);
    expectStatus(await report(caller), status);
  });

  it.each([
    ['an unknown field', { ...range, week: 1 }],
    ['a mission that is not an id', { ...range, missions: ['nope'] }],
    ['a day that is not one', { ...range, start: '2026-13-01' }],
  ])('refuses %s in the metrics (400)', async (_name, body) => {
    const response = await metrics('owner', body);
    expectStatus(response, 400);
    expect(errorOf(response).code).toBe('validation');
  });
});
