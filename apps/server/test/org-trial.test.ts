import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgs, people } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { insertMission } from './support/missions.ts';
import { addMember, createOrg, errorOf, expectStatus, verifiedPerson } from './support/org.ts';
import { signUpPerson, uniqueEmail } from './support/people.ts';

const SPEC = {
  notAdmin: 'Ooops. Please make sure you are authorized to administer this organization.',
  verify: 'Apologies, but you need to verify your email address before proceeding...',
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const startTrial = (orgId: string, token?: string, payload: unknown = { trial: true }) =>
  t.request({ method: 'POST', url: `/api/org/${orgId}/subscription`, token, payload: payload as Record<string, unknown> });

describe('POST /api/org/:orgId/subscription (the free 30-day trial)', () => {
  it('lets an organisation admin start it once: licensed for 30 days, then the 5 free slots apply again', async () => {
    const admin = await verifiedPerson(t);
    const org = await createOrg(t, admin.token);
    const started = await startTrial(org._id, admin.token);
    expectStatus(started, 200);
    const body = started.json() as { isLicensedActive: boolean; trialStartedOn: string; trialEndsAt: string };
    expect(body.isLicensedActive).toBe(true);
    expect(new Date(body.trialEndsAt).getTime() - new Date(body.trialStartedOn).getTime()).toBe(30 * 24 * 3_600_000);
    const read = await t.request({ method: 'GET', url: `/api/org/${org._id}`, token: admin.token });
    expect((read.json() as { isLicensedActive: boolean }).isLicensedActive).toBe(true);
    const mission = await insertMission(t, admin, { orgId: org._id });
    const slots = async () =>
      (
        (await t.request({ method: 'GET', url: `/api/mission/${mission.id}`, token: admin.token })).json() as {
          freeSlots: { unlimited: boolean };
        }
      ).freeSlots;
    expect((await slots()).unlimited).toBe(true);

    const again = await startTrial(org._id, admin.token);
    expectStatus(again, 409);
    expect(errorOf(again).code).toBe('trial/already-used');

    await t.database.db
      .update(orgs)
      .set({ trialStartedOn: new Date(Date.now() - 31 * 24 * 3_600_000) })
      .where(eq(orgs.id, org._id));
    const lapsed = await t.request({ method: 'GET', url: `/api/org/${org._id}`, token: admin.token });
    expect((lapsed.json() as { isLicensedActive: boolean }).isLicensedActive).toBe(false);
    expect((await slots()).unlimited).toBe(false);
  });

  it("refuses managers and members with the spec's text, an unverified admin with its own, and hides the organisation from outsiders", async () => {
    const admin = await verifiedPerson(t);
    const org = await createOrg(t, admin.token);
    for (const level of ['MANAGER', 'MEMBER', 'OBSERVER_ORG'] as const) {
      const person = await verifiedPerson(t);
      await addMember(t, org._id, person, level);
      const refused = await startTrial(org._id, person.token);
      expectStatus(refused, 403);
      expect(errorOf(refused).message).toBe(SPEC.notAdmin);
    }
    const unverified = await signUpPerson(t, { email: uniqueEmail('unverified') });
    await addMember(t, org._id, unverified, 'ADMIN');
    const notVerified = await startTrial(org._id, unverified.token);
    expectStatus(notVerified, 403);
    expect(errorOf(notVerified)).toEqual({ code: 'auth/email-not-verified', message: SPEC.verify });
    await t.database.db.update(people).set({ emailVerified: true }).where(eq(people.id, unverified.personId));

    expectStatus(await startTrial(org._id, (await verifiedPerson(t)).token), 404);
    expectStatus(await startTrial(org._id), 401);
    expectStatus(await startTrial(org._id, admin.token, { trial: false }), 400);
    expectStatus(await startTrial(org._id, admin.token, { plan: 'gold' }), 400);
  });
});
