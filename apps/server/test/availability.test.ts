import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDailyHours } from '@crewplan/domain';
import { readLedger, type LedgerDay } from '../src/modules/availability/index.ts';
import { dailyHoursSql } from '../src/modules/availability/availability.queries.ts';
import { publicHolidays } from '../src/lib/holidays.ts';
import { actionItems, actions, leaveRequests, planItems, timesheets, workFromHomeDays } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { insertMission } from './support/missions.ts';
import { createOrg, insertMember, verifiedPerson } from './support/org.ts';
import { setOrg } from './support/missions-world.ts';
import { expectStatus } from './support/org.ts';
import type { TestPerson } from './support/people.ts';

let t: TestApp;
let orgId: string;
let otherOrgId: string;
let pia: { personId: string; email: string };
let quiet: { personId: string; email: string };
let outsider: { personId: string; email: string };
let owner: TestPerson;
let fin: { personId: string; email: string };
let own: { personId: string; email: string };

/**
 * Pia, in a Greek organisation (five-day weeks) until 25 April 2025 (her end date, exclusive), over the fortnight of
 * Easter 2025: Good Friday 18 April, Easter Sunday and Monday 20–21 April are public holidays. Two roles overlap on 15–16 April
 * (25 % from 1 to 16 April, 25 % from 15 April on), half a day of approved leave on Thursday 17 April, a pending day on
 * 22 April, work from home on Monday 14 April, 7.5 approved hours on Tuesday 15 April, and a power task of 12 hours
 * scheduled over 23–24 April.
 */
beforeAll(async () => {
  t = await buildTestApp();
  owner = await verifiedPerson(t, { firstName: 'Olive', lastName: 'Owner' });
  orgId = (await createOrg(t, owner.token))._id;
  otherOrgId = (await createOrg(t, owner.token, { title: 'Elsewhere' }))._id;
  await setOrg(t, orgId, { holidayCountryCode: 'GR', daysPerWeek: 5 });
  pia = await insertMember(t, orgId, 'MEMBER', { endDate: '2025-04-25' }, 'pia');
  quiet = await insertMember(t, orgId, 'MEMBER', {}, 'quiet');
  outsider = await insertMember(t, otherOrgId, 'MEMBER', {}, 'outsider');
  const db = t.database.db;
  const mission = await insertMission(t, owner, { orgId, planStartDate: '2025-01-01', planEndDate: '2025-12-31' });
  const [roleA, roleB] = await db
    .insert(planItems)
    .values([
      { missionId: mission.id, title: 'Engineer', personId: pia.personId, allocation: 25, startDate: '2025-04-01', endDate: '2025-04-16' },
      { missionId: mission.id, title: 'Reviewer', personId: pia.personId, allocation: 25, startDate: '2025-04-15', endDate: null },
    ])
    .returning();
  await db.insert(planItems).values([
    { missionId: mission.id, title: 'Gone', personId: pia.personId, allocation: 100, inactive: true },
    { missionId: mission.id, title: 'Deleted', personId: pia.personId, allocation: 100, wasDeleted: true },
    { missionId: mission.id, type: 'cost', title: 'Cost', personId: pia.personId, allocation: 100 },
  ]);
  const elsewhere = await insertMission(t, owner, { orgId: otherOrgId });
  await db.insert(planItems).values({ missionId: elsewhere.id, title: 'Other org', personId: pia.personId, allocation: 100 });
  const leave = { orgId, personId: pia.personId, codeId: 'annual', createdBy: pia.personId };
  await db.insert(leaveRequests).values([
    {
      ...leave,
      status: 'approved',
      dates: [{ from: '2025-04-17', to: '2025-04-17' }],
      days: [{ date: '2025-04-17', hours: 4 }],
      totalHours: 4,
      startDate: '2025-04-17',
      endDate: '2025-04-17',
    },
    {
      ...leave,
      status: 'pending_approval',
      dates: [{ from: '2025-04-22', to: '2025-04-22' }],
      days: [{ date: '2025-04-22', hours: 8 }],
      totalHours: 8,
      startDate: '2025-04-22',
      endDate: '2025-04-22',
    },
    {
      ...leave,
      status: 'rejected',
      dates: [{ from: '2025-04-23', to: '2025-04-23' }],
      days: [{ date: '2025-04-23', hours: 8 }],
      totalHours: 8,
      startDate: '2025-04-23',
      endDate: '2025-04-23',
    },
  ]);
  await db.insert(workFromHomeDays).values({ orgId, personId: pia.personId, day: '2025-04-14' });
  await db.insert(timesheets).values([
    {
      orgId,
      missionId: mission.id,
      planItemId: roleB!.id,
      personId: pia.personId,
      scope: roleB!.id,
      weekStart: '2025-04-14',
      status: 'approved',
      dailyMinutes: [0, 450, 0, 0, 0, 0, 0],
    },
    {
      orgId,
      missionId: mission.id,
      planItemId: roleA!.id,
      personId: pia.personId,
      scope: roleA!.id,
      weekStart: '2025-04-14',
      status: 'submitted',
      dailyMinutes: [480, 0, 0, 0, 0, 0, 0],
    },
  ]);
  // Fin's projects are over: one completed (no stop time), one cancelled on Wednesday 16 April, one active (25 %)
  fin = await insertMember(t, orgId, 'MEMBER', {}, 'fin');
  const completed = await insertMission(t, owner, { orgId, projectStatus: 'completed' });
  const cancelled = await insertMission(t, owner, { orgId, projectStatus: 'cancelled', missionStop: new Date('2025-04-16T10:00:00Z') });
  const running = await insertMission(t, owner, { orgId, projectStatus: 'active' });
  await db.insert(planItems).values([
    { missionId: completed.id, title: 'Done', personId: fin.personId, allocation: 100, startDate: '2025-01-01', endDate: '2025-12-31' },
    { missionId: cancelled.id, title: 'Dropped', personId: fin.personId, allocation: 50, startDate: '2025-01-01', endDate: null },
    { missionId: running.id, title: 'Live', personId: fin.personId, allocation: 25, startDate: '2025-01-01', endDate: '2025-12-31' },
  ]);
  // Owen's role keeps its own hours: 2 h a day in the week of Good Friday, a lump of 9 h in the week of Easter Monday
  own = await insertMember(t, orgId, 'MEMBER', {}, 'own');
  await db.insert(planItems).values({
    missionId: running.id,
    title: 'Part-time',
    personId: own.personId,
    allocation: 100,
    startDate: '2025-04-14',
    endDate: '2025-04-27',
    dailyHours: ['14', '15', '16', '17', '18'].map((d) => ({ date: `2025-04-${d}`, hours: 2 })),
    weeklyLumpHours: [{ date: '2025-04-21', hours: 9 }],
  });
  const power = await insertMission(t, owner, { orgId, projectType: 'power' });
  const [action] = await db.insert(actions).values({ missionId: power.id, title: 'Build' }).returning();
  await db.insert(actionItems).values({
    missionId: power.id,
    actionId: action!.id,
    title: 'Pour',
    people: [pia.personId],
    startDate: '2025-04-23',
    endDate: '2025-04-24',
    estimatedDuration: 12,
  });
});
afterAll(async () => t.close());

const holidayOn = (date: string) => publicHolidays('GR', 2025).find((holiday) => holiday.date === date)!.name;

type Expected = Partial<LedgerDay> & { day: string };
const day = (day: string, rest: Omit<Expected, 'day'> = {}): Expected => ({
  day,
  contractHours: 8,
  holidayName: null,
  leaveApprovedHours: 0,
  leavePendingHours: 0,
  workFromHome: false,
  allocatedHours: 0,
  scheduledTaskHours: 0,
  approvedTimeHours: 0,
  ...rest,
});

describe('the availability ledger', () => {
  it('gives each day of a person with a holiday, half a day of leave and two overlapping roles', async () => {
    const ledger = await readLedger(t.database.db, { orgId, personIds: [pia.personId], from: '2025-04-14', to: '2025-04-27' });
    const expected: Expected[] = [
      day('2025-04-14', { workFromHome: true, allocatedHours: 2, availableHours: 6 }),
      day('2025-04-15', { allocatedHours: 4, approvedTimeHours: 7.5, availableHours: 4 }),
      day('2025-04-16', { allocatedHours: 4, availableHours: 4 }),
      day('2025-04-17', { leaveApprovedHours: 4, allocatedHours: 2, availableHours: 2 }),
      day('2025-04-18', { holidayName: holidayOn('2025-04-18'), availableHours: 0 }),
      day('2025-04-19', { contractHours: 0, availableHours: 0 }),
      day('2025-04-20', { contractHours: 0, holidayName: holidayOn('2025-04-20'), availableHours: 0 }),
      day('2025-04-21', { holidayName: holidayOn('2025-04-21'), availableHours: 0 }),
      day('2025-04-22', { leavePendingHours: 8, allocatedHours: 2, availableHours: 6 }),
      day('2025-04-23', { scheduledTaskHours: 6, allocatedHours: 2, availableHours: 6 }),
      day('2025-04-24', { scheduledTaskHours: 6, allocatedHours: 2, availableHours: 6 }),
      day('2025-04-25', { contractHours: 0, allocatedHours: 2, availableHours: 0 }),
      day('2025-04-26', { contractHours: 0, availableHours: 0 }),
      day('2025-04-27', { contractHours: 0, availableHours: 0 }),
    ];
    expect(ledger.map(({ personId, ...rest }) => (expect(personId).toBe(pia.personId), rest))).toEqual(
      expected.map((entry) => expect.objectContaining(entry)),
    );
    expect(ledger).toHaveLength(14);
  });

  it('covers every member of the organisation, and only its members', async () => {
    const ledger = await readLedger(t.database.db, { orgId, from: '2025-04-14', to: '2025-04-14' });
    const people = ledger.map((entry) => entry.personId);
    expect(people).toEqual(expect.arrayContaining([pia.personId, quiet.personId]));
    expect(people).not.toContain(outsider.personId);
    expect(ledger.find((entry) => entry.personId === quiet.personId)).toMatchObject({
      contractHours: 8,
      allocatedHours: 0,
      availableHours: 8,
    });
    expect(await readLedger(t.database.db, { orgId, personIds: [outsider.personId], from: '2025-04-14', to: '2025-04-20' })).toEqual([]);
  });

  it('counts in the other organisation only that organisation’s roles, and nothing for backwards dates or no people', async () => {
    const other = await readLedger(t.database.db, {
      orgId: otherOrgId,
      personIds: [outsider.personId],
      from: '2025-04-14',
      to: '2025-04-14',
    });
    expect(other).toEqual([expect.objectContaining({ contractHours: 8, allocatedHours: 0, holidayName: null })]);
    expect(await readLedger(t.database.db, { orgId, from: '2025-04-20', to: '2025-04-14' })).toEqual([]);
    expect(await readLedger(t.database.db, { orgId, personIds: [], from: '2025-04-14', to: '2025-04-20' })).toEqual([]);
  });

  it('follows the organisation’s days per week', async () => {
    await setOrg(t, orgId, { daysPerWeek: 4 });
    const ledger = await readLedger(t.database.db, { orgId, personIds: [quiet.personId], from: '2025-04-28', to: '2025-05-04' });
    expect(ledger.map((entry) => entry.contractHours)).toEqual([8, 8, 8, 8, 0, 0, 0]);
    await setOrg(t, orgId, { daysPerWeek: 5 });
  });

  const ledgerOf = async (person: { personId: string }) => {
    const url = `/api/availability/org/${orgId}?from=2025-04-14&to=2025-04-27&personIds=${person.personId}`;
    const response = await t.request({ method: 'GET', url, token: owner.token });
    expectStatus(response, 200);
    return (response.json() as { days: LedgerDay[] }).days;
  };
  const byDay = (days: LedgerDay[], field: 'allocatedHours' | 'availableHours') =>
    Object.fromEntries(days.filter((d) => d.contractHours > 0).map((d) => [d.day.slice(5), d[field]]));

  it('books nothing for finished projects: none for a completed one, none from the day a cancelled one stopped', async () => {
    const days = await ledgerOf(fin);
    expect(byDay(days, 'allocatedHours')).toEqual({
      ...{ '04-14': 6, '04-15': 6, '04-16': 2, '04-17': 2, '04-18': 0 },
      ...{ '04-21': 0, '04-22': 2, '04-23': 2, '04-24': 2, '04-25': 2 },
    });
    expect(days.find((d) => d.day === '2025-04-22')).toMatchObject({ availableHours: 6 });
  });

  it('books a role’s own hours, a day’s or a week’s lump, instead of the standard day; none on a public holiday', async () => {
    const days = await ledgerOf(own);
    expect(byDay(days, 'allocatedHours')).toEqual({
      ...{ '04-14': 2, '04-15': 2, '04-16': 2, '04-17': 2, '04-18': 0 },
      ...{ '04-21': 0, '04-22': 2.25, '04-23': 2.25, '04-24': 2.25, '04-25': 2.25 },
    });
    expect(byDay(days, 'availableHours')).toEqual({
      ...{ '04-14': 6, '04-15': 6, '04-16': 6, '04-17': 6, '04-18': 0 },
      ...{ '04-21': 0, '04-22': 5.75, '04-23': 5.75, '04-24': 5.75, '04-25': 5.75 },
    });
  });

  it('takes a role’s daily hours by the same rule as the plan (rule 10), for every percent', async () => {
    const result = await t.database.db.execute<{ percent: number; hours: number }>(
      sql`select p as percent, ${dailyHoursSql(sql`p`)}::float8 as hours from generate_series(-10, 150) p`,
    );
    expect(result.rows).toHaveLength(161);
    for (const row of result.rows) expect([row.percent, row.hours]).toEqual([row.percent, defaultDailyHours(row.percent)]);
  });
});
