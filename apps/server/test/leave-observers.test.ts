import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaveBadges, LeaveRequestView, LeaveReviewList, MissionLeaveList, OrgLeaveList } from '@crewplan/domain';
import { actionItems, actions, notifications, orgPeople } from '../src/db/schema/index.ts';
import type { Change } from '../src/plugins/realtime.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { createMissionWorld, setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';
import { testSockets } from './support/sockets.ts';

/**
 * Spec 3 (board, leave approval list) and rule 212: a mission's owners and project managers review the leave of its
 * working team only, the people on it below permission 3. An observer's (3), an organisation-level observer's (4,
 * such as an organisation admin added as one, rule 103) or an external participant's (5) leave is not on their list,
 * badge or impact, is not theirs to decide and does not reach them; the organisation's leave approvers still decide it.
 */
type Caller = Exclude<MissionCaller, 'anonymous'>;
let t: TestApp;
let world: MissionWorld;
let missionId: string;
// a Monday: the badge's window is Monday 14 to Wednesday 16 April
const clock = createTestClock('2025-04-14T09:00:00Z');
const NOT_WORKING = ['p3', 'p4', 'p5'] as const;

const token = (caller: Caller) => world.people[caller].token;
const person = (caller: Caller) => world.people[caller].personId;
const ask = async (caller: Caller, from: string) => {
  const response = await t.request({
    method: 'POST',
    url: `/api/people-leave/create/submit/${world.orgId}`,
    token: token(caller),
    payload: { reason: 'training', dates: [{ from, to: from }] },
  });
  expectStatus(response, 201);
  return (response.json() as LeaveRequestView)._id;
};
const act = (caller: Caller, path: string, leaveIds: string[]) =>
  t.request({ method: 'PUT', url: `/api/people-leave/action/${path}`, token: token(caller), payload: { leaveIds, payload: {} } });
const get = async <T>(caller: Caller, url: string) => {
  const response = await t.request({ method: 'GET', url: `/api/people-leave/${url}`, token: token(caller) });
  expectStatus(response, 200);
  return response.json() as T;
};
const toldOf = (caller: Caller, leaveId: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.personId, person(caller)), sql`${notifications.data}->>'leaveId' = ${leaveId}`));

beforeAll(async () => {
  t = await buildTestApp({ clock });
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true, holidayCountryCode: null, daysPerWeek: 5 });
  await t.database.db.update(orgPeople).set({ startDate: '2020-01-01' }).where(eq(orgPeople.orgId, world.orgId));
  missionId = await world.mission({ title: 'Harbour bridge', planStartDate: '2025-01-01', planEndDate: '2025-12-31' });
  // everybody on the team has a task due tomorrow: the impact would show the mission for any of them
  const [action] = await t.database.db.insert(actions).values({ missionId, title: 'Design' }).returning();
  await t.database.db.insert(actionItems).values(
    (['p0', ...NOT_WORKING] as const).map((caller) => ({
      missionId,
      actionId: action!.id,
      title: `Survey by ${caller}`,
      people: [person(caller)],
      dueDate: '2025-04-15',
    })),
  );
  t.app.ctx.reads.changed();
});
afterAll(async () => t.close());

describe('the leave of people on a mission at permission 3 or above', () => {
  const sockets = testSockets(() => t);
  beforeAll(() => sockets.listen());
  afterAll(() => sockets.close());

  it("is not the project manager's to list, count, decide or hear of; a team member's is", async () => {
    const socket = await sockets.connect(token('p1pm'));
    const heard: Change[] = [];
    socket.on('changes', (change: Change) => heard.push(change));

    const member = await ask('p0', '2025-04-15');
    const others = await Promise.all(NOT_WORKING.map((caller) => ask(caller, '2025-04-15')));

    // the board's list, its impact and its badge: the member's request only
    const board = await get<LeaveReviewList>('p1pm', 'list/project-manager');
    expect(board.requests.map((request) => request._id)).toEqual([member]);
    expect(board.impact.map((entry) => [entry.leaveId, entry.missions.map((mission) => mission._id)])).toEqual([[member, [missionId]]]);
    expect(board.badge).toBe(1);
    expect((await get<LeaveBadges>('p1pm', 'badge')).board).toBe(1);
    // the mission's leave list: reviews the member's; everybody's days away still show
    const team = await get<MissionLeaveList>('p1pm', `list/mission/${missionId}`);
    expect(team.requests.map((request) => request._id)).toEqual([member]);
    expect(team.away.map((away) => away.person._id).sort()).toEqual((['p0', ...NOT_WORKING] as const).map(person).sort());

    // told of the member's request (a notification and their own room); of no other
    expect(await toldOf('p1pm', member)).toHaveLength(1);
    await expect.poll(() => heard.map((change) => change.id)).toContain(member);
    for (const id of others) expect(await toldOf('p1pm', id)).toEqual([]);

    // nor theirs to decide: not found, as any request one does not review
    for (const id of others) {
      const refused = await act('p1pm', 'approve', [id]);
      expectStatus(refused, 404);
      expect(errorOf(refused).code).toBe('leave/not-found');
      expectStatus(await act('p1pm', 'reject', [id]), 404);
    }
    expectStatus(await act('p1pm', 'approve', [member]), 200);
    // the room hears in order: once the approval arrives, the others' submissions would have come before it
    await expect
      .poll(() => heard)
      .toContainEqual(expect.objectContaining({ id: member, data: expect.objectContaining({ status: 'pending_final_approval' }) }));
    for (const id of others) expect(heard.map((change) => change.id)).not.toContain(id);
  });

  it("stays the organisation's leave approvers' to review, without the mission in its impact", async () => {
    const orgTab = await get<OrgLeaveList>('orgAdmin', `list/org/${world.orgId}?year=2025&status=pending_approval`);
    expect(orgTab.requests.map((request) => request.person._id).sort()).toEqual(NOT_WORKING.map(person).sort());
    for (const entry of orgTab.impact) expect(entry.missions).toEqual([]);
    expect(orgTab.requests.every((request) => request.status === 'pending_approval')).toBe(true);
    const ids = orgTab.requests.map((request) => request._id);
    for (const id of ids) expect(await toldOf('orgAdmin', id)).toHaveLength(1);
    const approved = await act('orgAdmin', 'approve', ids);
    expectStatus(approved, 200);
  });
});
