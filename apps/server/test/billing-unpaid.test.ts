import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../src/db/schema/index.ts';
import type { TestApp } from './support/app.ts';
import { startAppWithFakeStripe, stopAppWithFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { createOrg, expectStatus, verifiedPerson } from './support/org.ts';

/**
 * A subscription left unpaid by a failed renewal: cancelling it ends it at once (nothing was paid for the period) and
 * the organisation may subscribe again; a paid one still ends with its period. Invoice events of no subscription of
 * the organisation change nothing.
 */
let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  // the provider posts its webhooks to the app built once the provider's keys are known
  ({ fake, t } = await startAppWithFakeStripe({
    deliver: async ({ payload, signature }) =>
      (
        await t.request({
          method: 'POST',
          url: '/api/billing/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        })
      ).statusCode,
  }));
});
afterAll(() => stopAppWithFakeStripe({ t, fake }));

const details = {
  billing_name: 'Una Paid',
  billing_email: 'billing@unpaid.example',
  billing_org_name: 'Unpaid Ltd',
  billing_country: 'fr',
  billing_zip: '75001',
  vat_number: '',
};

type View = { status: string; plan: string; licensed: boolean; cancelAtPeriodEnd: boolean };
type Json = Record<string, unknown>;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Json) =>
  t.request({ method, url: `/api${url}`, token, ...(payload === undefined ? {} : { payload }) });
const viewOf = async (orgId: string, token: string) => (await call('GET', `/org/${orgId}/subscription`, token)).json() as View;
const rowOf = async (orgId: string) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId)))[0]!;

let keys = 0;
const subscribe = (orgId: string, token: string) =>
  call('POST', `/org/${orgId}/subscription`, token, { idempotencyKey: `unpaid-key-${++keys}-${orgId}`, customer: details });

async function subscribed() {
  const admin = await verifiedPerson(t);
  const orgId = (await createOrg(t, admin.token))._id;
  expectStatus(await subscribe(orgId, admin.token), 200);
  const row = await rowOf(orgId);
  return { admin, orgId, subscriptionId: row.providerSubscriptionId!, customer: row.providerCustomerId! };
}

/** A subscribed organisation whose renewal failed at the provider (past due), as the provider's webhooks tell it. */
async function renewalFailed() {
  const world = await subscribed();
  expect(await fake.failRenewal(world.orgId)).toEqual([200, 200]);
  expect((await viewOf(world.orgId, world.admin.token)).status).toBe('past_due');
  const invoiceId = fake.objects.get(world.subscriptionId)!.latest_invoice as string;
  expect(fake.objects.get(invoiceId)).toMatchObject({ status: 'open', subscription: world.subscriptionId });
  return { ...world, invoiceId };
}

function postEvent(type: string, object: Json) {
  const event = fake.signedEvent(type, object);
  return t.request({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
}

describe('PUT /api/org/:orgId/subscription/cancel of an unpaid subscription', () => {
  it('ends a past-due subscription now, voids its open invoice, and lets the organisation subscribe again at once', async () => {
    const { admin, orgId, subscriptionId, invoiceId } = await renewalFailed();
    const cancelled = await call('PUT', `/org/${orgId}/subscription/cancel`, admin.token);
    expectStatus(cancelled, 200);
    expect(cancelled.json()).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false, licensed: false, plan: 'free' });
    expect(fake.objects.get(subscriptionId)).toMatchObject({ status: 'canceled' });
    expect(fake.objects.get(invoiceId)).toMatchObject({ status: 'void' });
    // the provider's news of the end, arriving after, changes nothing
    const deleted = await postEvent('customer.subscription.deleted', { ...fake.objects.get(subscriptionId)!, object: 'subscription' });
    expectStatus(deleted, 200);

    const again = await subscribe(orgId, admin.token);
    expectStatus(again, 200);
    expect(again.json()).toMatchObject({ status: 'active', plan: 'unlimited', licensed: true, cancelAtPeriodEnd: false });
    const row = await rowOf(orgId);
    expect(row.providerSubscriptionId).not.toBe(subscriptionId);
    expect(fake.objects.get(row.providerSubscriptionId!)).toMatchObject({ status: 'active' });
  });

  it('ends an unpaid subscription (retries exhausted) now as well', async () => {
    const { admin, orgId, subscriptionId, customer, invoiceId } = await renewalFailed();
    const subscription = fake.objects.get(subscriptionId)!;
    subscription.status = 'unpaid';
    expectStatus(await postEvent('customer.subscription.updated', { ...subscription, customer }), 200);
    expect((await viewOf(orgId, admin.token)).status).toBe('unpaid');
    const cancelled = await call('PUT', `/org/${orgId}/subscription/cancel`, admin.token);
    expectStatus(cancelled, 200);
    expect(cancelled.json()).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false, licensed: false });
    expect([fake.objects.get(subscriptionId)!.status, fake.objects.get(invoiceId)!.status]).toEqual(['canceled', 'void']);
    expectStatus(await subscribe(orgId, admin.token), 200);
  });

  it('still ends it when the provider refuses to void the invoice, leaving that invoice to the provider', async () => {
    const { admin, orgId, subscriptionId, invoiceId } = await renewalFailed();
    fake.failNextInvoiceVoid();
    const cancelled = await call('PUT', `/org/${orgId}/subscription/cancel`, admin.token);
    expectStatus(cancelled, 200);
    expect(cancelled.json()).toMatchObject({ status: 'canceled', licensed: false });
    expect([fake.objects.get(subscriptionId)!.status, fake.objects.get(invoiceId)!.status]).toEqual(['canceled', 'open']);
    expectStatus(await subscribe(orgId, admin.token), 200);
  });

  it('keeps the period a renewal paid at the provider meanwhile (its news not here yet): it ends at the period end', async () => {
    const { admin, orgId, subscriptionId, invoiceId } = await renewalFailed();
    // the card is retried and pays; the app has not heard it yet
    fake.objects.get(subscriptionId)!.status = 'active';
    Object.assign(fake.objects.get(invoiceId)!, { status: 'paid', paid: true });
    const cancelled = await call('PUT', `/org/${orgId}/subscription/cancel`, admin.token);
    expectStatus(cancelled, 200);
    expect(cancelled.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, licensed: true });
    expect(fake.objects.get(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(fake.objects.get(invoiceId)).toMatchObject({ status: 'paid' });
  });

  it('cancels a paid, active subscription at the end of its period; a new one is refused until then', async () => {
    const { admin, orgId, subscriptionId } = await subscribed();
    const cancelled = await call('PUT', `/org/${orgId}/subscription/cancel`, admin.token);
    expectStatus(cancelled, 200);
    expect(cancelled.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, licensed: true, plan: 'unlimited' });
    expect(fake.objects.get(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const invoiceId = fake.objects.get(subscriptionId)!.latest_invoice as string;
    expect(fake.objects.get(invoiceId)).toMatchObject({ status: 'paid' });
    expectStatus(await subscribe(orgId, admin.token), 409);
  });
});

describe('invoice events of no subscription of the organisation', () => {
  const unhandled = { received: true, replayed: false, handled: false };

  it('a paid invoice of no subscription leaves a past-due subscription past due', async () => {
    const { admin, orgId, customer, subscriptionId } = await renewalFailed();
    const oneOff = await postEvent('invoice.paid', { id: 'in_one_off_paid', object: 'invoice', customer, subscription: null });
    expectStatus(oneOff, 200);
    expect(oneOff.json()).toEqual(unhandled);
    const other = await postEvent('invoice.paid', { id: 'in_other_paid', object: 'invoice', customer, subscription: 'sub_notours1' });
    expect(other.json()).toEqual(unhandled);
    expect(await viewOf(orgId, admin.token)).toMatchObject({ status: 'past_due' });
    // the organisation's own, named under its parent (newer API versions), does settle it
    const own = await postEvent('invoice.paid', {
      id: 'in_own_paid',
      object: 'invoice',
      customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    });
    expect(own.json()).toMatchObject({ handled: true });
    expect(await viewOf(orgId, admin.token)).toMatchObject({ status: 'active', licensed: true });
  });

  it("a failed invoice of no subscription leaves an active subscription active and tells no one of a 'Payment issue'", async () => {
    const { admin, orgId, customer } = await subscribed();
    const oneOff = await postEvent('invoice.payment_failed', { id: 'in_one_off_failed', object: 'invoice', customer });
    expectStatus(oneOff, 200);
    expect(oneOff.json()).toEqual(unhandled);
    expect(await viewOf(orgId, admin.token)).toMatchObject({ status: 'active', licensed: true });
    const notes = (await call('GET', '/notification', admin.token)).json() as { notifications: { type: string }[] };
    expect(notes.notifications.filter((note) => note.type === 'payment')).toEqual([]);
  });
});
