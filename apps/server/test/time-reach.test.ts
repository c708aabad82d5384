import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays } from '@crewplan/domain';
import { actionItems, actions, missionPeople, planItems, timesheets } from '../src/db/schema/index.ts';
import type { TestApp } from './support/app.ts';
import type { MissionCaller, MissionWorld } from './support/missions-world.ts';
import { addMember, expectStatus, verifiedPerson } from './support/org.ts';
import { MISSION_DATES, ROLE_DATES, thisWeek, timeTrackingWorld, weeksAgo } from './support/time-weeks.ts';

/**
 * The rows of my weekly grid and my missing weeks are the roles and tasks a save of my week takes: a role I still hold
 * on a project where I may no longer keep hours (made an observer, my invite still pending, taken off the team) is
 * neither a row I could never save nor a missing week I could never submit (rules 77, 178). The overtime report names
 * a team member from outside the organisation, who keeps weeks on its projects but is none of its people. The project
 * manager's board keeps every week still waiting for their decision.
 */
let t: TestApp;
let world: MissionWorld;
type Caller = Exclude<MissionCaller, 'anonymous'>;

beforeAll(async () => {
  ({ t, world } = await timeTrackingWorld());
});
afterAll(async () => t.close());

async function roleAndTask(holder: Caller) {
  const missionId = await world.mission(MISSION_DATES);
  const personId = world.people[holder].personId;
  await t.database.db.insert(planItems).values({ missionId, type: 'person', title: 'Designer', personId, ...ROLE_DATES });
  const [action] = await t.database.db.insert(actions).values({ missionId, title: 'Build' }).returning();
  await t.database.db
    .insert(actionItems)
    .values({ missionId, actionId: action!.id, title: 'Wireframes', people: [personId], ...ROLE_DATES });
  return missionId;
}

async function gridOf(caller: Caller, missionId: string) {
  const response = await t.request({ method: 'GET', url: `/api/timesheet?week=${thisWeek}`, token: world.people[caller].token });
  expectStatus(response, 200);
  const body = response.json() as { roles: { mission: string }[]; tasks: { mission: string }[]; missing: { mission: string }[] };
  const on = (rows: { mission: string }[]) => rows.filter((row) => row.mission === missionId).length;
  return { roles: on(body.roles), tasks: on(body.tasks), missing: on(body.missing) };
}

describe('GET /timesheet: the roles and tasks of my grid', () => {
  it('lists my role, my task and the three weeks missing where I keep hours', async () => {
    const missionId = await roleAndTask('p0');
    expect(await gridOf('p0', missionId)).toEqual({ roles: 1, tasks: 1, missing: 3 });
  });

  it.each<Caller>(['p3', 'pending', 'p4', 'p5'])(
    'lists neither rows nor missing weeks on a project where %s keeps no hours (a save of them is refused)',
    async (caller) => {
      const missionId = await roleAndTask(caller);
      expect(await gridOf(caller, missionId)).toEqual({ roles: 0, tasks: 0, missing: 0 });
    },
  );

  it('lists neither once the person is taken off the team, though the role still names them', async () => {
    const missionId = await roleAndTask('p0');
    await t.database.db
      .delete(missionPeople)
      .where(and(eq(missionPeople.missionId, missionId), eq(missionPeople.personId, world.people.p0.personId)));
    t.app.ctx.reads.changed();
    expect(await gridOf('p0', missionId)).toEqual({ roles: 0, tasks: 0, missing: 0 });
  });
});

describe('GET /timesheet/org/:orgId/overtime: who worked', () => {
  it("names a team member from outside the organisation; not somebody who left it ('Person not found' on screen)", async () => {
    const missionId = await world.mission(MISSION_DATES);
    const leaver = await verifiedPerson(t, { firstName: 'Lea', lastName: 'Left' });
    await addMember(t, world.orgId, leaver, 'MEMBER', { endDate: addIsoDays(thisWeek, -1) });
    const week = weeksAgo(2);
    const workers = [world.people.outsider, world.people.p0, leaver];
    for (const worker of workers) {
      const [role] = await t.database.db
        .insert(planItems)
        .values({ missionId, type: 'person', title: 'Consultant', personId: worker.personId, ...ROLE_DATES })
        .returning();
      await t.database.db.insert(timesheets).values({
        orgId: world.orgId,
        missionId,
        planItemId: role!.id,
        personId: worker.personId,
        scope: role!.id,
        weekStart: week,
        status: 'approved',
        dailyMinutes: [600, 0, 0, 0, 0, 0, 0],
      });
    }
    t.app.ctx.reads.changed();
    const response = await t.request({
      method: 'GET',
      url: `/api/timesheet/org/${world.orgId}/overtime?otPeriodStart=${week}&otPeriodEnd=${addIsoDays(week, 6)}`,
      token: world.people.orgAdmin.token,
    });
    expectStatus(response, 200);
    const rows = (response.json() as { people: { person: string; name: string | null; overtimeHours: number }[] }).people;
    const of = (personId: string) => rows.find((row) => row.person === personId);
    expect(of(world.people.outsider.personId)).toMatchObject({ name: 'Outsider Caller', overtimeHours: 2 });
    expect(of(world.people.p0.personId)).toMatchObject({ name: 'P0 Caller', overtimeHours: 2 });
    expect(of(leaver.personId)).toMatchObject({ name: null, overtimeHours: 2 });
  });
});

describe('GET /timesheet/project-manager: the weeks of my board', () => {
  it('keeps a week waiting for a decision however long ago it was submitted; decided ones leave after 30 days', async () => {
    const missionId = await world.mission(MISSION_DATES);
    const p0 = world.people.p0.personId;
    const [role] = await t.database.db
      .insert(planItems)
      .values({ missionId, type: 'person', title: 'Designer', personId: p0, ...ROLE_DATES })
      .returning();
    const sheet = (weekStart: string, status: 'submitted' | 'approved') => ({
      orgId: world.orgId,
      missionId,
      planItemId: role!.id,
      personId: p0,
      scope: role!.id,
      weekStart,
      status,
      dailyMinutes: [480, 480, 0, 0, 0, 0, 0],
    });
    const rows = await t.database.db
      .insert(timesheets)
      .values([sheet(weeksAgo(8), 'submitted'), sheet(weeksAgo(7), 'approved')])
      .returning();
    const [waiting, decided] = rows.map((row) => row.id);
    const longAgo = new Date(Date.now() - 31 * 86_400_000);
    await t.database.db
      .update(timesheets)
      .set({ updatedAt: longAgo })
      .where(inArray(timesheets.id, [waiting!, decided!]));
    t.app.ctx.reads.changed();
    const board = async (query = '') => {
      const response = await t.request({ method: 'GET', url: `/api/timesheet/project-manager${query}`, token: world.people.p1pm.token });
      expectStatus(response, 200);
      return (response.json() as { _id: string }[]).map((row) => row._id).filter((id) => id === waiting || id === decided);
    };
    expect(await board()).toEqual([waiting]);
    // changes since a moment asked for are only those (the board adds them to what it holds)
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
    expect(await board(`?updatedAt=${encodeURIComponent(since)}`)).toEqual([]);
  });
});
