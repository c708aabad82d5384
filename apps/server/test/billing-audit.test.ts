import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalPayments, subscriptions } from '../src/db/schema/index.ts';
import { addToMission, insertMission } from './support/missions.ts';
import type { TestApp } from './support/app.ts';
import { startAppWithFakeStripe, stopAppWithFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { createOrg, expectStatus, verifiedPerson } from './support/org.ts';

/** Billing as a careful reviewer tries it: late or repeated provider events, and requests that cross each other. */
let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => ({ fake, t } = await startAppWithFakeStripe()));
afterAll(() => stopAppWithFakeStripe({ t, fake }));

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/api${url}`, token, ...(payload === undefined ? {} : { payload }) });

function postEvent(type: string, object: Record<string, unknown>) {
  const event = fake.signedEvent(type, object);
  return t.request({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
}

const paymentsOf = async (missionId: string) =>
  (await t.database.db.select().from(proposalPayments).where(eq(proposalPayments.missionId, missionId))).map((row) => ({
    id: row.id,
    status: row.status,
  }));

/** A proposal of an organisation with a connected account, and the client (an observer) who pays it. */
async function connectedProposal() {
  const admin = await verifiedPerson(t);
  const orgId = (await createOrg(t, admin.token))._id;
  expectStatus(await call('POST', `/org/${orgId}/stripe/connect/account`, admin.token, { payload: {} }), 201);
  const mission = await insertMission(t, admin, { orgId, isProposal: true, budgetAvailableMinor: 250_000, currency: 'EUR' });
  const client = await verifiedPerson(t);
  await addToMission(t, mission.id, client, 3);
  return { missionId: mission.id, client };
}

describe('proposal payments and late provider events', () => {
  it('keeps a withdrawn payment withdrawn when the provider’s success event arrives after the withdrawal', async () => {
    const { missionId, client } = await connectedProposal();
    const pending = await call('POST', `/mission/${missionId}/proposal/pay`, client.token, { idempotency_key: 'late-success-1' });
    expectStatus(pending, 200);
    const first = (pending.json() as { _id: string })._id;
    expectStatus(await call('DELETE', `/mission/${missionId}/proposal/pay`, client.token), 200);
    // the client pays the proposal again
    const again = await call('POST', `/mission/${missionId}/proposal/pay`, client.token, { idempotency_key: 'late-success-2' });
    expectStatus(again, 200);
    const second = (again.json() as { _id: string })._id;

    // the first payment's success, delivered late (the provider retries deliveries for days)
    const late = await postEvent('payment_intent.succeeded', {
      id: 'pi_late_1',
      object: 'payment_intent',
      amount: 250_000,
      currency: 'eur',
      metadata: { proposalPaymentId: first, missionId },
    });
    expectStatus(late, 200);
    expect(late.json()).toMatchObject({ handled: false });
    expect(await paymentsOf(missionId)).toEqual(
      expect.arrayContaining([
        { id: first, status: 'withdrawn' },
        { id: second, status: 'pending' },
      ]),
    );
  });
});

const details = {
  billing_name: 'Ada Admin',
  billing_email: 'billing@example.com',
  billing_org_name: 'Acme Ltd',
  billing_country: 'DE',
  billing_zip: '10115',
  vat_number: '',
};

type View = { status: string; plan: string; licensed: boolean };
const viewOf = async (orgId: string, token: string) => (await call('GET', `/org/${orgId}/subscription`, token)).json() as View;
const subscriptionIdOf = async (orgId: string) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId)))[0]!.providerSubscriptionId!;

describe('a declined first payment', () => {
  /** An organisation whose first subscription payment was declined: its subscription is left incomplete. */
  async function declined(key: string) {
    const admin = await verifiedPerson(t);
    const orgId = (await createOrg(t, admin.token))._id;
    fake.failNextPayment();
    const response = await call('POST', `/org/${orgId}/subscription`, admin.token, { idempotencyKey: key, customer: details });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ status: 'incomplete', licensed: false });
    return { admin, orgId, incomplete: await subscriptionIdOf(orgId) };
  }

  it('lets the admin subscribe again with another card; the incomplete subscription is ended at the provider', async () => {
    const { admin, orgId, incomplete } = await declined('declined-first-1');
    const card = fake.addPaymentMethod('mastercard', '4444');
    const retried = await call('POST', `/org/${orgId}/subscription`, admin.token, {
      idempotencyKey: 'declined-retry-1',
      paymentMethodId: card,
    });
    expectStatus(retried, 200);
    expect(retried.json()).toMatchObject({ status: 'active', plan: 'unlimited', licensed: true });
    expect(await subscriptionIdOf(orgId)).not.toBe(incomplete);
    expect(fake.objects.get(incomplete)).toMatchObject({ status: 'canceled' });
  });

  it('keeps the new subscription when the provider then tells of the old one’s end', async () => {
    const { admin, orgId, incomplete } = await declined('declined-first-2');
    const retried = await call('POST', `/org/${orgId}/subscription`, admin.token, {
      idempotencyKey: 'declined-retry-2',
      paymentMethodId: fake.addPaymentMethod(),
    });
    expectStatus(retried, 200);
    const current = await subscriptionIdOf(orgId);
    const customer = (await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId)))[0]!.providerCustomerId;
    const late = await postEvent('customer.subscription.deleted', {
      id: incomplete,
      object: 'subscription',
      customer,
      status: 'canceled',
      cancel_at_period_end: false,
    });
    expectStatus(late, 200);
    expect(late.json()).toMatchObject({ handled: false });
    expect(await viewOf(orgId, admin.token)).toMatchObject({ status: 'active', plan: 'unlimited', licensed: true });
    expect(await subscriptionIdOf(orgId)).toBe(current);
  });
});

describe('late news of a replaced subscription', () => {
  it('a failed payment of the declined subscription, told after the retry, neither marks the new one past due nor alarms the admins', async () => {
    const admin = await verifiedPerson(t);
    const orgId = (await createOrg(t, admin.token))._id;
    fake.failNextPayment();
    expectStatus(
      await call('POST', `/org/${orgId}/subscription`, admin.token, { idempotencyKey: `first-${orgId}`, customer: details }),
      200,
    );
    const incomplete = await subscriptionIdOf(orgId);
    const retried = await call('POST', `/org/${orgId}/subscription`, admin.token, {
      idempotencyKey: `retry-${orgId}`,
      paymentMethodId: fake.addPaymentMethod(),
    });
    expectStatus(retried, 200);
    const customer = (await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId)))[0]!.providerCustomerId;
    const late = await postEvent('invoice.payment_failed', {
      id: `in_first_${orgId}`,
      object: 'invoice',
      customer,
      subscription: incomplete,
      billing_reason: 'subscription_create',
    });
    expectStatus(late, 200);
    expect(await viewOf(orgId, admin.token)).toMatchObject({ status: 'active', licensed: true });
    const notes = (await call('GET', '/notification', admin.token)).json() as { notifications: { type: string }[] };
    expect(notes.notifications.filter((note) => note.type === 'payment')).toEqual([]);
  });
});

describe('payment methods', () => {
  it('keeps the default card when an extra card is attached with detachDefault=1: only a replaced default is detached', async () => {
    const admin = await verifiedPerson(t);
    const orgId = (await createOrg(t, admin.token))._id;
    expectStatus(
      await call('POST', `/org/${orgId}/subscription`, admin.token, { idempotencyKey: `extra-card-${orgId}`, customer: details }),
      200,
    );
    const card = fake.addPaymentMethod('visa', '4242');
    expectStatus(await call('POST', `/org/${orgId}/subscription/payment-method/${card}/attach?setDefault=1`, admin.token), 200);
    const extra = fake.addPaymentMethod('visa', '1111');
    const attached = await call(
      'POST',
      `/org/${orgId}/subscription/payment-method/${extra}/attach?setDefault=0&detachDefault=1`,
      admin.token,
    );
    expectStatus(attached, 200);
    const methods = (attached.json() as { paymentMethods: { id: string; isDefault: boolean }[] }).paymentMethods;
    expect(methods.map(({ id, isDefault }) => ({ id, isDefault }))).toEqual(
      expect.arrayContaining([
        { id: card, isDefault: true },
        { id: extra, isDefault: false },
      ]),
    );
    expect(methods).toHaveLength(2);
  });
});
