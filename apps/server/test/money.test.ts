import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays, mondayOf, type CostTrackerRow, type MoneyActual, type MoneyReport, type Timesheet } from '@crewplan/domain';
import { actions, exchangeRates, expenses, missions, people, planItems, programs, timesheets } from '../src/db/schema/index.ts';
import { expectAccess } from './support/authz-matrix.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import {
  createMissionWorld,
  endMembership,
  missionExpectations,
  setOrg,
  type MissionCaller,
  type MissionWorld,
} from './support/missions-world.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { addMember, createOrg, errorOf, expectStatus, verifiedPerson } from './support/org.ts';

/**
 * Money (issue Money) on a real database: plan items and weeks seeded straight in the tables (approved, draft,
 * submitted, rejected: only approved count), the numbers hand-computed below; the approval path through HTTP keeps the
 * rate a week was approved with. Today is Wednesday 18 March 2026 (the server's clock).
 */
let t: TestApp;
let world: MissionWorld;
const clock = createTestClock('2026-03-18T12:00:00Z');

type Caller = Exclude<MissionCaller, 'anonymous'>;
const token = (caller: Caller) => world.people[caller].token;
const person = (caller: Caller) => world.people[caller].personId;
const FULL = [480, 480, 480, 480, 480, 0, 0];

const get = (caller: Caller, url: string) => t.request({ method: 'GET', url, token: token(caller) });
async function report(missionId: string, caller: Caller = 'p1pm', query = ''): Promise<MoneyReport> {
  const response = await get(caller, `/api/money/mission/${missionId}${query}`);
  expectStatus(response, 200);
  return response.json() as MoneyReport;
}

type Item = Partial<typeof planItems.$inferInsert>;
async function item(missionId: string, values: Item) {
  const [row] = await t.database.db
    .insert(planItems)
    .values({ missionId, type: 'person', title: 'Role', ...values })
    .returning();
  return row!.id;
}

async function week(
  missionId: string,
  planItemId: string,
  caller: Caller,
  weekStart: string,
  dailyMinutes: number[],
  status: 'draft' | 'submitted' | 'approved' | 'rejected',
  kept: Partial<typeof timesheets.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(timesheets)
    .values({
      orgId: world.orgId,
      missionId,
      planItemId,
      personId: person(caller),
      scope: planItemId,
      weekStart,
      status,
      dailyMinutes,
      ...kept,
    })
    .returning();
  return row!.id;
}

/** Mission A (hourly billing, budget 10,000.00): the numbers of the report test. */
let a: { missionId: string; r1: string; r2: string; r3: string; r4: string; c1: string; c2: string };
/** Mission B (bills using milestones, budget 100.00). */
let b: { missionId: string; role: string; m1: string; m2: string; m3: string; m4: string };
let notBillable: string;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true, currency: 'EUR' });
  const mission = (values: Partial<typeof missions.$inferInsert>) =>
    world.mission({ currency: 'EUR', planStartDate: '2026-03-02', planEndDate: '2026-05-29', ...values });

  // A: R1 p0 100% 2 Mar–10 Apr at 50.00/h, bills 80.00/h: March 22 days (176 h), April 8 days (64 h)
  const missionId = await mission({ budgetAvailableMinor: 1_000_000 });
  const r1 = await item(missionId, {
    title: 'Designer',
    personId: person('p0'),
    startDate: '2026-03-02',
    endDate: '2026-04-10',
    rateMinor: 5_000,
    rateTime: 'Hourly',
    billRateMinor: 8_000,
    billUnit: 'Hourly',
  });
  // R2 p1 50% 16–31 Mar at 5,200.00 a month (30.00/h): 12 days × 4 h; no bill rate
  const r2 = await item(missionId, {
    title: 'Analyst',
    personId: person('p1'),
    allocation: 50,
    startDate: '2026-03-16',
    endDate: '2026-03-31',
    rateMinor: 520_000,
    rateTime: 'Monthly',
  });
  // R3: start not before end (rule 191): no cost, its approved hour still counts as an hour
  const r3 = await item(missionId, {
    title: 'Blocked',
    personId: person('p2'),
    startDate: '2026-03-20',
    endDate: '2026-03-20',
    rateMinor: 10_000,
    rateTime: 'Hourly',
  });
  // R4: One time 1,500.00, 6–17 Apr: 80 h planned, its amount once in April
  const r4 = await item(missionId, {
    title: 'Audit',
    startDate: '2026-04-06',
    endDate: '2026-04-17',
    rateMinor: 150_000,
    rateTime: 'One time',
  });
  const c1 = await item(missionId, {
    type: 'cost',
    title: 'Licences',
    startDate: '2026-03-10',
    endDate: '2026-03-11',
    amountMinor: 25_000,
  });
  const c2 = await item(missionId, { type: 'cost', title: 'Travel', startDate: '2026-05-04', endDate: '2026-05-05', amountMinor: 10_000 });
  await item(missionId, { type: 'cost', title: 'Blocked cost', startDate: '2026-03-05', endDate: '2026-03-05', amountMinor: 99_900 });
  await item(missionId, {
    type: 'milestone',
    title: 'Not billed by milestones',
    startDate: '2026-03-05',
    endDate: '2026-03-05',
    amountMinor: 100_000,
    approved: true,
  });
  // approved: 40 h at the current rate (approved before rates were kept), 32 h kept at 40.00/h billing 60.00/h
  await week(missionId, r1, 'p0', '2026-03-02', FULL, 'approved');
  await week(missionId, r1, 'p0', '2026-03-30', [480, 480, 480, 480, 0, 0, 0], 'approved', {
    approvedRateMinor: 4_000,
    approvedRateTime: 'Hourly',
    approvedBillRateMinor: 6_000,
    approvedBillUnit: 'Hourly',
    approvedCurrency: 'EUR',
  });
  await week(missionId, r1, 'p0', '2026-03-09', FULL, 'submitted');
  await week(missionId, r1, 'p0', '2026-03-16', FULL, 'draft');
  await week(missionId, r1, 'p0', '2026-03-23', FULL, 'rejected');
  await week(missionId, r2, 'p1', '2026-03-16', [240, 240, 240, 240, 240, 0, 0], 'approved');
  await week(missionId, r3, 'p2', '2026-03-16', [60, 0, 0, 0, 0, 0, 0], 'approved');
  // 62.5% complete: leaves 50% × 30 h and 100% × 10 h; their parent (0%, 100 h) is not counted
  const [parent] = await t.database.db
    .insert(actions)
    .values({ missionId, title: 'Phase', percentComplete: 0, estimatedDuration: 100 })
    .returning();
  await t.database.db.insert(actions).values([
    { missionId, title: 'Half', percentComplete: 50, estimatedDuration: 30, parentId: parent!.id },
    { missionId, title: 'Done', percentComplete: 100, estimatedDuration: 10 },
  ]);
  a = { missionId, r1, r2, r3, r4, c1, c2 };

  // B: bills using milestones; its hourly bill rate earns nothing
  const bId = await mission({ budgetAvailableMinor: 10_000, billUsingMilestones: true });
  const role = await item(bId, {
    personId: person('p0'),
    startDate: '2026-03-02',
    endDate: '2026-03-06',
    rateMinor: 1_000,
    rateTime: 'Hourly',
    billRateMinor: 10_000,
    billUnit: 'Hourly',
  });
  await week(bId, role, 'p0', '2026-03-02', [120, 120, 120, 120, 120, 0, 0], 'approved');
  const [done] = await t.database.db.insert(actions).values({ missionId: bId, title: 'Done', percentComplete: 100 }).returning();
  const [almost] = await t.database.db.insert(actions).values({ missionId: bId, title: 'Almost', percentComplete: 90 }).returning();
  const milestone = (values: Item) => item(bId, { type: 'milestone', startDate: '2026-03-10', endDate: '2026-03-10', ...values });
  const m1 = await milestone({ title: 'Approved', amountMinor: 200_000, approved: true });
  const m2 = await milestone({ title: 'Task done', amountMinor: 50_000, linkedToTask: done!.id });
  const m3 = await milestone({ title: 'Task at 90%', amountMinor: 70_000, linkedToTask: almost!.id });
  const m4 = await milestone({ type: 'fundable_milestone', title: 'Funded', amountMinor: 30_000, approved: true });
  b = { missionId: bId, role, m1, m2, m3, m4 };

  notBillable = await mission({ notBillable: true });
  const nbRole = await item(notBillable, {
    personId: person('p0'),
    startDate: '2026-03-02',
    endDate: '2026-03-06',
    rateMinor: 1_000,
    rateTime: 'Hourly',
    billRateMinor: 10_000,
    billUnit: 'Hourly',
  });
  await week(notBillable, nbRole, 'p0', '2026-03-02', FULL, 'approved');
  await item(notBillable, { type: 'milestone', startDate: '2026-03-10', endDate: '2026-03-10', amountMinor: 50_000, approved: true });
});
afterAll(async () => t.close());

describe('the mission report (GET /money/mission/:id)', () => {
  it('plans working days only, counts approved weeks only, at the rate they were approved with', async () => {
    const money = await report(a.missionId);
    expect(money).toMatchObject({ currency: 'EUR', budget: 10_000, billable: true, months: ['2026-03', '2026-04', '2026-05'] });
    const row = (id: string) => money.rows.find((r) => r.planItemId === id)!;
    expect(row(a.r1)).toMatchObject({ kind: 'person', title: 'Designer', personName: 'P0 Caller' });
    expect(row(a.r1).months['2026-03']).toEqual({
      plannedHours: 176,
      approvedHours: 56,
      plannedCost: 8_800,
      actualCost: 2_640,
      plannedRevenue: 14_080,
      actualRevenue: 4_160,
      margin: 1_520,
    });
    expect(row(a.r1).months['2026-04']).toEqual({
      plannedHours: 64,
      approvedHours: 16,
      plannedCost: 3_200,
      actualCost: 640,
      plannedRevenue: 5_120,
      actualRevenue: 960,
      margin: 320,
    });
    expect(row(a.r2).total).toEqual({
      plannedHours: 48,
      approvedHours: 20,
      plannedCost: 1_440,
      actualCost: 600,
      plannedRevenue: 0,
      actualRevenue: 0,
      margin: -600,
    });
    expect(row(a.r3).total).toMatchObject({ plannedHours: 0, approvedHours: 1, plannedCost: 0, actualCost: 0 });
    expect(row(a.r4).months).toEqual({
      '2026-04': { plannedHours: 80, approvedHours: 0, plannedCost: 1_500, actualCost: 0, plannedRevenue: 0, actualRevenue: 0, margin: 0 },
    });
    expect(row(a.c1)).toMatchObject({ kind: 'cost', title: 'Licences', total: { plannedCost: 250, actualCost: 250 } });
    expect(row(a.c2)).toMatchObject({ kind: 'cost', months: { '2026-05': { plannedCost: 100, actualCost: 0 } } });
    // the blocked cost item and the milestone of a mission billed by hours count nothing
    expect(money.rows.map((r) => r.title).sort()).toEqual(['Analyst', 'Audit', 'Blocked', 'Designer', 'Licences', 'Travel']);
    expect(money.total).toEqual({
      plannedHours: 368,
      approvedHours: 93,
      plannedCost: 15_290,
      actualCost: 4_130,
      plannedRevenue: 19_200,
      actualRevenue: 5_120,
      margin: 990,
    });
  });

  it('computes earned value today and the cumulative burn', async () => {
    const money = await report(a.missionId);
    // PV: R1 13 days × 8 h × 50 + R2 3 days × 4 h × 30 + the licences = 5,810; EV = 10,000 × 62.5%; AC 4,130
    expect(money.earnedValue).toEqual({ asOf: '2026-03-18', pv: 5_810, ev: 6_250, ac: 4_130, cpi: 1.5133, spi: 1.0757, eac: 6_608 });
    expect(money.burn).toEqual([
      { month: '2026-03', pv: 10_490, ev: 6_250, ac: 3_490 },
      { month: '2026-04', pv: 15_190, ev: 6_250, ac: 4_130 },
      { month: '2026-05', pv: 15_290, ev: 6_250, ac: 4_130 },
    ]);
  });

  it('earns milestones only when billing by milestones, when approved or their task is complete', async () => {
    const money = await report(b.missionId);
    const row = (id: string) => money.rows.find((r) => r.planItemId === id)!;
    expect(row(b.role).total).toMatchObject({ approvedHours: 10, actualCost: 100, plannedRevenue: 0, actualRevenue: 0 });
    expect([b.m1, b.m2, b.m3, b.m4].map((id) => [row(id).kind, row(id).total.plannedRevenue, row(id).total.actualRevenue])).toEqual([
      ['milestone', 2_000, 2_000],
      ['milestone', 500, 500],
      ['milestone', 700, 0],
      ['milestone', 300, 300],
    ]);
    expect(money.total).toMatchObject({ plannedRevenue: 3_500, actualRevenue: 2_800, actualCost: 100, margin: 2_700 });
    // 95% complete (two tasks without estimates, 100% and 90%): EV 95.00 on a 100.00 budget, AC 100.00 → EAC 105.26
    expect(money.earnedValue).toMatchObject({ ev: 95, ac: 100, cpi: 0.95, eac: 105.26 });
  });

  it('earns value from task progress even before anything is planned or spent', async () => {
    const missionId = await world.mission({ currency: 'EUR', budgetAvailableMinor: 200_000 });
    await t.database.db.insert(actions).values({ missionId, title: 'Started', percentComplete: 25 });
    const money = await report(missionId);
    expect(money).toMatchObject({ months: [], rows: [], burn: [], budget: 2_000 });
    expect(money.earnedValue).toEqual({ asOf: '2026-03-18', pv: 0, ev: 500, ac: 0, cpi: null, spi: null, eac: null });
  });

  it('a mission that is not billable earns nothing', async () => {
    const money = await report(notBillable);
    expect(money.billable).toBe(false);
    expect(money.total).toMatchObject({ approvedHours: 40, actualCost: 400, plannedRevenue: 0, actualRevenue: 0, margin: -400 });
    expect(money.rows.every((r) => r.kind === 'person')).toBe(true);
  });

  it('converts to another currency at the rates of the day; refuses unknown currencies, missing rates, bad ids', async () => {
    // 1 EUR = 1.25 USD every day of 2025 and 2026 (over the sample rates the server starts with): whichever day
    // rule 193 picks (the next day, after a weekend, the latest for the future), the rate is 1.25
    const days = Array.from({ length: 730 }, (_, i) => addIsoDays('2025-01-01', i));
    await t.database.db
      .insert(exchangeRates)
      .values(days.map((day) => ({ base: 'EUR', currency: 'USD', day, rate: '1.25' })))
      .onConflictDoUpdate({ target: [exchangeRates.base, exchangeRates.currency, exchangeRates.day], set: { rate: '1.25' } });
    const money = await report(a.missionId, 'p1pm', '?currency=USD');
    expect(money).toMatchObject({ currency: 'USD', budget: 12_500 });
    expect(money.total).toEqual({
      plannedHours: 368,
      approvedHours: 93,
      plannedCost: 19_112.5,
      actualCost: 5_162.5,
      plannedRevenue: 24_000,
      actualRevenue: 6_400,
      margin: 1_237.5,
    });
    expect(money.earnedValue).toEqual({ asOf: '2026-03-18', pv: 7_262.5, ev: 7_812.5, ac: 5_162.5, cpi: 1.5133, spi: 1.0757, eac: 8_260 });
    const actuals = (await (
      await get('p1pm', `/api/money/mission/${a.missionId}/actuals?planItemId=${a.r1}&month=2026-03&currency=USD`)
    ).json()) as MoneyActual[];
    expect(actuals.map((row) => [row.date, row.cost, row.revenue])).toEqual([
      ['2026-03-02', 2_500, 4_000],
      ['2026-03-30', 800, 1_200],
    ]);
    expect((await report(a.missionId, 'p1pm', '?currency=EUR')).total.actualCost).toBe(4_130);
    // no reference rate is published for bitcoin
    const noRate = await get('p1pm', `/api/money/mission/${a.missionId}?currency=BTC`);
    expectStatus(noRate, 422);
    expect(noRate.json().error.message).toMatch(/BTC/);
    expectStatus(await get('p1pm', `/api/money/mission/${a.missionId}?currency=QQQ`), 400);
    expectStatus(await get('p1pm', `/api/money/mission/${a.missionId}?currency=eur`), 400);
    expectStatus(await get('p1pm', `/api/money/mission/not-an-id`), 400);
    expectStatus(await get('p1pm', `/api/money/mission/${'f'.repeat(24)}`), 404);
  });

  it('a personal mission (of no organisation) names its plan items', async () => {
    const owner = world.people.outsider;
    const { id } = await insertMission(t, owner, { currency: 'USD', planStartDate: '2026-03-02', planEndDate: '2026-03-31' });
    await item(id, { title: 'Designer', startDate: '2026-03-02', endDate: '2026-03-06', rateMinor: 1_000, rateTime: 'Hourly' });
    const response = await get('outsider', `/api/money/mission/${id}`);
    expectStatus(response, 200);
    expect((response.json() as MoneyReport).rows.map((row) => [row.title, row.total.plannedCost])).toEqual([['Designer', 400]]);
  });

  it('is read by mission admins and the organisation’s admins and managers only', async () => {
    await expectAccess(
      t,
      world.callers,
      { method: 'GET', url: `/api/money/mission/${a.missionId}` },
      missionExpectations(['p2', 'p1pm', 'orgAdmin', 'orgManager']),
    );
    await expectAccess(
      t,
      world.callers,
      { method: 'GET', url: `/api/money/mission/${a.missionId}/actuals` },
      missionExpectations(['p2', 'p1pm', 'orgAdmin', 'orgManager']),
    );
  });
});

describe('One time rates and task-form weeks', () => {
  it('a One time rate counts once, in the month of the first approved week; a task week takes the person’s role', async () => {
    const missionId = await world.mission({ currency: 'EUR', planStartDate: '2026-03-02', planEndDate: '2026-05-29' });
    const role = await item(missionId, {
      personId: person('p0'),
      startDate: '2026-03-23',
      endDate: '2026-04-17',
      rateMinor: 150_000,
      rateTime: 'One time',
      billRateMinor: 9_000,
      billUnit: 'Hourly',
    });
    await week(missionId, role, 'p0', '2026-04-06', FULL, 'approved');
    await week(missionId, role, 'p0', '2026-03-30', [480, 480, 480, 0, 0, 0, 0], 'approved');
    // a task-form week (no role of its own) approved before rates were kept: the person's role's rates
    await t.database.db.insert(timesheets).values({
      orgId: world.orgId,
      missionId,
      planItemId: null,
      personId: person('p0'),
      scope: missionId,
      weekStart: '2026-04-13',
      status: 'approved',
      dailyMinutes: [60, 0, 0, 0, 0, 0, 0],
      taskLines: [],
    });
    const money = await report(missionId);
    expect(money.rows).toHaveLength(1);
    // the week of 30 March: 2 days in March (16 h), 1 in April (8 h); the fixed amount in March, once
    expect(money.rows[0]!.months['2026-03']).toMatchObject({
      plannedCost: 1_500,
      approvedHours: 16,
      actualCost: 1_500,
      actualRevenue: 1_440,
    });
    expect(money.rows[0]!.months['2026-04']).toMatchObject({ plannedCost: 0, approvedHours: 49, actualCost: 0, actualRevenue: 4_410 });
  });

  it('a One time rate counts once even when several weeks are the first (a role and a task week, a role handed over)', async () => {
    const missionId = await world.mission({ currency: 'EUR', planStartDate: '2026-03-02', planEndDate: '2026-05-29' });
    const role = await item(missionId, {
      personId: person('p0'),
      startDate: '2026-03-02',
      endDate: '2026-03-27',
      rateMinor: 150_000,
      rateTime: 'One time',
      billRateMinor: 300_000,
      billUnit: 'One time',
    });
    // the same first week: p0 on the role and on tasks, and p1, who took the role over that week
    await week(missionId, role, 'p0', '2026-03-02', [480, 0, 0, 0, 0, 0, 0], 'approved');
    await week(missionId, role, 'p1', '2026-03-02', [60, 0, 0, 0, 0, 0, 0], 'approved');
    await t.database.db.insert(timesheets).values({
      orgId: world.orgId,
      missionId,
      planItemId: null,
      personId: person('p0'),
      scope: missionId,
      weekStart: '2026-03-02',
      status: 'approved',
      dailyMinutes: [60, 0, 0, 0, 0, 0, 0],
      taskLines: [],
    });
    // the cost rate became One time after weeks approved at an hourly cost and a One time bill: it still counts once
    const changed = await item(missionId, {
      personId: person('p2'),
      startDate: '2026-03-02',
      endDate: '2026-03-27',
      rateMinor: 80_000,
      rateTime: 'One time',
      billRateMinor: 200_000,
      billUnit: 'One time',
    });
    const kept = { approvedBillRateMinor: 200_000, approvedBillUnit: 'One time', approvedCurrency: 'EUR' } as const;
    await week(missionId, changed, 'p2', '2026-03-02', [480, 0, 0, 0, 0, 0, 0], 'approved', {
      ...kept,
      approvedRateMinor: 5_000,
      approvedRateTime: 'Hourly',
    });
    await week(missionId, changed, 'p2', '2026-03-09', [480, 0, 0, 0, 0, 0, 0], 'approved', {
      ...kept,
      approvedRateMinor: 80_000,
      approvedRateTime: 'One time',
    });
    const money = await report(missionId);
    const total = (id: string) => money.rows.find((row) => row.planItemId === id)!.total;
    expect(total(role)).toMatchObject({ approvedHours: 10, actualCost: 1_500, actualRevenue: 3_000 });
    // 8 h at 50.00, then the fixed 800.00; the fixed bill once
    expect(total(changed)).toMatchObject({ approvedHours: 16, actualCost: 1_200, actualRevenue: 2_000 });
    const actuals = (await (await get('p1pm', `/api/money/mission/${missionId}/actuals?planItemId=${role}`)).json()) as MoneyActual[];
    expect(actuals.reduce((sum, row) => sum + row.cost, 0)).toBe(1_500);
  });
});

describe('the figures behind a number (GET /money/mission/:id/actuals)', () => {
  it('lists the approved weeks of a role in a month with their cost and revenue', async () => {
    const response = await get('orgManager', `/api/money/mission/${a.missionId}/actuals?planItemId=${a.r1}&month=2026-03`);
    expectStatus(response, 200);
    const rows = response.json() as MoneyActual[];
    expect(
      rows.map(({ kind, planItemId, personName, date, hours, cost, revenue }) => ({
        kind,
        planItemId,
        personName,
        date,
        hours,
        cost,
        revenue,
      })),
    ).toEqual([
      { kind: 'timesheet', planItemId: a.r1, personName: 'P0 Caller', date: '2026-03-02', hours: 40, cost: 2_000, revenue: 3_200 },
      { kind: 'timesheet', planItemId: a.r1, personName: 'P0 Caller', date: '2026-03-30', hours: 16, cost: 640, revenue: 960 },
    ]);
  });

  it('without filters: every approved week, spent cost item and earned milestone, oldest first', async () => {
    const rows = (await (await get('p1pm', `/api/money/mission/${a.missionId}/actuals`)).json()) as MoneyActual[];
    // oldest first (two weeks of the same day in the order of their ids: sorted by hours here)
    const dates = rows.map((row) => row.date);
    expect(dates).toEqual([...dates].sort());
    expect(
      rows
        .map((row) => [row.kind, row.date, row.hours, row.cost])
        .sort((x, y) => String(x[1]).localeCompare(String(y[1])) || Number(x[2]) - Number(y[2])),
    ).toEqual([
      ['timesheet', '2026-03-02', 40, 2_000],
      ['cost', '2026-03-10', 0, 250],
      ['timesheet', '2026-03-16', 1, 0],
      ['timesheet', '2026-03-16', 20, 600],
      ['timesheet', '2026-03-30', 32, 1_280],
    ]);
    const milestones = (await (await get('p1pm', `/api/money/mission/${b.missionId}/actuals?month=2026-03`)).json()) as MoneyActual[];
    expect(milestones.filter((row) => row.kind === 'milestone').map((row) => row.revenue)).toEqual(
      expect.arrayContaining([2_000, 500, 300]),
    );
    expect(milestones.filter((row) => row.kind === 'milestone')).toHaveLength(3);
  });

  it('refuses a bad month or plan item id', async () => {
    expectStatus(await get('p1pm', `/api/money/mission/${a.missionId}/actuals?month=2026-13`), 400);
    expectStatus(await get('p1pm', `/api/money/mission/${a.missionId}/actuals?month=March`), 400);
    expectStatus(await get('p1pm', `/api/money/mission/${a.missionId}/actuals?planItemId=nope`), 400);
  });
});

describe('history is kept: the rate a week was approved with', () => {
  it('a rate change after approval does not change past actual cost; the next approval takes the new rate', async () => {
    const thisWeek = mondayOf(new Date().toISOString().slice(0, 10));
    const missionId = await world.mission({
      currency: 'EUR',
      planStartDate: addIsoDays(thisWeek, -70),
      planEndDate: addIsoDays(thisWeek, 70),
    });
    const role = await item(missionId, {
      personId: person('p0'),
      startDate: addIsoDays(thisWeek, -70),
      endDate: addIsoDays(thisWeek, 70),
      rateMinor: 5_000,
      rateTime: 'Hourly',
      billRateMinor: 7_500,
      billUnit: 'Hourly',
    });
    const submitAndApprove = async (weekStart: string) => {
      const saved = await t.request({
        method: 'POST',
        url: `/api/timesheet/mission/${missionId}`,
        token: token('p0'),
        payload: { missionPlanId: role, payload: { weekStart, dailyHours: [8, 8, 8, 8, 8, 0, 0], status: 'submitted' } },
      });
      expectStatus(saved, 201);
      const sheet = saved.json() as Timesheet;
      const approved = await t.request({
        method: 'PUT',
        url: `/api/timesheet/mission/${missionId}/timesheet/${sheet._id}`,
        token: token('p1pm'),
        payload: { payload: { status: 'approved' } },
      });
      expectStatus(approved, 200);
      return sheet._id;
    };
    const first = await submitAndApprove(addIsoDays(thisWeek, -14));
    const [kept] = await t.database.db.select().from(timesheets).where(eq(timesheets.id, first));
    expect(kept).toMatchObject({
      approvedRateMinor: 5_000,
      approvedRateTime: 'Hourly',
      approvedBillRateMinor: 7_500,
      approvedBillUnit: 'Hourly',
      approvedCurrency: 'EUR',
      approvedRateItemId: role,
    });
    expect((await report(missionId)).total).toMatchObject({ approvedHours: 40, actualCost: 2_000, actualRevenue: 3_000 });

    await t.database.db.update(planItems).set({ rateMinor: 10_000, billRateMinor: 20_000 }).where(eq(planItems.id, role));
    expect((await report(missionId)).total).toMatchObject({ approvedHours: 40, actualCost: 2_000, actualRevenue: 3_000 });

    await submitAndApprove(addIsoDays(thisWeek, -7));
    expect((await report(missionId)).total).toMatchObject({ approvedHours: 80, actualCost: 6_000, actualRevenue: 11_000 });

    // reopened, the week no longer counts and drops its rates; approved again, it takes today's
    const reopened = await t.request({
      method: 'PUT',
      url: `/api/timesheet/mission/${missionId}/timesheet/${first}`,
      token: token('p1pm'),
      payload: { payload: { status: 'draft' } },
    });
    expectStatus(reopened, 200);
    const [open] = await t.database.db.select().from(timesheets).where(eq(timesheets.id, first));
    expect(open!.approvedRateMinor).toBeNull();
    expect((await report(missionId)).total).toMatchObject({ approvedHours: 40, actualCost: 4_000 });
  });
});

describe('a mission that changes its currency keeps what was booked in the old one', () => {
  it('converts approved weeks and expenses kept in EUR into the new USD at the rates of their days, everywhere', async () => {
    // 1 EUR = 1.25 USD every day of 2025 and 2026
    const days = Array.from({ length: 730 }, (_, i) => addIsoDays('2025-01-01', i));
    await t.database.db
      .insert(exchangeRates)
      .values(days.map((day) => ({ base: 'EUR', currency: 'USD', day, rate: '1.25' })))
      .onConflictDoUpdate({ target: [exchangeRates.base, exchangeRates.currency, exchangeRates.day], set: { rate: '1.25' } });
    const missionId = await world.mission({ currency: 'EUR', planStartDate: '2026-03-02', planEndDate: '2026-03-31' });
    const role = await item(missionId, {
      personId: person('p0'),
      startDate: '2026-03-02',
      endDate: '2026-03-31',
      rateMinor: 5_000,
      rateTime: 'Hourly',
      billRateMinor: 7_500,
      billUnit: 'Hourly',
    });
    // 40 h approved at 50.00/h billing 75.00/h in EUR: 2,000.00 cost, 3,000.00 revenue; an expense of 100.00 EUR
    const sheet = await week(missionId, role, 'p0', '2026-03-09', FULL, 'approved', {
      approvedRateMinor: 5_000,
      approvedRateTime: 'Hourly',
      approvedBillRateMinor: 7_500,
      approvedBillUnit: 'Hourly',
      approvedCurrency: 'EUR',
      approvedRateItemId: role,
    });
    const [expense] = await t.database.db
      .insert(expenses)
      .values({
        orgId: world.orgId,
        missionId,
        personId: person('p0'),
        amountMinor: 10_000,
        currency: 'EUR',
        day: '2026-03-10',
        status: 'approved',
        costMinor: 10_000,
        costCurrency: 'EUR',
      })
      .returning();
    expect((await report(missionId)).total).toMatchObject({ actualCost: 2_100, actualRevenue: 3_000 });

    const moved = await t.request({ method: 'PUT', url: `/api/mission/${missionId}`, token: token('p1pm'), payload: { currency: 'USD' } });
    expectStatus(moved, 200);
    const money = await report(missionId);
    expect(money.currency).toBe('USD');
    expect(money.total).toMatchObject({ approvedHours: 40, actualCost: 2_625, actualRevenue: 3_750 });
    // one line per item and month, whatever currencies it was booked in
    expect(money.rows.find((row) => row.planItemId === role)?.months['2026-03']).toMatchObject({ actualCost: 2_500, actualRevenue: 3_750 });
    const actuals = (await (await get('p1pm', `/api/money/mission/${missionId}/actuals`)).json()) as MoneyActual[];
    expect(actuals.map((row) => [row.kind, row.id, row.cost, row.revenue])).toEqual([
      ['timesheet', sheet, 2_500, 3_750],
      ['expense', expense!.id, 125, 0],
    ]);
    const tracker = (await (await get('p1pm', '/api/money/project-manager/cost-tracker')).json()) as CostTrackerRow[];
    expect(tracker.find((row) => row.missionId === missionId)).toMatchObject({ currency: 'USD', spent: 2_625, margin: 1_125 });
    // the organisation's report (in EUR) reads them in EUR again
    const org = (await (await get('orgAdmin', `/api/money/org/${world.orgId}/report`)).json()) as MoneyReport;
    expect(org.rows.find((row) => row.missionId === missionId)?.total).toMatchObject({ actualCost: 2_100, actualRevenue: 3_000 });
  });

  it('every report and its drill-down convert each week and expense at the rate of its own day, so they add up', async () => {
    // 1 EUR = 1.00 CHF every published day but Friday 2 January, 2.00: the rate serving the 1st of January (rule 193)
    const days = Array.from({ length: 442 }, (_, i) => addIsoDays('2025-01-01', i)).filter((day) => day <= '2026-03-18');
    await t.database.db
      .insert(exchangeRates)
      .values(days.map((day) => ({ base: 'EUR', currency: 'CHF', day, rate: day === '2026-01-02' ? '2' : '1' })))
      .onConflictDoUpdate({ target: [exchangeRates.base, exchangeRates.currency, exchangeRates.day], set: { rate: sql`excluded.rate` } });
    const missionId = await world.mission({ currency: 'EUR', planStartDate: '2025-12-01', planEndDate: '2026-01-30' });
    const role = await item(missionId, {
      personId: person('p0'),
      startDate: '2025-12-01',
      endDate: '2026-01-30',
      rateMinor: 5_000,
      rateTime: 'Hourly',
      billRateMinor: 7_500,
      billUnit: 'Hourly',
    });
    const kept = { approvedRateMinor: 5_000, approvedRateTime: 'Hourly', approvedBillRateMinor: 7_500, approvedBillUnit: 'Hourly' };
    // 40 h from 29 December, 16 h of them in January (rate of 30 December: 1.00); 40 h from 5 January (6 January: 1.00)
    await week(missionId, role, 'p0', '2025-12-29', FULL, 'approved', { ...kept, approvedCurrency: 'EUR' });
    await week(missionId, role, 'p0', '2026-01-05', FULL, 'approved', { ...kept, approvedCurrency: 'EUR' });
    // 100.00 spent on Thursday 1 January: the rate of the day after, 2.00
    await t.database.db.insert(expenses).values({
      orgId: world.orgId,
      missionId,
      personId: person('p0'),
      amountMinor: 10_000,
      currency: 'EUR',
      day: '2026-01-01',
      status: 'approved',
      costMinor: 10_000,
      costCurrency: 'EUR',
    });
    const behind = async (query: string) =>
      (await (await get('p1pm', `/api/money/mission/${missionId}/actuals?currency=CHF${query}`)).json()) as MoneyActual[];
    const sum = (rows: MoneyActual[], field: 'cost' | 'revenue') => rows.reduce((total, row) => total + row[field], 0);
    try {
      const money = await report(missionId, 'p1pm', '?currency=CHF');
      const january = money.rows.find((row) => row.planItemId === role)!.months['2026-01']!;
      expect(january).toMatchObject({ actualCost: 2_800, actualRevenue: 4_200 });
      const januaryBehind = await behind(`&planItemId=${role}&month=2026-01`);
      expect([sum(januaryBehind, 'cost'), sum(januaryBehind, 'revenue')]).toEqual([january.actualCost, january.actualRevenue]);
      expect(money.total).toMatchObject({ actualCost: 4_200, actualRevenue: 6_000 });
      const all = await behind('');
      expect([sum(all, 'cost'), sum(all, 'revenue')]).toEqual([money.total.actualCost, money.total.actualRevenue]);
      // the organisation's report in CHF, and the cost tracker once the mission is in CHF, read the same
      const org = (await (await get('orgAdmin', `/api/money/org/${world.orgId}/report?currency=CHF`)).json()) as MoneyReport;
      expect(org.rows.find((row) => row.missionId === missionId)?.total).toEqual(money.total);
      await t.database.db.update(missions).set({ currency: 'CHF' }).where(eq(missions.id, missionId));
      const tracker = (await (await get('p1pm', '/api/money/project-manager/cost-tracker')).json()) as CostTrackerRow[];
      expect(tracker.find((row) => row.missionId === missionId)).toMatchObject({ spent: 4_200, margin: 1_800 });
    } finally {
      await t.database.db.update(missions).set({ archivedAt: new Date() }).where(eq(missions.id, missionId));
    }
  });
});

describe('the organisation report (GET /money/org/:orgId/report)', () => {
  it('a program: one row per mission, summed', async () => {
    const [program] = await t.database.db.insert(programs).values({ orgId: world.orgId, title: 'Growth' }).returning();
    await t.database.db.update(missions).set({ programId: program!.id }).where(eq(missions.id, a.missionId));
    await t.database.db.update(missions).set({ programId: program!.id }).where(eq(missions.id, b.missionId));
    const response = await get('orgAdmin', `/api/money/org/${world.orgId}/report?programId=${program!.id}`);
    expectStatus(response, 200);
    const money = response.json() as MoneyReport;
    expect(money.rows.map((row) => [row.missionId, row.title, row.total.actualCost]).sort()).toEqual(
      [
        [a.missionId, expect.any(String), 4_130],
        [b.missionId, expect.any(String), 100],
      ].sort(),
    );
    expect(money).toMatchObject({ currency: 'EUR', budget: 10_100, total: { actualCost: 4_230, actualRevenue: 7_920 } });
    // EV: 6,250 + 95; PV: 5,810 + B's 5 days × 8 h × 10.00 (all before today)
    expect(money.earnedValue).toMatchObject({ ev: 6_345, ac: 4_230, pv: 6_210 });
  });

  it('earns the value of a mission with progress but nothing planned nor spent, as its own report does', async () => {
    const [program] = await t.database.db.insert(programs).values({ orgId: world.orgId, title: 'Tasks only' }).returning();
    const missionId = await world.mission({ currency: 'EUR', budgetAvailableMinor: 200_000, programId: program!.id });
    await t.database.db.insert(actions).values({ missionId, title: 'Started', percentComplete: 25 });
    expect((await report(missionId)).earnedValue).toMatchObject({ ev: 500 });
    const response = await get('orgAdmin', `/api/money/org/${world.orgId}/report?programId=${program!.id}`);
    expectStatus(response, 200);
    const money = response.json() as MoneyReport;
    expect(money.rows.map((row) => row.missionId)).toEqual([missionId]);
    expect(money).toMatchObject({ budget: 2_000, earnedValue: { pv: 0, ev: 500, ac: 0, cpi: null, spi: null, eac: null } });
  });

  it('the portfolio; refuses an unknown program, adding up other currencies, bad ids', async () => {
    const response = await get('orgManager', `/api/money/org/${world.orgId}/report`);
    expectStatus(response, 200);
    expect((response.json() as MoneyReport).rows.map((row) => row.missionId)).toEqual(
      expect.arrayContaining([a.missionId, b.missionId, notBillable]),
    );
    expectStatus(await get('orgAdmin', `/api/money/org/${world.orgId}/report?programId=${'a'.repeat(24)}`), 404);
    // in USD: every mission converted (1 EUR = 1.25 USD, seeded above); no BTC rates: 422; an unknown code: 400
    const usd = await get('orgAdmin', `/api/money/org/${world.orgId}/report?currency=USD`);
    expectStatus(usd, 200);
    const inUsd = usd.json() as MoneyReport;
    const inEur = response.json() as MoneyReport;
    expect(inUsd.currency).toBe('USD');
    expect(inUsd.total.actualCost).toBeCloseTo(inEur.total.actualCost * 1.25, 2);
    expectStatus(await get('orgAdmin', `/api/money/org/${world.orgId}/report?currency=BTC`), 422);
    expectStatus(await get('orgAdmin', `/api/money/org/${world.orgId}/report?currency=QQQ`), 400);
    expectStatus(await get('orgAdmin', `/api/money/org/${world.orgId}/report?programId=x`), 400);
    expectStatus(await get('orgAdmin', `/api/money/org/bad/report`), 400);
  });

  it('leaves out (and names) a mission in a currency the rates do not cover, rather than refusing the portfolio', async () => {
    const before = (await (await get('orgAdmin', `/api/money/org/${world.orgId}/report`)).json()) as MoneyReport;
    expect(before.unconverted).toEqual([]);
    // no AED rates: a mission in AED, with a budget and an approved week
    const title = 'Dubai office';
    const aed = await world.mission({ title, currency: 'AED', planStartDate: '2026-03-02', budgetAvailableMinor: 500_000 });
    const role = await item(aed, {
      title: 'Fitter',
      personId: person('p0'),
      startDate: '2026-03-02',
      endDate: '2026-03-06',
      rateMinor: 5_000,
      rateTime: 'Hourly',
    });
    await week(aed, role, 'p0', '2026-03-02', FULL, 'approved');
    try {
      const response = await get('orgAdmin', `/api/money/org/${world.orgId}/report`);
      expectStatus(response, 200);
      const money = response.json() as MoneyReport;
      expect(money.unconverted).toEqual([{ missionId: aed, title, currency: 'AED' }]);
      // the others as before: the AED mission is in no row nor total (never taken 1:1)
      expect(money.rows.map((row) => row.missionId)).toEqual(before.rows.map((row) => row.missionId));
      expect([money.total, money.budget, money.earnedValue]).toEqual([before.total, before.budget, before.earnedValue]);
      // a report asked in AED itself cannot be made: refused, naming it
      const inAed = await get('orgAdmin', `/api/money/org/${world.orgId}/report?currency=AED`);
      expect(inAed.statusCode).toBe(422);
      expect(errorOf(inAed).message).toMatch(/^No exchange rate for AED on \d{4}-\d{2}-\d{2}$/);
    } finally {
      await t.database.db.update(missions).set({ archivedAt: new Date() }).where(eq(missions.id, aed));
    }
  });

  it('is read by the organisation’s admins, managers and observers (a workspace report, rule 111) only', async () => {
    await expectAccess(
      t,
      world.callers,
      { method: 'GET', url: `/api/money/org/${world.orgId}/report` },
      {
        anonymous: 401,
        p0: 403,
        p1: 403,
        p1pm: 403,
        p2: 403,
        p3: 403,
        p4: 403,
        p5: 403,
        pending: 403,
        orgAdmin: 'allowed',
        orgManager: 'allowed',
        orgMember: 403,
        orgObserver: 'allowed',
        outsider: 404,
      },
    );
  });
});

describe('the cost tracker (GET /money/project-manager/cost-tracker)', () => {
  it('lists the missions I manage, riskiest first', async () => {
    const response = await get('p1pm', '/api/money/project-manager/cost-tracker');
    expectStatus(response, 200);
    const rows = response.json() as CostTrackerRow[];
    expect(rows.slice(0, 2)).toEqual([
      {
        missionId: b.missionId,
        title: expect.any(String),
        currency: 'EUR',
        budget: 100,
        spent: 100,
        remaining: 0,
        forecastAtCompletion: 105.26,
        margin: 2_700,
        risk: 1.0526,
      },
      {
        missionId: a.missionId,
        title: expect.any(String),
        currency: 'EUR',
        budget: 10_000,
        spent: 4_130,
        remaining: 5_870,
        forecastAtCompletion: 6_608,
        margin: 990,
        risk: 0.6608,
      },
    ]);
    expect(rows.map((row) => row.missionId)).toContain(notBillable);
    expect(rows.slice(2).every((row) => row.risk === null)).toBe(true);
  });

  it('lists the missions of another organisation that I manage, invited from outside it, as their report does', async () => {
    const missionId = await world.mission({ currency: 'EUR', budgetAvailableMinor: 50_000 });
    await addToMission(t, missionId, world.people.outsider, 1, { isProjectManager: true });
    expectStatus(await get('outsider', `/api/money/mission/${missionId}`), 200);
    const response = await get('outsider', '/api/money/project-manager/cost-tracker');
    expectStatus(response, 200);
    expect((response.json() as CostTrackerRow[]).map((row) => [row.missionId, row.budget])).toEqual([[missionId, 500]]);
  });

  it('leaves out the missions of an organisation requiring two-factor sign-in I lack (rule 109) and of one I left', async () => {
    const me = await verifiedPerson(t);
    const managedIn = async (title: string) => {
      const orgId = (await createOrg(t, world.owner.token))._id;
      await setOrg(t, orgId, { isOrgLicensed: true, isLicensedActive: true });
      await addMember(t, orgId, me, 'MEMBER');
      const mission = await insertMission(t, world.owner, { orgId, title });
      await addToMission(t, mission.id, me, 1, { isProjectManager: true });
      return orgId;
    };
    const titles = async () => {
      const response = await t.request({ method: 'GET', url: '/api/money/project-manager/cost-tracker', token: me.token });
      expectStatus(response, 200);
      return (response.json() as CostTrackerRow[]).map((row) => row.title).sort();
    };
    const [mfa, left] = [await managedIn('needs 2FA'), await managedIn('left')];
    expect(await titles()).toEqual(['left', 'needs 2FA']);
    await setOrg(t, mfa, { isMFARequired: true });
    await endMembership(t, left, me.personId);
    expect(await titles()).toEqual([]);
    await t.database.db.update(people).set({ twoFactorEnabled: true }).where(eq(people.id, me.personId));
    expect(await titles()).toEqual(['needs 2FA']);
  });

  it('names, rather than failing whole, a mission whose money was approved in a currency without a rate', async () => {
    const before = (await (await get('p1pm', '/api/money/project-manager/cost-tracker')).json()) as CostTrackerRow[];
    // the mission was in AED when its week was approved (no AED rates), and is in EUR now
    const title = 'Dubai office';
    const missionId = await world.mission({ title, currency: 'EUR', planStartDate: '2026-03-02', budgetAvailableMinor: 500_000 });
    const role = await item(missionId, {
      personId: person('p0'),
      startDate: '2026-03-02',
      endDate: '2026-03-06',
      rateMinor: 5_000,
      rateTime: 'Hourly',
    });
    await week(missionId, role, 'p0', '2026-03-02', FULL, 'approved', {
      approvedRateMinor: 5_000,
      approvedRateTime: 'Hourly',
      approvedCurrency: 'AED',
    });
    try {
      const response = await get('p1pm', '/api/money/project-manager/cost-tracker');
      expectStatus(response, 200);
      const rows = response.json() as CostTrackerRow[];
      // its budget is known, nothing it spent is taken 1:1; the other missions as before, it last
      expect(rows.at(-1)).toEqual({
        missionId,
        title,
        currency: 'EUR',
        budget: 5_000,
        spent: null,
        remaining: null,
        forecastAtCompletion: null,
        margin: null,
        risk: null,
        unconverted: 'AED',
      });
      expect(rows.slice(0, -1)).toEqual(before);
    } finally {
      await t.database.db.update(missions).set({ archivedAt: new Date() }).where(eq(missions.id, missionId));
    }
  });

  it('lists nothing to who manages nothing; refuses the anonymous', async () => {
    const response = await get('p0', '/api/money/project-manager/cost-tracker');
    expectStatus(response, 200);
    expect(response.json()).toEqual([]);
    expectStatus(await t.request({ method: 'GET', url: '/api/money/project-manager/cost-tracker' }), 401);
  });
});
