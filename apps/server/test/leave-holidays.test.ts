import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEAVE_CODES, type LeaveRequestView, type MyLeave } from '@crewplan/domain';
import { orgPeople } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { createMissionWorld, setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

/**
 * A request's days are worked out when it is asked (weekends and the holiday country's public holidays left out).
 * While it waits, the organisation may change its holiday country: the request is worked out again then (its lists
 * and balance show it) and again when it is approved, so the approval (and the balance it is checked against) uses the
 * holidays as they stand then; an approved request keeps the days it was approved with.
 */
type Caller = Exclude<MissionCaller, 'anonymous'>;
let t: TestApp;
let world: MissionWorld;

const token = (caller: Caller) => world.people[caller].token;
const leaveOf = (response: { json: () => unknown }) => response.json() as LeaveRequestView;
const act = (caller: Caller, path: string, leaveIds: string[]) =>
  t.request({ method: 'PUT', url: `/api/people-leave/action/${path}`, token: token(caller), payload: { leaveIds, payload: {} } });
const settings = async (payload: Record<string, unknown>) =>
  expectStatus(await t.request({ method: 'PUT', url: `/api/org/${world.orgId}`, token: token('orgAdmin'), payload }), 200);
const submit = async (payload: Record<string, unknown>) => {
  const response = await t.request({ method: 'POST', url: `/api/people-leave/create/submit/${world.orgId}`, token: token('p0'), payload });
  expectStatus(response, 201);
  return leaveOf(response);
};
const studyBalance = async () => {
  const response = await t.request({ method: 'GET', url: '/api/people-leave/list/user?year=2025', token: token('p0') });
  const org = (response.json() as MyLeave).orgs.find((entry) => entry._id === world.orgId)!;
  return org.balances.find((balance) => balance.codeId === 'study')!;
};
const myRequest = async (id: string) => {
  const response = await t.request({ method: 'GET', url: '/api/people-leave/list/user?year=2025', token: token('p0') });
  return (response.json() as MyLeave).requests.find((request) => request._id === id)!;
};

/** Monday to Wednesday around 25 March 2025, Greek Independence Day (no holiday in the United States). */
const AROUND_25_MARCH = [{ from: '2025-03-24', to: '2025-03-26' }];
const THREE_DAYS = ['2025-03-24', '2025-03-25', '2025-03-26'].map((date) => ({ date, hours: 8 }));
const TWO_DAYS = ['2025-03-24', '2025-03-26'].map((date) => ({ date, hours: 8 }));
/** A fixed code with an entitlement of `amount` days in 2025. */
const study = (amount: number) => ({
  id: 'study',
  code: 'ST',
  description: 'Study leave',
  fixed: true,
  isProjectLevel: false,
  days: [{ year: 2025, amount }],
  comments: '',
  minHours: null,
  maxHours: null,
  allowHalfDays: false,
  timesPerYear: null,
  hideReason: false,
});

beforeAll(async () => {
  t = await buildTestApp({ clock: createTestClock('2025-03-03T09:00:00Z') });
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true, holidayCountryCode: 'US', daysPerWeek: 5 });
  await t.database.db.update(orgPeople).set({ startDate: '2020-01-01' }).where(eq(orgPeople.orgId, world.orgId));
  await world.mission({ planStartDate: '2025-01-01', planEndDate: '2025-12-31' });
});
afterAll(async () => t.close());

describe('a pending request follows a change of the holiday country', () => {
  it('over a day that becomes a public holiday it is approved with one day fewer; once approved it keeps its days', async () => {
    await settings({ holidayCountryCode: 'US', leaveCodes: [...DEFAULT_LEAVE_CODES, study(5)] });
    const asked = await submit({ reason: 'study', dates: AROUND_25_MARCH });
    expect(asked).toMatchObject({ hours: THREE_DAYS, totalHours: 24, startDate: '2025-03-24', endDate: '2025-03-26' });

    await settings({ holidayCountryCode: 'GR' });
    // while it waits, its lists and the balance show the days it holds now
    expect(await myRequest(asked._id)).toMatchObject({ status: 'pending_approval', hours: TWO_DAYS, totalHours: 16 });
    expect(await studyBalance()).toMatchObject({ entitled: 5, pending: 2, remaining: 3 });
    expectStatus(await act('p1pm', 'approve', [asked._id]), 200);
    const approved = await act('orgAdmin', 'approve/final', [asked._id]);
    expectStatus(approved, 200);
    expect((approved.json() as { requests: LeaveRequestView[] }).requests[0]).toMatchObject({
      status: 'approved',
      hours: TWO_DAYS,
      totalHours: 16,
      dates: AROUND_25_MARCH,
    });

    // approved leave stays as approved, whatever the country becomes
    await settings({ holidayCountryCode: 'US' });
    expect(await myRequest(asked._id)).toMatchObject({ status: 'approved', hours: TWO_DAYS, totalHours: 16 });
    expect(await studyBalance()).toMatchObject({ taken: 2, pending: 0 });
    expectStatus(await act('p0', 'cancel', [asked._id]), 200);
  });

  it('an approval works the days out as the holidays stand, even when nothing told the request of the change', async () => {
    await settings({ holidayCountryCode: 'US', leaveCodes: [...DEFAULT_LEAVE_CODES, study(5)] });
    const asked = await submit({ reason: 'study', dates: AROUND_25_MARCH });
    // the country written straight in the database: no settings change reworks the waiting request
    await setOrg(t, world.orgId, { holidayCountryCode: 'GR' });
    expect(await myRequest(asked._id)).toMatchObject({ hours: THREE_DAYS, totalHours: 24 });
    expectStatus(await act('p1pm', 'approve', [asked._id]), 200);
    expect(await myRequest(asked._id)).toMatchObject({ status: 'pending_final_approval', hours: TWO_DAYS, totalHours: 16 });
    expectStatus(await act('p0', 'cancel', [asked._id]), 200);
  });

  it('the balance is checked on the days worked out again: three days asked of a code now holding two fit once one is a holiday', async () => {
    await settings({ holidayCountryCode: 'US', leaveCodes: [...DEFAULT_LEAVE_CODES, study(3)] });
    const asked = await submit({ reason: 'study', dates: AROUND_25_MARCH });
    expect(asked.totalHours).toBe(24);

    // the entitlement shrinks to two days while the request waits: three days would no longer fit
    await settings({ leaveCodes: [...DEFAULT_LEAVE_CODES, study(2)] });
    const refused = await act('p1pm', 'approve', [asked._id]);
    expectStatus(refused, 422);
    expect(errorOf(refused).code).toBe('leave/not-enough');
    expect(await myRequest(asked._id)).toMatchObject({ status: 'pending_approval', totalHours: 24 });

    // with 25 March a holiday the request is two days, and fits
    await settings({ holidayCountryCode: 'GR' });
    expectStatus(await act('p1pm', 'approve', [asked._id]), 200);
    expect(await myRequest(asked._id)).toMatchObject({ status: 'pending_final_approval', hours: TWO_DAYS, totalHours: 16 });
    expectStatus(await act('orgAdmin', 'approve/final', [asked._id]), 200);
    expect(await myRequest(asked._id)).toMatchObject({ status: 'approved', hours: TWO_DAYS });
  });

  it('a request whose every day has become a holiday keeps its day, is not approved (400 on its dates) and stays pending', async () => {
    await settings({ holidayCountryCode: 'US', leaveCodes: [...DEFAULT_LEAVE_CODES, study(5)] });
    const asked = await submit({ reason: 'study', dates: [{ from: '2025-03-25', to: '2025-03-25' }] });
    await settings({ holidayCountryCode: 'GR' });
    expect(await myRequest(asked._id)).toMatchObject({ totalHours: 8 });
    const refused = await act('p1pm', 'approve', [asked._id]);
    expectStatus(refused, 400);
    expect(Object.keys(errorOf(refused).fields ?? {})).toEqual(['dates']);
    expect(await myRequest(asked._id)).toMatchObject({ status: 'pending_approval', totalHours: 8 });
  });
});
