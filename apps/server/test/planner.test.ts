import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability, Planner } from '@crewplan/domain';
import { departments, leaveRequests, planItemRequests, planItems } from '../src/db/schema/index.ts';
import { newId } from '../src/lib/ids.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { setOrg } from './support/missions-world.ts';
import { addMember, createOrg, errorOf, expectStatus, verifiedPerson } from './support/org.ts';
import type { TestPerson } from './support/people.ts';

let t: TestApp;
let orgId: string;
let missionId: string;
let surveyorId: string;
let foreignRoleId: string;
const clock = createTestClock('2025-04-07T09:00:00Z');
const who = {} as Record<'owner' | 'manager' | 'member' | 'pm' | 'ann' | 'closed' | 'outsider', TestPerson>;

const get = (person: TestPerson, url: string) => t.request({ method: 'GET', url, token: person.token });
const planner = async (person: TestPerson, query = 'from=2025-04-16&weeks=4') => {
  const response = await get(person, `/api/org/${orgId}/planner?${query}`);
  expectStatus(response, 200);
  return response.json() as Planner;
};
const change = (person: TestPerson, planItemId: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/org/${orgId}/planner/role/${planItemId}`, token: person.token, payload });
const roleRow = async (id: string) => (await t.database.db.select().from(planItems).where(eq(planItems.id, id)))[0]!;
const weekOf = (view: Planner, personId: string, week: string) =>
  view.people.find((p) => p._id === personId)!.weeks.find((w) => w.week === week)!;

/**
 * A Greek organisation in April 2025. Ann holds a full-time role and takes 22–23 April off (approved), in the week of
 * Easter Monday: 16 hours booked (none on the holiday, none on her days off) against 16 of capacity. A surveyor's role (50 %, from 28 April)
 * has nobody yet. A completed project still lists Ann full-time and a role nobody took: neither counts. The project
 * manager runs the mission; Cleo sits only in a department that keeps its people to itself.
 */
beforeAll(async () => {
  t = await buildTestApp({ clock });
  who.owner = await verifiedPerson(t, { firstName: 'Olive', lastName: 'Owner' });
  orgId = (await createOrg(t, who.owner.token))._id;
  await setOrg(t, orgId, { holidayCountryCode: 'GR', daysPerWeek: 5 });
  const names = { manager: 'MANAGER', member: 'MEMBER', pm: 'MEMBER', ann: 'MEMBER', closed: 'MEMBER' } as const;
  for (const [name, level] of Object.entries(names)) {
    who[name as keyof typeof names] = await verifiedPerson(t, { firstName: name, lastName: 'Person' });
    await addMember(t, orgId, who[name as keyof typeof names], level);
  }
  who.outsider = await verifiedPerson(t, { firstName: 'Otto', lastName: 'Outsider' });
  const otherOrg = (await createOrg(t, who.outsider.token, { title: 'Elsewhere' }))._id;
  const [closed] = await t.database.db.insert(departments).values({ orgId, title: 'Vault', dontShareResources: true }).returning();
  await addMember(t, orgId, who.closed, 'MEMBER', { departments: [closed!.id] });
  const foreignMission = await insertMission(t, who.outsider, { orgId: otherOrg, title: 'Elsewhere' });
  foreignRoleId = (
    await t.database.db
      .insert(planItems)
      .values({ missionId: foreignMission.id, title: 'Foreign', allocation: 50, startDate: '2025-04-28', endDate: '2025-05-31' })
      .returning()
  )[0]!.id;
  missionId = (await insertMission(t, who.owner, { orgId, title: 'Harbour', planStartDate: '2025-01-01', planEndDate: '2025-12-31' })).id;
  await addToMission(t, missionId, who.pm, 1, { isProjectManager: true });
  await addToMission(t, missionId, who.ann, 0);
  await addToMission(t, missionId, who.member, 0);
  await t.database.db.insert(planItems).values({
    missionId,
    title: 'Engineer',
    personId: who.ann.personId,
    allocation: 100,
    startDate: '2025-04-01',
    endDate: '2025-06-30',
  });
  surveyorId = (
    await t.database.db
      .insert(planItems)
      .values({ missionId, title: 'Surveyor', personId: null, allocation: 50, startDate: '2025-04-28', endDate: '2025-05-31' })
      .returning()
  )[0]!.id;
  const finished = await insertMission(t, who.owner, { orgId, title: 'Finished', projectStatus: 'completed' });
  await t.database.db.insert(planItems).values([
    {
      missionId: finished.id,
      title: 'Old job',
      personId: who.ann.personId,
      allocation: 100,
      startDate: '2025-04-01',
      endDate: '2025-06-30',
    },
    { missionId: finished.id, title: 'Never filled', personId: null, allocation: 100, startDate: '2025-04-01', endDate: '2025-06-30' },
  ]);
  await t.database.db.insert(leaveRequests).values({
    orgId,
    personId: who.ann.personId,
    codeId: 'annual',
    status: 'approved',
    dates: [{ from: '2025-04-22', to: '2025-04-23' }],
    days: [
      { date: '2025-04-22', hours: 8 },
      { date: '2025-04-23', hours: 8 },
    ],
    totalHours: 16,
    startDate: '2025-04-22',
    endDate: '2025-04-23',
    createdBy: who.ann.personId,
  });
});
afterAll(async () => t.close());

describe('the resource planner', () => {
  it('shows managers everyone by week: capacity less holidays and leave against bookings, and the roles to staff', async () => {
    const view = await planner(who.manager);
    expect(view.weeks).toEqual(['2025-04-14', '2025-04-21', '2025-04-28', '2025-05-05']);
    expect(view.canPlan).toBe(true);
    expect(view.people.map((p) => p._id)).toEqual(expect.arrayContaining([who.closed.personId, who.ann.personId, who.owner.personId]));
    const easter = weekOf(view, who.ann.personId, '2025-04-21');
    // a whole day of approved leave takes Ann off her role: she is not over-booked for being away
    expect(easter).toMatchObject({ contractHours: 40, capacityHours: 16, bookedHours: 16, leaveHours: 16 });
    expect(easter.holidays.map((h) => h.day)).toEqual(['2025-04-21']);
    const mayDay = weekOf(view, who.ann.personId, '2025-04-28');
    expect(mayDay).toMatchObject({ capacityHours: 32, bookedHours: 32, leaveHours: 0 });
    expect(mayDay.holidays.map((h) => h.day)).toEqual(['2025-05-01']);
    expect(view.unfilled).toEqual([
      expect.objectContaining({ planItemId: surveyorId, title: 'Surveyor', missionTitle: 'Harbour', personId: null }),
    ]);
    expect(view.people.find((p) => p._id === who.ann.personId)!.roles).toEqual([
      expect.objectContaining({ title: 'Engineer', allocation: 100 }),
    ]);
  });

  it('shows project managers the people they may assign (not a closed department’s), and members only themselves', async () => {
    const pmView = await planner(who.pm);
    const seen = pmView.people.map((p) => p._id);
    expect(seen).toEqual(expect.arrayContaining([who.ann.personId, who.pm.personId]));
    expect(seen).not.toContain(who.closed.personId);
    expect(pmView.unfilled.map((r) => r.planItemId)).toEqual([surveyorId]);
    const own = await planner(who.member);
    expect(own.people.map((p) => p._id)).toEqual([who.member.personId]);
    expect(own).toMatchObject({ unfilled: [], canPlan: false });
    const response = await get(who.member, `/api/availability/org/${orgId}?from=2025-04-21&to=2025-04-27&personIds=${who.ann.personId}`);
    expectStatus(response, 200);
    expect((response.json() as Availability).days).toEqual([]);
  });

  it('does not offer planning to an organisation observer who runs a project: the planner refuses their changes', async () => {
    const watcher = await verifiedPerson(t, { firstName: 'Wanda', lastName: 'Watcher' });
    await addMember(t, orgId, watcher, 'OBSERVER_ORG');
    await addToMission(t, missionId, watcher, 2);
    const view = await planner(watcher);
    expect(view.people.length).toBeGreaterThan(1);
    expect(view.canPlan).toBe(false);
    expectStatus(await change(watcher, surveyorId, { allocation: 40 }), 403);
    expect((await roleRow(surveyorId)).allocation).toBe(50);
  });

  it('gives the ledger by day over HTTP, to the people who may see it', async () => {
    const response = await get(who.manager, `/api/availability/org/${orgId}?from=2025-04-21&to=2025-04-23&personIds=${who.ann.personId}`);
    expectStatus(response, 200);
    expect((response.json() as Availability).days).toEqual([
      expect.objectContaining({ day: '2025-04-21', holidayName: expect.any(String), allocatedHours: 0, availableHours: 0 }),
      expect.objectContaining({ day: '2025-04-22', leaveApprovedHours: 8, allocatedHours: 0, availableHours: 0 }),
      expect.objectContaining({ day: '2025-04-23', leaveApprovedHours: 8, allocatedHours: 0, availableHours: 0 }),
    ]);
    expectStatus(await get(who.outsider, `/api/availability/org/${orgId}?from=2025-04-21&to=2025-04-23`), 404);
    const mine = await get(who.ann, '/api/availability/mine?from=2025-04-22&to=2025-04-22');
    expectStatus(mine, 200);
    expect(mine.json()).toEqual({
      days: [expect.objectContaining({ orgId, personId: who.ann.personId, leaveApprovedHours: 8, holidaysKnown: true })],
    });
    expectStatus(await get(who.ann, '/api/availability/mine?from=2025-04-22&to=2025-06-22'), 400);
    // an organisation with no holiday country cannot tell its public holidays (the grid says 'Location not set yet')
    await setOrg(t, orgId, { holidayCountryCode: null });
    const unlocated = (await get(who.ann, '/api/availability/mine?from=2025-04-21&to=2025-04-21')).json() as { days: unknown[] };
    expect(unlocated.days).toEqual([expect.objectContaining({ holidaysKnown: false, holidayName: null })]);
    await setOrg(t, orgId, { holidayCountryCode: 'GR' });
  });

  it('refuses bad queries with a clear 400', async () => {
    const cases: [string, string][] = [
      [`/api/availability/org/${orgId}?from=2025-04-23&to=2025-04-21`, 'to'],
      [`/api/availability/org/${orgId}?from=2025-01-01&to=2026-06-01`, 'to'],
      [`/api/availability/org/${orgId}?from=2025-04-21&to=2025-04-23&personIds=nope`, 'personIds'],
      [`/api/org/${orgId}/planner?from=2025-04-21&weeks=27`, 'weeks'],
      [`/api/org/${orgId}/planner?from=2025-02-30`, 'from'],
    ];
    for (const [url, field] of cases) {
      const response = await get(who.manager, url);
      expectStatus(response, 400);
      expect(Object.keys(errorOf(response).fields ?? {}).join(' ')).toContain(field);
    }
  });

  it('refuses unknown roles, dates backwards, hours below zero, other organisations’ people: nothing written', async () => {
    const before = await roleRow(surveyorId);
    const cases: [TestPerson, string, Record<string, unknown>, number][] = [
      [who.manager, newId(), { personId: who.member.personId }, 404],
      [who.manager, surveyorId, { startDate: '2025-05-10', endDate: '2025-05-01' }, 400],
      [who.manager, surveyorId, { endDate: '2025-04-01' }, 400],
      [who.manager, surveyorId, { allocation: -5 }, 400],
      [who.manager, surveyorId, { allocation: 150 }, 400],
      [who.manager, surveyorId, { personId: who.outsider.personId }, 400],
      [who.manager, surveyorId, { personId: who.member.personId, allocation: 20 }, 400],
      [who.member, surveyorId, { personId: who.member.personId }, 403],
      [who.outsider, surveyorId, { personId: who.member.personId }, 404],
    ];
    for (const [caller, id, payload, status] of cases) expectStatus(await change(caller, id, payload), status);
    expect(await roleRow(surveyorId)).toEqual(before);
  });

  it('names the date that is wrong, and does not find another organisation’s role: nothing written', async () => {
    const before = await roleRow(surveyorId);
    const fieldsOf = async (payload: Record<string, unknown>) => {
      const response = await change(who.manager, surveyorId, payload);
      expectStatus(response, 400);
      return Object.keys(errorOf(response).fields ?? {});
    };
    expect(await fieldsOf({ startDate: '2025-05-10', endDate: '2025-05-01' })).toEqual(['endDate']);
    expect(await fieldsOf({ endDate: '2025-04-27' })).toEqual(['endDate']);
    expect(await fieldsOf({ startDate: '2025-06-01' })).toEqual(['startDate']);
    expect(await fieldsOf({ startDate: '2025-02-30' })).toEqual(['startDate']);
    expect(await roleRow(surveyorId)).toEqual(before);
    const foreignBefore = await roleRow(foreignRoleId);
    const foreign = await change(who.manager, foreignRoleId, { startDate: '2025-05-05' });
    expectStatus(foreign, 404);
    expectStatus(await change(who.outsider, foreignRoleId, { endDate: '2025-06-06' }), 404);
    expect(await roleRow(foreignRoleId)).toEqual(foreignBefore);
  });

  it('says a change with only a reason changes nothing, naming the body rather than a field it never sent', async () => {
    const before = await roleRow(surveyorId);
    for (const payload of [{ reason: 'Just because' }, {}]) {
      const response = await change(who.manager, surveyorId, payload);
      expectStatus(response, 400);
      expect(errorOf(response)).toMatchObject({ message: 'Nothing to change.', fields: { body: 'Nothing to change' } });
    }
    expect(await roleRow(surveyorId)).toEqual(before);
  });

  it('moves only the edge it is given, by the week the planner drags it', async () => {
    const [role] = await t.database.db
      .insert(planItems)
      .values({ missionId, title: 'Rigger', personId: who.pm.personId, allocation: 100, startDate: '2025-04-14', endDate: '2025-04-25' })
      .returning();
    expect(weekOf(await planner(who.manager), who.pm.personId, '2025-04-28').bookedHours).toBe(0);
    expectStatus(await change(who.pm, role!.id, { endDate: '2025-05-02' }), 200);
    expect(await roleRow(role!.id)).toMatchObject({ startDate: '2025-04-14', endDate: '2025-05-02' });
    // four days: May Day is a public holiday
    expect(weekOf(await planner(who.manager), who.pm.personId, '2025-04-28').bookedHours).toBe(32);
    expectStatus(await change(who.pm, role!.id, { startDate: '2025-04-21' }), 200);
    expect(await roleRow(role!.id)).toMatchObject({ startDate: '2025-04-21', endDate: '2025-05-02' });
    expect(weekOf(await planner(who.manager), who.pm.personId, '2025-04-14').bookedHours).toBe(0);
    expectStatus(await change(who.member, role!.id, { startDate: '2025-04-14' }), 403);
    await t.database.db.delete(planItems).where(eq(planItems.id, role!.id));
  });

  it('assigns a role through the plan’s rules, moves its dates and types its allocation; the weeks follow', async () => {
    expect(weekOf(await planner(who.manager), who.member.personId, '2025-04-28').bookedHours).toBe(0);
    const assigned = await change(who.manager, surveyorId, { personId: who.member.personId });
    expectStatus(assigned, 200);
    expect((await roleRow(surveyorId)).personId).toBe(who.member.personId);
    let view = await planner(who.manager);
    expect(weekOf(view, who.member.personId, '2025-04-28').bookedHours).toBe(16);
    expect(view.unfilled).toEqual([]);
    expectStatus(await change(who.manager, surveyorId, { allocation: 100, startDate: '2025-05-05' }), 200);
    view = await planner(who.manager);
    expect(weekOf(view, who.member.personId, '2025-04-28').bookedHours).toBe(0);
    expect(weekOf(view, who.member.personId, '2025-05-05').bookedHours).toBe(40);
  });

  it('asks for approval instead when the organisation’s roles need it (rule 71)', async () => {
    await setOrg(t, orgId, { rolesNeedApproval: true });
    const [role] = await t.database.db
      .insert(planItems)
      .values({ missionId, title: 'Diver', allocation: 50, startDate: '2025-06-02', endDate: '2025-06-20' })
      .returning();
    expectStatus(await change(who.pm, role!.id, { personId: who.ann.personId, reason: 'Knows the harbour' }), 409);
    expectStatus(await change(who.pm, role!.id, { personId: who.closed.personId, reason: 'Knows the harbour' }), 400);
    await t.database.db.update(planItems).set({ endDate: '2025-05-30' }).where(eq(planItems.title, 'Engineer'));
    // a drop without a reason is refused so that the planner asks for one (rule 79), nothing written
    const bare = await change(who.pm, role!.id, { personId: who.ann.personId });
    expectStatus(bare, 400);
    expect(errorOf(bare)).toMatchObject({ code: 'plan/reason-too-short', message: 'Please enter a longer description' });
    expect(await t.database.db.select().from(planItemRequests).where(eq(planItemRequests.planItemId, role!.id))).toEqual([]);
    expectStatus(await change(who.pm, role!.id, { personId: who.ann.personId, reason: 'Knows the harbour' }), 200);
    expect((await roleRow(role!.id)).personId).toBeNull();
    const requests = await t.database.db.select().from(planItemRequests).where(eq(planItemRequests.planItemId, role!.id));
    expect(requests).toEqual([expect.objectContaining({ personId: who.ann.personId, status: 'pending_approval' })]);
    await setOrg(t, orgId, { rolesNeedApproval: false });
  });
});
