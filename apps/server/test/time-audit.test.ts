import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addIsoDays, TIME_MESSAGES, type Timesheet } from '@crewplan/domain';
import { actionItems, actions, missions, planItems, timesheets } from '../src/db/schema/index.ts';
import type { TestApp } from './support/app.ts';
import type { MissionCaller, MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';
import { weeksAgo, ROLE_DATES, MISSION_DATES, WEEK, timeTrackingWorld } from './support/time-weeks.ts';

/**
 * Edges of the weekly timesheets found in review: a task is one line of its week, a rejection's reason counts
 * characters, lines already on a week stay the person's, and reads at the edges of the calendar and of the weeks asked.
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
