import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays, mondayOf, type ManagedRoleCells, type MyTimesheets, type RoleWeekCell, type Timesheet } from '@crewplan/domain';
import { type missions, planItemRequests, planItems } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createMissionWorld, setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

let t: TestApp;
let world: MissionWorld;

type Caller = Exclude<MissionCaller, 'anonymous'> | 'owner';
const thisWeek = mondayOf(new Date().toISOString().slice(0, 10));
const weeksAgo = (n: number) => addIsoDays(thisWeek, -7 * n);
const ROLE_DATES = { startDate: weeksAgo(10), endDate: addIsoDays(thisWeek, 70) };

const tokenOf = (caller: Caller) => (caller === 'owner' ? world.owner.token : world.people[caller].token);
const personOf = (caller: Caller) => (caller === 'owner' ? world.owner.personId : world.people[caller].personId);

beforeAll(async () => {
  t = await buildTestApp();
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true });
});
afterAll(async () => t.close());

const cellsOf = async (caller: Caller, query = '') => {
  const response = await t.request({ method: 'GET', url: `/api/timesheet/project-manager/roles${query}`, token: tokenOf(caller) });
  expectStatus(response, 200);
  return response.json() as ManagedRoleCells;
};

/** A mission of the world's team with a Designer held by p0, an unfilled Tester, an Analyst asked for p1 and an inactive Writer. */
async function missionWithRoles(options: Partial<typeof missions.$inferInsert> = {}) {
  const missionId = await world.mission({
    title: 'Harbour cabins',
    planStartDate: ROLE_DATES.startDate,
    planEndDate: ROLE_DATES.endDate,
    ...options,
  });
  const role = (title: string, values: Partial<typeof planItems.$inferInsert> = {}) => ({
    missionId,
    type: 'person',
    title,
    ...ROLE_DATES,
    ...values,
  });
  const rows = await t.database.db
    .insert(planItems)
    .values([
      role('Designer', { personId: personOf('p0') }),
      role('Tester'),
      role('Analyst'),
      role('Writer', { personId: personOf('p1'), inactive: true }),
      role('Budget', { type: 'cost' }),
    ])
    .returning();
  const [designer, tester, analyst] = rows as [(typeof rows)[number], (typeof rows)[number], (typeof rows)[number]];
  await t.database.db
    .insert(planItemRequests)
    .values({ planItemId: analyst.id, missionId, context: 'org', personId: personOf('p1'), reason: 'Needs a data person' });
  return { missionId, designer: designer.id, tester: tester.id, analyst: analyst.id };
}

const save = (missionId: string, roleId: string, weekStart: string, status: 'draft' | 'submitted', dailyHours = [8, 8, 4, 0, 0, 0, 0]) =>
  t.request({
    method: 'POST',
    url: `/api/timesheet/mission/${missionId}`,
    token: tokenOf('p0'),
    payload: { missionPlanId: roleId, payload: { weekStart, dailyHours, status } },
  });

const ofMission = (cells: ManagedRoleCells, missionId: string) =>
  cells.cells
    .filter((cell) => cell.mission === missionId)
    .map((cell) => [cell.title, cell.weekStart, cell.label])
    .sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`));

describe('role cells of the weeks (GET /timesheet/project-manager/roles, rule 80)', () => {
  it("shows managers each role's week: 'Unfilled role', 'Needs assignment', 'Not submitted yet (Draft)'; a submitted week leaves", async () => {
    const { missionId, designer } = await missionWithRoles();
    expectStatus(await save(missionId, designer, weeksAgo(2), 'submitted'), 201);
    const draft = await save(missionId, designer, weeksAgo(1), 'draft', [7.5, 8, 0, 0, 0, 0, 0]);
    expectStatus(draft, 201);

    const query = `?from=${weeksAgo(2)}&to=${weeksAgo(1)}`;
    const answer = await cellsOf('p1pm', query);
    expect(answer.weeks).toEqual([weeksAgo(2), weeksAgo(1)]);
    expect(ofMission(answer, missionId)).toEqual([
      ['Analyst', weeksAgo(2), 'Needs assignment'],
      ['Analyst', weeksAgo(1), 'Needs assignment'],
      ['Designer', weeksAgo(1), 'Not submitted yet (Draft)'],
      ['Tester', weeksAgo(2), 'Unfilled role'],
      ['Tester', weeksAgo(1), 'Unfilled role'],
    ]);
    const designerCell = answer.cells.find((cell) => cell.planItemId === designer)!;
    expect(designerCell).toEqual<RoleWeekCell>({
      mission: missionId,
      missionTitle: 'Harbour cabins',
      planItemId: designer,
      title: 'Designer',
      person: personOf('p0'),
      personName: 'P0 Caller',
      weekStart: weeksAgo(1),
      kind: 'draft',
      label: 'Not submitted yet (Draft)',
      draft: { _id: (draft.json() as Timesheet)._id, totalHours: 15.5 },
    });
    expect(answer.cells.filter((cell) => cell.kind === 'unfilled').every((cell) => cell.person === null && cell.draft === null)).toBe(true);

    // the owner (permission 2, its creator) and another admin see the same cells
    for (const caller of ['owner', 'p2'] as const) expect(ofMission(await cellsOf(caller, query), missionId)).toHaveLength(5);

    // submitting the draft turns its cell into a week to decide
    expectStatus(await save(missionId, designer, weeksAgo(1), 'submitted', [7.5, 8, 0, 0, 0, 0, 0]), 200);
    expect(ofMission(await cellsOf('p1pm', query), missionId).filter(([title]) => title === 'Designer')).toEqual([]);
  });

  it('gives members, observers, team leads and outsiders no cells; anonymous callers 401', async () => {
    const { missionId } = await missionWithRoles();
    for (const caller of ['p0', 'p1', 'p3', 'p4', 'p5', 'pending', 'orgMember', 'orgObserver', 'orgAdmin', 'outsider'] as const)
      expect(ofMission(await cellsOf(caller), missionId), caller).toEqual([]);
    const anonymous = await t.request({ method: 'GET', url: '/api/timesheet/project-manager/roles' });
    expectStatus(anonymous, 401);
  });

  it('covers the weeks of the last 30 days by default, up to this one', async () => {
    const { weeks } = await cellsOf('p1pm');
    expect(weeks[0]).toBe(mondayOf(addIsoDays(new Date().toISOString().slice(0, 10), -30)));
    expect(weeks.at(-1)).toBe(thisWeek);
    expect(weeks.every((week, i) => i === 0 || week === addIsoDays(weeks[i - 1]!, 7))).toBe(true);
    const alone = await cellsOf('p1pm', `?from=${weeksAgo(2)}`);
    expect(alone.weeks).toEqual([weeksAgo(2), weeksAgo(1), thisWeek]);
  });

  it('leaves out missions that keep no timesheets, archived missions and templates', async () => {
    const kept = await missionWithRoles();
    const quiet = await missionWithRoles({ noTimesheets: true });
    const archived = await missionWithRoles({ archivedAt: new Date() });
    const template = await missionWithRoles({ isTemplate: true });
    const answer = await cellsOf('p1pm', `?from=${weeksAgo(1)}&to=${weeksAgo(1)}`);
    expect(ofMission(answer, kept.missionId)).toHaveLength(3);
    for (const { missionId } of [quiet, archived, template]) expect(ofMission(answer, missionId)).toEqual([]);
  });

  it('gives nothing in an organisation not licensed for time tracking (rule 180)', async () => {
    const { missionId } = await missionWithRoles();
    await setOrg(t, world.orgId, { isOrgLicensed: false, isLicensedActive: false });
    try {
      expect(ofMission(await cellsOf('p1pm'), missionId)).toEqual([]);
    } finally {
      await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true });
    }
  });

  it.each([
    ['a start that is not a Monday', `?from=${addIsoDays(weeksAgo(1), 1)}`, 'from'],
    ['an end before the start', `?from=${weeksAgo(1)}&to=${weeksAgo(2)}`, 'to'],
    ['more than 26 weeks', `?from=${weeksAgo(30)}&to=${thisWeek}`, 'to'],
    ['a date that is not one', '?to=someday', 'to'],
    ['an unknown parameter', '?week=1', null],
  ])('refuses %s (400)', async (_name, query, field) => {
    const response = await t.request({ method: 'GET', url: `/api/timesheet/project-manager/roles${query}`, token: tokenOf('p1pm') });
    expectStatus(response, 400);
    expect(errorOf(response).code).toBe('validation');
    if (field) expect(Object.keys(errorOf(response).fields ?? {})).toEqual([field]);
  });

  it('tells an approved role whose person left apart from one never filled', async () => {
    const { missionId, tester } = await missionWithRoles();
    await t.database.db
      .insert(planItemRequests)
      .values({ planItemId: tester, missionId, context: 'org', personId: personOf('p1'), status: 'approved', actionedOn: new Date() });
    const answer = await cellsOf('p1pm', `?from=${weeksAgo(1)}&to=${weeksAgo(1)}`);
    expect(answer.cells.find((cell) => cell.planItemId === tester)?.label).toBe('Needs assignment');
    await t.database.db
      .update(planItems)
      .set({ personId: personOf('p1') })
      .where(eq(planItems.id, tester));
    const filled = await cellsOf('p1pm', `?from=${weeksAgo(1)}&to=${weeksAgo(1)}`);
    expect(filled.cells.find((cell) => cell.planItemId === tester)).toMatchObject({
      label: 'Not submitted yet (Draft)',
      personName: 'P1 Caller',
    });
  });
});

describe("roles asked for me in my own weeks (GET /timesheet, 'requested')", () => {
  const requestedOf = async (caller: Caller) => {
    const response = await t.request({ method: 'GET', url: '/api/timesheet', token: tokenOf(caller) });
    expectStatus(response, 200);
    return (response.json() as MyTimesheets).requested;
  };

  it('lists a role waiting for approval only to the person it asks for, until it is theirs or decided', async () => {
    const { missionId, analyst, tester } = await missionWithRoles();
    const mine = (await requestedOf('p1')).filter((role) => role.mission === missionId);
    expect(mine).toEqual([{ planItemId: analyst, mission: missionId, missionTitle: 'Harbour cabins', title: 'Analyst', ...ROLE_DATES }]);
    expect((await requestedOf('p0')).filter((role) => role.mission === missionId)).toEqual([]);

    // a rejected request and a role already held are not waiting any more
    await t.database.db
      .insert(planItemRequests)
      .values({ planItemId: tester, missionId, context: 'pm', personId: personOf('p1'), status: 'rejected' });
    await t.database.db
      .update(planItems)
      .set({ personId: personOf('p1') })
      .where(eq(planItems.id, analyst));
    expect((await requestedOf('p1')).filter((role) => role.mission === missionId)).toEqual([]);
  });

  it('leaves out missions that keep no timesheets', async () => {
    const { missionId } = await missionWithRoles({ noTimesheets: true });
    expect((await requestedOf('p1')).filter((role) => role.mission === missionId)).toEqual([]);
  });
});
