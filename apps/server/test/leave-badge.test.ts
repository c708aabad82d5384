import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaveBadges, LeaveRequestView, LeaveReviewList, OrgLeaveList } from '@crewplan/domain';
import { orgPeople } from '../src/db/schema/index.ts';
import type { Change } from '../src/plugins/realtime.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { createMissionWorld, setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { expectStatus } from './support/org.ts';
import { testSockets } from './support/sockets.ts';

/**
 * Rule 230: the Leaves badges count the pending requests a viewer decides that start in the next 3 days (today and
 * the two days after it, by the server's clock): the board's for mission owners and project managers (first stage),
 * the organisation's for its leave approvers (both stages). A request's reviewers hear it change in their own room.
 */
type Caller = Exclude<MissionCaller, 'anonymous'>;
let t: TestApp;
let world: MissionWorld;
let orgId: string;
// a Monday: the window is Monday 14 to Wednesday 16 April
const clock = createTestClock('2025-04-14T09:00:00Z');

const token = (caller: Caller) => world.people[caller].token;
const ask = async (caller: Caller, from: string, reason = 'training', submit = true) => {
  const response = await t.request({
    method: 'POST',
    url: `/api/people-leave/create/${submit ? 'submit/' : ''}${orgId}`,
    token: token(caller),
    payload: { reason, dates: [{ from, to: from }] },
  });
  expectStatus(response, 201);
  return (response.json() as LeaveRequestView)._id;
};
const badges = async (caller: Caller) => {
  const response = await t.request({ method: 'GET', url: '/api/people-leave/badge', token: token(caller) });
  expectStatus(response, 200);
  return response.json() as LeaveBadges;
};
const orgBadge = async (caller: Caller) => (await badges(caller)).orgs.find((entry) => entry._id === orgId)?.badge ?? null;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  world = await createMissionWorld(t);
  orgId = world.orgId;
  await setOrg(t, orgId, { isOrgLicensed: true, isLicensedActive: true, holidayCountryCode: null, daysPerWeek: 5 });
  await t.database.db.update(orgPeople).set({ startDate: '2020-01-01' }).where(eq(orgPeople.orgId, orgId));
  await t.database.db.update(orgPeople).set({ canApproveLeaves: true }).where(eq(orgPeople.personId, world.people.orgMember.personId));
  await world.mission({ title: 'Harbour bridge', planStartDate: '2025-01-01', planEndDate: '2025-12-31' });
});
afterAll(async () => t.close());

describe('GET /people-leave/badge (rule 230)', () => {
  it('is 0 everywhere before anything is asked; signed-out callers get 401', async () => {
    expect(await badges('p1pm')).toEqual({ board: 0, orgs: [] });
    expect(await badges('orgAdmin')).toEqual({ board: 0, orgs: [{ _id: orgId, badge: 0 }] });
    expectStatus(await t.request({ method: 'GET', url: '/api/people-leave/badge' }), 401);
  });

  it('counts what each viewer decides, starting today to the day after tomorrow', async () => {
    await ask('p0', '2025-04-14', 'personal'); // today: in
    await ask('p0', '2025-04-16'); // the third day: in
    await ask('p0', '2025-04-17'); // the fourth day: out
    // an observer's: not the board's (only the working team's, below permission 3), the organisation's approvers'
    const pendingFinal = await ask('p3', '2025-04-15'); // moved to the final stage below
    await ask('p1pm', '2025-04-15'); // the project manager's own
    await ask('p4', '2025-04-15', 'training', false); // a draft
    const approved = await t.request({
      method: 'PUT',
      url: '/api/people-leave/action/approve',
      token: token('orgAdmin'),
      payload: { leaveIds: [pendingFinal], payload: {} },
    });
    expectStatus(approved, 200);

    // the project manager: p0's two (never their own, rule 211; the final stage is not theirs)
    expect(await badges('p1pm')).toEqual({ board: 2, orgs: [] });
    // the mission's owner (permission 2): p0's two and the project manager's
    expect(await badges('p2')).toEqual({ board: 3, orgs: [] });
    // the organisation's approvers decide both stages: p0's two, p3's, the project manager's
    expect(await badges('orgAdmin')).toEqual({ board: 0, orgs: [{ _id: orgId, badge: 4 }] });
    expect(await orgBadge('orgMember')).toBe(4);
    // neither a member, an observer on the mission, a manager of the organisation nor a team member with permission 1
    for (const caller of ['p0', 'p1', 'p3', 'orgManager', 'outsider'] as const)
      expect(await badges(caller)).toEqual({ board: 0, orgs: [] });
  });

  it('gives the same counts as the lists of the board and the organisation tab', async () => {
    const board = await t.request({ method: 'GET', url: '/api/people-leave/list/project-manager', token: token('p1pm') });
    expect((board.json() as LeaveReviewList).badge).toBe(2);
    const org = await t.request({ method: 'GET', url: `/api/people-leave/list/org/${orgId}?year=2025`, token: token('orgAdmin') });
    expect((org.json() as OrgLeaveList).badge).toBe(4);
    const member = await t.request({ method: 'GET', url: `/api/people-leave/list/org/${orgId}?year=2025`, token: token('p0') });
    expect((member.json() as OrgLeaveList).badge).toBe(0);
  });

  it('counts nothing where the organisation no longer keeps leave (its subscription lapsed): nobody could decide it', async () => {
    expect((await badges('p1pm')).board).toBe(2);
    // a running trial keeps leave
    await setOrg(t, orgId, { isOrgLicensed: false, isLicensedActive: true, trialStartedOn: new Date('2025-04-01T00:00:00Z') });
    expect((await badges('p1pm')).board).toBe(2);
    await setOrg(t, orgId, { isOrgLicensed: false, isLicensedActive: false, trialStartedOn: null });
    try {
      expect(await badges('p1pm')).toEqual({ board: 0, orgs: [] });
      expect(await badges('orgAdmin')).toEqual({ board: 0, orgs: [] });
      const list = await t.request({ method: 'GET', url: '/api/people-leave/list/project-manager', token: token('p1pm') });
      expect(list.json()).toMatchObject({ requests: [], badge: 0 });
    } finally {
      await setOrg(t, orgId, { isOrgLicensed: true, isLicensedActive: true });
    }
  });

  it('moves with the clock: a request that started yesterday drops out, the next day comes in', async () => {
    clock.set('2025-04-15T09:00:00Z');
    try {
      // window 15–17: p0's 16th and 17th
      expect((await badges('p1pm')).board).toBe(2);
      // p0's 16th and 17th, p3's and the project manager's 15th
      expect(await orgBadge('orgAdmin')).toBe(4);
      clock.set('2025-04-18T09:00:00Z');
      expect(await badges('p2')).toEqual({ board: 0, orgs: [] });
    } finally {
      clock.set('2025-04-14T09:00:00Z');
    }
  });
});

describe("a request's reviewers, person and creator hear it in their own rooms", () => {
  const sockets = testSockets(() => t);
  beforeAll(() => sockets.listen());
  afterAll(() => sockets.close());

  it('tells the project manager, the owner and the approvers of a submission and a decision; not others', async () => {
    const heard = async (caller: Caller) => {
      const socket = await sockets.connect(token(caller));
      const received: Change[] = [];
      socket.on('changes', (change: Change) => received.push(change));
      return received;
    };
    const [pm, admin, asker, outsider, observer] = await Promise.all([
      heard('p1pm'),
      heard('orgAdmin'),
      heard('p0'),
      heard('outsider'),
      heard('p3'),
    ]);
    const id = await ask('p0', '2025-04-22');
    const submitted = { type: 'update', entity: 'leave.requests', id, data: { status: 'pending_approval', org: orgId } };
    await expect.poll(() => pm).toContainEqual(submitted);
    await expect.poll(() => admin).toContainEqual(submitted);
    await expect.poll(() => asker).toContainEqual(submitted);
    const first = await t.request({
      method: 'PUT',
      url: '/api/people-leave/action/approve',
      token: token('orgAdmin'),
      payload: { leaveIds: [id], payload: {} },
    });
    expectStatus(first, 200);
    const decided = await t.request({
      method: 'PUT',
      url: '/api/people-leave/action/approve/final',
      token: token('orgAdmin'),
      payload: { leaveIds: [id], payload: {} },
    });
    expectStatus(decided, 200);
    const final = { ...submitted, data: { status: 'approved', org: orgId } };
    // the project manager's first-stage list loses it too
    await expect.poll(() => pm).toContainEqual(final);
    await expect.poll(() => asker).toContainEqual(final);
    expect(outsider).toEqual([]);
    expect(observer.filter((change) => change.entity === 'leave.requests')).toEqual([]);
  });
});
