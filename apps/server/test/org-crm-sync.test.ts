import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgAuditEvents, orgPeople, orgRoles } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { startFakeCrm, type FakeCrm } from './support/fake-crm.ts';
import { createOrgWorld, errorOf, expectStatus, type OrgWorld } from './support/org.ts';

let t: TestApp;
let crm: FakeCrm;
let w: OrgWorld;
let roleId: string;

beforeAll(async () => {
  crm = await startFakeCrm();
  t = await buildTestApp({ env: { CRM_API_BASE: crm.url, CRM_API_TOKEN: crm.token } });
  w = await createOrgWorld(t);
  roleId = (await t.database.db.insert(orgRoles).values({ orgId: w.orgId, name: 'Engagement Executive A' }).returning())[0]!.id;
});
afterAll(async () => {
  await t.close();
  await crm.close();
});

const sync = (personId: string, token = w.people.admin.token) =>
  t.request({ method: 'POST', url: `/api/org/${w.orgId}/gt/sync/person/${personId}`, token });
const entryOf = async (personId: string) =>
  (
    await t.database.db
      .select()
      .from(orgPeople)
      .where(and(eq(orgPeople.orgId, w.orgId), eq(orgPeople.personId, personId)))
  )[0]!;

describe('POST /api/org/:id/gt/sync/person/:personId against the CRM', () => {
  it("takes over the CRM's role (by name) and dates, asking with the token, and records the change", async () => {
    const { personId, email } = w.people.member;
    crm.people.set(email.toLowerCase(), { email, roleName: 'engagement executive a', startDate: '2026-01-05', endDate: '2027-06-30' });
    const response = await sync(personId);
    expectStatus(response, 200);
    expect(await entryOf(personId)).toMatchObject({ roleId, startDate: '2026-01-05', endDate: '2027-06-30' });
    const asked = crm.requests.at(-1)!;
    expect(asked.authorization).toBe(`Bearer ${crm.token}`);
    expect(asked.url).toBe(`GET /people?email=${encodeURIComponent(email)}&org=${w.orgId}`);
    const audit = await t.database.db
      .select()
      .from(orgAuditEvents)
      .where(and(eq(orgAuditEvents.orgId, w.orgId), eq(orgAuditEvents.entityId, personId), eq(orgAuditEvents.entity, 'org.people')));
    expect(audit.at(-1)!.changes).toMatchObject({ roleId: { to: roleId }, startDate: { to: '2026-01-05' } });
  });

  it('keeps the role when the CRM names one the organisation does not have', async () => {
    const { personId, email } = w.people.manager;
    crm.people.set(email.toLowerCase(), { email, roleName: 'Astronaut', startDate: '2026-02-01' });
    expectStatus(await sync(personId), 200);
    expect(await entryOf(personId)).toMatchObject({ roleId: null, startDate: '2026-02-01' });
  });

  it('answers 404 for a person the CRM does not know, changing nothing', async () => {
    const { personId } = w.people.observerOrg;
    const before = await entryOf(personId);
    const response = await sync(personId);
    expectStatus(response, 404);
    expect(errorOf(response)).toMatchObject({ code: 'org/crm-person-not-found', message: 'This person was not found in the CRM.' });
    expect(await entryOf(personId)).toEqual(before);
  });

  it.each([
    ['a server error', 500, '{"error":"boom"}'],
    ['an answer of another shape', 200, '{"people":[]}'],
    ['an answer that is not JSON', 200, '<html>'],
    ['a refused token', 401, '{}'],
  ])('answers 502 when the CRM gives %s, changing nothing', async (_what, status, body) => {
    const { personId } = w.people.limitedManager;
    const before = await entryOf(personId);
    crm.failNext(status, body);
    const response = await sync(personId);
    expectStatus(response, 502);
    expect(errorOf(response).code).toBe('org/crm-unavailable');
    expect(await entryOf(personId)).toEqual(before);
  });

  it('refuses members (403) and outsiders (404), and a person outside the organisation (404), before asking the CRM', async () => {
    const asked = crm.requests.length;
    expectStatus(await sync(w.people.member.personId, w.people.member.token), 403);
    expectStatus(await sync(w.people.member.personId, w.people.outsider.token), 404);
    expectStatus(await sync(w.people.outsider.personId), 404);
    expect(crm.requests.length).toBe(asked);
  });
});
