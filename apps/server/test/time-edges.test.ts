import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Timesheet } from '@crewplan/domain';
import { missions, people, planItems } from '../src/db/schema/index.ts';
import { buildTestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { createMissionWorld, setOrg } from './support/missions-world.ts';
import type { TestApp } from './support/app.ts';
import type { MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';
import { MISSION_DATES, ROLE_DATES, timeTrackingWorld, weeksAgo } from './support/time-weeks.ts';

/**
 * Edges of the time routes met as an API client: odd input answered with a clear 400 naming the field (never a 500),
 * and the overtime report naming the missions its hours were kept on.
 */
let t: TestApp;
let world: MissionWorld;

beforeAll(async () => {
  ({ t, world } = await timeTrackingWorld());
  // the project manager's board reads weeks once they manage a mission
  await world.mission(MISSION_DATES);
});
afterAll(async () => t.close());

describe('GET /timesheet/project-manager?updatedAt: a moment the database keeps', () => {
  const board = (updatedAt: string) =>
    t.request({
      method: 'GET',
      url: `/api/timesheet/project-manager?updatedAt=${encodeURIComponent(updatedAt)}`,
      token: world.people.p1pm.token,
    });

  it('refuses a moment in the year 10000 (the last day of 9999 west of UTC) or the year 0, naming the field', async () => {
    for (const updatedAt of ['9999-12-31T23:59:59-12:00', '0000-01-01T00:00:00Z']) {
      const response = await board(updatedAt);
      expectStatus(response, 400);
      expect(errorOf(response).fields).toEqual({ updatedAt: 'Updated at must be between the years 1900 and 2999' });
    }
  });

  it('takes moments at the edges of the calendar', async () => {
    for (const updatedAt of ['1900-01-01T00:00:00Z', '2999-12-31T23:59:59+14:00', '2999-12-31T23:59:59Z'])
      expectStatus(await board(updatedAt), 200);
  });
});

describe('GET /timesheet/org/:orgId/overtime names its missions', () => {
  it("gives each mission's title, an archived mission's too (the screen's list of missions leaves it out)", async () => {
    const week = weeksAgo(2);
    const missionId = await world.mission({ ...MISSION_DATES, title: 'Harbour cabins' });
    const [role] = await t.database.db
      .insert(planItems)
      .values({ missionId, type: 'person', title: 'Designer', personId: world.people.p0.personId, ...ROLE_DATES })
      .returning();
    const saved = await t.request({
      method: 'POST',
      url: `/api/timesheet/mission/${missionId}`,
      token: world.people.p0.token,
      payload: { missionPlanId: role!.id, payload: { weekStart: week, dailyHours: [10, 8, 8, 8, 8, 0, 0], status: 'submitted' } },
    });
    expectStatus(saved, 201);
    const approved = await t.request({
      method: 'PUT',
      url: `/api/timesheet/mission/${missionId}/timesheet/${(saved.json() as Timesheet)._id}`,
      token: world.people.p1pm.token,
      payload: { payload: { status: 'approved' } },
    });
    expectStatus(approved, 200);
    await t.database.db.update(missions).set({ archivedAt: new Date() }).where(eq(missions.id, missionId));
    t.app.ctx.reads.changed();

    const report = await t.request({
      method: 'GET',
      url: `/api/timesheet/org/${world.orgId}/overtime?otPeriodStart=${week}&otPeriodEnd=${week}`,
      token: world.people.orgAdmin.token,
    });
    expectStatus(report, 200);
    const row = (report.json() as { people: { person: string; missions: unknown[] }[] }).people.find(
      (line) => line.person === world.people.p0.personId,
    );
    expect(row?.missions).toEqual([{ mission: missionId, title: 'Harbour cabins', hours: 10, overtimeHours: 2, after: 8, mode: 'day' }]);
  });
});

describe('a save that gives no hours keeps those of the week', () => {
  it('POST /timesheet/mission with a status alone submits the draft as it is, hours kept', async () => {
    const week = weeksAgo(4);
    const missionId = await world.mission(MISSION_DATES);
    const [role] = await t.database.db
      .insert(planItems)
      .values({ missionId, type: 'person', title: 'Designer', personId: world.people.p0.personId, ...ROLE_DATES })
      .returning();
    const save = (payload: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: `/api/timesheet/mission/${missionId}`,
        token: world.people.p0.token,
        payload: { missionPlanId: role!.id, payload: { weekStart: week, ...payload } },
      });
    expectStatus(await save({ dailyHours: [8, 7.5, 0, 0, 0, 0, 0] }), 201);
    const submitted = await save({ status: 'submitted' });
    expectStatus(submitted, 200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', dailyHours: [8, 7.5, 0, 0, 0, 0, 0], totalHours: 15.5 });
  });

  it('POST /timesheet/org with a snapshot alone keeps the week’s hours', async () => {
    const week = weeksAgo(4);
    const save = (payload: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: `/api/timesheet/org/${world.orgId}`,
        token: world.people.orgMember.token,
        payload: { payload: { weekStart: week, ...payload } },
      });
    expectStatus(await save({ dailyHours: [4, 4, 4, 4, 4, 0, 0] }), 201);
    const saved = await save({ snapshot: { note: 'Ops week' } });
    expectStatus(saved, 200);
    expect(saved.json()).toMatchObject({ status: 'draft', dailyHours: [4, 4, 4, 4, 4, 0, 0], snapshot: { note: 'Ops week' } });
    const emptied = await save({ dailyHours: [0, 0, 0, 0, 0, 0, 0] });
    expect(emptied.json()).toMatchObject({ dailyHours: [0, 0, 0, 0, 0, 0, 0] });
  });
});

describe('a role week left with no task line', () => {
  it('takes role days again from the whole week’s save (the grid types in it)', async () => {
    const week = weeksAgo(6);
    const missionId = await world.mission(MISSION_DATES);
    const [role] = await t.database.db
      .insert(planItems)
      .values({ missionId, type: 'person', title: 'Designer', personId: world.people.p0.personId, ...ROLE_DATES })
      .returning();
    const emptied = await t.request({
      method: 'POST',
      url: `/api/timesheet/mission/${missionId}`,
      token: world.people.p0.token,
      payload: { missionPlanId: role!.id, payload: { weekStart: week, actionItems: [] } },
    });
    expectStatus(emptied, 201);
    expect(emptied.json()).toMatchObject({ form: 'task', actionItems: [], totalHours: 0 });
    const saved = await t.request({
      method: 'PUT',
      url: '/api/timesheet/week',
      token: world.people.p0.token,
      payload: { weekStart: week, status: 'draft', rows: [{ missionId, planItemId: role!.id, dailyHours: [6, 0, 0, 0, 0, 0, 0] }] },
    });
    expectStatus(saved, 200);
    expect((saved.json() as { timesheets: Timesheet[] }).timesheets).toMatchObject([
      { _id: (emptied.json() as Timesheet)._id, form: 'role', dailyHours: [6, 0, 0, 0, 0, 0, 0] },
    ]);
  });
});

describe("the weeks missing are counted from the person's own day (rule 178)", () => {
  it('in the time zone of their profile: far east a new week has begun, far west the week is not over yet (role cells too)', async () => {
    // Sunday 29 November 2026, 20:00 UTC: Monday 10:00 at UTC+14, Sunday 09:00 at UTC-11
    const clock = createTestClock('2026-11-29T20:00:00Z');
    const app = await buildTestApp({ clock });
    try {
      const team = await createMissionWorld(app);
      await setOrg(app, team.orgId, { isOrgLicensed: true, isLicensedActive: true });
      const missionId = await team.mission({ planStartDate: '2026-09-07', planEndDate: '2027-01-31' });
      await app.database.db.insert(planItems).values({
        missionId,
        type: 'person',
        title: 'Designer',
        personId: team.people.p0.personId,
        startDate: '2026-09-07',
        endDate: '2027-01-31',
      });
      const missingWeeks = async (timezone: string | null) => {
        await app.database.db.update(people).set({ timezone }).where(eq(people.id, team.people.p0.personId));
        app.app.ctx.reads.changed();
        const mine = await app.request({ method: 'GET', url: '/api/timesheet', token: team.people.p0.token });
        expectStatus(mine, 200);
        return (mine.json() as { missing: { weekStart: string }[] }).missing.map((week) => week.weekStart);
      };
      expect(await missingWeeks(null)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
      expect(await missingWeeks('Pacific/Kiritimati')).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
      clock.set('2026-11-30T05:00:00Z');
      expect(await missingWeeks('UTC')).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
      expect(await missingWeeks('Pacific/Pago_Pago')).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);

      // the project manager's role cells run to their own week too
      const cellWeeks = async (timezone: string) => {
        await app.database.db.update(people).set({ timezone }).where(eq(people.id, team.people.p1pm.personId));
        app.app.ctx.reads.changed();
        const cells = await app.request({ method: 'GET', url: '/api/timesheet/project-manager/roles', token: team.people.p1pm.token });
        expectStatus(cells, 200);
        return (cells.json() as { weeks: string[] }).weeks.at(-1);
      };
      clock.set('2026-11-29T20:00:00Z');
      expect(await cellWeeks('UTC')).toBe('2026-11-23');
      expect(await cellWeeks('Pacific/Kiritimati')).toBe('2026-11-30');
    } finally {
      await app.close();
    }
  });
});
