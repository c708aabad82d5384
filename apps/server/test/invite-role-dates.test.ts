import { addIsoDays, mondayOf } from '@crewplan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgs, people, planItems } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock, type TestClock } from './support/clock.ts';
import { insertMission } from './support/missions.ts';
import { createOrg, expectStatus, verifiedPerson } from './support/org.ts';
import type { TestPerson } from './support/people.ts';

/**
 * The role an accepted invite creates (autoCreateRole) starts at the Monday of the week it is accepted in (in the
 * invitee's time zone, UTC without one), or at the project's start when later, and runs to the project's end. It is
 * not pinned to the project: a person who joins today has no timesheet weeks missing from before they joined.
 */

let t: TestApp;
let clock: TestClock;
let owner: TestPerson;
let orgId: string;

const todayOf = (at: Date) => at.toISOString().slice(0, 10);
const thisWeek = () => mondayOf(todayOf(clock.now()));

beforeAll(async () => {
  clock = createTestClock();
  t = await buildTestApp({ clock });
  owner = await verifiedPerson(t, { firstName: 'Ada', lastName: 'Owner' });
  orgId = (await createOrg(t, owner.token, { inviteDomains: ['example.com'] }))._id;
  await t.database.db.update(orgs).set({ isLicensedActive: true, isOrgLicensed: true }).where(eq(orgs.id, orgId));
  t.app.ctx.reads.changed();
});
afterAll(async () => t.close());

/** A project of the licensed organisation between these days. */
const projectBetween = async (planStartDate: string, planEndDate: string) =>
  (await insertMission(t, owner, { orgId, planStartDate, planEndDate })).id;

/** Invites a new person with autoCreateRole and accepts as them: the role created and its invitee. */
async function acceptedRole(missionId: string, timezone: string | null = null) {
  const invitee = await verifiedPerson(t);
  if (timezone) {
    await t.database.db.update(people).set({ timezone }).where(eq(people.id, invitee.personId));
    t.app.ctx.reads.changed();
  }
  const created = await t.request({
    method: 'POST',
    url: `/api/mission/${missionId}/invite`,
    token: owner.token,
    payload: { inviteeEmail: invitee.email, autoCreateRole: true, config: { role: 'Rigger' } },
  });
  expectStatus(created, 201);
  expect(created.json()).toMatchObject({ autoCreateRole: true });
  const accepted = await t.request({
    method: 'PUT',
    url: `/api/mission-invite/${(created.json() as { _id: string })._id}/accept`,
    token: invitee.token,
  });
  expectStatus(accepted, 200);
  const planItemId = (accepted.json() as { planItem: string }).planItem;
  const [role] = await t.database.db.select().from(planItems).where(eq(planItems.id, planItemId));
  return { role: role!, invitee };
}

describe('PUT /api/mission-invite/:id/accept: the dates of the role it creates', () => {
  it('starts the role this week on a project that started 10 weeks ago, to its end, unpinned', async () => {
    const end = addIsoDays(thisWeek(), 70);
    const missionId = await projectBetween(addIsoDays(thisWeek(), -70), end);
    const { role, invitee } = await acceptedRole(missionId);

    const mine = await t.request({ method: 'GET', url: '/api/timesheet', token: invitee.token });
    expectStatus(mine, 200);
    const body = mine.json() as { roles: { planItemId: string }[]; missing: { planItemId: string; weekStart: string }[] };
    expect(body.roles.map((held) => held.planItemId)).toEqual([role.id]);
    // the missing weeks are the last three before this one: all before the role, none of them is missing
    expect(body.missing).toEqual([]);

    expect(role).toMatchObject({ role: 'Rigger', personId: invitee.personId, allocation: 100, rateTime: 'Monthly', pinnedTo: null });
    expect({ startDate: role.startDate, endDate: role.endDate }).toEqual({ startDate: thisWeek(), endDate: end });
  });

  it('starts the role at the project start when the project starts after this week', async () => {
    const start = addIsoDays(thisWeek(), 16);
    const end = addIsoDays(thisWeek(), 90);
    const { role } = await acceptedRole(await projectBetween(start, end));
    expect({ startDate: role.startDate, endDate: role.endDate, pinnedTo: role.pinnedTo }).toEqual({
      startDate: start,
      endDate: end,
      pinnedTo: null,
    });
  });

  it('keeps the role in the week of acceptance on a project that already ended (its end pushed as rule 74 does)', async () => {
    const { role } = await acceptedRole(await projectBetween(addIsoDays(thisWeek(), -70), addIsoDays(thisWeek(), -14)));
    expect({ startDate: role.startDate, endDate: role.endDate }).toEqual({ startDate: thisWeek(), endDate: addIsoDays(thisWeek(), 5) });
  });

  it("counts the week in the invitee's time zone: late on Sunday in UTC is already next Monday in Auckland", async () => {
    const saved = clock.now();
    const sunday = addIsoDays(thisWeek(), 6);
    const nextMonday = addIsoDays(thisWeek(), 7);
    clock.set(`${sunday}T20:00:00Z`);
    try {
      const missionId = await projectBetween(addIsoDays(sunday, -70), addIsoDays(sunday, 70));
      expect((await acceptedRole(missionId, 'Pacific/Auckland')).role.startDate).toBe(nextMonday);
      expect((await acceptedRole(missionId)).role.startDate).toBe(mondayOf(sunday));
    } finally {
      clock.set(saved);
    }
  });
});
