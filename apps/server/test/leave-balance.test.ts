import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaveRequestView, MyLeave } from '@crewplan/domain';
import { leaveRequests, orgPeople } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { createMissionWorld, setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

/**
 * A fixed code's balance holds whenever leave is asked for or granted: at creation, at submission and at each
 * approval stage, with the carry-over into the year computed from what the person really took the year before
 * (rule 224), which holds what was carried into that year. Greek annual leave: 22 days in 2024 and 2025 for people
 * employed since 2020; at most 5 days carry over.
 */
type Caller = Exclude<MissionCaller, 'anonymous'>;
let t: TestApp;
let world: MissionWorld;
const clock = createTestClock('2025-04-01T09:00:00Z');

const token = (caller: Caller) => world.people[caller].token;
const person = (caller: Caller) => world.people[caller].personId;
const annual = (from: string, to: string) => ({ reason: 'annual', dates: [{ from, to }] });
const create = (caller: Caller, payload: Record<string, unknown>, submit = true) =>
  t.request({ method: 'POST', url: `/api/people-leave/create/${submit ? 'submit/' : ''}${world.orgId}`, token: token(caller), payload });
const act = (caller: Caller, path: string, leaveIds: string[]) =>
  t.request({ method: 'PUT', url: `/api/people-leave/action/${path}`, token: token(caller), payload: { leaveIds, payload: {} } });
const idOf = (response: { json: () => unknown }) => (response.json() as LeaveRequestView)._id;
const statusOf = async (id: string) => (await t.database.db.select().from(leaveRequests).where(eq(leaveRequests.id, id)))[0]!.status;
const balanceOf = async (caller: Caller) => {
  const response = await t.request({ method: 'GET', url: '/api/people-leave/list/user?year=2025', token: token(caller) });
  expectStatus(response, 200);
  return (response.json() as MyLeave).orgs[0]!.balances.find((balance) => balance.codeId === 'annual')!;
};
const entitle = (caller: Caller, entitled: number) =>
  t.database.db
    .update(orgPeople)
    .set({ leaveAmounts: { annual: { '2025': { entitled, carryOver: 0 } } } })
    .where(and(eq(orgPeople.orgId, world.orgId), eq(orgPeople.personId, person(caller))));

beforeAll(async () => {
  t = await buildTestApp({ clock });
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, {
    isOrgLicensed: true,
    isLicensedActive: true,
    holidayCountryCode: 'GR',
    daysPerWeek: 5,
    carryOverAnnualLeaveCutOff: '01-01',
    carryOverAnnualLeaveAmount: 5,
    carryOverAnnualLeaveFx: 'fixed',
  });
  await t.database.db.update(orgPeople).set({ startDate: '2020-01-01' }).where(eq(orgPeople.orgId, world.orgId));
  await world.mission({ title: 'Harbour bridge', planStartDate: '2024-01-01', planEndDate: '2025-12-31' });
});
afterAll(async () => t.close());

describe('the balance of a fixed code', () => {
  it('carries over what was really left of the year before: leave taken then is not carried again', async () => {
    // 5 days carried into 2024 (employed since 2020) and 24 working days of 2024 taken: 22 + 5 − 24 = 3 are left, so
    // 3 carry over (not 5) and 25 remain in 2025
    const past = await create('p0', annual('2024-09-02', '2024-10-03'));
    expectStatus(past, 201);
    expect((past.json() as LeaveRequestView).totalHours).toBe(192);
    expectStatus(await act('p1pm', 'approve', [idOf(past)]), 200);
    expectStatus(await act('orgAdmin', 'approve/final', [idOf(past)]), 200);
    expect(await balanceOf('p0')).toMatchObject({ entitled: 22, carriedOver: 3, remaining: 25 });
    // 2025-09-01 to 2025-10-06 are 26 working days: more than remains
    const tooMuch = await create('p0', annual('2025-09-01', '2025-10-06'));
    expectStatus(tooMuch, 422);
    expect(errorOf(tooMuch)).toMatchObject({ code: 'leave/not-enough', message: 'Not enough leave left: 25 days remain.' });
    expectStatus(await create('p0', annual('2025-09-01', '2025-10-03')), 201);
  });

  it('submitting drafts checks the balance again: two drafts that each fit do not both go through', async () => {
    // 22 + 5 carried over = 27 days; each draft is 15 working days
    const first = idOf(await create('p1', annual('2025-07-07', '2025-07-25'), false));
    const second = idOf(await create('p1', annual('2025-09-01', '2025-09-19'), false));
    const both = await act('p1', 'submit', [first, second]);
    expectStatus(both, 422);
    expect(errorOf(both)).toMatchObject({ code: 'leave/not-enough', message: 'Not enough leave left: 12 days remain.' });
    expect([await statusOf(first), await statusOf(second)]).toEqual(['draft', 'draft']);
    expectStatus(await act('p1', 'submit', [first]), 200);
    const refused = await act('p1', 'submit', [second]);
    expectStatus(refused, 422);
    expect(errorOf(refused).code).toBe('leave/not-enough');
    expect(await statusOf(second)).toBe('draft');
    expect(await balanceOf('p1')).toMatchObject({ pending: 15, remaining: 12 });
  });

  it('each approval stage checks the balance again: a lowered entitlement stops the approval', async () => {
    // an observer's leave: the organisation's approvers decide both stages (the mission's managers review only its
    // working team, below permission 3)
    const id = idOf(await create('p3', annual('2025-10-06', '2025-10-17')));
    await entitle('p3', 5);
    const first = await act('orgAdmin', 'approve', [id]);
    expectStatus(first, 422);
    expect(errorOf(first)).toMatchObject({ code: 'leave/not-enough', message: 'Not enough leave left: 5 days remain.' });
    expect(await statusOf(id)).toBe('pending_approval');
    await entitle('p3', 10);
    expectStatus(await act('orgAdmin', 'approve', [id]), 200);
    await entitle('p3', 8);
    const final = await act('orgAdmin', 'approve/final', [id]);
    expectStatus(final, 422);
    expect(errorOf(final)).toMatchObject({ code: 'leave/not-enough', message: 'Not enough leave left: 8 days remain.' });
    expect(await statusOf(id)).toBe('pending_final_approval');
    await entitle('p3', 10);
    expectStatus(await act('orgAdmin', 'approve/final', [id]), 200);
    expect(await balanceOf('p3')).toMatchObject({ taken: 10, pending: 0, remaining: 0 });
  });

  it('leave taken late in a year leaves less to carry over: the next year is not overdrawn by it (rule 224)', async () => {
    // 3 days in 2025, all of them carried over: 22 + 3 = 25 in 2026, of which 22 are asked first
    await t.database.db
      .update(orgPeople)
      .set({ leaveAmounts: { annual: { '2025': { entitled: 3, carryOver: 0 } } } })
      .where(and(eq(orgPeople.orgId, world.orgId), eq(orgPeople.personId, person('p4'))));
    const spring = await create('p4', annual('2026-02-02', '2026-03-04'));
    expectStatus(spring, 201);
    expect((spring.json() as LeaveRequestView).totalHours).toBe(22 * 8);
    // across New Year: 3 days of 2025 (nothing left to carry) and 2 of 2026 (Epiphany is a holiday) would leave
    // 22 − 24 in 2026; 3 of the 5 days fit
    const across = await create('p4', annual('2025-12-29', '2026-01-05'));
    expectStatus(across, 422);
    expect(errorOf(across)).toMatchObject({ code: 'leave/not-enough', message: 'Not enough leave left: 3 days remain.' });
    // January first, then December: the December days would take the carry-over the January days stand on
    expectStatus(await create('p4', annual('2026-01-02', '2026-01-05')), 201);
    const december = await create('p4', annual('2025-12-29', '2025-12-31'));
    expectStatus(december, 422);
    expect(errorOf(december)).toMatchObject({ code: 'leave/not-enough', message: 'Not enough leave left: 1 day remains.' });
    expectStatus(await create('p4', annual('2025-12-29', '2025-12-29')), 201);
    const of = async (year: number) => {
      const response = await t.request({ method: 'GET', url: `/api/people-leave/list/user?year=${year}`, token: token('p4') });
      return (response.json() as MyLeave).orgs[0]!.balances.find((balance) => balance.codeId === 'annual')!;
    };
    expect(await of(2025)).toMatchObject({ entitled: 3, pending: 1, remaining: 2 });
    expect(await of(2026)).toMatchObject({ entitled: 22, carriedOver: 2, pending: 24, remaining: 0 });
  });

  it('rejecting and cancelling never check the balance', async () => {
    const id = idOf(await create('p2', annual('2025-11-03', '2025-11-03')));
    await entitle('p2', 0);
    expectStatus(await act('p1pm', 'reject', [id]), 200);
    const other = idOf(await create('p5', annual('2025-11-03', '2025-11-03')));
    await entitle('p5', 0);
    expectStatus(await act('p5', 'cancel', [other]), 200);
  });
});
