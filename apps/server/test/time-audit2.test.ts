import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addIsoDays, TIME_MESSAGES, type Timesheet } from '@crewplan/domain';
import { actionItems, actions, missionPeople, planItems, timesheets } from '../src/db/schema/index.ts';
import type { TestApp } from './support/app.ts';
import type { MissionCaller, MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';
import { weeksAgo, ROLE_DATES, MISSION_DATES, timeTrackingWorld } from './support/time-weeks.ts';

/**
 * Edges of the weekly timesheets found in a second review: the overtime of a day split over missions, a role's week
 * kept per task, and a project manager from outside the organisation.
 */
let t: TestApp;
let world: MissionWorld;

type Caller = Exclude<MissionCaller, 'anonymous'>;

/** Each test keeps hours in a week of its own (a person's day holds 24 hours across all their sheets). */
let current = weeksAgo(2);
let cursor = 2;
beforeEach(() => {
  current = weeksAgo(cursor);
  cursor += 2;
});

const token = (caller: Caller) => world.people[caller].token;
const person = (caller: Caller) => world.people[caller].personId;

beforeAll(async () => {
  ({ t, world } = await timeTrackingWorld());
});
afterAll(async () => t.close());

async function missionWithRole(holder: Caller = 'p0') {
  const missionId = await world.mission(MISSION_DATES);
  const [role] = await t.database.db
    .insert(planItems)
    .values({ missionId, type: 'person', title: 'Designer', personId: person(holder), ...ROLE_DATES })
    .returning();
  return { missionId, roleId: role!.id };
}

async function taskOn(missionId: string, people: Caller[]) {
  const [action] = await t.database.db.insert(actions).values({ missionId, title: 'Build' }).returning();
  const [task] = await t.database.db
    .insert(actionItems)
    .values({ missionId, actionId: action!.id, title: 'Wireframes', people: people.map(person), ...ROLE_DATES })
    .returning();
  return task!.id;
}

const save = (caller: Caller, missionId: string, roleId: string, payload: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: `/api/timesheet/mission/${missionId}`,
    token: token(caller),
    payload: { missionPlanId: roleId, payload: { weekStart: current, ...payload } },
  });
const update = (caller: Caller, missionId: string, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/timesheet/mission/${missionId}/timesheet/${id}`, token: token(caller), payload: { payload } });
const saveWeek = (caller: Caller, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/timesheet/week', token: token(caller), payload: { weekStart: current, ...payload } });

/** The person's week on the role, submitted by them and approved by the mission's project manager. */
async function approvedWeek(missionId: string, roleId: string, dailyHours: number[]) {
  const submitted = await save('p0', missionId, roleId, { dailyHours, status: 'submitted' });
  expectStatus(submitted, 201);
  expectStatus(await update('p1pm', missionId, (submitted.json() as Timesheet)._id, { status: 'approved' }), 200);
}

describe('the overtime of a day split over missions (rule 177)', () => {
  type MetricsDay = { person: string; mission: string | null; day: string; overtimeHours: number };
  const metrics = async (body: Record<string, unknown>) => {
    const response = await t.request({
      method: 'POST',
      url: `/api/orgPersonMetrics/missionTimesheetDailyMetrics/list/org/${world.orgId}`,
      token: token('orgAdmin'),
      payload: body,
    });
    expectStatus(response, 200);
    return (response.json() as { days: MetricsDay[] }).days.filter((row) => row.person === person('p0'));
  };
  const report = async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/timesheet/org/${world.orgId}/overtime?otPeriodStart=${current}&otPeriodEnd=${addIsoDays(current, 6)}`,
      token: token('orgManager'),
    });
    expectStatus(response, 200);
    type Row = { person: string; overtimeHours: number; missions: { mission: string; overtimeHours: number }[] };
    return (response.json() as { people: Row[] }).people.find((row) => row.person === person('p0'))!;
  };

  it("shares a day's overtime among its missions by their hours: the daily metrics add up to the report's", async () => {
    const first = await missionWithRole();
    const second = await missionWithRole();
    // 6 h + 4 h on Monday: 2 h beyond the organisation's 8 h a day, 1.2 h of them on the first mission, 0.8 h on the second
    await approvedWeek(first.missionId, first.roleId, [6, 0, 0, 0, 0, 0, 0]);
    await approvedWeek(second.missionId, second.roleId, [4, 0, 0, 0, 0, 0, 0]);

    const overtime = await report();
    expect(overtime.overtimeHours).toBe(2);
    expect(Object.fromEntries(overtime.missions.map((row) => [row.mission, row.overtimeHours]))).toEqual({
      [first.missionId]: 1.2,
      [second.missionId]: 0.8,
    });
    const days = await metrics({ start: current, end: addIsoDays(current, 6) });
    expect(days.map((row) => row.day)).toEqual([current, current]);
    expect(Object.fromEntries(days.map((row) => [row.mission, row.overtimeHours]))).toEqual({
      [first.missionId]: 1.2,
      [second.missionId]: 0.8,
    });
    // the rows of one mission asked for alone carry its share of the person's day, not the overtime of its hours alone
    const one = await metrics({ start: current, end: current, missions: [second.missionId] });
    expect(one.map((row) => [row.mission, row.overtimeHours])).toEqual([[second.missionId, 0.8]]);
  });
});

describe("a role's week kept per task", () => {
  async function weekPerTask() {
    const { missionId, roleId } = await missionWithRole();
    const task = await taskOn(missionId, ['p0']);
    const perTask = await save('p0', missionId, roleId, { actionItems: [{ _id: task, days: '3,1,0,0,0,0,0' }] });
    expectStatus(perTask, 201);
    return { missionId, roleId, task, sheet: perTask.json() as Timesheet };
  }
  const linesOf = async (id: string) =>
    (await t.database.db.select().from(timesheets).where(eq(timesheets.id, id)))[0]!.taskLines?.map((line) => line.minutes);

  it("the whole week's save refuses other role days for it (400 naming the row's days): its task lines stay", async () => {
    const { missionId, roleId, sheet } = await weekPerTask();
    const other = await saveWeek('p0', {
      status: 'submitted',
      rows: [{ missionId, planItemId: roleId, dailyHours: [8, 1, 0, 0, 0, 0, 0] }],
    });
    expectStatus(other, 400);
    expect(errorOf(other).fields).toEqual({ 'rows.0.dailyHours': TIME_MESSAGES.keptPerTask });
    expect(await linesOf(sheet._id)).toEqual([[180, 60, 0, 0, 0, 0, 0]]);
    const [row] = await t.database.db.select().from(timesheets).where(eq(timesheets.id, sheet._id));
    expect(row).toMatchObject({ status: 'draft', dailyMinutes: [180, 60, 0, 0, 0, 0, 0] });
  });

  it('a single save or an update with other role days is refused the same way; its own day totals submit it, tasks kept', async () => {
    const { missionId, roleId, sheet } = await weekPerTask();
    const saved = await save('p0', missionId, roleId, { dailyHours: [8, 0, 0, 0, 0, 0, 0] });
    expectStatus(saved, 400);
    expect(errorOf(saved).fields).toEqual({ 'payload.dailyHours': TIME_MESSAGES.keptPerTask });
    const updated = await update('p0', missionId, sheet._id, { dailyHours: [0, 0, 0, 0, 0, 0, 0] });
    expectStatus(updated, 400);
    expect(errorOf(updated).fields).toEqual({ 'payload.dailyHours': TIME_MESSAGES.keptPerTask });
    expect(await linesOf(sheet._id)).toEqual([[180, 60, 0, 0, 0, 0, 0]]);

    const submitted = await save('p0', missionId, roleId, { dailyHours: [3, 1, 0, 0, 0, 0, 0], status: 'submitted' });
    expectStatus(submitted, 200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', form: 'task', totalHours: 4 });
    expect(await linesOf(sheet._id)).toEqual([[180, 60, 0, 0, 0, 0, 0]]);
  });
});

describe('a project manager invited from outside the organisation', () => {
  it("finds the project's weeks to decide on their board, as they decide them by the project's route", async () => {
    const { missionId, roleId } = await missionWithRole();
    await t.database.db.insert(missionPeople).values({
      missionId,
      personId: person('outsider'),
      email: world.people.outsider.email,
      permission: 1,
      isProjectManager: true,
    });
    const submitted = await save('p0', missionId, roleId, { dailyHours: [8, 0, 0, 0, 0, 0, 0], status: 'submitted' });
    expectStatus(submitted, 201);
    const sheet = submitted.json() as Timesheet;

    const board = await t.request({ method: 'GET', url: '/api/timesheet/project-manager', token: token('outsider') });
    expectStatus(board, 200);
    expect((board.json() as Timesheet[]).map((row) => row._id)).toContain(sheet._id);
    expectStatus(await update('outsider', missionId, sheet._id, { status: 'approved' }), 200);
  });
});
