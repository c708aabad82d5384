import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_MESSAGES, type MyTimesheets, type TimeTrackingOrg, type Timesheet } from '@crewplan/domain';
import { actionItems, actions, missionPeople, planItems } from '../src/db/schema/index.ts';
import type { TestApp } from './support/app.ts';
import { setOrg, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';
import { MISSION_DATES, ROLE_DATES, timeTrackingWorld, weeksAgo } from './support/time-weeks.ts';

/**
 * "My timesheets" of a team member invited onto a project from outside its organisation (no membership of it): the
 * project's save accepts their weeks, so the screen offers that project (and nothing else of the organisation).
 */
let t: TestApp;
let world: MissionWorld;

beforeAll(async () => {
  ({ t, world } = await timeTrackingWorld());
});
afterAll(async () => t.close());

const outsider = () => world.people.outsider;
const get = (url: string, token = outsider().token) => t.request({ method: 'GET', url, token });

/** A fresh mission of the world with the outsider on its team (`permission`, invite accepted unless told) and a role of theirs. */
async function outsiderMission(team: { permission?: number; invitePending?: boolean } = {}) {
  const missionId = await world.mission(MISSION_DATES);
  await t.database.db.insert(missionPeople).values({
    missionId,
    personId: outsider().personId,
    email: outsider().email,
    permission: team.permission ?? 0,
    invitePending: team.invitePending ?? false,
  });
  const roleId = await roleOf(missionId, 'Consultant');
  return { missionId, roleId };
}

async function roleOf(missionId: string, title: string) {
  const [role] = await t.database.db
    .insert(planItems)
    .values({ missionId, type: 'person', title, personId: outsider().personId, ...ROLE_DATES })
    .returning();
  return role!.id;
}

async function taskOf(missionId: string, title: string) {
  const [action] = await t.database.db.insert(actions).values({ missionId, title: 'Build' }).returning();
  const [task] = await t.database.db
    .insert(actionItems)
    .values({ missionId, actionId: action!.id, title, people: [outsider().personId], ...ROLE_DATES })
    .returning();
  return task!.id;
}

describe('a team member from outside the organisation keeps weeks on its licensed project', () => {
  it('without such a project there is nowhere to keep time: 403 with the spec message, and no organisation offered', async () => {
    const mine = await get('/api/timesheet');
    expectStatus(mine, 403);
    expect(errorOf(mine).message).toBe(TIME_MESSAGES.noEligibleOrg);
    const orgs = await get('/api/timesheet/orgs');
    expectStatus(orgs, 200);
    expect(orgs.json()).toEqual([]);
  });

  it('is offered the organisation with only their projects; fills, saves and submits a week; its manager approves it', async () => {
    const { missionId, roleId } = await outsiderMission();
    const taskId = await taskOf(missionId, 'Audit');
    // another project of the organisation, not theirs: a role and a task naming them there stay unseen
    const other = await world.mission(MISSION_DATES);
    await roleOf(other, 'Elsewhere');
    await taskOf(other, 'Not mine');

    const orgs = await get('/api/timesheet/orgs');
    expectStatus(orgs, 200);
    expect(orgs.json() as TimeTrackingOrg[]).toEqual([{ _id: world.orgId, missions: [missionId] }]);
    // the organisation's own members are offered the whole organisation
    expect((await get('/api/timesheet/orgs', world.people.orgMember.token)).json()).toEqual([{ _id: world.orgId, missions: null }]);

    const week = weeksAgo(1);
    const before = await get(`/api/timesheet?week=${week}`);
    expectStatus(before, 200);
    const grid = before.json() as MyTimesheets;
    expect(grid.roles.map((role) => [role.planItemId, role.mission])).toEqual([[roleId, missionId]]);
    expect(grid.tasks.map((task) => task.actionItemId)).toEqual([taskId]);
    expect(JSON.stringify(grid)).not.toContain(other);

    const saved = await t.request({
      method: 'PUT',
      url: '/api/timesheet/week',
      token: outsider().token,
      payload: { weekStart: week, status: 'draft', rows: [{ missionId, planItemId: roleId, dailyHours: [8, 8, 0, 0, 0, 0, 0] }] },
    });
    expectStatus(saved, 200);
    const submitted = await t.request({
      method: 'PUT',
      url: '/api/timesheet/week',
      token: outsider().token,
      payload: { weekStart: week, status: 'submitted', rows: [{ missionId, planItemId: roleId, dailyHours: [8, 8, 4, 0, 0, 0, 0] }] },
    });
    expectStatus(submitted, 200);
    const [sheet] = (submitted.json() as { timesheets: Timesheet[] }).timesheets;
    expect(sheet).toMatchObject({ status: 'submitted', mission: missionId, org: world.orgId });

    const after = (await get(`/api/timesheet?week=${week}`)).json() as MyTimesheets;
    expect(after.timesheets.map((row) => [row._id, row.status])).toEqual([[sheet!._id, 'submitted']]);

    const approved = await t.request({
      method: 'PUT',
      url: `/api/timesheet/mission/${missionId}/timesheet/${sheet!._id}`,
      token: world.people.p1pm.token,
      payload: { payload: { status: 'approved' } },
    });
    expectStatus(approved, 200);
    expect(approved.json()).toMatchObject({ status: 'approved' });
    expect(((await get(`/api/timesheet?week=${week}`)).json() as MyTimesheets).timesheets[0]).toMatchObject({ status: 'approved' });

    // nothing of the organisation beyond their project: its weeks, its reports
    expect((await get(`/api/timesheet/org/${world.orgId}`)).statusCode).toBeGreaterThanOrEqual(403);
    expect((await get(`/api/timesheet/mission/${other}`)).statusCode).toBe(404);
  });

  it('an observer, a pending invite or an organisation that does not track time offers nothing', async () => {
    const fresh = async () => {
      await t.database.db.delete(missionPeople).where(eq(missionPeople.personId, outsider().personId));
      t.app.ctx.reads.changed();
    };
    const offered = async () => ((await get('/api/timesheet/orgs')).json() as TimeTrackingOrg[]).flatMap((org) => org.missions ?? []);

    await fresh();
    await outsiderMission({ permission: 3 });
    await outsiderMission({ invitePending: true });
    t.app.ctx.reads.changed();
    expect(await offered()).toEqual([]);
    expectStatus(await get('/api/timesheet'), 403);

    await fresh();
    const { missionId } = await outsiderMission();
    t.app.ctx.reads.changed();
    expect(await offered()).toEqual([missionId]);
    await setOrg(t, world.orgId, { isOrgLicensed: false, isLicensedActive: false });
    try {
      expect(await offered()).toEqual([]);
      expectStatus(await get('/api/timesheet'), 403);
    } finally {
      await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true });
    }
  });
});
