import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heatLevel, type Planner } from '@crewplan/domain';
import { readLedger, readLedgerWeeks, type LedgerDay, type LedgerWeek } from '../src/modules/availability/index.ts';
import { actionItems, actions, leaveRequests, orgPeople, planItems, timesheets, workFromHomeDays } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { insertMission } from './support/missions.ts';
import { setOrg } from './support/missions-world.ts';
import { createOrg, expectStatus, insertMember, verifiedPerson } from './support/org.ts';
import type { TestPerson } from './support/people.ts';

let t: TestApp;
let orgId: string;
let owner: TestPerson;
const ids: Record<string, string> = {};
const FROM = '2025-04-07';
const WEEKS = 6;
const TO = '2025-05-18';

/**
 * A Greek organisation over six weeks around Easter 2025 (Good Friday 18 April, Easter Monday 21 April, May Day),
 * with everything the ledger counts: Nia starts on Wednesday 16 April with two overlapping roles (33 % and 50 %, one
 * ending mid-week), a power task of 10 h over three days (3.33 h a day once rounded), an approved leave of 2.5 h on a
 * working day and 8 h on a holiday, a whole day off under both roles, a pending day, work from home and approved
 * time; Pia leaves on Friday 25 April
 * (her end date, exclusive) after a role with no dates and a weekend-including task; Quinn has nothing. Remy's role
 * keeps its own hours (a day's, and weekly lumps, one over Easter Monday, one over a day he is off) and his other
 * project was cancelled on 29 April (the ledger books it until then).
 */
beforeAll(async () => {
  t = await buildTestApp();
  owner = await verifiedPerson(t, { firstName: 'Olive', lastName: 'Owner' });
  orgId = (await createOrg(t, owner.token))._id;
  await setOrg(t, orgId, { holidayCountryCode: 'GR', daysPerWeek: 5 });
  const nia = await insertMember(t, orgId, 'MEMBER', { startDate: '2025-04-16' }, 'nia');
  const pia = await insertMember(t, orgId, 'MEMBER', { endDate: '2025-04-25' }, 'pia');
  await insertMember(t, orgId, 'MEMBER', {}, 'quinn');
  const remy = await insertMember(t, orgId, 'MEMBER', {}, 'remy');
  Object.assign(ids, { nia: nia.personId, pia: pia.personId });
  const db = t.database.db;
  const mission = await insertMission(t, owner, { orgId, planStartDate: '2025-01-01', planEndDate: '2025-12-31' });
  const [role] = await db
    .insert(planItems)
    .values([
      { missionId: mission.id, title: 'Engineer', personId: nia.personId, allocation: 33, startDate: '2025-04-02', endDate: '2025-04-30' },
      { missionId: mission.id, title: 'Reviewer', personId: nia.personId, allocation: 50, startDate: '2025-04-23', endDate: '2025-05-13' },
      { missionId: mission.id, title: 'Advisor', personId: pia.personId, allocation: 17, startDate: null, endDate: null },
      { missionId: mission.id, title: 'Open', personId: null, allocation: 100, startDate: '2025-04-07', endDate: '2025-05-18' },
    ])
    .returning();
  const cancelled = await insertMission(t, owner, { orgId, projectStatus: 'cancelled', missionStop: new Date('2025-04-29T16:00:00Z') });
  await db.insert(planItems).values([
    { missionId: cancelled.id, title: 'Dropped', personId: remy.personId, allocation: 60, startDate: '2025-04-01', endDate: null },
    {
      missionId: mission.id,
      title: 'Own hours',
      personId: remy.personId,
      allocation: 100,
      startDate: '2025-04-09',
      endDate: '2025-05-14',
      dailyHours: [
        { date: '2025-04-10', hours: 1.5 },
        { date: '2025-04-22', hours: 7 },
      ],
      weeklyLumpHours: [
        { date: '2025-04-21', hours: 10 },
        { date: '2025-05-12', hours: 5 },
      ],
    },
  ]);
  const leave = (
    personId: string,
    status: 'approved' | 'pending_approval' | 'pending_final_approval',
    days: { date: string; hours: number }[],
  ) => ({
    orgId,
    personId,
    codeId: 'annual',
    createdBy: personId,
    status,
    dates: [{ from: days[0]!.date, to: days.at(-1)!.date }],
    days,
    totalHours: days.reduce((sum, day) => sum + day.hours, 0),
    startDate: days[0]!.date,
    endDate: days.at(-1)!.date,
  });
  await db.insert(leaveRequests).values([
    leave(nia.personId, 'approved', [
      { date: '2025-04-17', hours: 2.5 },
      { date: '2025-04-18', hours: 8 },
    ]),
    leave(nia.personId, 'approved', [{ date: '2025-04-17', hours: 1.333 }]),
    leave(nia.personId, 'pending_final_approval', [{ date: '2025-05-06', hours: 8 }]),
    leave(pia.personId, 'pending_approval', [{ date: '2025-04-08', hours: 4 }]),
    leave(pia.personId, 'approved', [{ date: '2025-04-24', hours: 8 }]),
    // whole days of leave take the person off their roles: two overlapping roles, and a day inside a week's lump
    leave(nia.personId, 'approved', [{ date: '2025-04-29', hours: 8 }]),
    leave(remy.personId, 'approved', [{ date: '2025-05-13', hours: 8 }]),
  ]);
  await db.insert(workFromHomeDays).values({ orgId, personId: nia.personId, day: '2025-04-28' });
  await db.insert(timesheets).values({
    orgId,
    missionId: mission.id,
    planItemId: role!.id,
    personId: nia.personId,
    scope: role!.id,
    weekStart: '2025-04-21',
    status: 'approved',
    dailyMinutes: [0, 25, 450, 0, 0, 0, 0],
  });
  const power = await insertMission(t, owner, { orgId, projectType: 'power' });
  const weekends = await insertMission(t, owner, { orgId, projectType: 'power', includeWeekends: true });
  const [action] = await db.insert(actions).values({ missionId: power.id, title: 'Build' }).returning();
  const [weekendAction] = await db.insert(actions).values({ missionId: weekends.id, title: 'Watch' }).returning();
  await db.insert(actionItems).values([
    {
      missionId: power.id,
      actionId: action!.id,
      title: 'Pour',
      people: [nia.personId, pia.personId],
      startDate: '2025-05-07',
      endDate: '2025-05-09',
      estimatedDuration: 10,
    },
    {
      missionId: weekends.id,
      actionId: weekendAction!.id,
      title: 'Guard',
      people: [pia.personId],
      startDate: '2025-04-04',
      endDate: '2025-04-10',
      estimatedDuration: 7,
    },
  ]);
});
afterAll(async () => t.close());

const cents = (value: number) => Math.round(value * 100) / 100;
const mondayOf = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
};

/** Each person's membership: their first day and their end (exclusive), either open. */
let memberships: Map<string, { start: string | null; end: string | null }>;
const isMemberOn = (personId: string, day: string) => {
  const member = memberships.get(personId);
  return !!member && (!member.start || day >= member.start) && (!member.end || day < member.end);
};

/**
 * The ledger's days summed by person and week, as the planner means them (bookings only on the days the person is a
 * member): the oracle the weekly sums must equal.
 */
function weeklySums(days: LedgerDay[]): Omit<LedgerWeek, 'holidays'>[] {
  const weeks = new Map<string, Omit<LedgerWeek, 'holidays'>>();
  for (const day of days) {
    const key = `${day.personId} ${mondayOf(day.day)}`;
    const week = weeks.get(key) ?? {
      personId: day.personId,
      week: mondayOf(day.day),
      contractHours: 0,
      capacityHours: 0,
      bookedHours: 0,
      leaveHours: 0,
      pendingLeaveHours: 0,
    };
    week.contractHours += day.contractHours;
    week.capacityHours += day.holidayName === null ? Math.max(0, day.contractHours - day.leaveApprovedHours) : 0;
    if (isMemberOn(day.personId, day.day)) week.bookedHours += day.allocatedHours + day.scheduledTaskHours;
    week.leaveHours += day.leaveApprovedHours;
    week.pendingLeaveHours += day.leavePendingHours;
    weeks.set(key, week);
  }
  return [...weeks.values()].map((week) => ({
    ...week,
    contractHours: cents(week.contractHours),
    capacityHours: cents(week.capacityHours),
    bookedHours: cents(week.bookedHours),
    leaveHours: cents(week.leaveHours),
    pendingLeaveHours: cents(week.pendingLeaveHours),
  }));
}

const holidaysOf = (days: LedgerDay[], personId: string, week: string) =>
  days
    .filter((day) => day.personId === personId && mondayOf(day.day) === week && day.holidayName)
    .map((day) => ({ day: day.day, name: day.holidayName! }));

describe('the planner’s weeks', () => {
  beforeAll(async () => {
    const rows = await t.database.db.select().from(orgPeople).where(eq(orgPeople.orgId, orgId));
    memberships = new Map(rows.map((row) => [row.personId, { start: row.startDate, end: row.endDate }]));
  });

  it.each([5, 4])('equal the ledger’s days summed by week, for every person and week (%i-day weeks)', async (daysPerWeek) => {
    await setOrg(t, orgId, { daysPerWeek });
    const days = await readLedger(t.database.db, { orgId, from: FROM, to: TO });
    const expected = weeklySums(days);
    expect(expected).toHaveLength(5 * WEEKS);
    expect(expected.some((week) => week.bookedHours % 1 !== 0 && week.capacityHours % 1 !== 0)).toBe(true);

    const weeks = await readLedgerWeeks(t.database.db, { orgId, from: FROM, to: TO });
    expect(weeks.map(({ holidays: _, ...week }) => week)).toEqual(expected);
    for (const week of weeks) expect(week.holidays).toEqual(holidaysOf(days, week.personId, week.week));

    const response = await t.request({ method: 'GET', url: `/api/org/${orgId}/planner?from=${FROM}&weeks=${WEEKS}`, token: owner.token });
    expectStatus(response, 200);
    const planner = response.json() as Planner;
    expect(planner.people.length).toBeGreaterThanOrEqual(3);
    for (const person of planner.people)
      expect(person.weeks).toEqual(
        expected
          .filter((week) => week.personId === person._id)
          .map(({ personId: _, ...week }) => ({ ...week, holidays: holidaysOf(days, person._id, week.week) })),
      );
    await setOrg(t, orgId, { daysPerWeek: 5 });
  });

  it('book nobody before they join nor after they leave: those weeks do not read as over-booked', async () => {
    const planner = async (id: string, from: string, weeks: number) => {
      const response = await t.request({ method: 'GET', url: `/api/org/${id}/planner?from=${from}&weeks=${weeks}`, token: owner.token });
      expectStatus(response, 200);
      return response.json() as Planner;
    };
    const weekOf = (plan: Planner, personId: string, week: string) =>
      plan.people.find((person) => person._id === personId)!.weeks.find((w) => w.week === week)!;
    const expectOutside = (week: Planner['people'][number]['weeks'][number]) => {
      expect(week).toMatchObject({ contractHours: 0, capacityHours: 0, bookedHours: 0 });
      expect(heatLevel(week.bookedHours, week.capacityHours)).toBe('none');
    };
    // Nia joins on Wednesday 16 April, her 33 % role started on 2 April
    const before = await planner(orgId, FROM, WEEKS);
    expectOutside(weekOf(before, ids.nia!, '2025-04-07'));
    // the week she joins books her two working days only (Good Friday books none): 2 × 2.64 h
    expect(weekOf(before, ids.nia!, '2025-04-14').bookedHours).toBe(5.28);

    // Lea leaves on Wednesday 7 January 2099 (her end, exclusive), her full-time role runs on
    const other = (await createOrg(t, owner.token))._id;
    const lea = await insertMember(t, other, 'MEMBER', { endDate: '2099-01-07' }, 'lea');
    const mission = await insertMission(t, owner, { orgId: other, planStartDate: '2098-12-01', planEndDate: '2099-03-31' });
    await t.database.db
      .insert(planItems)
      .values({ missionId: mission.id, title: 'Stays', personId: lea.personId, allocation: 100, startDate: '2098-12-01', endDate: null });
    t.app.ctx.reads.changed();
    const after = await planner(other, '2099-01-05', 2);
    expect(weekOf(after, lea.personId, '2099-01-05')).toMatchObject({ contractHours: 16, capacityHours: 16, bookedHours: 16 });
    expectOutside(weekOf(after, lea.personId, '2099-01-12'));
  });

  it('equal the ledger’s days summed over a span that starts and ends mid-week', async () => {
    const span = { orgId, from: '2025-04-16', to: '2025-05-07' };
    const days = await readLedger(t.database.db, span);
    const weeks = await readLedgerWeeks(t.database.db, span);
    expect(weeks.map(({ holidays: _, ...week }) => week)).toEqual(weeklySums(days));
    expect(await readLedgerWeeks(t.database.db, { ...span, personIds: [] })).toEqual([]);
    expect(await readLedgerWeeks(t.database.db, { ...span, from: span.to, to: span.from })).toEqual([]);
  });
});
