import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPENSE_MESSAGES, type Expense, type ExpenseList, type MoneyActual, type MoneyReport } from '@crewplan/domain';
import { expenses, planItems, timesheets } from '../src/db/schema/index.ts';
import { convertAmounts } from '../src/modules/currency/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { insertMission } from './support/missions.ts';
import { createMissionWorld, setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { createOrg, errorOf, expectStatus, verifiedPerson } from './support/org.ts';

/**
 * Money edge cases on a real database: amounts at the limit of what an expense takes, and the role a task-form week
 * is costed at. Today is Wednesday 25 November 2026 (the server's clock), within the sample rates.
 */
let t: TestApp;
let world: MissionWorld;
const clock = createTestClock('2026-11-25T12:00:00Z');
type Caller = Exclude<MissionCaller, 'anonymous'>;
const token = (caller: Caller) => world.people[caller].token;
const person = (caller: Caller) => world.people[caller].personId;
const get = (caller: Caller, url: string) => t.request({ method: 'GET', url, token: token(caller) });

beforeAll(async () => {
  t = await buildTestApp({ clock });
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true, currency: 'EUR' });
});
afterAll(async () => t.close());

describe('huge amounts', () => {
  it('an approved expense at the largest amount converts into any currency in every report, never a 500', async () => {
    // 4 × 999,999,999,999.99 EUR on a mission kept in yen: its cost is beyond 2^53 minor units
    const missionId = await world.mission({ currency: 'YEN', planStartDate: '2026-11-01', planEndDate: '2026-12-31' });
    const most = 999_999_999_999.99;
    const created = await t.request({
      method: 'POST',
      url: `/api/expense/mission/${missionId}`,
      token: token('p0'),
      payload: { payload: { amount: most, tip: most, tax1: most, tax2: most, currency: 'EUR', date: '2026-11-20', status: 'submitted' } },
    });
    expectStatus(created, 201);
    const id = (created.json() as Expense)._id;
    const approved = await t.request({
      method: 'PUT',
      url: `/api/expense/mission/expense/${id}/status`,
      token: token('p1pm'),
      payload: { payload: { status: 'approved' } },
    });
    expectStatus(approved, 200);
    const cost = (approved.json() as Expense).cost!;
    expect(cost.currency).toBe('YEN');
    // at the rate of the expense's day, as every report converts it
    const [inEur] = await convertAmounts(t.app.ctx, 'EUR', [{ amountMinor: cost.amount * 100, from: 'YEN', day: '2026-11-20' }]);

    for (const currency of ['EUR', 'USD']) {
      const response = await get('p1pm', `/api/money/mission/${missionId}?currency=${currency}`);
      expectStatus(response, 200);
      expect((response.json() as MoneyReport).total.actualCost).toBeGreaterThan(3e12);
    }
    const report = (await get('p1pm', `/api/money/mission/${missionId}?currency=EUR`)).json() as MoneyReport;
    expect(report.total.actualCost / (inEur! / 100)).toBeCloseTo(1, 9);
    const actuals = await get('p1pm', `/api/money/mission/${missionId}/actuals?currency=EUR`);
    expectStatus(actuals, 200);
    expect((actuals.json() as MoneyActual[]).map((row) => row.id)).toEqual([id]);
    const org = await get('orgAdmin', `/api/money/org/${world.orgId}/report`);
    expectStatus(org, 200);
    expect((org.json() as MoneyReport).rows.find((row) => row.missionId === missionId)?.total.actualCost).toBeGreaterThan(3e12);
  });
});

describe('tiny amounts', () => {
  it('refuses an amount that keeps as 0 cents with 400 on creating and changing, never a 500; nothing written', async () => {
    const missionId = await world.mission({ currency: 'EUR' });
    const url = `/api/expense/mission/${missionId}`;
    const payload = { amount: 12.5, currency: 'EUR', date: '2026-11-20' };
    for (const amount of [1e-9, 1e-300]) {
      const refused = await t.request({ method: 'POST', url, token: token('p0'), payload: { payload: { ...payload, amount } } });
      expectStatus(refused, 400);
      expect(errorOf(refused).fields).toEqual({ 'payload.amount': EXPENSE_MESSAGES.positive });
    }
    const created = await t.request({ method: 'POST', url, token: token('p0'), payload: { payload } });
    expectStatus(created, 201);
    const id = (created.json() as Expense)._id;
    const changed = await t.request({
      method: 'PUT',
      url: `/api/expense/mission/expense/${id}`,
      token: token('p0'),
      payload: { payload: { amount: 1e-9 } },
    });
    expectStatus(changed, 400);
    expect(errorOf(changed).fields).toEqual({ 'payload.amount': EXPENSE_MESSAGES.positive });
    const rows = await t.database.db.select().from(expenses).where(eq(expenses.missionId, missionId));
    expect(rows.map((row) => row.amountMinor)).toEqual([1_250]);
  });
});

describe('my expenses (GET /expense/my)', () => {
  it('offer the only person who decides their own expense, as every other list does', async () => {
    // a one-person organisation: its owner is its only admin, and alone on their mission
    const owner = await verifiedPerson(t);
    const org = await createOrg(t, owner.token);
    await setOrg(t, org._id, { isOrgLicensed: true, isLicensedActive: true, currency: 'EUR' });
    const mission = await insertMission(t, owner, { orgId: org._id, currency: 'EUR' });
    const payload = { amount: 12.5, currency: 'EUR', date: '2026-11-20', status: 'submitted' };
    const ids: string[] = [];
    for (const url of [`/api/expense/org/${org._id}`, `/api/expense/mission/${mission.id}`]) {
      const created = await t.request({ method: 'POST', url, token: owner.token, payload: { payload } });
      expectStatus(created, 201);
      expect((created.json() as Expense).abilities).toMatchObject({ decide: true });
      ids.push((created.json() as Expense)._id);
    }
    const mine = async () => {
      const response = await t.request({ method: 'GET', url: '/api/expense/my', token: owner.token });
      expectStatus(response, 200);
      return Object.fromEntries((response.json() as ExpenseList).expenses.map((e) => [e._id, e.abilities]));
    };
    const listed = await mine();
    for (const id of ids) expect(listed[id]).toMatchObject({ decide: true, pay: false });
    const approved = await t.request({
      method: 'PUT',
      url: `/api/expense/org/${org._id}/expense/${ids[0]}/status`,
      token: owner.token,
      payload: { payload: { status: 'approved' } },
    });
    expectStatus(approved, 200);
    expect((await mine())[ids[0]!]).toMatchObject({ decide: false, pay: true });
    // where another decides, the owner does not: p0's own expense on a mission with project managers
    const missionId = await world.mission({ currency: 'EUR' });
    const theirs = await t.request({ method: 'POST', url: `/api/expense/mission/${missionId}`, token: token('p2'), payload: { payload } });
    expectStatus(theirs, 201);
    const list = await t.request({ method: 'GET', url: `/api/expense/my?mission=${missionId}`, token: token('p2') });
    expect((list.json() as ExpenseList).expenses[0]!.abilities).toMatchObject({ decide: false, pay: false });
  });
});

describe('the role a task-form week is costed at', () => {
  it('is the person’s role whose dates cover the week, in the report and when the week is approved', async () => {
    const missionId = await world.mission({ currency: 'EUR', planStartDate: '2026-03-02', planEndDate: '2026-05-29' });
    const role = async (title: string, startDate: string, endDate: string, rateMinor: number) => {
      const [row] = await t.database.db
        .insert(planItems)
        .values({ missionId, type: 'person', title, personId: person('p0'), startDate, endDate, rateMinor, rateTime: 'Hourly' })
        .returning();
      return row!.id;
    };
    // the junior role first, the senior one from 30 March: a week of April is the senior's, at 100.00/h
    const junior = await role('Junior', '2026-03-02', '2026-03-27', 5_000);
    const senior = await role('Senior', '2026-03-30', '2026-05-29', 10_000);
    const [sheet] = await t.database.db
      .insert(timesheets)
      .values({
        orgId: world.orgId,
        missionId,
        planItemId: null,
        personId: person('p0'),
        scope: missionId,
        weekStart: '2026-04-13',
        status: 'approved',
        dailyMinutes: [60, 0, 0, 0, 0, 0, 0],
        taskLines: [],
      })
      .returning();
    const totals = async () => {
      const response = await get('p1pm', `/api/money/mission/${missionId}`);
      expectStatus(response, 200);
      const money = response.json() as MoneyReport;
      return Object.fromEntries(money.rows.map((row) => [row.planItemId, [row.total.approvedHours, row.total.actualCost]]));
    };
    // approved before rates were kept with weeks
    expect(await totals()).toEqual({ [junior]: [0, 0], [senior]: [1, 100] });

    // approved through the API: the senior role's rate is kept with it
    await t.database.db.update(timesheets).set({ status: 'submitted' }).where(eq(timesheets.id, sheet!.id));
    const approved = await t.request({
      method: 'PUT',
      url: `/api/timesheet/mission/${missionId}/timesheet/${sheet!.id}`,
      token: token('p1pm'),
      payload: { payload: { status: 'approved' } },
    });
    expectStatus(approved, 200);
    const [kept] = await t.database.db.select().from(timesheets).where(eq(timesheets.id, sheet!.id));
    expect(kept).toMatchObject({ approvedRateItemId: senior, approvedRateMinor: 10_000, approvedRateTime: 'Hourly' });
    expect(await totals()).toEqual({ [junior]: [0, 0], [senior]: [1, 100] });
  });
});
