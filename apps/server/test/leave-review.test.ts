import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaveRequestView, LeaveReviewList, MissionLeaveList, MyLeave, OrgLeaveList } from '@crewplan/domain';
import { orgPeople, planItems } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { createMissionWorld, expectWithheldAndLeft, setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus, multipart, PNG_1X1 } from './support/org.ts';

/**
 * What reviewers see of the requests they decide: never their own or those they created (rule 211), and of a code
 * that hides its reason (hideReason) not the reason, unless they are the organisation's leave approvers.
 */
type Caller = Exclude<MissionCaller, 'anonymous'>;
let t: TestApp;
let world: MissionWorld;
let missionId: string;
const clock = createTestClock('2025-04-01T09:00:00Z');

const token = (caller: Caller) => world.people[caller].token;
const person = (caller: Caller) => world.people[caller].personId;
const create = async (caller: Caller, payload: Record<string, unknown>) => {
  const response = await t.request({
    method: 'POST',
    url: `/api/people-leave/create/submit/${world.orgId}`,
    token: token(caller),
    payload,
  });
  expectStatus(response, 201);
  return response.json() as LeaveRequestView;
};
const act = (caller: Caller, path: string, leaveIds: string[]) =>
  t.request({ method: 'PUT', url: `/api/people-leave/action/${path}`, token: token(caller), payload: { leaveIds, payload: {} } });
const get = async <T>(caller: Caller, url: string) => {
  const response = await t.request({ method: 'GET', url: `/api/people-leave/${url}`, token: token(caller) });
  expectStatus(response, 200);
  return response.json() as T;
};
const orgList = (caller: Caller) => get<OrgLeaveList>(caller, `list/org/${world.orgId}?year=2025`);
const idsOf = (list: { requests: LeaveRequestView[] }) => list.requests.map((request) => request._id);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true, holidayCountryCode: null, daysPerWeek: 5 });
  await t.database.db.update(orgPeople).set({ startDate: '2020-01-01' }).where(eq(orgPeople.orgId, world.orgId));
  await t.database.db
    .update(orgPeople)
    .set({ canApproveLeaves: true })
    .where(eq(orgPeople.personId, person('orgMember')));
  missionId = await world.mission({ title: 'Harbour bridge', planStartDate: '2025-01-01', planEndDate: '2025-12-31' });
});
afterAll(async () => t.close());

describe('approvers and their own requests (rule 211)', () => {
  it("the organisation's leave tab never lists an approver's own requests or those they created, and they cannot decide them", async () => {
    const own = await create('orgAdmin', { reason: 'training', dates: [{ from: '2025-05-05', to: '2025-05-05' }] });
    const forOther = await create('orgAdmin', {
      reason: 'training',
      dates: [{ from: '2025-05-06', to: '2025-05-06' }],
      person: person('orgObserver'),
    });
    const other = await create('orgObserver', { reason: 'training', dates: [{ from: '2025-05-07', to: '2025-05-07' }] });
    const admin = await orgList('orgAdmin');
    expect(admin.canApprove).toBe(true);
    expect(idsOf(admin)).toEqual([other._id]);
    expect(admin.impact.map((entry) => entry.leaveId)).toEqual([other._id]);
    const approver = await orgList('orgMember');
    expect(idsOf(approver)).toEqual([own._id, forOther._id, other._id]);
    for (const id of [own._id, forOther._id]) {
      const refused = await act('orgAdmin', 'approve', [id]);
      expectStatus(refused, 403);
      expect(errorOf(refused).code).toBe('leave/not-allowed');
    }
    // their own requests stay theirs to see in their own list
    expect(idsOf(await get<MyLeave>('orgAdmin', 'list/user?year=2025'))).toEqual([own._id]);
  });
});

describe('hidden reasons (hideReason)', () => {
  it('the missions’ managers see a request of a code that hides its reason without it; its person and the organisation’s approvers see it', async () => {
    const medical = await create('p0', {
      reason: 'medical',
      dates: [{ from: '2025-06-02', to: '2025-06-03' }],
      comment: 'Knee surgery follow-up',
    });
    const attached = await t.request({
      method: 'POST',
      url: `/api/people-leave/attachment/leave/${medical._id}`,
      token: token('p0'),
      ...multipart('file', 'certificate.png', 'image/png', PNG_1X1),
    });
    expectStatus(attached, 201);
    const training = await create('p0', { reason: 'training', dates: [{ from: '2025-06-10', to: '2025-06-10' }] });
    const hidden = { reason: null, code: null, totalHours: 16, comment: '', attachments: [] };
    const board = await get<LeaveReviewList>('p1pm', 'list/project-manager');
    expect(board.requests.find((request) => request._id === medical._id)).toMatchObject(hidden);
    expect(board.requests.find((request) => request._id === training._id)).toMatchObject({ reason: 'training' });
    const team = await get<MissionLeaveList>('p1pm', `list/mission/${missionId}`);
    expect(team.requests.find((request) => request._id === medical._id)).toMatchObject(hidden);
    const approved = await act('p1pm', 'approve', [medical._id]);
    expectStatus(approved, 200);
    expect((approved.json() as { requests: LeaveRequestView[] }).requests[0]).toMatchObject({
      ...hidden,
      status: 'pending_final_approval',
    });
    expect(JSON.stringify(board)).not.toMatch(/Medical|Knee|certificate/);
    const approver = await orgList('orgMember');
    expect(approver.requests.find((request) => request._id === medical._id)).toMatchObject({
      reason: 'medical',
      code: { description: 'Medical leave' },
      comment: 'Knee surgery follow-up',
      attachments: [expect.objectContaining({ name: 'certificate.png' })],
    });
    const final = await act('orgMember', 'approve/final', [medical._id]);
    expect((final.json() as { requests: LeaveRequestView[] }).requests[0]).toMatchObject({ reason: 'medical', status: 'approved' });
    const own = await get<MyLeave>('p0', 'list/user?year=2025');
    expect(own.requests.find((request) => request._id === medical._id)).toMatchObject({ reason: 'medical' });
  });
});

describe('the board list (GET /people-leave/list/project-manager)', () => {
  it('leaves out an organisation requiring two-factor sign-in I lack (rule 109) and one I left', async () => {
    const leave = await create('p0', { reason: 'training', dates: [{ from: '2025-08-04', to: '2025-08-04' }] });
    const board = async () => idsOf(await get<LeaveReviewList>('p1pm', 'list/project-manager'));
    expect(await board()).toContain(leave._id);
    await expectWithheldAndLeft(t, world.orgId, person('p1pm'), board);
  });
});

describe('the impact a request has on its projects', () => {
  it('shows the hours lost and planned of a role as people read them, without float noise', async () => {
    // 55 % of a day is 4.4 hours; three days are 13.2, not 13.200000000000001
    await t.database.db.insert(planItems).values({
      missionId,
      title: 'Surveyor',
      personId: person('p2'),
      allocation: 55,
      startDate: '2025-07-01',
      endDate: '2025-07-31',
    });
    const leave = await create('p2', { reason: 'training', dates: [{ from: '2025-07-07', to: '2025-07-09' }] });
    const board = await get<LeaveReviewList>('p1pm', 'list/project-manager');
    const roles = board.impact.find((entry) => entry.leaveId === leave._id)!.missions.flatMap((mission) => mission.roles);
    expect(roles).toEqual([expect.objectContaining({ title: 'Surveyor', hoursLost: 13.2, plannedHours: 13.2, belowAllocation: true })]);
  });
});
