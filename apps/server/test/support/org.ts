import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { OrgLevel, OrgMemberFacts } from '@crewplan/domain';
import { orgPeople, people } from '../../src/db/schema/index.ts';
import type { TestApp } from './app.ts';
import { signUpPerson, uniqueEmail, type TestPerson } from './people.ts';

export const errorOf = (response: LightMyRequestResponse) =>
  (response.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

/** Expects a status, showing the body when it differs. */
export function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(`${response.statusCode} ${response.statusCode === status ? '' : response.body}`.trim()).toBe(`${status}`);
}

/** Marks a person's sign-in email verified (inviting needs it). */
export async function verifyEmail(t: TestApp, personId: string) {
  await t.database.db.update(people).set({ emailVerified: true }).where(eq(people.id, personId));
}

/** A signed-up person with a verified email. */
export async function verifiedPerson(t: TestApp, overrides: Parameters<typeof signUpPerson>[1] = {}): Promise<TestPerson> {
  const person = await signUpPerson(t, overrides);
  await verifyEmail(t, person.personId);
  return person;
}

export type CreatedOrg = { _id: string; title: string; updatedAt: string; [key: string]: unknown };

/** Creates an organisation through the API; the person becomes its admin. */
export async function createOrg(t: TestApp, token: string, body: Record<string, unknown> = {}): Promise<CreatedOrg> {
  const response = await t.request({
    method: 'POST',
    url: '/api/org',
    token,
    payload: { title: `Org ${randomBytes(3).toString('hex')}`, ...body },
  });
  expectStatus(response, 201);
  return response.json() as CreatedOrg;
}

export type MemberOptions = Partial<
  Pick<
    typeof orgPeople.$inferInsert,
    | 'departments'
    | 'officeId'
    | 'accessibleDepartments'
    | 'accessibleOffices'
    | 'canApproveRoles'
    | 'canApproveLeaves'
    | 'canManageGoals'
    | 'canCreateProjects'
    | 'startDate'
    | 'endDate'
    | 'roleId'
  >
>;

/** Puts a person into an organisation at a level, straight in the database (the API way is an accepted invite). */
export async function addMember(
  t: TestApp,
  orgId: string,
  person: { personId: string; email: string },
  level: OrgLevel,
  options: MemberOptions = {},
) {
  await t.database.db
    .insert(orgPeople)
    .values({ orgId, personId: person.personId, email: person.email, level, ...options })
    .onConflictDoUpdate({ target: [orgPeople.orgId, orgPeople.personId], set: { level, endDate: null, ...options } });
}

/** A person who exists only in the database (no password, no session): a fast target to act on. */
export async function insertPerson(t: TestApp, label = 'target', names: { firstName?: string; lastName?: string } = {}) {
  const email = uniqueEmail(label);
  const [row] = await t.database.db
    .insert(people)
    .values({ email, emailVerified: true, firstName: names.firstName ?? 'Tara', lastName: names.lastName ?? 'Target' })
    .returning();
  return { personId: row!.id, email };
}

/** A new member of an organisation who exists only in the database. */
export async function insertMember(t: TestApp, orgId: string, level: OrgLevel = 'MEMBER', options: MemberOptions = {}, label = 'member') {
  const person = await insertPerson(t, label);
  await addMember(t, orgId, person, level, options);
  return person;
}

export const PRINCIPAL_LEVELS = {
  admin: 'ADMIN',
  manager: 'MANAGER',
  limitedManager: 'MANAGER_LIMITED',
  member: 'MEMBER',
  observerOrg: 'OBSERVER_ORG',
  observerOrgLimited: 'OBSERVER_ORG_LIMITED',
} as const satisfies Record<string, OrgLevel>;
export type LevelPrincipal = keyof typeof PRINCIPAL_LEVELS;

/**
 * One organisation with a signed-in person at every level, an outsider, the admin of another organisation,
 * and an API key of the organisation.
 */
export type OrgWorld = {
  orgId: string;
  otherOrgId: string;
  people: Record<LevelPrincipal | 'outsider' | 'otherOrgAdmin', TestPerson>;
  apiKey: string;
  apiKeyId: string;
};

export async function createOrgWorld(t: TestApp): Promise<OrgWorld> {
  const admin = await verifiedPerson(t, { email: uniqueEmail('admin'), firstName: 'Ada', lastName: 'Admin' });
  const org = await createOrg(t, admin.token, { title: `World ${randomBytes(3).toString('hex')}`, inviteDomains: ['example.com'] });
  const peopleByName = { admin } as OrgWorld['people'];
  for (const [name, level] of Object.entries(PRINCIPAL_LEVELS)) {
    if (name === 'admin') continue;
    const person = await verifiedPerson(t, { email: uniqueEmail(name), firstName: name, lastName: 'Person' });
    await addMember(t, org._id, person, level);
    peopleByName[name as LevelPrincipal] = person;
  }
  peopleByName.outsider = await verifiedPerson(t, { email: uniqueEmail('outsider'), firstName: 'Otto', lastName: 'Outsider' });
  peopleByName.otherOrgAdmin = await verifiedPerson(t, { email: uniqueEmail('other'), firstName: 'Oona', lastName: 'Other' });
  const otherOrg = await createOrg(t, peopleByName.otherOrgAdmin.token);
  const key = await t.request({
    method: 'POST',
    url: `/api/org/${org._id}/open-api/keys`,
    token: admin.token,
    payload: { name: 'World key' },
  });
  expectStatus(key, 201);
  const { key: apiKey, keyId } = key.json() as { key: string; keyId: string };
  return { orgId: org._id, otherOrgId: otherOrg._id, people: peopleByName, apiKey, apiKeyId: keyId };
}

/** The policy's view of a principal of the world (no special rights). */
export function factsOf(level: OrgLevel, personId: string): OrgMemberFacts {
  return {
    kind: 'person',
    personId,
    level,
    canApproveRoles: false,
    canApproveLeaves: false,
    canManageGoals: false,
    canCreateProjects: false,
    accessibleDepartments: [],
    accessibleOffices: [],
  };
}

/** A real 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body built by hand: one file part. */
export function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----crewplan${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
