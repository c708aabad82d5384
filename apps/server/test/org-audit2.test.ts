import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgPeople } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addMember, createOrg, errorOf, expectStatus, verifiedPerson } from './support/org.ts';
import { uniqueEmail, type TestPerson } from './support/people.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** An organisation with two admins. */
async function twoAdmins() {
  const first = await verifiedPerson(t, { email: uniqueEmail('first') });
  const org = await createOrg(t, first.token, { inviteDomains: ['example.com'] });
  const second = await verifiedPerson(t, { email: uniqueEmail('second') });
  await addMember(t, org._id, second, 'ADMIN');
  return { orgId: org._id, first, second };
}

async function staying(orgId: string) {
  return t.database.db
    .select()
    .from(orgPeople)
    .where(and(eq(orgPeople.orgId, orgId), eq(orgPeople.level, 'ADMIN'), isNull(orgPeople.endDate)));
}

describe('two admins acting on each other at once', () => {
  const demote = (orgId: string, by: TestPerson, whom: TestPerson) =>
    t.request({ method: 'PUT', url: `/api/org/${orgId}/people/${whom.personId}`, token: by.token, payload: { permission: 0 } });
  const remove = (orgId: string, by: TestPerson, whom: TestPerson) =>
    t.request({ method: 'DELETE', url: `/api/org/${orgId}/people/${whom.personId}`, token: by.token });

  it('never leaves the organisation without an admin when each demotes the other', async () => {
    for (let round = 0; round < 5; round++) {
      const { orgId, first, second } = await twoAdmins();
      const answers = await Promise.all([demote(orgId, first, second), demote(orgId, second, first)]);
      // the second to run finds either that it is no longer an admin (403) or that the other is the last one (409)
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect(await staying(orgId)).toHaveLength(1);
    }
  });

  it('never leaves the organisation without an admin when each removes the other', async () => {
    for (let round = 0; round < 5; round++) {
      const { orgId, first, second } = await twoAdmins();
      const answers = await Promise.all([remove(orgId, first, second), remove(orgId, second, first)]);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect(await staying(orgId)).toHaveLength(1);
    }
  });
});

describe('somebody who left and is invited back', () => {
  it('comes back with the invited level only, not the rights they held before', async () => {
    const { orgId, first: admin } = await twoAdmins();
    const returning = await verifiedPerson(t, { email: uniqueEmail('returning') });
    await addMember(t, orgId, returning, 'MANAGER', {
      canApproveRoles: true,
      canApproveLeaves: true,
      canManageGoals: true,
      canCreateProjects: true,
      endDate: '2020-01-01',
    });
    const invited = await t.request({
      method: 'POST',
      url: `/api/org/${orgId}/invite`,
      token: admin.token,
      payload: { inviteeEmail: returning.email, config: { permission: 0 } },
    });
    expectStatus(invited, 201);
    const { _id: inviteId } = invited.json() as { _id: string };
    const accepted = await t.request({ method: 'PUT', url: `/api/org-invite/${inviteId}/accept`, token: returning.token });
    expectStatus(accepted, 200);
    expect(accepted.json()).toMatchObject({
      person: {
        level: 'MEMBER',
        endDate: null,
        canApproveRoles: false,
        canApproveLeaves: false,
        canManageGoals: false,
        canCreateProjects: false,
      },
    });
  });
});

describe('the same email asked for twice at once', () => {
  const inUse = { code: 'auth/email-already-in-use', message: 'Another person exists with this email.' };

  it('gives a sign-in email to one of two people, and tells the other it is taken (409, not 500)', async () => {
    for (let round = 0; round < 3; round++) {
      const [first, second] = await Promise.all([verifiedPerson(t), verifiedPerson(t)]);
      const email = uniqueEmail('same');
      const answers = await Promise.all(
        [first, second].map((person) =>
          t.request({ method: 'PUT', url: '/api/people/profile/email/update', token: person.token, payload: { email } }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(errorOf(answers.find((answer) => answer.statusCode === 409)!)).toMatchObject(inUse);
    }
  });

  it('lists a secondary email once when it is added twice at once (409, not 500)', async () => {
    const person = await verifiedPerson(t);
    for (let round = 0; round < 3; round++) {
      const email = uniqueEmail('second');
      const answers = await Promise.all(
        [1, 2].map(() => t.request({ method: 'PUT', url: '/api/people/profile/email/list/add', token: person.token, payload: { email } })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(errorOf(answers.find((answer) => answer.statusCode === 409)!).code).toBe('auth/email-already-listed');
    }
  });

  it('opens one account for two sign-ups at once, and answers the other with the code a later sign-up gets', async () => {
    for (let round = 0; round < 10; round++) {
      const email = uniqueEmail('twin');
      const answers = await Promise.all(
        [1, 2].map(() => t.request({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'correct-horse-battery' } })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(errorOf(answers.find((answer) => answer.statusCode === 409)!)).toMatchObject(inUse);
    }
  });
});
