import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orgPeople, orgs, subscriptions } from '../src/db/schema/index.ts';
import { syncSeats } from '../src/modules/billing/billing.service.ts';
import { SEATS_JOB } from '../src/modules/billing/billing.subscribers.ts';
import type { TestApp } from './support/app.ts';
import { createTestClock, type TestClock } from './support/clock.ts';
import { startAppWithFakeStripe, stopAppWithFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { createOrg, expectStatus, insertMember, verifiedPerson } from './support/org.ts';

const DAY_MS = 24 * 3_600_000;

let fake: FakeStripe;
let clock: TestClock;
let t: TestApp;
beforeAll(async () => {
  clock = createTestClock();
  ({ fake, t } = await startAppWithFakeStripe({ clock }));
});
afterAll(() => stopAppWithFakeStripe({ t, fake }));

const details = { billing_name: 'Ada Admin', billing_email: 'billing@example.com', billing_country: 'de', billing_zip: '10115' };

type Item = { id: string; quantity: number; metadata: { seat?: string }; price: { unit_amount: number; product: string } };
type Subscription = { id: string; status: string; metadata: { orgId?: string }; items: { data: Item[] } };

/** An organisation of an admin and `members` members, subscribed to Unlimited (with the AI add-on). */
async function subscribedOrg(members: number) {
  const admin = await verifiedPerson(t);
  const orgId = (await createOrg(t, admin.token))._id;
  const people = [];
  for (let i = 0; i < members; i += 1) people.push(await insertMember(t, orgId, 'MEMBER'));
  const created = await t.request({
    method: 'POST',
    url: `/api/org/${orgId}/subscription`,
    token: admin.token,
    payload: { idempotencyKey: `seats-${Math.random().toString(36).slice(2, 12)}`, customer: details, aiAddon: true },
  });
  expectStatus(created, 200);
  return { admin, orgId, people };
}

function subscriptionOf(orgId: string): Subscription {
  const found = [...fake.objects.values()].find((o) => o.object === 'subscription' && (o as Subscription).metadata.orgId === orgId);
  if (!found) throw new Error(`no subscription of ${orgId}`);
  return found as unknown as Subscription;
}

/** The provider's quantities by seat kind. */
const quantities = (orgId: string) =>
  Object.fromEntries(subscriptionOf(orgId).items.data.map((item) => [item.metadata.seat, item.quantity] as const));

const updatesOf = (orgId: string) => fake.requests.filter((r) => r === `POST /v1/subscriptions/${subscriptionOf(orgId).id}`).length;

async function inviteAndAccept(orgId: string, adminToken: string, permission: string) {
  const person = await verifiedPerson(t);
  const invited = await t.request({
    method: 'POST',
    url: `/api/org/${orgId}/invite`,
    token: adminToken,
    payload: { inviteeEmail: person.email, config: { permission } },
  });
  expectStatus(invited, 201);
  const accepted = await t.request({
    method: 'PUT',
    url: `/api/org-invite/${(invited.json() as { _id: string })._id}/accept`,
    token: person.token,
  });
  return { person, accepted };
}

const setLevel = (orgId: string, personId: string, token: string, permission: string) =>
  t.request({ method: 'PUT', url: `/api/org/${orgId}/people/${personId}`, token, payload: { permission } });

/** A day goes by: due jobs (the daily reconciliation among them) run. */
async function nextDay() {
  clock.advance(DAY_MS + 60_000);
  await t.app.ctx.jobs.runDue();
}

describe('the provider subscription follows the seats', () => {
  it('counts a person who joins through an invite; a new kind of seat is added under the same product', async () => {
    const { admin, orgId } = await subscribedOrg(1);
    expect(quantities(orgId)).toEqual({ admins: 1, members: 1, ai: 1 });
    const { accepted } = await inviteAndAccept(orgId, admin.token, 'MEMBER');
    expectStatus(accepted, 200);
    expect(quantities(orgId)).toEqual({ admins: 1, members: 2, ai: 1 });

    const { accepted: manager } = await inviteAndAccept(orgId, admin.token, 'MANAGER');
    expectStatus(manager, 200);
    expect(quantities(orgId)).toEqual({ admins: 1, members: 2, ai: 1, managers: 1 });
    const items = subscriptionOf(orgId).items.data;
    const added = items.find((item) => item.metadata.seat === 'managers')!;
    expect(added.price).toMatchObject({
      unit_amount: 999,
      currency: 'usd',
      recurring: { interval: 'month' },
      product: items[0]!.price.product,
    });
  });

  it('drops a removed person on the day they leave (they hold their seat until then)', async () => {
    const { admin, orgId, people } = await subscribedOrg(2);
    const leaver = people[0]!;
    expectStatus(await t.request({ method: 'DELETE', url: `/api/org/${orgId}/people/${leaver.personId}`, token: admin.token }), 200);
    expect(quantities(orgId).members).toBe(2);
    // a sync of this organisation is planned for the start of the leaving day, as the database counts days
    const planned = await t.database.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, SEATS_JOB), sql`${jobs.payload} ->> 'orgId' = ${orgId}`));
    const { rows } = await t.database.db.execute<{ at: number }>(
      sql`select extract(epoch from (current_date + 1)::timestamptz)::float8 as at`,
    );
    expect(planned.map((job) => job.runAt.getTime())).toEqual([rows[0]!.at * 1000]);
    // the leaving day comes
    await t.database.db
      .update(orgPeople)
      .set({ endDate: new Date().toISOString().slice(0, 10) })
      .where(eq(orgPeople.personId, leaver.personId));
    await nextDay();
    expect(quantities(orgId)).toEqual({ admins: 1, members: 1, ai: 1 });
  });

  it('drops a person made a limited organisation observer, and removes the kind no seat holds any more', async () => {
    const { admin, orgId, people } = await subscribedOrg(2);
    expectStatus(await setLevel(orgId, people[0]!.personId, admin.token, 'OBSERVER_ORG_LIMITED'), 200);
    expect(quantities(orgId)).toEqual({ admins: 1, members: 1, ai: 1 });
    expectStatus(await setLevel(orgId, people[1]!.personId, admin.token, 'OBSERVER_ORG_LIMITED'), 200);
    expect(quantities(orgId)).toEqual({ admins: 1, ai: 1 });
  });

  it('sends no update when the quantities already match', async () => {
    const { admin, orgId, people } = await subscribedOrg(1);
    const before = updatesOf(orgId);
    // a change of a person that moves no seat
    expectStatus(await setLevel(orgId, people[0]!.personId, admin.token, 'OBSERVER_ORG'), 200);
    expect(await syncSeats(t.app.ctx, orgId, t.app.log)).toBe('unchanged');
    expect(await syncSeats(t.app.ctx, orgId, t.app.log)).toBe('unchanged');
    expect(updatesOf(orgId)).toBe(before);
    expect(quantities(orgId)).toEqual({ admins: 1, members: 1, ai: 1 });
  });

  it('lets the membership change succeed when the provider fails; the daily reconciliation catches up', async () => {
    const { admin, orgId } = await subscribedOrg(1);
    fake.failNextSubscriptionUpdate();
    const { person, accepted } = await inviteAndAccept(orgId, admin.token, 'MEMBER');
    expectStatus(accepted, 200);
    expect((await t.database.db.select().from(orgPeople).where(eq(orgPeople.personId, person.personId))).length).toBe(1);
    expect(quantities(orgId).members).toBe(1);
    await nextDay();
    expect(quantities(orgId).members).toBe(2);
  });

  it('reconciles daily the seats that changed without a membership event', async () => {
    const { orgId } = await subscribedOrg(1);
    await insertMember(t, orgId, 'ADMIN');
    expect(quantities(orgId).admins).toBe(1);
    await nextDay();
    expect(quantities(orgId)).toEqual({ admins: 2, members: 1, ai: 1 });
  });
});

describe('a deleted organisation is charged no more', () => {
  const ours = async (orgId: string) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId)))[0]!;
  const cancels = (orgId: string) => fake.requests.filter((r) => r === `DELETE /v1/subscriptions/${subscriptionOf(orgId).id}`).length;

  it('cancels the subscription at the provider when an admin deletes the organisation', async () => {
    const { admin, orgId } = await subscribedOrg(1);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/org/${orgId}`, token: admin.token }), 200);
    expect([subscriptionOf(orgId).status, cancels(orgId)]).toEqual(['canceled', 1]);
    expect(await ours(orgId)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
  });

  it('cancels it when the only admin leaves and so deletes the organisation', async () => {
    const { admin, orgId } = await subscribedOrg(2);
    const left = await t.request({
      method: 'DELETE',
      url: `/api/org/${orgId}/people/${admin.personId}?confirmDeleteOrganisation=true`,
      token: admin.token,
    });
    expectStatus(left, 200);
    expect(left.json()).toMatchObject({ organisationDeleted: true });
    expect([subscriptionOf(orgId).status, cancels(orgId)]).toEqual(['canceled', 1]);
    expect((await ours(orgId)).status).toBe('canceled');
    // the seats sync planned for the leaving day finds nothing left to change
    await nextDay();
    expect(cancels(orgId)).toBe(1);
  });

  it('deletes the organisation though the provider fails to cancel; the daily reconciliation cancels it', async () => {
    const { admin, orgId } = await subscribedOrg(1);
    fake.failNextSubscriptionUpdate();
    expectStatus(await t.request({ method: 'DELETE', url: `/api/org/${orgId}`, token: admin.token }), 200);
    expect((await t.database.db.select({ deletedAt: orgs.deletedAt }).from(orgs).where(eq(orgs.id, orgId)))[0]!.deletedAt).not.toBeNull();
    expect([subscriptionOf(orgId).status, (await ours(orgId)).status]).toEqual(['active', 'active']);
    await nextDay();
    expect([subscriptionOf(orgId).status, (await ours(orgId)).status]).toEqual(['canceled', 'canceled']);
  });
});
