import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgInvites, orgPeople, orgRoles, orgs, personEmails } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addMember, createOrg, createOrgWorld, errorOf, expectStatus, insertMember, verifiedPerson, type OrgWorld } from './support/org.ts';
import { uniqueEmail } from './support/people.ts';

/** The organisation API asked by a hostile but legitimate client: its own people, odd input, and rules it may try to bend. */

let t: TestApp;
let w: OrgWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createOrgWorld(t);
});
afterAll(async () => t.close());

const tomorrow = () => new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10);
const FORBIDDEN = { code: 'forbidden', message: 'You do not have permission to do this.' };

async function membership(orgId: string, personId: string) {
  const [row] = await t.database.db
    .select()
    .from(orgPeople)
    .where(and(eq(orgPeople.orgId, orgId), eq(orgPeople.personId, personId)));
  return row!;
}

describe('accepting an invite while already a member', () => {
  it('refuses the only admin an invite to their other email (409) and keeps them admin', async () => {
    const founder = await verifiedPerson(t);
    const org = await createOrg(t, founder.token);
    const secondary = uniqueEmail('second');
    await t.database.db.insert(personEmails).values({ personId: founder.personId, email: secondary, verified: true });
    const invite = await t.request({
      method: 'POST',
      url: `/api/org/${org._id}/invite`,
      token: founder.token,
      payload: { inviteeEmail: secondary },
    });
    expectStatus(invite, 201);
    const inviteId = (invite.json() as { _id: string })._id;

    const accepted = await t.request({ method: 'PUT', url: `/api/org-invite/${inviteId}/accept`, token: founder.token });
    expectStatus(accepted, 409);
    expect(errorOf(accepted)).toEqual({ code: 'invite/already_member', message: 'That person is already part of this organization.' });
    const member = await membership(org._id, founder.personId);
    expect(member).toMatchObject({ level: 'ADMIN', email: founder.email });
    const [row] = await t.database.db.select().from(orgInvites).where(eq(orgInvites.id, inviteId));
    expect(row?.status).toBe('pending');
    // The admin still administers the organisation.
    expectStatus(await t.request({ method: 'PUT', url: `/api/org/${org._id}`, token: founder.token, payload: { title: 'Kept' } }), 200);
  });

  it('does not let an invite change the level of a current member, up or down', async () => {
    const person = await verifiedPerson(t);
    await addMember(t, w.orgId, person, 'MANAGER');
    const other = uniqueEmail('other');
    await t.database.db.insert(personEmails).values({ personId: person.personId, email: other, verified: true });
    const invite = await t.request({
      method: 'POST',
      url: `/api/org/${w.orgId}/invite`,
      token: w.people.limitedManager.token,
      payload: { inviteeEmail: other, config: { permission: 'OBSERVER_ORG_LIMITED' } },
    });
    expectStatus(invite, 201);
    const accepted = await t.request({
      method: 'PUT',
      url: `/api/org-invite/${(invite.json() as { _id: string })._id}/accept`,
      token: person.token,
    });
    expectStatus(accepted, 409);
    expect(await membership(w.orgId, person.personId)).toMatchObject({ level: 'MANAGER', email: person.email });
  });
});

describe('a removed person cannot undo their removal', () => {
  const schedule = (token: string, body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: `/api/org/${w.orgId}/schedule/people`, token, payload: body });
  const personUrl = (personId: string) => `/api/org/${w.orgId}/people/${personId}`;

  it('neither cancels nor postpones the end a manager gave them; nothing is written', async () => {
    const person = await verifiedPerson(t);
    await addMember(t, w.orgId, person, 'MEMBER');
    expectStatus(await t.request({ method: 'DELETE', url: personUrl(person.personId), token: w.people.manager.token }), 200);
    for (const endDate of [null, '2099-01-01']) {
      const response = await schedule(person.token, { personId: person.personId, endDate });
      expectStatus(response, 403);
      expect(errorOf(response)).toEqual(FORBIDDEN);
    }
    expect(await membership(w.orgId, person.personId)).toMatchObject({ endDate: tomorrow(), removedBy: w.people.manager.personId });
  });

  it('a manager removed by an admin cannot cancel it either', async () => {
    const manager = await verifiedPerson(t);
    await addMember(t, w.orgId, manager, 'MANAGER');
    expectStatus(await t.request({ method: 'DELETE', url: personUrl(manager.personId), token: w.people.admin.token }), 200);
    expectStatus(await schedule(manager.token, { personId: manager.personId, endDate: null }), 403);
    expect((await membership(w.orgId, manager.personId)).endDate).toBe(tomorrow());
  });

  it('may leave earlier than scheduled, which still cannot be cancelled afterwards', async () => {
    const person = await verifiedPerson(t);
    await addMember(t, w.orgId, person, 'MEMBER');
    expectStatus(await schedule(w.people.manager.token, { personId: person.personId, endDate: '2099-01-01' }), 200);
    // Bringing the day closer is the person's to decide: by scheduling it, or by leaving now.
    expectStatus(await schedule(person.token, { personId: person.personId, endDate: '2098-01-01' }), 200);
    expectStatus(await t.request({ method: 'DELETE', url: personUrl(person.personId), token: person.token }), 200);
    expect(await membership(w.orgId, person.personId)).toMatchObject({ endDate: tomorrow(), removedBy: w.people.manager.personId });
    expectStatus(await schedule(person.token, { personId: person.personId, endDate: null }), 403);
    expect((await membership(w.orgId, person.personId)).endDate).toBe(tomorrow());
    // The manager may still take it back.
    const cancelled = await schedule(w.people.manager.token, { personId: person.personId, endDate: null });
    expectStatus(cancelled, 200);
    expect(cancelled.json()).toMatchObject({ endDate: null });
  });

  it('still lets a person cancel or move the day they chose themselves', async () => {
    const person = await verifiedPerson(t);
    await addMember(t, w.orgId, person, 'MEMBER');
    expectStatus(await schedule(person.token, { personId: person.personId, endDate: '2099-01-01' }), 200);
    expectStatus(await schedule(person.token, { personId: person.personId, endDate: '2099-06-01' }), 200);
    const cancelled = await schedule(person.token, { personId: person.personId, endDate: null });
    expectStatus(cancelled, 200);
    expect(cancelled.json()).toMatchObject({ endDate: null });
  });
});

describe('the only staying admin leaving', () => {
  it('does not delete the organisation while another admin is still a member until a later day', async () => {
    const founder = await verifiedPerson(t);
    const org = await createOrg(t, founder.token);
    const other = await verifiedPerson(t);
    await addMember(t, org._id, other, 'ADMIN', { endDate: '2099-01-01' });
    const response = await t.request({
      method: 'DELETE',
      url: `/api/org/${org._id}/people/${founder.personId}?confirmDeleteOrganisation=true`,
      token: founder.token,
    });
    expectStatus(response, 409);
    expect(errorOf(response).code).toBe('org/last-admin');
    const [row] = await t.database.db.select({ deletedAt: orgs.deletedAt }).from(orgs).where(eq(orgs.id, org._id));
    expect(row!.deletedAt).toBeNull();
    expect((await membership(org._id, founder.personId)).endDate).toBeNull();
    // once the other admin stays for good, the founder leaves and the organisation stays
    expectStatus(
      await t.request({
        method: 'POST',
        url: `/api/org/${org._id}/schedule/people`,
        token: founder.token,
        payload: { personId: other.personId, endDate: null },
      }),
      200,
    );
    const left = await t.request({ method: 'DELETE', url: `/api/org/${org._id}/people/${founder.personId}`, token: founder.token });
    expectStatus(left, 200);
    expect(left.json()).toMatchObject({ organisationDeleted: false });
  });
});

describe('a limited organisation observer (someone from outside)', () => {
  it('sees the people by name, not their emails, and finds nobody by an email', async () => {
    const observer = await verifiedPerson(t, { firstName: 'Lina', lastName: 'Limited' });
    await addMember(t, w.orgId, observer, 'OBSERVER_ORG_LIMITED');
    type Listed = { people: { ref: { _id: string }; email: string }[] };
    const list = async (token: string, search = '') => {
      const response = await t.request({
        method: 'GET',
        url: `/api/v2/orgs/${w.orgId}/people?search=${encodeURIComponent(search)}`,
        token,
      });
      expectStatus(response, 200);
      return (response.json() as Listed).people;
    };
    const seen = await list(observer.token);
    const emailOf = (people: Listed['people'], personId: string) => people.find((person) => person.ref._id === personId)?.email;
    expect(emailOf(seen, observer.personId)).toBe(observer.email);
    expect(emailOf(seen, w.people.admin.personId)).toBe('');
    expect(JSON.stringify(seen)).not.toContain(w.people.manager.email);
    const one = await t.request({ method: 'GET', url: `/api/org/${w.orgId}/people/${w.people.manager.personId}`, token: observer.token });
    expect((one.json() as { email: string }).email).toBe('');
    expect(await list(observer.token, w.people.manager.email)).toEqual([]);
    expect((await list(observer.token, 'Ada')).map((person) => person.ref._id)).toContain(w.people.admin.personId);
    // everybody else of the organisation still sees the emails, and finds people by them
    expect(emailOf(await list(w.people.member.token), w.people.admin.personId)).toBe(w.people.admin.email);
    expect((await list(w.people.member.token, w.people.manager.email)).map((person) => person.ref._id)).toEqual([
      w.people.manager.personId,
    ]);
  });
});

/** What a refused write must leave as it was: the settings and the roles. */
async function orgState() {
  const [org] = await t.database.db.select().from(orgs).where(eq(orgs.id, w.orgId));
  const roles = await t.database.db.select({ id: orgRoles.id }).from(orgRoles).where(eq(orgRoles.orgId, w.orgId));
  return { updatedAt: org!.updatedAt, roles: roles.length };
}

describe('odd numbers answer 400 naming the field and its real bound', () => {
  it.each([
    ['daysPerWeek', 'PUT', '', { daysPerWeek: 1e308 }, 'Days per week must be at most 7.'],
    ['daysPerWeek', 'PUT', '', { daysPerWeek: 1.5 }, 'Days per week must be a whole number.'],
    ['daysPerWeek', 'PUT', '', { daysPerWeek: -1 }, 'Days per week must be at least 1.'],
    ['proposalDeadlines.0.days', 'PUT', '', { proposalDeadlines: [{ title: 'Offer', days: 1e308 }] }, 'Days must be at most 3650.'],
    [
      'leaveCodes.0.days.0.year',
      'PUT',
      '',
      { leaveCodes: [{ id: 'annual', description: 'Annual', days: [{ year: 1e308, amount: 1 }] }] },
      'Year must be at most 2999.',
    ],
    [
      'leaveCodes.0.timesPerYear',
      'PUT',
      '',
      { leaveCodes: [{ id: 'annual', description: 'Annual', timesPerYear: 1e308 }] },
      'Times per year must be at most 366.',
    ],
    ['permission', 'POST', '/roles', { name: 'Huge', permission: 1e308 }, 'Permission must be at most 5.'],
    [
      'inviteDomains',
      'PUT',
      '',
      { inviteDomains: Array.from({ length: 1000 }, (_, i) => `d${i}.com`) },
      'Invite domains must be at most 50 items.',
    ],
  ])('%s: %s %s', async (field, method, path, payload, message) => {
    const before = await orgState();
    const response = await t.request({
      method: method as 'PUT',
      url: `/api/org/${w.orgId}${path}`,
      token: w.people.admin.token,
      payload,
    });
    expectStatus(response, 400);
    expect(errorOf(response)).toMatchObject({ code: 'validation', message, fields: { [field]: message.slice(0, -1) } });
    expect(await orgState()).toEqual(before);
  });

  it('keeps the people table of another organisation out of reach, whatever the id', async () => {
    const stranger = await insertMember(t, w.otherOrgId, 'MEMBER');
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await t.request({
        method,
        url: `/api/org/${w.orgId}/people/${stranger.personId}`,
        token: w.people.admin.token,
        ...(method === 'PUT' ? { payload: { canApproveRoles: true } } : {}),
      });
      expectStatus(response, 404);
      expect(errorOf(response).message).toBe('Not found in organization');
    }
    expect(await membership(w.otherOrgId, stranger.personId)).toMatchObject({ canApproveRoles: false, endDate: null });
  });
});

describe("an organisation email stays the person's own", () => {
  const changeEmail = (token: string, personId: string, email: string) =>
    t.request({ method: 'PUT', url: `/api/org/${w.orgId}/people/${personId}/email`, token, payload: { email } });
  const IN_USE = { code: 'auth/email-already-in-use', message: 'Another person exists with this email.' };

  it("refuses another member's sign-in or verified address (409)", async () => {
    const member = await verifiedPerson(t);
    await addMember(t, w.orgId, member, 'MEMBER');
    const other = await insertMember(t, w.orgId);
    // the other member goes by a work address here; their sign-in address is still theirs
    await t.database.db
      .update(orgPeople)
      .set({ email: uniqueEmail('work') })
      .where(and(eq(orgPeople.orgId, w.orgId), eq(orgPeople.personId, other.personId)));
    const secondary = uniqueEmail('second');
    await t.database.db.insert(personEmails).values({ personId: other.personId, email: secondary, verified: true });
    for (const email of [other.email, secondary, ` ${other.email.toUpperCase()} `]) {
      const response = await changeEmail(member.token, member.personId, email);
      expectStatus(response, 409);
      expect(errorOf(response)).toEqual(IN_USE);
    }
    expect((await membership(w.orgId, member.personId)).email).toBe(member.email);
  });

  it("refuses anybody else's address, in the organisation or not (rule 156)", async () => {
    const member = await verifiedPerson(t);
    await addMember(t, w.orgId, member, 'MEMBER');
    const former = await insertMember(t, w.orgId, 'MEMBER', { endDate: '2020-01-01' });
    for (const email of [former.email, w.people.outsider.email, w.people.otherOrgAdmin.email]) {
      const response = await changeEmail(member.token, member.personId, email);
      expectStatus(response, 409);
      expect(errorOf(response)).toEqual(IN_USE);
    }
    expect((await membership(w.orgId, member.personId)).email).toBe(member.email);
  });

  it("takes an address nobody else has: another's unverified one, a new one, the person's own", async () => {
    const member = await verifiedPerson(t);
    await addMember(t, w.orgId, member, 'MEMBER');
    const other = await insertMember(t, w.orgId);
    const unverified = uniqueEmail('unverified');
    await t.database.db.insert(personEmails).values({ personId: other.personId, email: unverified, verified: false });
    for (const email of [unverified, uniqueEmail('own'), member.email]) {
      const response = await changeEmail(member.token, member.personId, email);
      expectStatus(response, 200);
      expect(response.json()).toMatchObject({ email });
    }
  });

  it('gives an address to one of two members asking for it at the same moment; the other gets 409', async () => {
    const [first, second] = await Promise.all([verifiedPerson(t), verifiedPerson(t)]);
    await addMember(t, w.orgId, first, 'MEMBER');
    await addMember(t, w.orgId, second, 'MEMBER');
    for (let round = 0; round < 5; round++) {
      const email = uniqueEmail(`both-${round}`);
      const answers = await Promise.all([first, second].map((member) => changeEmail(member.token, member.personId, email)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const holders = await t.database.db
        .select()
        .from(orgPeople)
        .where(and(eq(orgPeople.orgId, w.orgId), eq(orgPeople.email, email)));
      expect(holders).toHaveLength(1);
    }
  });

  it("keeps an admin's organisation email on an approved domain (rule 124); others may use any", async () => {
    const admin = await verifiedPerson(t);
    await addMember(t, w.orgId, admin, 'ADMIN');
    for (const token of [admin.token, w.people.admin.token]) {
      const response = await changeEmail(token, admin.personId, 'boss@gmail.com');
      expectStatus(response, 400);
      expect(errorOf(response)).toEqual({
        code: 'invite/domain-not-approved',
        message: 'Permission admin is not permitted for domains that are not approved by the organization.',
      });
    }
    expect((await membership(w.orgId, admin.personId)).email).toBe(admin.email);
    const approved = uniqueEmail('boss');
    expectStatus(await changeEmail(admin.token, admin.personId, approved), 200);
    expect((await membership(w.orgId, admin.personId)).email).toBe(approved);
    const member = await insertMember(t, w.orgId);
    expectStatus(await changeEmail(w.people.admin.token, member.personId, member.email.replace('example.com', 'gmail.com')), 200);
  });
});

describe('the dates of an organisation person', () => {
  const update = (personId: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `/api/org/${w.orgId}/people/${personId}`, token: w.people.manager.token, payload });
  const schedule = (personId: string, endDate: string | null) =>
    t.request({
      method: 'POST',
      url: `/api/org/${w.orgId}/schedule/people`,
      token: w.people.manager.token,
      payload: { personId, endDate },
    });
  const BACKWARDS = 'The end date must not be before the start date';

  it('refuses a start after the scheduled end, naming startDate, and keeps the entry', async () => {
    const person = await insertMember(t, w.orgId, 'MEMBER', { endDate: '2099-01-01' });
    const response = await update(person.personId, { startDate: '2099-06-01' });
    expectStatus(response, 400);
    expect(errorOf(response)).toEqual({ code: 'validation', message: `${BACKWARDS}.`, fields: { startDate: BACKWARDS } });
    expect(await membership(w.orgId, person.personId)).toMatchObject({ startDate: null, endDate: '2099-01-01' });
    expectStatus(await update(person.personId, { startDate: '2098-12-31' }), 200);
  });

  it('refuses scheduling the end before the start, naming endDate, and keeps the entry', async () => {
    const person = await insertMember(t, w.orgId, 'MEMBER', { startDate: '2099-06-01' });
    const response = await schedule(person.personId, '2099-01-01');
    expectStatus(response, 400);
    expect(errorOf(response)).toEqual({ code: 'validation', message: `${BACKWARDS}.`, fields: { endDate: BACKWARDS } });
    expect(await membership(w.orgId, person.personId)).toMatchObject({ startDate: '2099-06-01', endDate: null });
    expectStatus(await schedule(person.personId, '2099-06-02'), 200);
  });

  it('refuses far dates (400 naming the field)', async () => {
    const person = await insertMember(t, w.orgId);
    for (const startDate of ['3000-01-01', '1899-12-31', '275760-09-13']) {
      const response = await update(person.personId, { startDate });
      expectStatus(response, 400);
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['startDate']);
    }
    const far = await schedule(person.personId, '3000-01-01');
    expectStatus(far, 400);
    expect(errorOf(far).fields).toEqual({ endDate: 'End date must be between the years 1900 and 2999' });
    expect(await membership(w.orgId, person.personId)).toMatchObject({ startDate: null, endDate: null });
  });
});

describe('years of pre-service are years, months and days as the leave rules read them', () => {
  const MESSAGE = 'Years of pre-service must be years-months-days, with at most 99 years, 11 months and 30 days';
  const update = (personId: string, yearsOfPreService: string) =>
    t.request({
      method: 'PUT',
      url: `/api/org/${w.orgId}/people/${personId}`,
      token: w.people.manager.token,
      payload: { yearsOfPreService },
    });

  it.each(['9999-99-99', '3-12-0', '3-0-31', '3-99-0', '100-0-0', '3-6', '3-6-0-0', '-1-0-0'])(
    'refuses %s (400 naming the field)',
    async (text) => {
      const person = await insertMember(t, w.orgId);
      const response = await update(person.personId, text);
      expectStatus(response, 400);
      expect(errorOf(response)).toEqual({ code: 'validation', message: `${MESSAGE}.`, fields: { yearsOfPreService: MESSAGE } });
      expect((await membership(w.orgId, person.personId)).yearsOfPreService).toBeNull();
    },
  );

  it.each(['0-0-0', '3-6-0', '03-06-09', '99-11-30'])('takes %s', async (text) => {
    const person = await insertMember(t, w.orgId);
    expectStatus(await update(person.personId, text), 200);
    expect((await membership(w.orgId, person.personId)).yearsOfPreService).toBe(text);
  });
});
