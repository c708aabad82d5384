import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaveRequestView, OrgLeaveList } from '@crewplan/domain';
import { FLOATING_MESSAGES } from '@crewplan/domain';
import { orgPeople } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { createMissionWorld, setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

/**
 * The organisation's leave tab (`GET /people-leave/list/org/:orgId`) as its leave approvers see it: a draft stays its
 * person's until submitted, as on the board and the mission; and without the Unlimited subscription (rule 185) the tab
 * offers nothing to decide, as the badge and the board do not.
 */
type Caller = Exclude<MissionCaller, 'anonymous'>;
let t: TestApp;
let world: MissionWorld;
// a Monday: the badge's window is 14 to 16 April
const clock = createTestClock('2025-04-14T09:00:00Z');

const token = (caller: Caller) => world.people[caller].token;
const ask = async (caller: Caller, from: string, submit: boolean) => {
  const response = await t.request({
    method: 'POST',
    url: `/api/people-leave/create/${submit ? 'submit/' : ''}${world.orgId}`,
    token: token(caller),
    payload: { reason: 'training', dates: [{ from, to: from }] },
  });
  expectStatus(response, 201);
  return (response.json() as LeaveRequestView)._id;
};
const orgList = async (caller: Caller, query = '') => {
  const response = await t.request({
    method: 'GET',
    url: `/api/people-leave/list/org/${world.orgId}?year=2025${query}`,
    token: token(caller),
  });
  expectStatus(response, 200);
  return response.json() as OrgLeaveList;
};
const idsOf = (list: { requests: LeaveRequestView[] }) => list.requests.map((request) => request._id);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true, holidayCountryCode: null, daysPerWeek: 5 });
  await t.database.db.update(orgPeople).set({ startDate: '2020-01-01' }).where(eq(orgPeople.orgId, world.orgId));
  await t.database.db.update(orgPeople).set({ canApproveLeaves: true }).where(eq(orgPeople.personId, world.people.orgMember.personId));
  await world.mission({ title: 'Harbour bridge', planStartDate: '2025-01-01', planEndDate: '2025-12-31' });
});
afterAll(async () => t.close());

describe("the organisation's leave tab and drafts", () => {
  it("never lists another person's draft to the organisation's leave approvers, whatever the filter; its person sees it", async () => {
    const draft = await ask('p0', '2025-05-05', false);
    const submitted = await ask('p0', '2025-05-06', true);
    for (const approver of ['orgAdmin', 'orgMember'] as const) {
      expect(idsOf(await orgList(approver))).toEqual([submitted]);
      expect(idsOf(await orgList(approver, '&status=draft'))).toEqual([]);
      expect(idsOf(await orgList(approver, `&person=${world.people.p0.personId}`))).toEqual([submitted]);
    }
    expect(idsOf(await orgList('p0'))).toEqual([draft, submitted]);
    // once submitted it is theirs to decide
    const sent = await t.request({
      method: 'PUT',
      url: '/api/people-leave/action/submit',
      token: token('p0'),
      payload: { leaveIds: [draft] },
    });
    expectStatus(sent, 200);
    expect(idsOf(await orgList('orgAdmin'))).toEqual([draft, submitted]);
  });
});

describe("the organisation's leave tab without the Unlimited subscription (rule 185)", () => {
  it('offers its approvers nothing to decide (no badge, no impact) and says why; as soon as it keeps leave again it does', async () => {
    const soon = await ask('p3', '2025-04-15', true);
    const licensed = await orgList('orgAdmin');
    expect(licensed).toMatchObject({ licensed: true, canApprove: true, badge: 1 });
    expect(licensed.impact.map((entry) => entry.leaveId)).toContain(soon);
    await setOrg(t, world.orgId, { isOrgLicensed: false, isLicensedActive: false, trialStartedOn: null });
    try {
      for (const approver of ['orgAdmin', 'orgMember'] as const) {
        const lapsed = await orgList(approver);
        expect(lapsed).toMatchObject({ licensed: false, canApprove: false, badge: 0, impact: [] });
        // the history stays readable
        expect(idsOf(lapsed)).toContain(soon);
      }
      expect((await orgList('p0')).licensed).toBe(false);
      // what the tab no longer offers would be refused with the spec's message
      const refused = await t.request({
        method: 'PUT',
        url: '/api/people-leave/action/approve',
        token: token('orgAdmin'),
        payload: { leaveIds: [soon], payload: {} },
      });
      expectStatus(refused, 403);
      expect(errorOf(refused).message).toBe(FLOATING_MESSAGES.needsUnlimited);
      // a running trial keeps leave
      await setOrg(t, world.orgId, { isLicensedActive: true, trialStartedOn: new Date('2025-04-01T00:00:00Z') });
      expect(await orgList('orgAdmin')).toMatchObject({ licensed: true, canApprove: true, badge: 1 });
    } finally {
      await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true, trialStartedOn: null });
    }
  });
});
