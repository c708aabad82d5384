import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEAVE_CODES, type LeaveRequestView, type MyLeave } from '@crewplan/domain';
import { orgPeople } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { createMissionWorld, setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { createOrg, expectStatus } from './support/org.ts';

/**
 * The annual leave balance a person sees, from their start date in the organisation (rules 220 and 224). Greek
 * organisation, five-day week, 50 % of the remainder carried over from 1 January; today is 1 April 2025.
 */
type Caller = Exclude<MissionCaller, 'anonymous'>;
let t: TestApp;
let world: MissionWorld;
const clock = createTestClock('2025-04-01T09:00:00Z');

const token = (caller: Caller) => world.people[caller].token;
const person = (caller: Caller) => world.people[caller].personId;
const create = (caller: Caller, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/people-leave/create/submit/${world.orgId}`, token: token(caller), payload });
const act = (caller: Caller, path: string, leaveIds: string[]) =>
  t.request({ method: 'PUT', url: `/api/people-leave/action/${path}`, token: token(caller), payload: { leaveIds, payload: {} } });
const balanceOf = async (caller: Caller, orgId = world.orgId, codeId = 'annual') => {
  const response = await t.request({ method: 'GET', url: '/api/people-leave/list/user?year=2025', token: token(caller) });
  expectStatus(response, 200);
  return (response.json() as MyLeave).orgs.find((org) => org._id === orgId)!.balances.find((balance) => balance.codeId === codeId)!;
};
const startOn = (caller: Caller, startDate: string | null, orgId = world.orgId) =>
  t.database.db
    .update(orgPeople)
    .set({ startDate })
    .where(and(eq(orgPeople.orgId, orgId), eq(orgPeople.personId, person(caller))));

beforeAll(async () => {
  t = await buildTestApp({ clock });
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, {
    isOrgLicensed: true,
    isLicensedActive: true,
    holidayCountryCode: 'GR',
    daysPerWeek: 5,
    carryOverAnnualLeaveCutOff: '01-01',
    carryOverAnnualLeaveAmount: 50,
    carryOverAnnualLeaveFx: 'percent',
    leaveCodes: [
      ...DEFAULT_LEAVE_CODES,
      { ...DEFAULT_LEAVE_CODES[1]!, id: 'school', description: 'School monitoring', fixed: false, minHours: null, maxHours: 6 },
    ],
  });
  await world.mission({ title: 'Harbour bridge', planStartDate: '2024-01-01', planEndDate: '2025-12-31' });
});
afterAll(async () => t.close());

describe('the annual leave balance from the start date', () => {
  it('carries into last year’s remainder what was carried into last year, back to the start date', async () => {
    // started 2023: 20 days in 2023, half (10) carried into 2024; 2024: 21 + 10 − 5 taken = 26, half (13) carried into 2025
    await startOn('p0', '2023-01-01');
    const past = await create('p0', { reason: 'annual', dates: [{ from: '2024-09-02', to: '2024-09-06' }] });
    expectStatus(past, 201);
    const id = (past.json() as LeaveRequestView)._id;
    expectStatus(await act('p1pm', 'approve', [id]), 200);
    expectStatus(await act('orgAdmin', 'approve/final', [id]), 200);
    expect(await balanceOf('p0')).toMatchObject({ entitled: 22, carriedOver: 13, taken: 0, remaining: 35 });
  });

  it('prorates the first year by the start date and carries nothing from before it', async () => {
    // 20 days × 183 of 365 days employed = 10.03, to the half day 10
    await startOn('p3', '2025-07-02');
    expect(await balanceOf('p3')).toMatchObject({ entitled: 10, carriedOver: 0, remaining: 10 });
  });

  it('gives a person without a start date the first-year amount, not the top tier', async () => {
    // 20 in 2024 and 2025; half of 2024's 20 carried over
    await startOn('p2', null);
    expect(await balanceOf('p2')).toMatchObject({ entitled: 20, carriedOver: 10, remaining: 30 });
  });

  it('carries nothing over into the year a person started, and prorates the country’s days in it', async () => {
    // France: 25 statutory days a year, 21 of them for 306 of 2025's 365 days; fixed carry-over of 5 days
    const org = await createOrg(t, token('p4'));
    await setOrg(t, org._id, {
      isOrgLicensed: true,
      isLicensedActive: true,
      holidayCountryCode: 'FR',
      carryOverAnnualLeaveCutOff: '01-01',
      carryOverAnnualLeaveAmount: 5,
      carryOverAnnualLeaveFx: 'fixed',
    });
    await startOn('p4', '2025-03-01', org._id);
    expect(await balanceOf('p4', org._id)).toMatchObject({ entitled: 21, carriedOver: 0, remaining: 21 });
  });
});

describe('fractional hours', () => {
  it('totals three days of 0.1 hours as 0.3 hours, and the balance as 0.0375 days', async () => {
    const response = await create('p5', {
      reason: 'school',
      dates: [{ from: '2025-06-02', to: '2025-06-04' }],
      hours: ['2025-06-02', '2025-06-03', '2025-06-04'].map((date) => ({ date, hours: 0.1 })),
    });
    expectStatus(response, 201);
    expect((response.json() as LeaveRequestView).totalHours).toBe(0.3);
    const list = await t.request({ method: 'GET', url: '/api/people-leave/list/user?year=2025', token: token('p5') });
    expect((list.json() as MyLeave).requests.find((request) => request.reason === 'school')!.totalHours).toBe(0.3);
    expect(await balanceOf('p5', world.orgId, 'school')).toMatchObject({ pending: 0.0375 });
  });
});
