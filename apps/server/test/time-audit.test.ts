import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addIsoDays, TIME_MESSAGES, type Timesheet } from '@crewplan/domain';
import { actionItems, actions, missionPeople, missions, notifications, planItems, timesheets } from '../src/db/schema/index.ts';
import type { TestApp } from './support/app.ts';
import type { MissionCaller, MissionWorld } from './support/missions-world.ts';
import { addMember, errorOf, expectStatus, verifiedPerson } from './support/org.ts';
import { weeksAgo, ROLE_DATES, MISSION_DATES, WEEK, timeTrackingWorld } from './support/time-weeks.ts';

/**
 * Edges of the weekly timesheets found in review: a task is one line of its week, a rejection's reason counts
 * characters, lines already on a week stay the person's, reads at the edges of the calendar and of the weeks asked,
 * the overtime of a day split over missions, a role's week kept per task, and a project manager from outside.
 */
let t: TestApp;
let world: MissionWorld;

type Caller = Exclude<MissionCaller, 'anonymous'>;

let current = weeksAgo(1);
let cursor = 1;
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

describe('a task is one line of its week', () => {
  it('a single save or an update naming a task twice is refused (400 naming the second line); nothing is doubled', async () => {
    const { missionId, roleId } = await missionWithRole();
    const task = await taskOn(missionId, ['p0']);
    const twice = [
      { _id: task, days: '4,0,0,0,0,0,0' },
      { _id: task, days: '4,0,0,0,0,0,0' },
    ];
    const created = await save('p0', missionId, roleId, { actionItems: twice });
    expectStatus(created, 400);
    expect(errorOf(created).fields).toEqual({ 'payload.actionItems.1._id': TIME_MESSAGES.twiceInWeek });
    expect(await t.database.db.select().from(timesheets).where(eq(timesheets.missionId, missionId))).toEqual([]);

    const once = await save('p0', missionId, roleId, { actionItems: [twice[0]] });
    expectStatus(once, 201);
    const sheet = once.json() as Timesheet;
    const updated = await update('p0', missionId, sheet._id, { actionItems: twice });
    expectStatus(updated, 400);
    expect(errorOf(updated).fields).toEqual({ 'payload.actionItems.1._id': TIME_MESSAGES.twiceInWeek });
    const [row] = await t.database.db.select().from(timesheets).where(eq(timesheets.id, sheet._id));
    expect(row!.dailyMinutes).toEqual([240, 0, 0, 0, 0, 0, 0]);
    expect(row!.taskLines).toHaveLength(1);
  });
});

describe('a rejection says why in at least 5 characters', () => {
  it('counts characters as people see them: four emoji are four, not eight', async () => {
    const { missionId, roleId } = await missionWithRole();
    const sheet = (await save('p0', missionId, roleId, { dailyHours: WEEK, status: 'submitted' })).json() as Timesheet;
    const four = await update('p1pm', missionId, sheet._id, { status: 'rejected', reason: '👎👎👎👎' });
    expectStatus(four, 400);
    expect(errorOf(four).fields).toEqual({ 'payload.reason': TIME_MESSAGES.reasonNeeded });
    const five = await update('p1pm', missionId, sheet._id, { status: 'rejected', reason: '👎👎👎👎👎' });
    expectStatus(five, 200);
    expect(five.json()).toMatchObject({ status: 'rejected', rejectionReason: '👎👎👎👎👎' });
  });
});

describe('role cells at the edge of the calendar (GET /timesheet/project-manager/roles)', () => {
  it('an end in the first weeks of 1900 starts the weeks on 1 January 1900, never 500', async () => {
    await missionWithRole();
    for (const [to, weeks] of [
      ['1900-01-01', ['1900-01-01']],
      ['1900-01-15', ['1900-01-01', '1900-01-08', '1900-01-15']],
    ] as const) {
      const response = await t.request({ method: 'GET', url: `/api/timesheet/project-manager/roles?to=${to}`, token: token('p1pm') });
      expectStatus(response, 200);
      expect(response.json()).toEqual({ weeks, cells: [] });
    }
  });
});

const saveWeek = (caller: Caller, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/timesheet/week', token: token(caller), payload: { weekStart: current, ...payload } });

describe('tasks already on a week stay the person’s', () => {
  it('a week holding a task deleted since is still submitted and recalled by the update call (rule 176)', async () => {
    const { missionId } = await missionWithRole();
    const kept = await taskOn(missionId, ['p0']);
    const gone = await taskOn(missionId, ['p0']);
    const week = await saveWeek('p0', {
      status: 'draft',
      rows: [
        { missionId, actionItemId: kept, dailyHours: [2, 0, 0, 0, 0, 0, 0] },
        { missionId, actionItemId: gone, dailyHours: [3, 0, 0, 0, 0, 0, 0] },
      ],
    });
    expectStatus(week, 200);
    const sheet = (week.json() as { timesheets: Timesheet[] }).timesheets[0]!;
    await t.database.db.delete(actionItems).where(eq(actionItems.id, gone));

    const submitted = await update('p0', missionId, sheet._id, { status: 'submitted' });
    expectStatus(submitted, 200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', totalHours: 5 });
    expectStatus(await update('p0', missionId, sheet._id, { status: 'draft' }), 200);
    // its hours can be taken off the week too
    const cleared = await saveWeek('p0', { status: 'draft', rows: [{ missionId, actionItemId: gone, dailyHours: [0, 0, 0, 0, 0, 0, 0] }] });
    expectStatus(cleared, 200);
    expect((cleared.json() as { timesheets: Timesheet[] }).timesheets[0]).toMatchObject({ totalHours: 2, actionItems: [{ _id: kept }] });
  });

  it("the whole week's save keeps a role's week kept per task while its days are unchanged: submitting it loses no task", async () => {
    const { missionId, roleId } = await missionWithRole();
    const first = await taskOn(missionId, ['p0']);
    const second = await taskOn(missionId, ['p0']);
    const perTask = await save('p0', missionId, roleId, {
      actionItems: [
        { _id: first, days: '1,2,0,0,0,0,0' },
        { _id: second, days: '3,0,0,0,0,0,0' },
      ],
    });
    expectStatus(perTask, 201);
    const submitted = await saveWeek('p0', {
      status: 'submitted',
      rows: [{ missionId, planItemId: roleId, dailyHours: [4, 2, 0, 0, 0, 0, 0] }],
    });
    expectStatus(submitted, 200);
    const [sheet] = (submitted.json() as { timesheets: Timesheet[] }).timesheets;
    expect(sheet).toMatchObject({ status: 'submitted', form: 'task', dailyHours: [4, 2, 0, 0, 0, 0, 0] });
    expect(sheet!.actionItems.map((line) => [line._id, line.days])).toEqual([
      [first, '1,2,0,0,0,0,0'],
      [second, '3,0,0,0,0,0,0'],
    ]);
  });
});

describe('lists of weeks asked for up to a week long past', () => {
  it('`to` alone reaches back from that week, not from today: the weeks before it are listed', async () => {
    const { missionId, roleId } = await missionWithRole();
    const past = weeksAgo(60);
    const sheet = await t.request({
      method: 'POST',
      url: `/api/timesheet/mission/${missionId}`,
      token: token('p0'),
      payload: { missionPlanId: roleId, payload: { weekStart: past, dailyHours: [1, 0, 0, 0, 0, 0, 0], status: 'submitted' } },
    });
    expectStatus(sheet, 201);
    const id = (sheet.json() as Timesheet)._id;
    for (const [caller, url] of [
      ['p0', `/api/timesheet/mission/${missionId}?to=${past}`],
      ['p1pm', `/api/timesheet/mission/${missionId}/person/${person('p0')}?to=${past}`],
      ['orgAdmin', `/api/timesheet/org/${world.orgId}?to=${past}`],
    ] as const) {
      const response = await t.request({ method: 'GET', url, token: token(caller) });
      expectStatus(response, 200);
      expect((response.json() as Timesheet[]).map((s) => s._id)).toContain(id);
    }
    const mine = await t.request({ method: 'GET', url: `/api/timesheet?to=${past}`, token: token('p0') });
    expectStatus(mine, 200);
    expect((mine.json() as { timesheets: Timesheet[] }).timesheets.map((s) => s._id)).toContain(id);
    // the weeks asked for stop at `to`: a later week is not among them
    const before = await t.request({
      method: 'GET',
      url: `/api/timesheet/mission/${missionId}?to=${addIsoDays(past, -7)}`,
      token: token('p0'),
    });
    expect((before.json() as Timesheet[]).map((s) => s._id)).not.toContain(id);
  });
});

describe('the 24-hour day counts the weeks the person keeps', () => {
  it('a draft dropped from every view (its project archived, its role made inactive) no longer fills the day', async () => {
    const archived = await missionWithRole();
    const inactive = await missionWithRole();
    const open = await missionWithRole();
    expectStatus(await save('p0', archived.missionId, archived.roleId, { dailyHours: [10, 0, 0, 0, 0, 0, 0] }), 201);
    expectStatus(await save('p0', inactive.missionId, inactive.roleId, { dailyHours: [10, 0, 0, 0, 0, 0, 0] }), 201);
    await t.database.db.update(missions).set({ archivedAt: new Date() }).where(eq(missions.id, archived.missionId));
    await t.database.db.update(planItems).set({ inactive: true }).where(eq(planItems.id, inactive.roleId));

    const mine = await t.request({ method: 'GET', url: `/api/timesheet?from=${current}&to=${current}`, token: token('p0') });
    expect((mine.json() as { timesheets: Timesheet[] }).timesheets).toEqual([]);
    const full = await save('p0', open.missionId, open.roleId, { dailyHours: [24, 0, 0, 0, 0, 0, 0] });
    expectStatus(full, 201);
    const week = await saveWeek('p0', {
      status: 'draft',
      rows: [{ missionId: open.missionId, planItemId: open.roleId, dailyHours: [23, 0, 0, 0, 0, 0, 0] }],
    });
    expectStatus(week, 200);
    // a submitted week is the record and stays counted, whatever became of its project
    const kept = await missionWithRole();
    const submitted = await save('p0', kept.missionId, kept.roleId, { dailyHours: [0, 10, 0, 0, 0, 0, 0], status: 'submitted' });
    expectStatus(submitted, 201);
    await t.database.db.update(missions).set({ archivedAt: new Date() }).where(eq(missions.id, kept.missionId));
    const over = await save('p0', open.missionId, open.roleId, { dailyHours: [23, 15, 0, 0, 0, 0, 0] });
    expectStatus(over, 400);
    expect(errorOf(over).fields).toEqual({ 'dailyHours.1': TIME_MESSAGES.overDay });
  });
});

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

describe('a project manager who left the organisation', () => {
  it("no longer finds the project's weeks or its role cells on their board, reads, decides or hears of them", async () => {
    const { missionId, roleId } = await missionWithRole();
    const leaver = await verifiedPerson(t, { firstName: 'Lea', lastName: 'Ver' });
    await addMember(t, world.orgId, leaver, 'MEMBER');
    await t.database.db
      .insert(missionPeople)
      .values({ missionId, personId: leaver.personId, email: leaver.email, permission: 1, isProjectManager: true });
    const submitted = await save('p0', missionId, roleId, { dailyHours: [8, 0, 0, 0, 0, 0, 0], status: 'submitted' });
    expectStatus(submitted, 201);
    const sheet = submitted.json() as Timesheet;
    const board = () => t.request({ method: 'GET', url: '/api/timesheet/project-manager', token: leaver.token });
    const cells = () => t.request({ method: 'GET', url: '/api/timesheet/project-manager/roles', token: leaver.token });
    expect(((await board()).json() as Timesheet[]).map((row) => row._id)).toContain(sheet._id);

    // they left yesterday; the project keeps them on its team (removeFromMissions not asked)
    await addMember(t, world.orgId, leaver, 'MEMBER', { endDate: addIsoDays(new Date().toISOString().slice(0, 10), -1) });
    const after = await board();
    expectStatus(after, 200);
    expect((after.json() as Timesheet[]).map((row) => row._id)).not.toContain(sheet._id);
    const roleCells = await cells();
    expectStatus(roleCells, 200);
    expect((roleCells.json() as { cells: { mission: string }[] }).cells.filter((cell) => cell.mission === missionId)).toEqual([]);
    // the organisation's missions are gone for them, as for anybody outside
    expectStatus(await t.request({ method: 'GET', url: `/api/timesheet/mission/${missionId}`, token: leaver.token }), 404);
    const approve = await t.request({
      method: 'PUT',
      url: `/api/timesheet/mission/${missionId}/timesheet/${sheet._id}`,
      token: leaver.token,
      payload: { payload: { status: 'approved' } },
    });
    expectStatus(approve, 404);
    const [stored] = await t.database.db.select().from(timesheets).where(eq(timesheets.id, sheet._id));
    expect(stored!.status).toBe('submitted');

    // the week recalled and submitted again: the project's managers are told, not the one who left
    const told = async () =>
      (await t.database.db.select().from(notifications).where(eq(notifications.personId, leaver.personId))).filter(
        (row) => row.type === 'timesheetSubmitted' && row.missionId === missionId,
      ).length;
    const before = await told();
    expectStatus(await update('p0', missionId, sheet._id, { status: 'draft' }), 200);
    expectStatus(await update('p0', missionId, sheet._id, { status: 'submitted' }), 200);
    expect(await told()).toBe(before);
  });
});
