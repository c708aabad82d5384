import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEAVE_INPUT_MESSAGES,
  type LeaveImpact,
  type LeaveRequestView,
  type LeaveReviewList,
  type MissionLeaveList,
  type OrgLeaveList,
} from '@crewplan/domain';
import { actionItems, actions, leaveRequests, missionPeople, orgPeople, orgs } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { insertMission } from './support/missions.ts';
import { createMissionWorld, setOrg, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

type Caller = keyof MissionWorld['people'];
let t: TestApp;
let world: MissionWorld;
let missionId: string;
const clock = createTestClock('2026-01-12T09:00:00Z');

const token = (caller: Caller) => world.people[caller].token;
const person = (caller: Caller) => world.people[caller].personId;
const create = (caller: Caller, payload: Record<string, unknown>, submit = true) =>
  t.request({ method: 'POST', url: `/api/people-leave/create/${submit ? 'submit/' : ''}${world.orgId}`, token: token(caller), payload });
const act = (caller: Caller, path: string, leaveIds: string[], payload: Record<string, unknown> = {}) =>
  t.request({ method: 'PUT', url: `/api/people-leave/action/${path}`, token: token(caller), payload: { leaveIds, payload } });
const requestsOf = async (caller: Caller) =>
  t.database.db
    .select()
    .from(leaveRequests)
    .where(eq(leaveRequests.personId, person(caller)));

beforeAll(async () => {
  t = await buildTestApp({ clock });
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true, holidayCountryCode: 'GR', daysPerWeek: 5 });
  await t.database.db.update(orgPeople).set({ startDate: '2020-01-01' }).where(eq(orgPeople.orgId, world.orgId));
  missionId = await world.mission({ title: 'Quay wall', planStartDate: '2026-01-01', planEndDate: '2026-12-31' });
});
afterAll(async () => t.close());

describe('hours of a day given twice', () => {
  it('are refused when a request is made or changed: which figure counts is not left to chance', async () => {
    const twice = [
      { date: '2026-02-02', hours: 4 },
      { date: '2026-02-02', hours: 8 },
    ];
    const created = await create('p0', { reason: 'annual', dates: [{ from: '2026-02-02', to: '2026-02-03' }], hours: twice });
    expectStatus(created, 400);
    expect(errorOf(created).fields).toEqual({ hours: LEAVE_INPUT_MESSAGES.dayTwice });
    expect(await requestsOf('p0')).toEqual([]);

    const draft = await create('p0', { reason: 'annual', dates: [{ from: '2026-02-02', to: '2026-02-03' }] }, false);
    expectStatus(draft, 201);
    const id = (draft.json() as LeaveRequestView)._id;
    const updated = await t.request({
      method: 'PUT',
      url: `/api/people-leave/action/update/${id}`,
      token: token('p0'),
      payload: { hours: twice },
    });
    expectStatus(updated, 400);
    expect(errorOf(updated).fields).toEqual({ hours: LEAVE_INPUT_MESSAGES.dayTwice });
    const [row] = await requestsOf('p0');
    expect(row).toMatchObject({ hours: [], totalHours: 16 });
    await t.database.db.delete(leaveRequests).where(eq(leaveRequests.id, id));
  });
});

describe('a code that hides its reason', () => {
  it("keeps what the organisation's approver wrote from the project manager, who sees their own words", async () => {
    const asked = await create('p0', { reason: 'medical', dates: [{ from: '2026-01-19', to: '2026-01-20' }] });
    expectStatus(asked, 201);
    const id = (asked.json() as LeaveRequestView)._id;
    expectStatus(await act('p1pm', 'approve', [id], { mission: missionId, comment: 'Covered by Sam' }), 200);
    expectStatus(await act('orgAdmin', 'approve/final', [id], { comment: 'Flu: doctor note received' }), 200);

    const comments = (request: LeaveRequestView | undefined) => request?.reviews.map((review) => review.comment);
    const board = await t.request({ method: 'GET', url: '/api/people-leave/list/project-manager', token: token('p1pm') });
    expectStatus(board, 200);
    const onBoard = (board.json() as LeaveReviewList).requests.find((request) => request._id === id);
    expect(onBoard).toMatchObject({ reason: null, code: null, comment: '' });
    expect(comments(onBoard)).toEqual(['Covered by Sam', '']);
    const team = await t.request({ method: 'GET', url: `/api/people-leave/list/mission/${missionId}?year=2026`, token: token('p1pm') });
    expectStatus(team, 200);
    expect(comments((team.json() as MissionLeaveList).requests.find((request) => request._id === id))).toEqual(['Covered by Sam', '']);

    // its person and the organisation's approvers read every word
    const mine = await t.request({ method: 'GET', url: '/api/people-leave/list/user?year=2026', token: token('p0') });
    const own = (mine.json() as { requests: LeaveRequestView[] }).requests.find((request) => request._id === id);
    expect(comments(own)).toEqual(['Covered by Sam', 'Flu: doctor note received']);
    const org = await t.request({ method: 'GET', url: `/api/people-leave/list/org/${world.orgId}?year=2026`, token: token('orgAdmin') });
    const ofOrg = (org.json() as { requests: LeaveRequestView[] }).requests.find((request) => request._id === id);
    expect(comments(ofOrg)).toEqual(['Covered by Sam', 'Flu: doctor note received']);
  });
});

describe("the organisation's leave tab of a year", () => {
  it('offers its approvers the pending requests of other years to decide, not their other requests', async () => {
    const ask = async (caller: Caller, from: string, to: string) => {
      const response = await create(caller, { reason: 'training', dates: [{ from, to }] });
      expectStatus(response, 201);
      return (response.json() as LeaveRequestView)._id;
    };
    const nextJanuary = await ask('p2', '2027-01-04', '2027-01-05');
    const lastDecember = await ask('p3', '2025-12-29', '2025-12-30');
    const decided = await ask('p4', '2025-12-15', '2025-12-16');
    expectStatus(await act('orgAdmin', 'reject/final', [decided]), 200);
    const theAdmins = await ask('orgAdmin', '2027-02-01', '2027-02-01');
    const thisYear = await ask('p2', '2026-03-02', '2026-03-02');

    const list = await t.request({ method: 'GET', url: `/api/people-leave/list/org/${world.orgId}?year=2026`, token: token('orgAdmin') });
    expectStatus(list, 200);
    const body = list.json() as { requests: LeaveRequestView[]; impact: { leaveId: string }[] };
    const ids = body.requests.map((request) => request._id);
    expect(ids).toEqual(expect.arrayContaining([lastDecember, thisYear, nextJanuary]));
    expect(ids).not.toContain(decided);
    expect(ids).not.toContain(theAdmins);
    expect(ids.indexOf(lastDecember)).toBeLessThan(ids.indexOf(thisYear));
    expect(ids.indexOf(thisYear)).toBeLessThan(ids.indexOf(nextJanuary));
    expect(body.impact.map((entry) => entry.leaveId)).toEqual(expect.arrayContaining([lastDecember, nextJanuary]));
    expectStatus(await act('orgAdmin', 'approve', [nextJanuary]), 200);

    // a member's own list stays the year's
    const own = await t.request({ method: 'GET', url: `/api/people-leave/list/org/${world.orgId}?year=2026`, token: token('p2') });
    expect((own.json() as { requests: LeaveRequestView[] }).requests.map((request) => request._id)).toEqual([thisYear]);
  });
});

describe('the impact a project manager reviews', () => {
  it("shows the missions they run, not the person's other projects; the organisation's approvers see them all", async () => {
    const task = async (mission: string, title: string) => {
      const [action] = await t.database.db.insert(actions).values({ missionId: mission, title: 'Work' }).returning();
      await t.database.db
        .insert(actionItems)
        .values({ missionId: mission, actionId: action!.id, title, people: [person('p0')], dueDate: '2026-04-07' });
    };
    const secret = (await insertMission(t, world.owner, { orgId: world.orgId, title: 'Takeover bid' })).id;
    await t.database.db
      .insert(missionPeople)
      .values({ missionId: secret, personId: person('p0'), email: world.people.p0.email, permission: 0 });
    await task(secret, 'Due diligence');
    await task(missionId, 'Pour the deck');
    const asked = await create('p0', { reason: 'training', dates: [{ from: '2026-04-06', to: '2026-04-08' }] });
    expectStatus(asked, 201);
    const id = (asked.json() as LeaveRequestView)._id;
    const titles = (impact: readonly LeaveImpact[]) =>
      impact
        .find((entry) => entry.leaveId === id)!
        .missions.flatMap((mission) => [mission.title, ...mission.tasksDue.map((due) => due.title)]);

    const board = await t.request({ method: 'GET', url: '/api/people-leave/list/project-manager', token: token('p1pm') });
    expectStatus(board, 200);
    expect(titles((board.json() as LeaveReviewList).impact)).toEqual(['Quay wall', 'Pour the deck']);
    const team = await t.request({ method: 'GET', url: `/api/people-leave/list/mission/${missionId}?year=2026`, token: token('p1pm') });
    expect(titles((team.json() as MissionLeaveList).impact)).toEqual(['Quay wall', 'Pour the deck']);
    const org = await t.request({ method: 'GET', url: `/api/people-leave/list/org/${world.orgId}?year=2026`, token: token('orgAdmin') });
    expect(titles((org.json() as OrgLeaveList).impact)).toEqual(['Quay wall', 'Pour the deck', 'Takeover bid', 'Due diligence']);
  });
});

describe('what remains of a leave, when too little does', () => {
  it('is told in hours for a code measured in hours (rule 214), and one day as one day', async () => {
    const [row] = await t.database.db.select({ leaveCodes: orgs.leaveCodes }).from(orgs).where(eq(orgs.id, world.orgId));
    const leaveCodes = row!.leaveCodes;
    const school = { ...leaveCodes[1]!, id: 'school', description: 'School monitoring', fixed: true, minHours: 1, maxHours: 8 };
    await setOrg(t, world.orgId, { leaveCodes: [...leaveCodes, { ...school, days: [{ year: 2026, amount: 1 }] }] });
    const hours = (date: string, amount: number) => ({
      reason: 'school',
      dates: [{ from: date, to: date }],
      hours: [{ date, hours: amount }],
    });
    expectStatus(await create('p5', hours('2026-05-04', 6)), 201);
    const refused = await create('p5', hours('2026-05-05', 2.5));
    expectStatus(refused, 422);
    expect(errorOf(refused)).toMatchObject({ code: 'leave/not-enough', message: 'Not enough leave left: 2 hours remain.' });

    await setOrg(t, world.orgId, {
      leaveCodes: [...leaveCodes, { ...school, minHours: null, maxHours: null, days: [{ year: 2026, amount: 1.75 }] }],
    });
    const inDays = await create('p5', { reason: 'school', dates: [{ from: '2026-06-08', to: '2026-06-09' }] });
    expectStatus(inDays, 422);
    expect(errorOf(inDays).message).toBe('Not enough leave left: 1 day remains.');
    await setOrg(t, world.orgId, { leaveCodes });
  });
});
