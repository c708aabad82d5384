import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgPeople } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import {
  addMember,
  createOrg,
  createOrgWorld,
  errorOf,
  expectStatus,
  insertMember,
  insertPerson,
  verifiedPerson,
  type OrgWorld,
} from './support/org.ts';

/** Spec texts (messages.tsv rows 43–46 and others), word for word, typos included. */
const SPEC = {
  departmentNotAccessible: 'Oops. Sorry you cannot remove this department as it is not part of your Acessible departments',
  limitedToDepartment: 'Sorry but you are limited to just this department',
  officeNotAccessible: 'Oops. Sorry you cannot remove this office as it is not part of your Accessible offices',
  limitedToOffice: 'Sorry but you are limited to this office',
  adminDomain: 'Permission admin is not permitted for domains that are not approved by the organization.',
  notInOrg: 'Not found in organization',
  orgNotFound: "Sorry that Organization wasn't found. Maybe removed?",
  sameEmail: "That's already your current email.",
  emailInUse: 'Another person exists with this email.',
};

let t: TestApp;
let w: OrgWorld;
let admin: string;
let ids: { sales: string; design: string; support: string; london: string; lisbon: string; developer: string };

beforeAll(async () => {
  t = await buildTestApp();
  w = await createOrgWorld(t);
  admin = w.people.admin.token;
  const make = async (kind: string, body: Record<string, unknown>) => {
    const response = await t.request({ method: 'POST', url: `/api/org/${w.orgId}/${kind}`, token: admin, payload: body });
    expectStatus(response, 201);
    return (response.json() as { _id: string })._id;
  };
  ids = {
    sales: await make('departments', { title: 'Sales' }),
    design: await make('departments', { title: 'Design' }),
    support: await make('departments', { title: 'Support' }),
    london: await make('offices', { title: 'London', country: 'GB' }),
    lisbon: await make('offices', { title: 'Lisbon', country: 'PT' }),
    developer: await make('roles', { name: 'Developer' }),
  };
});
afterAll(async () => t.close());

type Person = {
  _id: string;
  ref: { _id: string; firstName: string; lastName: string; avatar: string | null };
  email: string;
  permission: number;
  level: string;
  departments: string[];
  office: string | null;
  role: string | null;
  endDate: string | null;
  startDate: string | null;
  leaveAmounts: unknown;
  yearsOfPreService: string | null;
  removeFromMissions: boolean;
  updatedAt: string;
  abilities: Record<string, boolean>;
};

const personUrl = (personId: string) => `/api/org/${w.orgId}/people/${personId}`;
const put = (url: string, token: string, payload: unknown) =>
  t.request({ method: 'PUT', url, token, payload: payload as Record<string, unknown> });
const list = async (query: string, token = admin) => {
  const response = await t.request({ method: 'GET', url: `/api/v2/orgs/${w.orgId}/people${query}`, token });
  expectStatus(response, 200);
  return response.json() as { people: Person[]; total: number };
};
const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 24 * 3_600_000).toISOString().slice(0, 10);

describe('GET /api/v2/orgs/:orgId/people', () => {
  it('lists the current people by name, with the total', async () => {
    const { people, total } = await list('');
    expect(total).toBe(people.length);
    expect(people.map((p) => p.level).sort()).toEqual(
      ['ADMIN', 'MANAGER', 'MANAGER_LIMITED', 'MEMBER', 'OBSERVER_ORG', 'OBSERVER_ORG_LIMITED'].sort(),
    );
    const names = people.map((p) => p.ref.firstName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(people.find((p) => p.ref._id === w.people.manager.personId)).toMatchObject({
      permission: 1,
      level: 'MANAGER',
      email: w.people.manager.email,
    });
  });

  it('filters by department, office, program, level and text, and pages', async () => {
    const orgId = w.orgId;
    const inSales = await insertMember(t, orgId, 'MEMBER', { departments: [ids.sales], officeId: ids.lisbon }, 'zed.sales');
    const inDesign = await insertMember(t, orgId, 'MEMBER', { departments: [ids.design, ids.sales], officeId: ids.london }, 'yan_design');
    const program = await t.request({
      method: 'POST',
      url: `/api/org/${orgId}/programs`,
      token: admin,
      payload: { title: 'Filters', managers: [inDesign.personId] },
    });
    const programId = (program.json() as { _id: string })._id;
    const personIds = (result: { people: Person[] }) => result.people.map((p) => p.ref._id).sort();
    expect(personIds(await list(`?department=${ids.sales}`))).toEqual([inSales.personId, inDesign.personId].sort());
    expect(personIds(await list(`?department=${ids.design}`))).toEqual([inDesign.personId]);
    expect(personIds(await list(`?office=${ids.lisbon}`))).toEqual([inSales.personId]);
    expect(personIds(await list(`?program=${programId}`))).toEqual([inDesign.personId]);
    expect(personIds(await list('?level=OBSERVER_ORG'))).toEqual([w.people.observerOrg.personId]);
    expect(personIds(await list('?search=zed.sales'))).toEqual([inSales.personId]);
    // % and _ typed in the search box are matched literally.
    expect(personIds(await list('?search=yan_design'))).toEqual([inDesign.personId]);
    expect((await list('?search=y%25n')).people).toEqual([]);
    expect(personIds(await list('?search=ada%20admin'))).toEqual([w.people.admin.personId]);
    const page = await list('?limit=2&offset=1');
    expect(page.people).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
  });

  it('shows people who have left only with includeEnded', async () => {
    const gone = await insertMember(t, w.orgId, 'MEMBER', { endDate: '2021-06-30' }, 'gone');
    expect((await list('')).people.some((p) => p.ref._id === gone.personId)).toBe(false);
    const withEnded = await list('?includeEnded=true');
    expect(withEnded.people.find((p) => p.ref._id === gone.personId)?.endDate).toBe('2021-06-30');
  });

  it('answers 400 to bad filters', async () => {
    for (const query of [
      '?department=sales',
      '?includeEnded=yes',
      '?limit=0',
      '?limit=5000',
      '?level=OWNER',
      '?colour=red',
      '?search=a%00b',
    ]) {
      const response = await t.request({ method: 'GET', url: `/api/v2/orgs/${w.orgId}/people${query}`, token: admin });
      expectStatus(response, 400);
    }
  });

  it('is for members of the organisation: outsiders and other admins get 404', async () => {
    expect((await list('', w.people.observerOrgLimited.token)).total).toBeGreaterThan(0);
    for (const token of [w.people.outsider.token, w.people.otherOrgAdmin.token]) {
      const response = await t.request({ method: 'GET', url: `/api/v2/orgs/${w.orgId}/people`, token });
      expectStatus(response, 404);
      expect(errorOf(response).message).toBe(SPEC.orgNotFound);
    }
  });
});

describe('GET /api/org/:id/people/:personId', () => {
  it('answers one entry; leave amounts and pre-service only to the person and those who manage them', async () => {
    await put(personUrl(w.people.member.personId), admin, {
      leaveAmounts: { annual: { '2026': { entitled: 25, carryOver: 2 } } },
      yearsOfPreService: '3-6-0',
    });
    const byManager = (
      await t.request({ method: 'GET', url: personUrl(w.people.member.personId), token: w.people.manager.token })
    ).json() as Person;
    expect(byManager).toMatchObject({
      leaveAmounts: { annual: { '2026': { entitled: 25, carryOver: 2 } } },
      yearsOfPreService: '3-6-0',
      abilities: { update: true, remove: true },
    });
    const bySelf = (
      await t.request({ method: 'GET', url: personUrl(w.people.member.personId), token: w.people.member.token })
    ).json() as Person;
    expect(bySelf).toMatchObject({ yearsOfPreService: '3-6-0', abilities: { update: false, remove: true, changeEmail: true } });
    const byObserver = (
      await t.request({ method: 'GET', url: personUrl(w.people.member.personId), token: w.people.observerOrg.token })
    ).json() as Person;
    expect(byObserver).toMatchObject({ leaveAmounts: null, yearsOfPreService: null, abilities: { update: false, remove: false } });
  });

  it("answers 404 'Not found in organization' for someone who is not (or no longer) in it", async () => {
    const gone = await insertMember(t, w.orgId, 'MEMBER', { endDate: yesterday() });
    for (const personId of [w.people.outsider.personId, gone.personId, '0123456789abcdef01234567']) {
      const response = await t.request({ method: 'GET', url: personUrl(personId), token: admin });
      expectStatus(response, 404);
      expect(errorOf(response)).toEqual({ code: 'org/person-not-found', message: SPEC.notInOrg });
    }
    expectStatus(await t.request({ method: 'GET', url: personUrl('nope'), token: admin }), 400);
  });
});

describe('PUT /api/org/:id/people/:personId', () => {
  it('lets a manager set role, departments, office, dates and leave; audited', async () => {
    const target = await insertMember(t, w.orgId);
    const response = await put(personUrl(target.personId), w.people.manager.token, {
      role: ids.developer,
      departments: [ids.sales, ids.design, ids.sales],
      office: ids.london,
      startDate: '2025-09-01',
      yearsOfPreService: '2-0-15',
      leaveAmounts: { annual: { '2026': { entitled: 20, carryOver: 0 } } },
    });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({
      role: ids.developer,
      departments: [ids.sales, ids.design],
      office: ids.london,
      startDate: '2025-09-01',
    });
    const tree = (
      await t.request({ method: 'GET', url: `/api/org/${w.orgId}/audit/tree?entityId=${target.personId}`, token: admin })
    ).json() as {
      children: { children: { events: { changes: Record<string, unknown>; actor: { personId: string } }[] }[] }[];
    };
    const event = tree.children[0]!.children[0]!.events[0]!;
    expect(event.actor.personId).toBe(w.people.manager.personId);
    expect(Object.keys(event.changes).sort()).toEqual([
      'departments',
      'leaveAmounts',
      'officeId',
      'roleId',
      'startDate',
      'yearsOfPreService',
    ]);
  });

  it('gives levels and rights (managers and admins), with the number or the name', async () => {
    const target = await insertMember(t, w.orgId);
    const byNumber = await put(personUrl(target.personId), w.people.manager.token, { permission: 4, canApproveRoles: true });
    expectStatus(byNumber, 200);
    expect(byNumber.json()).toMatchObject({ permission: 4, level: 'OBSERVER_ORG', canApproveRoles: true });
    const byName = await put(personUrl(target.personId), w.people.manager.token, {
      permission: 'MANAGER_LIMITED',
      accessibleDepartments: [ids.sales],
    });
    expect(byName.json()).toMatchObject({ permission: 1, level: 'MANAGER_LIMITED', accessibleDepartments: [ids.sales] });
  });

  it('refuses limited managers rights and levels, managers the admin level, and anyone their own rights', async () => {
    const target = await insertMember(t, w.orgId);
    const cases: [string, Record<string, unknown>, number, string][] = [
      [w.people.limitedManager.token, { canApproveLeaves: true }, 403, 'forbidden'],
      [w.people.limitedManager.token, { permission: 0 }, 403, 'forbidden'],
      [w.people.manager.token, { permission: 2 }, 403, 'forbidden'],
      [w.people.member.token, { startDate: '2026-01-01' }, 403, 'forbidden'],
      [w.people.observerOrg.token, { startDate: '2026-01-01' }, 403, 'forbidden'],
    ];
    for (const [token, body, status, code] of cases) {
      const response = await put(personUrl(target.personId), token, body);
      expectStatus(response, status);
      expect(errorOf(response).code).toBe(code);
    }
    expectStatus(await put(personUrl(target.personId), w.people.limitedManager.token, { startDate: '2026-01-01' }), 200);
    const own = await put(personUrl(w.people.manager.personId), w.people.manager.token, { canManageGoals: true });
    expectStatus(own, 403);
    expect(errorOf(own).message).toBe('You cannot change your own permissions.');
  });

  it('does not let a manager give themselves leave: their own entitlements, pre-service years or start date', async () => {
    const manager = await verifiedPerson(t);
    await addMember(t, w.orgId, manager, 'MANAGER', { startDate: '2024-01-01' });
    for (const body of [
      { leaveAmounts: { annual: { '2026': { entitled: 200, carryOver: 30 } } } },
      { yearsOfPreService: '40-0-0' },
      { startDate: '1990-01-01' },
    ]) {
      const response = await put(personUrl(manager.personId), manager.token, body);
      expectStatus(response, 403);
      expect(errorOf(response)).toEqual({ code: 'forbidden', message: 'You cannot change your own leave entitlement.' });
    }
    const [row] = await t.database.db.select().from(orgPeople).where(eq(orgPeople.personId, manager.personId));
    expect(row).toMatchObject({ leaveAmounts: {}, yearsOfPreService: null, startDate: '2024-01-01' });
    const own = await t.request({ method: 'GET', url: personUrl(manager.personId), token: manager.token });
    expect(own.json()).toMatchObject({ abilities: { update: true, editLeave: false } });
    const byAdmin = await t.request({ method: 'GET', url: personUrl(manager.personId), token: admin });
    expect(byAdmin.json()).toMatchObject({ abilities: { update: true, editLeave: true } });
    // their own role and placement are theirs to keep up to date; an admin sets anybody's leave, their own too
    expectStatus(await put(personUrl(manager.personId), manager.token, { departments: [ids.support] }), 200);
    expectStatus(await put(personUrl(manager.personId), admin, { yearsOfPreService: '2-0-0' }), 200);
    expectStatus(await put(personUrl(w.people.admin.personId), admin, { yearsOfPreService: '1-0-0' }), 200);
  });

  it('keeps managers away from admins', async () => {
    const response = await put(personUrl(w.people.admin.personId), w.people.manager.token, { startDate: '2026-01-01' });
    expectStatus(response, 403);
  });

  it("gives admin only to an approved domain (rule 124), with the spec's text", async () => {
    const person = await insertPerson(t, 'gmailer');
    const gmail = { ...person, email: person.email.replace('example.com', 'gmail.com') };
    await addMember(t, w.orgId, gmail, 'MEMBER');
    const refused = await put(personUrl(gmail.personId), admin, { permission: 2 });
    expectStatus(refused, 400);
    expect(errorOf(refused)).toEqual({ code: 'invite/domain-not-approved', message: SPEC.adminDomain });
    const approved = await insertMember(t, w.orgId);
    expect((await put(personUrl(approved.personId), admin, { permission: 2 })).json()).toMatchObject({ level: 'ADMIN', permission: 2 });
    expectStatus(await put(personUrl(approved.personId), admin, { permission: 0 }), 200);
  });

  it('keeps the last admin an admin (409)', async () => {
    const founder = await verifiedPerson(t);
    const org = await createOrg(t, founder.token);
    const response = await put(`/api/org/${org._id}/people/${founder.personId}`, founder.token, { permission: 1 });
    expectStatus(response, 409);
    expect(errorOf(response).code).toBe('org/last-admin');
  });

  it('refuses departments, offices and roles that are not (or no longer) the organisation’s', async () => {
    const target = await insertMember(t, w.orgId);
    const otherOrgDepartment = await t.request({
      method: 'POST',
      url: `/api/org/${w.otherOrgId}/departments`,
      token: w.people.otherOrgAdmin.token,
      payload: { title: 'Theirs' },
    });
    const foreign = (otherOrgDepartment.json() as { _id: string })._id;
    for (const [body, code] of [
      [{ departments: [foreign] }, 'org/unknown-department'],
      [{ accessibleDepartments: ['0123456789abcdef01234567'] }, 'org/unknown-department'],
      [{ office: '0123456789abcdef01234567' }, 'org/unknown-office'],
      [{ role: foreign }, 'org/unknown-role'],
    ] as const) {
      const response = await put(personUrl(target.personId), admin, body);
      expectStatus(response, 400);
      expect(errorOf(response).code).toBe(code);
    }
  });

  describe('department and office tag editors (spec 3 §5)', () => {
    let editor: { token: string; personId: string };
    beforeAll(async () => {
      const person = await verifiedPerson(t);
      await addMember(t, w.orgId, person, 'MANAGER', {
        accessibleDepartments: [ids.sales],
        accessibleOffices: [ids.london],
        departments: [ids.sales],
        officeId: ids.london,
      });
      editor = person;
    });

    it('refuses to remove a department outside my accessible departments', async () => {
      const target = await insertMember(t, w.orgId, 'MEMBER', { departments: [ids.sales, ids.design] });
      const response = await put(personUrl(target.personId), editor.token, { departments: [ids.sales] });
      expectStatus(response, 403);
      expect(errorOf(response)).toEqual({ code: 'org/department-restricted', message: SPEC.departmentNotAccessible });
    });

    it('refuses to remove the only department I am limited to, or to add one outside it', async () => {
      const target = await insertMember(t, w.orgId, 'MEMBER', { departments: [ids.sales] });
      for (const departments of [[], [ids.sales, ids.support]]) {
        const response = await put(personUrl(target.personId), editor.token, { departments });
        expectStatus(response, 403);
        expect(errorOf(response).message).toBe(SPEC.limitedToDepartment);
      }
    });

    it('refuses to move someone away from an office outside my accessible offices, or out of mine', async () => {
      const elsewhere = await insertMember(t, w.orgId, 'MEMBER', { officeId: ids.lisbon });
      const away = await put(personUrl(elsewhere.personId), editor.token, { office: ids.london });
      expectStatus(away, 403);
      expect(errorOf(away)).toEqual({ code: 'org/office-restricted', message: SPEC.officeNotAccessible });
      const mine = await insertMember(t, w.orgId, 'MEMBER', { officeId: ids.london });
      for (const office of [null, ids.lisbon]) {
        const response = await put(personUrl(mine.personId), editor.token, { office });
        expectStatus(response, 403);
        expect(errorOf(response).message).toBe(SPEC.limitedToOffice);
      }
    });

    it('refuses to give access beyond my own', async () => {
      const target = await insertMember(t, w.orgId);
      const response = await put(personUrl(target.personId), editor.token, { accessibleDepartments: [ids.sales, ids.design] });
      expectStatus(response, 403);
      expect(errorOf(response).message).toBe(SPEC.limitedToDepartment);
    });

    it('refuses to lift the limits I have myself: emptied access lists, or a new manager without any', async () => {
      // an empty list is every department (office): a manager limited to Sales may not hand that out
      const limited = await insertMember(t, w.orgId, 'MANAGER', {
        departments: [ids.sales],
        accessibleDepartments: [ids.sales],
        accessibleOffices: [ids.london],
      });
      for (const [body, message] of [
        [{ accessibleDepartments: [] }, SPEC.limitedToDepartment],
        [{ accessibleOffices: [] }, SPEC.limitedToOffice],
      ] as const) {
        const response = await put(personUrl(limited.personId), editor.token, body);
        expectStatus(response, 403);
        expect(errorOf(response)).toEqual({ code: 'org/access-restricted', message });
      }
      const member = await insertMember(t, w.orgId, 'MEMBER', { departments: [ids.sales] });
      for (const permission of ['MANAGER', 'MANAGER_LIMITED']) {
        const response = await put(personUrl(member.personId), editor.token, { permission });
        expectStatus(response, 403);
        expect(errorOf(response).code).toBe('org/access-restricted');
      }
      const [row] = await t.database.db.select().from(orgPeople).where(eq(orgPeople.personId, member.personId));
      expect(row).toMatchObject({ level: 'MEMBER', accessibleDepartments: [], accessibleOffices: [] });
      // within my own limits it is fine
      const promoted = await put(personUrl(member.personId), editor.token, {
        permission: 'MANAGER',
        accessibleDepartments: [ids.sales],
        accessibleOffices: [ids.london],
      });
      expectStatus(promoted, 200);
      expect(promoted.json()).toMatchObject({ level: 'MANAGER', accessibleDepartments: [ids.sales] });
    });

    it('lets me edit within my access, and an admin edit freely', async () => {
      const target = await insertMember(t, w.orgId, 'MEMBER', { departments: [ids.sales, ids.design] });
      expectStatus(await put(personUrl(target.personId), editor.token, { departments: [ids.sales, ids.design], office: ids.london }), 200);
      expectStatus(await put(personUrl(target.personId), admin, { departments: [ids.support], office: ids.lisbon }), 200);
      // Now outside my departments and office: out of my reach altogether.
      expectStatus(await put(personUrl(target.personId), editor.token, { startDate: '2026-02-02' }), 403);
    });
  });

  it('refuses a stale copy with 409 and bad input with 400', async () => {
    const target = await insertMember(t, w.orgId);
    const first = (await put(personUrl(target.personId), admin, { startDate: '2026-01-01' })).json() as Person;
    expectStatus(await put(personUrl(target.personId), admin, { startDate: '2026-01-02', updatedAt: first.updatedAt }), 200);
    const stale = await put(personUrl(target.personId), admin, { startDate: '2026-01-03', updatedAt: first.updatedAt });
    expectStatus(stale, 409);
    expect(errorOf(stale).code).toBe('conflict/stale');
    for (const body of [
      { permission: 3 },
      { permission: 'OWNER' },
      { departments: 'sales' },
      { startDate: '2026-02-30' },
      { startDate: '0000-01-01' },
      { yearsOfPreService: 'three years' },
      { leaveAmounts: { annual: { 2026: 20 } } },
      { endDate: '2026-01-01' },
      { email: 'x@example.com' },
    ]) {
      const response = await put(personUrl(target.personId), admin, body);
      expect(`${JSON.stringify(body)} → ${response.statusCode}`).toBe(`${JSON.stringify(body)} → 400`);
    }
  });
});

describe('PUT /api/org/:id/people/:personId/email', () => {
  it('lets the person (or who manages them) change their email in the organisation', async () => {
    const self = await put(`${personUrl(w.people.member.personId)}/email`, w.people.member.token, { email: ' Member.Work@Example.com ' });
    expectStatus(self, 200);
    expect((self.json() as Person).email).toBe('member.work@example.com');
    const same = await put(`${personUrl(w.people.member.personId)}/email`, w.people.manager.token, { email: 'member.work@example.com' });
    expectStatus(same, 400);
    expect(errorOf(same).message).toBe(SPEC.sameEmail);
    const taken = await put(`${personUrl(w.people.member.personId)}/email`, admin, { email: w.people.manager.email });
    expectStatus(taken, 409);
    expect(errorOf(taken)).toEqual({ code: 'auth/email-already-in-use', message: SPEC.emailInUse });
  });

  it('refuses others (403), bad emails (400) and people not in the organisation (404)', async () => {
    expectStatus(await put(`${personUrl(w.people.manager.personId)}/email`, w.people.member.token, { email: 'x@example.com' }), 403);
    expectStatus(await put(`${personUrl(w.people.member.personId)}/email`, admin, { email: 'not-an-email' }), 400);
    expectStatus(await put(`${personUrl(w.people.outsider.personId)}/email`, admin, { email: 'x@example.com' }), 404);
  });
});

describe('DELETE /api/org/:id/people/:personId', () => {
  it('ends the membership tomorrow (rule 283): still in today, gone tomorrow; removeFromMissions recorded and told', async () => {
    const target = await insertMember(t, w.orgId);
    const told: unknown[] = [];
    t.app.ctx.events.on('org.person.removed', (event) => void told.push(event));
    const response = await t.request({
      method: 'DELETE',
      url: `${personUrl(target.personId)}?removeFromMissions=true`,
      token: w.people.manager.token,
    });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ organisationDeleted: false, person: { endDate: tomorrow(), removeFromMissions: true } });
    expect(told).toContainEqual({ orgId: w.orgId, personId: target.personId, endDate: tomorrow(), removeFromMissions: true });
    expectStatus(await t.request({ method: 'GET', url: personUrl(target.personId), token: admin }), 200);
    await t.database.db.update(orgPeople).set({ endDate: today() }).where(eq(orgPeople.personId, target.personId));
    expectStatus(await t.request({ method: 'GET', url: personUrl(target.personId), token: admin }), 404);
  });

  it('lets anyone leave, and nobody but managers remove others', async () => {
    const leaver = await verifiedPerson(t);
    await addMember(t, w.orgId, leaver, 'OBSERVER_ORG_LIMITED');
    expectStatus(await t.request({ method: 'DELETE', url: personUrl(leaver.personId), token: leaver.token }), 200);
    const target = await insertMember(t, w.orgId);
    for (const who of ['member', 'observerOrg', 'observerOrgLimited'] as const) {
      expectStatus(await t.request({ method: 'DELETE', url: personUrl(target.personId), token: w.people[who].token }), 403);
    }
    expectStatus(await t.request({ method: 'DELETE', url: personUrl(w.people.admin.personId), token: w.people.manager.token }), 403);
    expectStatus(await t.request({ method: 'DELETE', url: personUrl(target.personId), token: w.people.limitedManager.token }), 200);
  });

  it('warns the only admin that leaving deletes the organisation (rule 284), and deletes it once confirmed', async () => {
    const founder = await verifiedPerson(t);
    const org = await createOrg(t, founder.token);
    await insertMember(t, org._id, 'MANAGER');
    const url = `/api/org/${org._id}/people/${founder.personId}`;
    const warned = await t.request({ method: 'DELETE', url, token: founder.token });
    expectStatus(warned, 409);
    expect(errorOf(warned).code).toBe('org/only-admin-leaving');
    expect(errorOf(warned).message).toContain('the organization is deleted');
    const confirmed = await t.request({ method: 'DELETE', url: `${url}?confirmDeleteOrganisation=true`, token: founder.token });
    expectStatus(confirmed, 200);
    expect(confirmed.json()).toMatchObject({ organisationDeleted: true, person: { endDate: tomorrow() } });
    const gone = await t.request({ method: 'GET', url: `/api/org/${org._id}`, token: founder.token });
    expectStatus(gone, 404);
    expect(errorOf(gone).message).toBe(SPEC.orgNotFound);
  });

  it('lets an admin leave without more ado when another admin stays', async () => {
    const founder = await verifiedPerson(t);
    const org = await createOrg(t, founder.token);
    await insertMember(t, org._id, 'ADMIN');
    const response = await t.request({ method: 'DELETE', url: `/api/org/${org._id}/people/${founder.personId}`, token: founder.token });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ organisationDeleted: false });
  });

  it('answers 404 for someone not in the organisation and 400 for bad options', async () => {
    expectStatus(await t.request({ method: 'DELETE', url: personUrl(w.people.outsider.personId), token: admin }), 404);
    expectStatus(
      await t.request({ method: 'DELETE', url: `${personUrl(w.people.member.personId)}?removeFromMissions=maybe`, token: admin }),
      400,
    );
    expectStatus(await t.request({ method: 'DELETE', url: `${personUrl(w.people.member.personId)}?hard=true`, token: admin }), 400);
  });
});

describe('POST /api/org/:id/schedule/people', () => {
  const schedule = (token: string, body: unknown) =>
    t.request({ method: 'POST', url: `/api/org/${w.orgId}/schedule/people`, token, payload: body as Record<string, unknown> });

  it('schedules the day a person leaves, and cancels it with null', async () => {
    const target = await insertMember(t, w.orgId);
    const set = await schedule(w.people.manager.token, { personId: target.personId, endDate: '2099-12-31', removeFromMissions: true });
    expectStatus(set, 200);
    expect(set.json()).toMatchObject({ endDate: '2099-12-31', removeFromMissions: true });
    const cancelled = await schedule(w.people.manager.token, { personId: target.personId, endDate: null });
    expect(cancelled.json()).toMatchObject({ endDate: null, removeFromMissions: false });
  });

  it('refuses a day that is not after today, the last admin, others than managers, and bad bodies', async () => {
    const target = await insertMember(t, w.orgId);
    for (const endDate of [today(), yesterday()]) {
      const response = await schedule(admin, { personId: target.personId, endDate });
      expectStatus(response, 400);
      expect(errorOf(response).code).toBe('org/end-date-past');
    }
    const founder = await verifiedPerson(t);
    const org = await createOrg(t, founder.token);
    const last = await t.request({
      method: 'POST',
      url: `/api/org/${org._id}/schedule/people`,
      token: founder.token,
      payload: { personId: founder.personId, endDate: '2099-01-01' },
    });
    expectStatus(last, 409);
    expect(errorOf(last).code).toBe('org/last-admin');
    expectStatus(await schedule(w.people.member.token, { personId: target.personId, endDate: '2099-01-01' }), 403);
    expectStatus(await schedule(admin, { personId: w.people.outsider.personId, endDate: '2099-01-01' }), 404);
    for (const body of [
      {},
      { personId: target.personId },
      { personId: 'x', endDate: null },
      { personId: target.personId, endDate: '31/12/2099' },
    ]) {
      expectStatus(await schedule(admin, body), 400);
    }
  });
});

describe('POST /api/org/:id/gt/sync/person/:personId', () => {
  it('answers 409 org/directory-not-configured: no directory is connected', async () => {
    const response = await t.request({
      method: 'POST',
      url: `/api/org/${w.orgId}/gt/sync/person/${w.people.member.personId}`,
      token: admin,
    });
    expectStatus(response, 409);
    expect(errorOf(response).code).toBe('org/directory-not-configured');
  });

  it('answers 404 for someone not in the organisation, 403 to members, 404 to outsiders', async () => {
    expectStatus(
      await t.request({ method: 'POST', url: `/api/org/${w.orgId}/gt/sync/person/${w.people.outsider.personId}`, token: admin }),
      404,
    );
    expectStatus(
      await t.request({
        method: 'POST',
        url: `/api/org/${w.orgId}/gt/sync/person/${w.people.member.personId}`,
        token: w.people.member.token,
      }),
      403,
    );
    expectStatus(
      await t.request({
        method: 'POST',
        url: `/api/org/${w.orgId}/gt/sync/person/${w.people.member.personId}`,
        token: w.people.outsider.token,
      }),
      404,
    );
  });
});
