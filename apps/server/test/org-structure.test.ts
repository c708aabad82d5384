import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addMember, createOrgWorld, errorOf, expectStatus, insertMember, verifiedPerson, type OrgWorld } from './support/org.ts';

let t: TestApp;
let w: OrgWorld;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createOrgWorld(t);
  admin = w.people.admin.token;
});
afterAll(async () => t.close());

type Item = { _id: string; isDeleted: boolean; updatedAt: string; abilities: { update: boolean; delete: boolean } } & Record<
  string,
  unknown
>;

const call = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, token: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });
async function create(kind: string, body: Record<string, unknown>, token = admin, orgId = w.orgId): Promise<Item> {
  const response = await call('POST', `/api/org/${orgId}/${kind}`, token, body);
  expectStatus(response, 201);
  return response.json() as Item;
}
const detail = async (token = admin) => (await call('GET', `/api/org/${w.orgId}`, token)).json() as Record<string, Item[]>;

/** The four kinds under /org/:id/{kind}, with the field that names an item and a valid body. */
const KINDS = [
  { kind: 'roles', singular: 'role', name: 'name', body: (n: string) => ({ name: n }) },
  { kind: 'departments', singular: 'department', name: 'title', body: (n: string) => ({ title: n }) },
  { kind: 'offices', singular: 'office', name: 'title', body: (n: string) => ({ title: n, country: 'GB' }) },
  { kind: 'programs', singular: 'program', name: 'title', body: (n: string) => ({ title: n }) },
] as const;

describe.each(KINDS)('/api/org/:id/$kind', ({ kind, singular, name, body }) => {
  it('creates, renames and deletes (marked isDeleted), then the name is free again', async () => {
    const item = await create(kind, body(`First ${kind}`));
    expect(item).toMatchObject({ [name]: `First ${kind}`, isDeleted: false, abilities: { update: true, delete: true } });
    expect((await detail())[kind]!.some((i) => i._id === item._id)).toBe(true);
    const renamed = await call('PUT', `/api/org/${w.orgId}/${kind}/${item._id}`, admin, { [name]: `Renamed ${kind}` });
    expectStatus(renamed, 200);
    expect(renamed.json()).toMatchObject({ _id: item._id, [name]: `Renamed ${kind}` });
    const deleted = await call('DELETE', `/api/org/${w.orgId}/${kind}/${item._id}`, admin);
    expectStatus(deleted, 200);
    expect(deleted.json()).toMatchObject({ _id: item._id, isDeleted: true });
    expect((await detail())[kind]!.some((i) => i._id === item._id)).toBe(false);
    expectStatus(await call('DELETE', `/api/org/${w.orgId}/${kind}/${item._id}`, admin), 404);
    expectStatus(await call('PUT', `/api/org/${w.orgId}/${kind}/${item._id}`, admin, { [name]: 'Back' }), 404);
    await create(kind, body(`Renamed ${kind}`));
  });

  it('refuses a duplicate name, ignoring case, on create and rename (409)', async () => {
    await create(kind, body(`Unique ${kind}`));
    const other = await create(kind, body(`Other ${kind}`));
    const duplicate = await call('POST', `/api/org/${w.orgId}/${kind}`, admin, body(`UNIQUE ${kind}`));
    expectStatus(duplicate, 409);
    expect(errorOf(duplicate)).toEqual({
      code: `org/duplicate-${singular}`,
      message: `Sorry but a ${singular} with this name already exists.`,
    });
    expectStatus(await call('PUT', `/api/org/${w.orgId}/${kind}/${other._id}`, admin, { [name]: `unique ${kind}` }), 409);
    // Another organisation may use the same name.
    await create(kind, body(`Unique ${kind}`), w.people.otherOrgAdmin.token, w.otherOrgId);
  });

  it('answers 404 for an item of another organisation and 400 for bad input', async () => {
    const theirs = await create(kind, body(`Theirs ${kind}`), w.people.otherOrgAdmin.token, w.otherOrgId);
    expectStatus(await call('PUT', `/api/org/${w.orgId}/${kind}/${theirs._id}`, admin, { [name]: 'Mine now' }), 404);
    expectStatus(await call('DELETE', `/api/org/${w.orgId}/${kind}/${theirs._id}`, admin), 404);
    for (const bad of [{}, { [name]: '' }, { [name]: 7 }, { ...body('X'), extra: true }]) {
      expectStatus(await call('POST', `/api/org/${w.orgId}/${kind}`, admin, bad), 400);
    }
    expectStatus(await call('PUT', `/api/org/${w.orgId}/${kind}/not-an-id`, admin, { [name]: 'X' }), 400);
  });

  it('refuses a stale copy with 409', async () => {
    const item = await create(kind, body(`Stale ${kind}`));
    expectStatus(
      await call('PUT', `/api/org/${w.orgId}/${kind}/${item._id}`, admin, { [name]: `Fresh ${kind}`, updatedAt: item.updatedAt }),
      200,
    );
    const stale = await call('PUT', `/api/org/${w.orgId}/${kind}/${item._id}`, admin, {
      [name]: `Staler ${kind}`,
      updatedAt: item.updatedAt,
    });
    expectStatus(stale, 409);
    expect(errorOf(stale).code).toBe('conflict/stale');
  });

  it('is for admins, managers and the API key; others get 403, outsiders 404', async () => {
    await create(kind, body(`By manager ${kind}`), w.people.manager.token);
    await create(kind, body(`By key ${kind}`), w.apiKey);
    for (const who of ['limitedManager', 'member', 'observerOrg', 'observerOrgLimited'] as const) {
      expectStatus(await call('POST', `/api/org/${w.orgId}/${kind}`, w.people[who].token, body(`By ${who}`)), 403);
    }
    expectStatus(await call('POST', `/api/org/${w.orgId}/${kind}`, w.people.outsider.token, body('By outsider')), 404);
  });
});

describe('roles', () => {
  it('keep cost in exact cents, default the rate time from the organisation, and take a mission permission', async () => {
    await call('PUT', `/api/org/${w.orgId}`, admin, { roleDefaultRateTime: 'Daily' });
    const role = await create('roles', { name: 'Consultant', cost: 1234.56, permission: 1 });
    expect(role).toMatchObject({ cost: 1234.56, rateTime: 'Daily', permission: 1 });
    const changed = await call('PUT', `/api/org/${w.orgId}/roles/${role._id}`, admin, { cost: 0.1, rateTime: 'One time' });
    expect(changed.json()).toMatchObject({ cost: 0.1, rateTime: 'One time' });
    for (const bad of [
      { name: 'A', cost: 1.005 },
      { name: 'B', cost: -1 },
      { name: 'C', permission: 6 },
      { name: 'D', rateTime: 'hourly' },
    ]) {
      expectStatus(await call('POST', `/api/org/${w.orgId}/roles`, admin, bad), 400);
    }
  });

  it('cannot have their cost set by an API key, which may not read it (403 naming the field); the rest it may change', async () => {
    const refused = await call('POST', `/api/org/${w.orgId}/roles`, w.apiKey, { name: 'Keyed with cost', cost: 99 });
    expectStatus(refused, 403);
    expect(errorOf(refused)).toEqual({
      code: 'money/forbidden',
      message: 'Sorry but only project managers and organisation managers may set rates.',
      fields: { cost: 'Sorry but only project managers and organisation managers may set rates.' },
    });
    const keyed = await create('roles', { name: 'Keyed role' }, w.apiKey);
    expect(keyed.cost).toBeNull();
    const priced = await create('roles', { name: 'Priced role', cost: 250 });
    for (const cost of [1, 0]) {
      expectStatus(await call('PUT', `/api/org/${w.orgId}/roles/${priced._id}`, w.apiKey, { cost }), 403);
    }
    expectStatus(await call('PUT', `/api/org/${w.orgId}/roles/${priced._id}`, w.apiKey, { name: 'Priced role, renamed' }), 200);
    const roles = (await detail()).roles!;
    expect(roles.find((role) => role._id === priced._id)).toMatchObject({ name: 'Priced role, renamed', cost: 250 });
    expect(roles.some((role) => role.name === 'Keyed with cost')).toBe(false);
  });

  it('cannot be deleted while a person has it (409)', async () => {
    const role = await create('roles', { name: 'Held role' });
    await insertMember(t, w.orgId, 'MEMBER', { roleId: role._id });
    const response = await call('DELETE', `/api/org/${w.orgId}/roles/${role._id}`, admin);
    expectStatus(response, 409);
    expect(errorOf(response)).toEqual({
      code: 'org/role-in-use',
      message: 'Sorry but this role is still in use (1 person). Move them elsewhere first.',
    });
  });
});

describe('departments and offices in use', () => {
  it('a department cannot be deleted while people are in it, have it as accessible, or a goal names it', async () => {
    const inPeople = await create('departments', { title: 'Held by people' });
    await insertMember(t, w.orgId, 'MEMBER', { departments: [inPeople._id] });
    await insertMember(t, w.orgId, 'MEMBER', { departments: [inPeople._id] });
    const response = await call('DELETE', `/api/org/${w.orgId}/departments/${inPeople._id}`, admin);
    expectStatus(response, 409);
    expect(errorOf(response).message).toBe('Sorry but this department is still in use (2 people). Move them elsewhere first.');

    const accessible = await create('departments', { title: 'Held as accessible' });
    await insertMember(t, w.orgId, 'MANAGER', { accessibleDepartments: [accessible._id] });
    expectStatus(await call('DELETE', `/api/org/${w.orgId}/departments/${accessible._id}`, admin), 409);

    const byGoal = await create('departments', { title: 'Held by a goal' });
    await create('goal', { title: 'Department goal', departments: [byGoal._id] });
    const goalResponse = await call('DELETE', `/api/org/${w.orgId}/departments/${byGoal._id}`, admin);
    expectStatus(goalResponse, 409);
    expect(errorOf(goalResponse).message).toContain('1 goal');
  });

  it('a department used only by people who have left can go', async () => {
    const department = await create('departments', { title: 'Left behind' });
    await insertMember(t, w.orgId, 'MEMBER', { departments: [department._id], endDate: '2020-01-01' });
    expectStatus(await call('DELETE', `/api/org/${w.orgId}/departments/${department._id}`, admin), 200);
  });

  it('an office cannot be deleted while someone works there', async () => {
    const office = await create('offices', { title: 'Busy office', country: 'FR' });
    await insertMember(t, w.orgId, 'MEMBER', { officeId: office._id });
    const response = await call('DELETE', `/api/org/${w.orgId}/offices/${office._id}`, admin);
    expectStatus(response, 409);
    expect(errorOf(response).code).toBe('org/office-in-use');
  });

  it('keeps department flags and office countries', async () => {
    const department = await create('departments', { title: 'Flags', rolesRequireApproval: true, dontShareResources: true });
    expect(department).toMatchObject({ rolesRequireApproval: true, dontShareResources: true });
    const office = await create('offices', { title: 'Dublin', country: 'IE' });
    expect(office).toMatchObject({ country: 'IE' });
    expectStatus(await call('POST', `/api/org/${w.orgId}/offices`, admin, { title: 'Nowhere', country: 'Ireland' }), 400);
  });
});

describe('programs', () => {
  it('take their fields directly, or wrapped as program or payload', async () => {
    const manager = w.people.manager.personId;
    const goal = await create('goal', { title: 'Program portfolio' });
    const direct = await create('programs', { title: 'Direct', managers: [manager] });
    const wrapped = await create('programs', { program: { title: 'Wrapped', portfolio: goal._id } });
    const payload = await create('programs', { payload: { title: 'Payload' } });
    expect([direct, wrapped, payload]).toMatchObject([
      { title: 'Direct', managers: [manager], portfolio: null },
      { title: 'Wrapped', portfolio: goal._id, managers: [] },
      { title: 'Payload' },
    ]);
    const updated = await call('PUT', `/api/org/${w.orgId}/programs/${payload._id}`, admin, { payload: { managers: [manager, manager] } });
    expect(updated.json()).toMatchObject({ managers: [manager] });
    expectStatus(await call('POST', `/api/org/${w.orgId}/programs`, admin, { program: { title: 'A' }, payload: { title: 'B' } }), 400);
  });

  it('refuse managers who are not members and portfolios that are not goals of the organisation', async () => {
    const outsider = await call('POST', `/api/org/${w.orgId}/programs`, admin, {
      title: 'Outsider',
      managers: [w.people.outsider.personId],
    });
    expectStatus(outsider, 400);
    expect(errorOf(outsider).code).toBe('org/unknown-person');
    const portfolio = await call('POST', `/api/org/${w.orgId}/programs`, admin, {
      title: 'No goal',
      portfolio: '0123456789abcdef01234567',
    });
    expectStatus(portfolio, 400);
    expect(errorOf(portfolio).code).toBe('org/unknown-goal');
  });
});

describe('programs out of sight', () => {
  it('are 404 to a manager who cannot see their portfolio, and cannot be put under one', async () => {
    const sales = await create('departments', { title: 'Program sales' });
    const design = await create('departments', { title: 'Program design' });
    const salesManager = await verifiedPerson(t);
    await addMember(t, w.orgId, salesManager, 'MANAGER', { accessibleDepartments: [sales._id] });
    const salesGoal = await create('goal', { title: 'Program sales goal', departments: [sales._id] });
    const designGoal = await create('goal', { title: 'Program design goal', departments: [design._id] });
    const hidden = await create('programs', { title: 'Design program', portfolio: designGoal._id });
    const url = `/api/org/${w.orgId}/programs/${hidden._id}`;
    for (const response of [
      await call('PUT', url, salesManager.token, { title: 'Renamed by sales' }),
      await call('PUT', url, salesManager.token, { portfolio: salesGoal._id }),
      await call('DELETE', url, salesManager.token),
    ]) {
      expectStatus(response, 404);
      expect(errorOf(response).code).toBe('org/item-not-found');
    }
    const untouched = (await detail()).programs!.find((p) => p._id === hidden._id);
    expect(untouched).toMatchObject({ title: 'Design program', portfolio: designGoal._id, isDeleted: false });
    // a goal out of sight is no portfolio for the manager's programs either
    const own = await create('programs', { title: 'Sales program', portfolio: salesGoal._id }, salesManager.token);
    for (const response of [
      await call('PUT', `/api/org/${w.orgId}/programs/${own._id}`, salesManager.token, { portfolio: designGoal._id }),
      await call('POST', `/api/org/${w.orgId}/programs`, salesManager.token, { title: 'Sneaky', portfolio: designGoal._id }),
    ]) {
      expectStatus(response, 400);
      expect(errorOf(response).code).toBe('org/unknown-goal');
    }
    expectStatus(await call('PUT', `/api/org/${w.orgId}/programs/${own._id}`, salesManager.token, { title: 'Sales program 2' }), 200);
    expectStatus(await call('PUT', url, admin, { title: 'Renamed by admin' }), 200);
  });
});

describe('goals (portfolios)', () => {
  it('a goal with programs under it cannot be deleted (409); without, it can', async () => {
    const goal = await create('goal', { title: 'Parent goal' });
    const program = await create('programs', { title: 'Child program', portfolio: goal._id });
    const response = await call('DELETE', `/api/org/${w.orgId}/goal/${goal._id}`, admin);
    expectStatus(response, 409);
    expect(errorOf(response)).toEqual({
      code: 'org/goal-in-use',
      message: 'Sorry but this goal is still in use (1 program). Move them elsewhere first.',
    });
    await call('PUT', `/api/org/${w.orgId}/programs/${program._id}`, admin, { portfolio: null });
    expectStatus(await call('DELETE', `/api/org/${w.orgId}/goal/${goal._id}`, admin), 200);
  });

  it('are seen as spec 3 §6 says: all for admins and goal managers, owned for org observers, by overlap for managers', async () => {
    const sales = await create('departments', { title: 'Goal sales' });
    const paris = await create('offices', { title: 'Goal Paris', country: 'FR' });
    const salesManager = await verifiedPerson(t);
    await addMember(t, w.orgId, salesManager, 'MANAGER', { accessibleDepartments: [sales._id] });
    const parisManager = await verifiedPerson(t);
    await addMember(t, w.orgId, parisManager, 'MANAGER_LIMITED', { accessibleOffices: [paris._id] });
    const goalManager = await verifiedPerson(t);
    await addMember(t, w.orgId, goalManager, 'MEMBER', { canManageGoals: true });
    const observer = await verifiedPerson(t);
    await addMember(t, w.orgId, observer, 'OBSERVER_ORG');

    const salesGoal = await create('goal', { title: 'Sales goal', departments: [sales._id] });
    const parisGoal = await create('goal', { title: 'Paris goal', offices: [paris._id] });
    const observerGoal = await create('goal', { title: 'Observer goal', owner: observer.personId });
    const mine = [salesGoal._id, parisGoal._id, observerGoal._id];
    const seen = async (token: string) =>
      ((await detail(token)).goals ?? [])
        .map((g) => g._id)
        .filter((id) => mine.includes(id))
        .sort();

    expect(await seen(admin)).toEqual([...mine].sort());
    expect(await seen(goalManager.token)).toEqual([...mine].sort());
    expect(await seen(w.apiKey)).toEqual([...mine].sort());
    expect(await seen(salesManager.token)).toEqual([salesGoal._id]);
    expect(await seen(parisManager.token)).toEqual([parisGoal._id]);
    expect(await seen(observer.token)).toEqual([observerGoal._id]);
    expect(await seen(w.people.member.token)).toEqual([]);
    expect(await seen(w.people.manager.token)).toEqual([]);

    // Programs show under visible portfolios, or to their managers.
    const hidden = await create('programs', { title: 'Under sales', portfolio: salesGoal._id });
    const managed = await create('programs', {
      title: 'Managed by member',
      portfolio: salesGoal._id,
      managers: [w.people.member.personId],
    });
    const programs = async (token: string) => ((await detail(token)).programs ?? []).map((p) => p._id);
    expect(await programs(salesManager.token)).toEqual(expect.arrayContaining([hidden._id, managed._id]));
    expect(await programs(w.people.member.token)).toContain(managed._id);
    expect(await programs(w.people.member.token)).not.toContain(hidden._id);
  });

  it('owners change their goals; a goal out of sight is 404, one in sight but not yours 403', async () => {
    const sales = await create('departments', { title: 'Owner sales' });
    const owner = await verifiedPerson(t);
    await addMember(t, w.orgId, owner, 'MANAGER', { accessibleDepartments: [sales._id] });
    const own = await create('goal', { title: 'My own goal' }, owner.token);
    expect(own).toMatchObject({ owner: owner.personId, abilities: { update: true, delete: true } });
    expectStatus(await call('PUT', `/api/org/${w.orgId}/goal/${own._id}`, owner.token, { description: 'Mine' }), 200);
    const visible = await create('goal', { title: 'Sales wide goal', departments: [sales._id] });
    const notMine = await call('PUT', `/api/org/${w.orgId}/goal/${visible._id}`, owner.token, { description: 'Not mine' });
    expectStatus(notMine, 403);
    const hidden = await create('goal', { title: 'Hidden goal' });
    const unseen = await call('PUT', `/api/org/${w.orgId}/goal/${hidden._id}`, owner.token, { description: 'Hidden' });
    expectStatus(unseen, 404);
    expect(errorOf(unseen).code).toBe('org/item-not-found');
    expectStatus(await call('DELETE', `/api/org/${w.orgId}/goal/${hidden._id}`, owner.token), 404);
    expectStatus(await call('DELETE', `/api/org/${w.orgId}/goal/${own._id}`, owner.token), 200);
  });

  it('only goal managers create goals for somebody else or hand a goal over', async () => {
    const forOther = await call('POST', `/api/org/${w.orgId}/goal`, w.people.manager.token, {
      title: 'For member',
      owner: w.people.member.personId,
    });
    expectStatus(forOther, 403);
    const goalManager = await verifiedPerson(t);
    await addMember(t, w.orgId, goalManager, 'MEMBER', { canManageGoals: true });
    const handed = await create('goal', { title: 'Handed over', owner: w.people.member.personId }, goalManager.token);
    expect(handed.owner).toBe(w.people.member.personId);
    const own = await create('goal', { title: 'Manager own' }, w.people.manager.token);
    expectStatus(
      await call('PUT', `/api/org/${w.orgId}/goal/${own._id}`, w.people.manager.token, { owner: w.people.member.personId }),
      403,
    );
    expectStatus(await call('POST', `/api/org/${w.orgId}/goal`, w.people.member.token, { title: 'Member goal' }), 403);
    expectStatus(await call('POST', `/api/org/${w.orgId}/goal`, admin, { title: 'Bad owner', owner: w.people.outsider.personId }), 400);
    expectStatus(
      await call('POST', `/api/org/${w.orgId}/goal`, admin, { title: 'Bad department', departments: ['0123456789abcdef01234567'] }),
      400,
    );
  });
});
