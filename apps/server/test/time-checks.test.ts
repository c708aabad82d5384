import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addIsoDays, TIME_MESSAGES, type Timesheet } from '@crewplan/domain';
import { actionItems, actions, missionPeople, missions, notifications, orgRoles, planItems, timesheets } from '../src/db/schema/index.ts';
import type { TestApp } from './support/app.ts';
import type { MissionCaller, MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';
import { thisWeek, weeksAgo, ROLE_DATES, MISSION_DATES, WEEK, timeTrackingWorld } from './support/time-weeks.ts';

/**
 * Every write of a person's hours passes the same checks, whichever route it comes by (the whole week, a single
 * save, an update, a mission's or the organisation's): the 24-hour day across all their sheets, their role and tasks,
 * the project keeping timesheets. And who decides weeks: a project's managers and owners and the organisation's admins
 * (spec 2 §§1, 6), never the person themselves.
 */
let t: TestApp;
let world: MissionWorld;

type Caller = Exclude<MissionCaller, 'anonymous'>;

/** Each test keeps its hours in a week of its own (a person's day holds 24 hours across all their sheets). */
let current = weeksAgo(1);
let cursor = 1;
beforeEach(() => {
  current = weeksAgo(cursor);
  cursor += 2;
});

const token = (caller: Caller) => world.people[caller].token;
const person = (caller: Caller) => world.people[caller].personId;
const day = (hours: number, index: number) => Array.from({ length: 7 }, (_, i) => (i === index ? hours : 0));

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

async function taskOn(missionId: string, people: Caller[], dates: { startDate: string; endDate: string } = ROLE_DATES) {
  const [action] = await t.database.db.insert(actions).values({ missionId, title: 'Build' }).returning();
  const [task] = await t.database.db
    .insert(actionItems)
    .values({ missionId, actionId: action!.id, title: 'Wireframes', people: people.map(person), ...dates })
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
const orgSave = (caller: Caller, payload: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: `/api/timesheet/org/${world.orgId}`,
    token: token(caller),
    payload: { payload: { weekStart: current, ...payload } },
  });
const update = (caller: Caller, missionId: string, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/timesheet/mission/${missionId}/timesheet/${id}`, token: token(caller), payload: { payload } });
const orgUpdate = (caller: Caller, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/timesheet/org/${world.orgId}/timesheet/${id}`, token: token(caller), payload: { payload } });

async function saved(response: Awaited<ReturnType<typeof save>>): Promise<Timesheet> {
  expectStatus(response, 201);
  return response.json() as Timesheet;
}
async function minutesOf(id: string) {
  const [row] = await t.database.db.select({ dailyMinutes: timesheets.dailyMinutes }).from(timesheets).where(eq(timesheets.id, id));
  return row?.dailyMinutes;
}
const expectOverDay = (response: Awaited<ReturnType<typeof save>>, index: number) => {
  expectStatus(response, 400);
  expect(errorOf(response).fields).toEqual({ [`dailyHours.${index}`]: TIME_MESSAGES.overDay });
};

describe('a day holds at most 24 hours, whichever route writes it', () => {
  it("POST /timesheet/org counts the person's project weeks", async () => {
    const { missionId, roleId } = await missionWithRole();
    await saved(await save('p0', missionId, roleId, { dailyHours: day(20, 0) }));
    expectOverDay(await orgSave('p0', { dailyHours: day(8, 0) }), 0);
    const rows = await t.database.db
      .select()
      .from(timesheets)
      .where(and(eq(timesheets.personId, person('p0')), eq(timesheets.weekStart, current)));
    expect(rows.map((row) => row.missionId)).toEqual([missionId]);
    // exactly 24 hours fits
    await saved(await orgSave('p0', { dailyHours: day(4, 0) }));
  });

  it("POST /timesheet/mission counts the person's other projects and the organisation's work", async () => {
    const a = await missionWithRole();
    const b = await missionWithRole();
    await saved(await orgSave('p0', { dailyHours: day(6, 1) }));
    await saved(await save('p0', a.missionId, a.roleId, { dailyHours: day(10, 1) }));
    expectOverDay(await save('p0', b.missionId, b.roleId, { dailyHours: day(10, 1) }), 1);
    const taskId = await taskOn(b.missionId, ['p0']);
    expectOverDay(await save('p0', b.missionId, b.roleId, { actionItems: [{ _id: taskId, days: day(9, 1) }] }), 1);
    // a second save of the same sheet replaces its hours rather than adding to them
    const again = await save('p0', a.missionId, a.roleId, { dailyHours: day(18, 1) });
    expectStatus(again, 200);
  });

  it('PUT of a mission week and of an organisation week refuse hours that overfill a day', async () => {
    const a = await missionWithRole();
    const b = await missionWithRole();
    const first = await saved(await save('p0', a.missionId, a.roleId, { dailyHours: day(12, 2) }));
    await saved(await save('p0', b.missionId, b.roleId, { dailyHours: day(12, 2) }));
    expectOverDay(await update('p0', a.missionId, first._id, { dailyHours: day(13, 2) }), 2);
    expect(await minutesOf(first._id)).toEqual(day(12 * 60, 2));
    expectStatus(await update('p0', a.missionId, first._id, { dailyHours: day(11, 2) }), 200);

    const org = await saved(await orgSave('p0', { dailyHours: day(1, 2) }));
    expectOverDay(await orgUpdate('p0', org._id, { dailyHours: day(2, 2) }), 2);
    // the organisation route reaches the person's mission week too
    expectOverDay(await orgUpdate('p0', first._id, { dailyHours: day(12, 2) }), 2);
    expect(await minutesOf(org._id)).toEqual(day(60, 2));
  });

  it('saves of a new week sent at once (two projects and the organisation, in several tabs) never fill a day past 24 hours', async () => {
    for (let round = 0; round < 4; round++) {
      current = weeksAgo(100 + round);
      const a = await missionWithRole();
      const b = await missionWithRole();
      const sent = await Promise.all([
        save('p0', a.missionId, a.roleId, { dailyHours: day(16, 0) }),
        orgSave('p0', { dailyHours: day(16, 0) }),
        save('p0', b.missionId, b.roleId, { dailyHours: day(16, 0) }),
      ]);
      expect(sent.map((response) => response.statusCode).sort()).toEqual([201, 400, 400]);
      const rows = await t.database.db
        .select({ dailyMinutes: timesheets.dailyMinutes })
        .from(timesheets)
        .where(and(eq(timesheets.personId, person('p0')), eq(timesheets.weekStart, current)));
      expect(rows.map((row) => row.dailyMinutes[0])).toEqual([16 * 60]);
    }
  });

  it('hours that make exactly 24 in several lines fit, though each alone rounds up half a minute (7.5 + 1,432.5 min)', async () => {
    const { missionId, roleId } = await missionWithRole();
    const [a, b] = [await taskOn(missionId, ['p0']), await taskOn(missionId, ['p0'])];
    const tasks = (first: number, second: number) => ({
      actionItems: [
        { _id: a, days: day(first, 4) },
        { _id: b, days: day(second, 4) },
      ],
    });
    const sheet = await saved(await save('p0', missionId, roleId, tasks(0.125, 23.875)));
    expect(await minutesOf(sheet._id)).toEqual(day(24 * 60, 4));
    expectStatus(await update('p0', missionId, sheet._id, tasks(23.875, 0.125)), 200);
    expect(await minutesOf(sheet._id)).toEqual(day(24 * 60, 4));
    // a day over 24 hours is refused as before
    const over = await update('p0', missionId, sheet._id, tasks(0.125, 23.9));
    expectStatus(over, 400);
    expect(errorOf(over).fields).toEqual({ 'payload.actionItems': TIME_MESSAGES.overDay });

    // the whole week in one request: a role's row and a task's on the same day
    current = weeksAgo(cursor++);
    const week = await t.request({
      method: 'PUT',
      url: '/api/timesheet/week',
      token: token('p0'),
      payload: {
        weekStart: current,
        status: 'draft',
        rows: [
          { missionId, planItemId: roleId, dailyHours: day(0.125, 4) },
          { missionId, actionItemId: a, dailyHours: day(23.875, 4) },
        ],
      },
    });
    expectStatus(week, 200);
    const rows = await t.database.db
      .select({ dailyMinutes: timesheets.dailyMinutes })
      .from(timesheets)
      .where(and(eq(timesheets.personId, person('p0')), eq(timesheets.weekStart, current)));
    expect(rows.reduce((sum, row) => sum + row.dailyMinutes[4]!, 0)).toBe(24 * 60);
  });

  it('a day already over 24 hours (older data) refuses only a write that adds to it', async () => {
    const a = await missionWithRole();
    const b = await missionWithRole();
    const first = await saved(await save('p0', a.missionId, a.roleId, { dailyHours: day(12, 3) }));
    const second = await saved(await save('p0', b.missionId, b.roleId, { dailyHours: day(12, 3) }));
    await t.database.db
      .update(timesheets)
      .set({ dailyMinutes: day(20 * 60, 3) })
      .where(eq(timesheets.id, second._id));
    // 32 hours on Thursday: less is taken, more is not
    expectStatus(await update('p0', a.missionId, first._id, { dailyHours: day(10, 3) }), 200);
    expectOverDay(await update('p0', a.missionId, first._id, { dailyHours: day(13, 3) }), 3);
  });
});

describe("a person's own write passes the checks of a save", () => {
  it('PUT refuses new hours on a role made inactive or given to somebody else, and on a project that stopped keeping timesheets', async () => {
    const { missionId, roleId } = await missionWithRole();
    const sheet = await saved(await save('p0', missionId, roleId, { dailyHours: WEEK }));
    const edit = () => update('p0', missionId, sheet._id, { dailyHours: [4, 4, 4, 4, 4, 0, 0] });

    await t.database.db.update(planItems).set({ inactive: true }).where(eq(planItems.id, roleId));
    const inactive = await edit();
    expectStatus(inactive, 400);
    expect(errorOf(inactive).fields).toEqual({ planItemId: TIME_MESSAGES.roleInactive });
    await t.database.db
      .update(planItems)
      .set({ inactive: false, personId: person('p1') })
      .where(eq(planItems.id, roleId));
    const notMine = await edit();
    expectStatus(notMine, 403);
    expect(errorOf(notMine).fields).toEqual({ planItemId: TIME_MESSAGES.notYourRole });
    // nor may the person submit the week of a role no longer theirs
    expectStatus(await update('p0', missionId, sheet._id, { status: 'submitted' }), 403);
    await t.database.db
      .update(planItems)
      .set({ personId: person('p0') })
      .where(eq(planItems.id, roleId));

    await t.database.db.update(missions).set({ noTimesheets: true }).where(eq(missions.id, missionId));
    const noTimesheets = await edit();
    expectStatus(noTimesheets, 409);
    expect(errorOf(noTimesheets).code).toBe('time/no-timesheets');
    await t.database.db.update(missions).set({ noTimesheets: false }).where(eq(missions.id, missionId));

    expect(await minutesOf(sheet._id)).toEqual(WEEK.map((hours) => hours * 60));
    expectStatus(await edit(), 200);
  });

  it('a person removed from the project no longer changes their week there through the organisation route', async () => {
    const { missionId, roleId } = await missionWithRole();
    const sheet = await saved(await save('p0', missionId, roleId, { dailyHours: WEEK }));
    await t.database.db.delete(missionPeople).where(and(eq(missionPeople.missionId, missionId), eq(missionPeople.personId, person('p0'))));
    expectStatus(await orgUpdate('p0', sheet._id, { dailyHours: [1, 1, 1, 1, 1, 0, 0] }), 403);
    expectStatus(await orgUpdate('p0', sheet._id, { status: 'submitted' }), 403);
    expect(await minutesOf(sheet._id)).toEqual(WEEK.map((hours) => hours * 60));
  });

  it('a single save or an update in task form takes only tasks assigned to the person and planned in the week', async () => {
    const { missionId, roleId } = await missionWithRole();
    const theirs = await taskOn(missionId, ['p1']);
    const later = await taskOn(missionId, ['p0'], { startDate: addIsoDays(thisWeek, 21), endDate: addIsoDays(thisWeek, 35) });
    const mine = await taskOn(missionId, ['p0']);

    const notMine = await save('p0', missionId, roleId, { actionItems: [{ _id: theirs, days: day(2, 0) }] });
    expectStatus(notMine, 403);
    expect(errorOf(notMine).fields).toEqual({ 'payload.actionItems.0._id': TIME_MESSAGES.notYourTask });
    const outside = await save('p0', missionId, roleId, {
      actionItems: [
        { _id: mine, days: day(2, 0) },
        { _id: later, days: day(2, 0) },
      ],
    });
    expectStatus(outside, 400);
    expect(errorOf(outside).fields).toEqual({ 'payload.actionItems.1._id': TIME_MESSAGES.taskOutsideWeek });

    const sheet = await saved(await save('p0', missionId, roleId, { actionItems: [{ _id: mine, days: day(2, 0) }] }));
    const edited = await update('p0', missionId, sheet._id, {
      actionItems: [
        { _id: mine, days: day(3, 0) },
        { _id: theirs, days: day(1, 0) },
      ],
    });
    expectStatus(edited, 403);
    expect(errorOf(edited).fields).toEqual({ 'payload.actionItems.1._id': TIME_MESSAGES.notYourTask });
    // a task already on the week stays the person's even once it is given to somebody else
    await t.database.db
      .update(actionItems)
      .set({ people: [person('p1')] })
      .where(eq(actionItems.id, mine));
    expectStatus(await update('p0', missionId, sheet._id, { actionItems: [{ _id: mine, days: day(4, 0) }] }), 200);
  });

  it.each(['0x10', '1e1', 'Infinity', '+8'])('reads task days as decimals: %s is refused, never taken as a number', async (text) => {
    const { missionId, roleId } = await missionWithRole();
    const taskId = await taskOn(missionId, ['p0']);
    const response = await save('p0', missionId, roleId, { actionItems: [{ _id: taskId, days: `${text},0,0,0,0,0,0` }] });
    expectStatus(response, 400);
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['payload.actionItems.0.days']);
    expect(await t.database.db.select().from(timesheets).where(eq(timesheets.missionId, missionId))).toEqual([]);
  });
});

describe('who decides weeks: the project’s managers and owners and the organisation’s admins, never the person', () => {
  it('an organisation manager off the project neither decides nor reads its weeks through the organisation routes', async () => {
    const { missionId, roleId } = await missionWithRole();
    const sheet = await saved(await save('p0', missionId, roleId, { dailyHours: WEEK, status: 'submitted' }));

    const byManager = await orgUpdate('orgManager', sheet._id, { status: 'approved' });
    expectStatus(byManager, 403);
    expect(errorOf(byManager).code).toBe('time/not-allowed');
    const list = await t.request({ method: 'GET', url: `/api/timesheet/org/${world.orgId}`, token: token('orgManager') });
    expectStatus(list, 200);
    expect((list.json() as Timesheet[]).map((s) => s._id)).not.toContain(sheet._id);
    const one = await t.request({
      method: 'GET',
      url: `/api/timesheet/org/${world.orgId}/timesheet/${sheet._id}`,
      token: token('orgManager'),
    });
    expectStatus(one, 404);
    expect((await minutesOf(sheet._id))?.length).toBe(7);
    const [row] = await t.database.db.select({ status: timesheets.status }).from(timesheets).where(eq(timesheets.id, sheet._id));
    expect(row!.status).toBe('submitted');

    // the project's manager decides it by either route; so do the organisation's admins
    const byPm = await orgUpdate('p1pm', sheet._id, { status: 'approved' });
    expectStatus(byPm, 200);
    expect(byPm.json()).toMatchObject({ status: 'approved', decidedBy: person('p1pm') });
    expectStatus(await orgUpdate('orgAdmin', sheet._id, { status: 'draft' }), 200);
  });

  it("nobody decides their own week, on a project or of the organisation's work", async () => {
    const { missionId, roleId } = await missionWithRole('p1pm');
    const mine = await saved(await save('p1pm', missionId, roleId, { dailyHours: WEEK, status: 'submitted' }));
    expectStatus(await update('p1pm', missionId, mine._id, { status: 'approved' }), 409);
    expectStatus(await orgUpdate('p1pm', mine._id, { status: 'approved' }), 409);
    const own = await saved(await orgSave('orgAdmin', { dailyHours: WEEK, status: 'submitted' }));
    expectStatus(await orgUpdate('orgAdmin', own._id, { status: 'approved' }), 409);
    expectStatus(await orgUpdate('orgAdmin', own._id, { status: 'rejected', reason: 'Not my own call' }), 409);
  });

  it("tells an organisation's admins, not its managers, of its own weeks submitted", async () => {
    await saved(await orgSave('orgMember', { dailyHours: WEEK, status: 'submitted' }));
    const told = async (caller: Caller) =>
      (
        await t.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.personId, person(caller)), eq(notifications.type, 'timesheetSubmitted')))
      ).filter((n) => n.orgId === world.orgId && n.missionId === null);
    await expect.poll(async () => (await told('orgAdmin')).length).toBeGreaterThan(0);
    expect(await told('orgManager')).toEqual([]);
  });
});

describe('the snapshot the approvers see', () => {
  it('a single save keeps the project, the role and the name the person saw, whatever they sent of them', async () => {
    const { missionId, roleId } = await missionWithRole();
    const [mission] = await t.database.db.select({ title: missions.title }).from(missions).where(eq(missions.id, missionId));
    const sheet = await saved(await save('p0', missionId, roleId, { dailyHours: WEEK, snapshot: { roleTitle: 'CEO', note: 'kept' } }));
    expect(sheet.snapshot).toEqual({ note: 'kept', missionTitle: mission!.title, roleTitle: 'Designer', personName: 'P0 Caller' });

    const [orgRole] = await t.database.db
      .insert(orgRoles)
      .values({ orgId: world.orgId, name: `Support ${Date.now()}` })
      .returning();
    const org = await saved(await orgSave('orgMember', { dailyHours: WEEK, orgRole: orgRole!.id }));
    expect(org.snapshot).toEqual({ roleTitle: orgRole!.name, personName: 'OrgMember Caller' });
    const edited = await orgUpdate('orgMember', org._id, { dailyHours: [1, 0, 0, 0, 0, 0, 0], snapshot: {} });
    expectStatus(edited, 200);
    expect((edited.json() as Timesheet).snapshot).toEqual({ roleTitle: orgRole!.name, personName: 'OrgMember Caller' });
  });
});
