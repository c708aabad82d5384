import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES } from '@crewplan/domain';
import { files, proposalPayments, subscriptions } from '../src/db/schema/index.ts';
import { createPaymentLink, issueOfferCodes, onClientInvoicePaid, type ClientInvoicePaid } from '../src/modules/billing/index.ts';
import { providerOf } from '../src/modules/billing/provider.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { startAppWithFakeStripe, stopAppWithFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { addMember, createOrg, createOrgWorld, errorOf, expectStatus, insertMember, verifiedPerson, type OrgWorld } from './support/org.ts';

const ADMINISTER = 'Ooops. Please make sure you are authorized to administer this organization.';

let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => ({ fake, t } = await startAppWithFakeStripe()));
afterAll(() => stopAppWithFakeStripe({ t, fake }));

const details = {
  billing_name: 'Ada Admin',
  billing_email: 'billing@example.com',
  billing_org_name: 'Acme Ltd',
  billing_country: 'de',
  billing_zip: '10115',
  vat_number: 'DE123456789',
};

type View = {
  status: string;
  plan: string;
  licensed: boolean;
  configured: boolean;
  seats: { admins: number; managers: number; members: number };
  price: { totalMinor: number; lines: { kind: string; quantity: number; amountMinor: number }[] };
  cancelAtPeriodEnd: boolean;
  trialEndsAt: string | null;
  customer: typeof details | null;
  paymentMethods: { id: string; isDefault: boolean; expMonth: number | null; billingName: string | null }[];
};

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: unknown) =>
  t.request({ method, url: `/api${url}`, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const viewOf = (response: LightMyRequestResponse) => response.json() as View;

async function adminOrg() {
  const admin = await verifiedPerson(t);
  const org = await createOrg(t, admin.token);
  return { admin, orgId: org._id };
}

async function subscribed(key = `key-${Math.random().toString(36).slice(2, 12)}`) {
  const { admin, orgId } = await adminOrg();
  const created = await call('POST', `/org/${orgId}/subscription`, admin.token, { idempotencyKey: key, customer: details });
  expectStatus(created, 200);
  return { admin, orgId, key };
}

function postWebhook(payload: string, signature?: string) {
  return t.request({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
}

const customerIdOf = async (orgId: string) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId)))[0]!.providerCustomerId!;

describe('POST /api/org/:orgId/subscription (paid, through the provider)', () => {
  it('creates the subscription once per idempotency key, passing the key to the provider, and licenses the organisation', async () => {
    const { admin, orgId } = await adminOrg();
    const before = fake.created('subscription');
    const body = { idempotencyKey: 'sub-once-0001', customer: details };
    const first = await call('POST', `/org/${orgId}/subscription`, admin.token, body);
    expectStatus(first, 200);
    expect(viewOf(first)).toMatchObject({ status: 'active', plan: 'unlimited', licensed: true, configured: true });
    expect(viewOf(first).customer).toMatchObject({ billing_country: 'DE', vat_number: 'DE123456789' });
    const again = await call('POST', `/org/${orgId}/subscription`, admin.token, body);
    expectStatus(again, 200);
    expect(viewOf(again).status).toBe('active');
    expect(fake.created('subscription') - before).toBe(1);
    expect(fake.idempotencyKeys).toContain(`${orgId}-sub-once-0001`);
    const org = await call('GET', `/org/${orgId}`, admin.token);
    expect(org.json()).toMatchObject({ isLicensedActive: true, isOrgLicensed: true });
  });

  it('keeps two organisations that use the same key apart at the provider: each gets its own customer and subscription', async () => {
    const [first, second] = [await subscribed('shared-key-0001'), await subscribed('shared-key-0001')];
    const rowOf = async (orgId: string) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId)))[0]!;
    const [a, b] = [await rowOf(first.orgId), await rowOf(second.orgId)];
    expect(a.providerSubscriptionId).not.toBe(b.providerSubscriptionId);
    expect(a.providerCustomerId).not.toBe(b.providerCustomerId);
  });

  it('charges once when the same key arrives twice at the same moment', async () => {
    const { admin, orgId } = await adminOrg();
    const before = fake.created('subscription');
    const body = { idempotencyKey: 'sub-concurrent-01', customer: details };
    const [a, b] = await Promise.all([
      call('POST', `/org/${orgId}/subscription`, admin.token, body),
      call('POST', `/org/${orgId}/subscription`, admin.token, body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(fake.created('subscription') - before).toBe(1);
  });

  it('refuses the same key with a different request (409), and a second subscription with a new key (409)', async () => {
    const { admin, orgId } = await subscribed('sub-reuse-0001');
    const reused = await call('POST', `/org/${orgId}/subscription`, admin.token, {
      idempotencyKey: 'sub-reuse-0001',
      customer: details,
      aiAddon: true,
    });
    expectStatus(reused, 409);
    expect(errorOf(reused).code).toBe('billing/idempotency-reused');
    const second = await call('POST', `/org/${orgId}/subscription`, admin.token, { idempotencyKey: 'sub-reuse-0002' });
    expectStatus(second, 409);
    expect(errorOf(second).code).toBe('billing/already-subscribed');
  });

  it('prices the seats by level (limited organisation observers free) plus the AI add-on', async () => {
    const { admin, orgId } = await adminOrg();
    for (const level of ['MANAGER', 'MANAGER_LIMITED', 'MEMBER', 'OBSERVER_ORG', 'OBSERVER_ORG_LIMITED'] as const)
      await insertMember(t, orgId, level);
    await insertMember(t, orgId, 'MEMBER', { endDate: '2020-01-01' });
    const created = await call('POST', `/org/${orgId}/subscription`, admin.token, {
      idempotencyKey: 'sub-seats-0001',
      customer: details,
      aiAddon: true,
    });
    expectStatus(created, 200);
    const view = viewOf(created);
    expect(view.seats).toEqual({ admins: 1, managers: 2, members: 2 });
    expect(view.price.totalMinor).toBe(1299 + 2 * 999 + 2 * 399 + 899);
    const subscription = [...fake.objects.values()].filter((o) => o.object === 'subscription').at(-1) as {
      items: { data: { quantity: number; price: { unit_amount: number } }[] };
    };
    expect(subscription.items.data.map((item) => [item.quantity, item.price.unit_amount])).toEqual([
      [1, 1299],
      [2, 999],
      [2, 399],
      [1, 899],
    ]);
  });

  it('needs billing details first (422), and validates the body (400), writing nothing', async () => {
    const { admin, orgId } = await adminOrg();
    const none = await call('POST', `/org/${orgId}/subscription`, admin.token, { idempotencyKey: 'sub-nodetails-1' });
    expectStatus(none, 422);
    expect(errorOf(none).code).toBe('billing/no-customer');
    for (const body of [
      { idempotencyKey: 'short' },
      { idempotencyKey: 'has spaces in it' },
      { idempotencyKey: 'sub-bad-details', customer: { ...details, billing_email: 'nope' } },
      { idempotencyKey: 'sub-bad-country', customer: { ...details, billing_country: 'Germany' } },
      // two letters, but no country of ISO 3166
      { idempotencyKey: 'sub-no-country', customer: { ...details, billing_country: 'ZZ' } },
      { idempotencyKey: 'sub-bad-pm-0001', paymentMethodId: 'card_123' },
    ]) {
      expectStatus(await call('POST', `/org/${orgId}/subscription`, admin.token, body), 400);
    }
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId))).toEqual([]);
  });

  it('leaves the organisation unlicensed when the first payment is declined (incomplete)', async () => {
    const { admin, orgId } = await adminOrg();
    fake.failNextPayment();
    const created = await call('POST', `/org/${orgId}/subscription`, admin.token, { idempotencyKey: 'sub-declined-01', customer: details });
    expectStatus(created, 200);
    expect(viewOf(created)).toMatchObject({ status: 'incomplete', licensed: false, plan: 'free' });
  });

  it('lets only organisation admins in: managers, members and observers 403 with the spec text, outsiders and other admins 404', async () => {
    const { admin, orgId } = await adminOrg();
    for (const level of ['MANAGER', 'MANAGER_LIMITED', 'MEMBER', 'OBSERVER_ORG', 'OBSERVER_ORG_LIMITED'] as const) {
      const person = await verifiedPerson(t);
      await addMember(t, orgId, person, level);
      for (const [method, url, body] of [
        ['GET', `/org/${orgId}/subscription`, undefined],
        ['POST', `/org/${orgId}/subscription`, { idempotencyKey: `sub-${level}-x`, customer: details }],
        ['PUT', `/org/${orgId}/subscription/customer`, details],
        ['PUT', `/org/${orgId}/subscription/cancel`, undefined],
        ['GET', `/org/${orgId}/subscription/usage`, undefined],
      ] as const) {
        const response = await call(method, url, person.token, body);
        expect(response.statusCode, `${level} ${method} ${url}`).toBe(403);
        expect(errorOf(response).message).toBe(ADMINISTER);
      }
    }
    const outsider = await verifiedPerson(t);
    const other = await adminOrg();
    for (const token of [outsider.token, other.admin.token]) {
      expectStatus(await call('GET', `/org/${orgId}/subscription`, token), 404);
      expectStatus(await call('PUT', `/org/${orgId}/subscription/customer`, token, details), 404);
    }
    expectStatus(await call('GET', `/org/${orgId}/subscription`, undefined), 401);
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId))).toEqual([]);
    expect(admin).toBeDefined();
  });
});

describe('customer details, payment methods, usage and cancelling', () => {
  it('keeps the billing details and updates the provider customer once there is one', async () => {
    const { admin, orgId } = await adminOrg();
    expect((await call('GET', `/org/${orgId}/subscription/customer`, admin.token)).json()).toEqual({
      customer: null,
      hasProviderCustomer: false,
    });
    expectStatus(await call('PUT', `/org/${orgId}/subscription/customer`, admin.token, details), 200);
    const created = await call('POST', `/org/${orgId}/subscription`, admin.token, { idempotencyKey: 'sub-details-001' });
    expectStatus(created, 200);
    const renamed = await call('PUT', `/org/${orgId}/subscription/customer`, admin.token, { ...details, billing_name: 'Bea Billing' });
    expect(renamed.json()).toMatchObject({ customer: { billing_name: 'Bea Billing' }, hasProviderCustomer: true });
    expect(fake.objects.get(await customerIdOf(orgId))).toMatchObject({ name: 'Bea Billing', email: 'billing@example.com' });
    expectStatus(await call('PUT', `/org/${orgId}/subscription/customer`, admin.token, { ...details, extra: 1 }), 400);
    const nowhere = await call('PUT', `/org/${orgId}/subscription/customer`, admin.token, { ...details, billing_country: 'zz' });
    expectStatus(nowhere, 400);
    expect(errorOf(nowhere).fields).toMatchObject({ billing_country: expect.any(String) });
    expect(fake.objects.get(await customerIdOf(orgId))).toMatchObject({ address: { country: 'DE' } });
  });

  it('attaches (setDefault, detachDefault), updates and detaches payment methods; refuses unknown and foreign ones', async () => {
    const { admin, orgId } = await subscribed();
    const first = fake.addPaymentMethod('visa', '4242');
    const attached = await call('POST', `/org/${orgId}/subscription/payment-method/${first}/attach?setDefault=1`, admin.token);
    expectStatus(attached, 200);
    expect((attached.json() as View).paymentMethods).toEqual([expect.objectContaining({ id: first, isDefault: true })]);

    const second = fake.addPaymentMethod('mastercard', '4444');
    const swapped = await call(
      'POST',
      `/org/${orgId}/subscription/payment-method/${second}/attach?setDefault=1&detachDefault=1`,
      admin.token,
    );
    expect((swapped.json() as View).paymentMethods).toEqual([expect.objectContaining({ id: second, isDefault: true })]);

    const updated = await call('PUT', `/org/${orgId}/subscription/payment-method/${second}`, admin.token, {
      expMonth: 3,
      billingName: 'Ada A',
    });
    expect((updated.json() as View).paymentMethods[0]).toMatchObject({ expMonth: 3, billingName: 'Ada A' });

    const view = viewOf(await call('GET', `/org/${orgId}/subscription`, admin.token));
    expect(view.paymentMethods.map((m) => m.id)).toEqual([second]);

    // another organisation's payment method: not ours to change or detach, and not attachable
    const other = await subscribed();
    const theirs = fake.addPaymentMethod();
    expectStatus(await call('POST', `/org/${other.orgId}/subscription/payment-method/${theirs}/attach`, other.admin.token), 200);
    expectStatus(await call('DELETE', `/org/${orgId}/subscription/payment-method/${theirs}/detach`, admin.token), 404);
    expectStatus(await call('PUT', `/org/${orgId}/subscription/payment-method/${theirs}`, admin.token, { expMonth: 1 }), 404);
    const stolen = await call('POST', `/org/${orgId}/subscription/payment-method/${theirs}/attach`, admin.token);
    expectStatus(stolen, 422);
    expect(fake.objects.get(theirs)).toMatchObject({ customer: await customerIdOf(other.orgId) });
    expectStatus(await call('POST', `/org/${orgId}/subscription/payment-method/pm_doesnotexist/attach`, admin.token), 404);
    expectStatus(await call('POST', `/org/${orgId}/subscription/payment-method/not-a-pm/attach`, admin.token), 400);
    expectStatus(await call('POST', `/org/${orgId}/subscription/payment-method/${second}/attach?setDefault=yes`, admin.token), 400);

    const detached = await call('DELETE', `/org/${orgId}/subscription/payment-method/${second}/detach`, admin.token);
    expect((detached.json() as View).paymentMethods).toEqual([]);
  });

  it('answers the storage in decimal GB and the seats', async () => {
    const { admin, orgId } = await adminOrg();
    await insertMember(t, orgId, 'OBSERVER_ORG_LIMITED');
    const mission = await insertMission(t, admin, { orgId });
    await t.database.db.insert(files).values({
      orgId,
      missionId: mission.id,
      attachedTo: 'missions',
      attachedToId: mission.id,
      name: 'big.bin',
      size: 2_500_000_000,
      storageKey: 'k',
      source: 'upload',
      createdBy: admin.personId,
    });
    const usage = await call('GET', `/org/${orgId}/subscription/usage`, admin.token);
    expectStatus(usage, 200);
    expect(usage.json()).toEqual({ storageBytes: 2_500_000_000, storageGb: 2.5, files: 1, seats: { admins: 1, managers: 0, members: 0 } });
  });

  it('cancels at the end of the period; without a subscription answers 422', async () => {
    const { admin, orgId } = await subscribed();
    const cancelled = await call('PUT', `/org/${orgId}/subscription/cancel`, admin.token);
    expectStatus(cancelled, 200);
    expect(viewOf(cancelled)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, licensed: true });
    const none = await adminOrg();
    const refused = await call('PUT', `/org/${none.orgId}/subscription/cancel`, none.admin.token);
    expectStatus(refused, 422);
    expect(errorOf(refused).code).toBe('billing/no-subscription');
  });

  it('shows the free trial as the trialing status', async () => {
    const { admin, orgId } = await adminOrg();
    expect(viewOf(await call('GET', `/org/${orgId}/subscription`, admin.token))).toMatchObject({ status: 'not_setup', plan: 'free' });
    expectStatus(await call('POST', `/org/${orgId}/subscription`, admin.token, { trial: true }), 200);
    expect(viewOf(await call('GET', `/org/${orgId}/subscription`, admin.token))).toMatchObject({
      status: 'trialing',
      plan: 'trial',
      licensed: true,
    });
  });
});

describe('POST /api/billing/webhook', () => {
  it("moves a failed renewal to past_due and tells the organisation's admins 'Payment issue', once per event id", async () => {
    const { admin, orgId } = await subscribed();
    const manager = await verifiedPerson(t);
    await addMember(t, orgId, manager, 'MANAGER');
    const customer = await customerIdOf(orgId);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId));
    const subscription = row!.providerSubscriptionId;
    const event = fake.signedEvent('invoice.payment_failed', {
      id: 'in_renewal_1',
      object: 'invoice',
      customer,
      subscription,
      billing_reason: 'subscription_cycle',
    });
    const publish = vi.spyOn(t.app.ctx.realtime, 'publish');
    const orgHeard = () => publish.mock.calls.filter(([room]) => room === `changes/orgs/${orgId}`).map(([, change]) => change);
    const delivered = await postWebhook(event.payload, event.signature);
    expectStatus(delivered, 200);
    expect(delivered.json()).toEqual({ received: true, replayed: false, handled: true });
    expect(viewOf(await call('GET', `/org/${orgId}/subscription`, admin.token)).status).toBe('past_due');
    // the admins' open billing screens hear it and read the subscription again
    expect(orgHeard()).toEqual([{ type: 'update', entity: 'orgs', id: orgId }]);

    const replay = await postWebhook(event.payload, event.signature);
    expect(replay.json()).toEqual({ received: true, replayed: true, handled: false });
    expect(orgHeard()).toHaveLength(1);
    publish.mockRestore();

    const notes = (await call('GET', '/notification', admin.token)).json() as {
      notifications: { type: string; title: string; body: string }[];
    };
    const issues = notes.notifications.filter((n) => n.type === 'payment');
    expect(issues).toEqual([expect.objectContaining({ title: 'Payment issue', body: 'Your payment information must be updated.' })]);
    const managerNotes = (await call('GET', '/notification', manager.token)).json() as { notifications: { type: string }[] };
    expect(managerNotes.notifications.filter((n) => n.type === 'payment')).toEqual([]);

    const paid = fake.signedEvent('invoice.paid', { id: 'in_renewal_1', object: 'invoice', customer, subscription });
    expectStatus(await postWebhook(paid.payload, paid.signature), 200);
    expect(viewOf(await call('GET', `/org/${orgId}/subscription`, admin.token)).status).toBe('active');
  });

  it('ends the licence when the subscription is deleted at the provider', async () => {
    const { admin, orgId } = await subscribed();
    const customer = await customerIdOf(orgId);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId));
    const event = fake.signedEvent('customer.subscription.deleted', {
      id: row!.providerSubscriptionId,
      object: 'subscription',
      customer,
      status: 'canceled',
      cancel_at_period_end: false,
    });
    expectStatus(await postWebhook(event.payload, event.signature), 200);
    expect(viewOf(await call('GET', `/org/${orgId}/subscription`, admin.token))).toMatchObject({ status: 'canceled', licensed: false });
    expect((await call('GET', `/org/${orgId}`, admin.token)).json()).toMatchObject({ isOrgLicensed: false, isLicensedActive: false });
  });

  it('shows a free trial started after the subscription ended as the trial (rules 199, 201), not as a free plan', async () => {
    const { admin, orgId } = await subscribed();
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId));
    const event = fake.signedEvent('customer.subscription.deleted', {
      id: row!.providerSubscriptionId,
      object: 'subscription',
      customer: row!.providerCustomerId,
      status: 'canceled',
    });
    expectStatus(await postWebhook(event.payload, event.signature), 200);
    expect(viewOf(await call('GET', `/org/${orgId}/subscription`, admin.token))).toMatchObject({
      status: 'canceled',
      plan: 'free',
      licensed: false,
    });
    expectStatus(await call('POST', `/org/${orgId}/subscription`, admin.token, { trial: true }), 200);
    const view = viewOf(await call('GET', `/org/${orgId}/subscription`, admin.token));
    expect(view).toMatchObject({ status: 'trialing', plan: 'trial', licensed: true });
    expect(view.trialEndsAt).not.toBeNull();
  });

  it('keeps an ended subscription ended when an older update of it arrives late (the provider does not keep order)', async () => {
    const { admin, orgId } = await subscribed();
    const customer = await customerIdOf(orgId);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId));
    const id = row!.providerSubscriptionId;
    const deleted = fake.signedEvent('customer.subscription.deleted', { id, object: 'subscription', customer, status: 'canceled' });
    expectStatus(await postWebhook(deleted.payload, deleted.signature), 200);
    // an update sent before the end, delivered (or retried) after it
    const late = fake.signedEvent('customer.subscription.updated', { id, object: 'subscription', customer, status: 'active' });
    expect((await postWebhook(late.payload, late.signature)).json()).toEqual({ received: true, replayed: false, handled: false });
    const paid = fake.signedEvent('invoice.paid', { id: 'in_late_1', object: 'invoice', customer, subscription: id });
    expectStatus(await postWebhook(paid.payload, paid.signature), 200);
    expect(viewOf(await call('GET', `/org/${orgId}/subscription`, admin.token))).toMatchObject({ status: 'canceled', licensed: false });
    expect((await call('GET', `/org/${orgId}`, admin.token)).json()).toMatchObject({ isOrgLicensed: false, isLicensedActive: false });
  });

  it('follows the status the provider gives the subscription (updated: unpaid ends the licence)', async () => {
    const { admin, orgId } = await subscribed();
    const customer = await customerIdOf(orgId);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId));
    const id = row!.providerSubscriptionId;
    const event = fake.signedEvent('customer.subscription.updated', { id, object: 'subscription', customer, status: 'unpaid' });
    expectStatus(await postWebhook(event.payload, event.signature), 200);
    expect(viewOf(await call('GET', `/org/${orgId}/subscription`, admin.token))).toMatchObject({ status: 'unpaid', licensed: false });
    const back = fake.signedEvent('customer.subscription.updated', { id, object: 'subscription', customer, status: 'active' });
    expectStatus(await postWebhook(back.payload, back.signature), 200);
    expect(viewOf(await call('GET', `/org/${orgId}/subscription`, admin.token))).toMatchObject({ status: 'active', licensed: true });
  });

  it('refuses an unsigned, a badly signed or a tampered event with 400, changing nothing', async () => {
    const { admin, orgId } = await subscribed();
    const customer = await customerIdOf(orgId);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId));
    const subscription = row!.providerSubscriptionId;
    const event = fake.signedEvent('invoice.payment_failed', { id: 'in_x', object: 'invoice', customer, subscription });
    const unsigned = await postWebhook(event.payload);
    expectStatus(unsigned, 400);
    expect(errorOf(unsigned).code).toBe('billing/webhook-signature');
    const wrongSecret = fake.signedEvent(
      'invoice.payment_failed',
      { id: 'in_x', object: 'invoice', customer, subscription },
      { secret: 'whsec_wrong' },
    );
    expectStatus(await postWebhook(wrongSecret.payload, wrongSecret.signature), 400);
    expectStatus(await postWebhook(event.payload.replace('invoice.payment_failed', 'invoice.paid'), event.signature), 400);
    expectStatus(await postWebhook(event.payload, 't=1,v1=deadbeef'), 400);
    expect(viewOf(await call('GET', `/org/${orgId}/subscription`, admin.token)).status).toBe('active');
    // the genuine one still goes through afterwards: the refused deliveries recorded nothing
    expect((await postWebhook(event.payload, event.signature)).json()).toMatchObject({ replayed: false, handled: true });
  });

  it('hands a paid client invoice to the registered hook once, and answers handled: false with none registered', async () => {
    const seen: ClientInvoicePaid[] = [];
    onClientInvoicePaid((_ctx, paid) => {
      seen.push(paid);
      return true;
    });
    try {
      const event = fake.signedEvent('checkout.session.completed', {
        id: 'cs_test_1',
        object: 'checkout.session',
        amount_total: 12_345,
        currency: 'eur',
        payment_status: 'paid',
        metadata: { clientInvoiceId: 'abcdefabcdefabcdefabcdef' },
      });
      expect((await postWebhook(event.payload, event.signature)).json()).toEqual({ received: true, replayed: false, handled: true });
      expectStatus(await postWebhook(event.payload, event.signature), 200);
      // the provider's whole yen, as our minor units of YEN (hundredths, as every currency is kept)
      const yen = fake.signedEvent('payment_intent.succeeded', {
        id: 'pi_yen_1',
        object: 'payment_intent',
        amount: 1_000,
        currency: 'jpy',
        metadata: { clientInvoiceId: 'abcdefabcdefabcdefabcdef' },
      });
      expectStatus(await postWebhook(yen.payload, yen.signature), 200);
      expect(seen).toEqual([
        {
          clientInvoiceId: 'abcdefabcdefabcdefabcdef',
          amountMinor: 12_345,
          currency: 'EUR',
          providerObjectId: 'cs_test_1',
          eventId: event.id,
        },
        {
          clientInvoiceId: 'abcdefabcdefabcdefabcdef',
          amountMinor: 100_000,
          currency: 'YEN',
          providerObjectId: 'pi_yen_1',
          eventId: yen.id,
        },
      ]);
    } finally {
      onClientInvoicePaid(null);
    }
    const unhandled = fake.signedEvent('payment_intent.succeeded', {
      id: 'pi_1',
      object: 'payment_intent',
      amount: 5,
      metadata: { clientInvoiceId: 'x' },
    });
    expect((await postWebhook(unhandled.payload, unhandled.signature)).json()).toEqual({ received: true, replayed: false, handled: false });
  });

  it('creates a payment link for an amount through the provider', async () => {
    const link = await createPaymentLink(t.app.ctx, {
      amountMinor: 9_900,
      currency: 'EUR',
      description: 'Invoice 0001',
      metadata: { clientInvoiceId: 'abcdefabcdefabcdefabcdef' },
    });
    // the provider's own page for the session
    expect(link.url).toBe(`${fake.url}/pay/${link.id}`);
    expect(fake.objects.get(link.id)).toMatchObject({
      amount_total: 9_900,
      currency: 'eur',
      metadata: { clientInvoiceId: 'abcdefabcdefabcdefabcdef' },
    });
  });
});

describe('offer codes', () => {
  it('describes a valid code, and redeems it for exactly one organisation even when two try at once', async () => {
    const [code] = await issueOfferCodes(t.app.ctx, 1, { note: 'Lifetime deal' });
    const a = await adminOrg();
    const b = await adminOrg();
    const doc = await call('POST', '/org/appsumo/oob-code/doc', a.admin.token, { oobCode: code });
    expect(doc.json()).toEqual({ valid: true, plan: 'unlimited', note: 'Lifetime deal' });
    const results = await Promise.all([
      call('POST', `/org/${a.orgId}/subscription/oob-code`, a.admin.token, { oobCode: code }),
      call('POST', `/org/${b.orgId}/subscription/oob-code`, b.admin.token, { oobCode: code }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const winner = results[0]!.statusCode === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect(viewOf(results.find((r) => r.statusCode === 200)!)).toMatchObject({ plan: 'unlimited', licensed: true });
    expect((await call('GET', `/org/${winner.orgId}`, winner.admin.token)).json()).toMatchObject({ isKeyLicensed: true });
    expect((await call('GET', `/org/${loser.orgId}`, loser.admin.token)).json()).toMatchObject({
      isKeyLicensed: false,
      isLicensedActive: false,
    });
    const used = await call('POST', '/org/appsumo/oob-code/doc', a.admin.token, { oobCode: code });
    expectStatus(used, 422);
    expect(errorOf(used).message).toBe('Sorry that code is not valid or has already been used.');
    expectStatus(await call('POST', '/org/appsumo/oob-code/doc', undefined, { oobCode: code }), 401);
  });

  it('lets organisation managers and admins activate the licence with a code (rule 113); others 403 with the spec text', async () => {
    const { admin, orgId } = await adminOrg();
    expectStatus(await call('PUT', `/org/${orgId}/subscription/customer`, admin.token, details), 200);
    for (const level of ['MANAGER_LIMITED', 'MEMBER', 'OBSERVER_ORG', 'OBSERVER_ORG_LIMITED'] as const) {
      const person = await verifiedPerson(t);
      await addMember(t, orgId, person, level);
      const [code] = await issueOfferCodes(t.app.ctx, 1);
      const refused = await call('POST', `/org/${orgId}/subscription/oob-code`, person.token, { oobCode: code });
      expect(refused.statusCode, level).toBe(403);
      expect(errorOf(refused).message).toBe('Ooops. Please ask an organization manager to activate the license.');
    }
    const manager = await verifiedPerson(t);
    await addMember(t, orgId, manager, 'MANAGER');
    const [code] = await issueOfferCodes(t.app.ctx, 1);
    const redeemed = await call('POST', `/org/${orgId}/subscription/oob-code`, manager.token, { oobCode: code });
    expectStatus(redeemed, 200);
    // licensed, without telling the manager the billing details only admins read
    expect(viewOf(redeemed)).toMatchObject({ plan: 'unlimited', licensed: true, customer: null, paymentMethods: [] });
    expect((await call('GET', `/org/${orgId}`, admin.token)).json()).toMatchObject({ isKeyLicensed: true, isLicensedActive: true });
  });

  it('refuses a code while a paid subscription renews, so the organisation does not pay for what the code gives', async () => {
    const { admin, orgId } = await subscribed();
    const [code] = await issueOfferCodes(t.app.ctx, 1);
    const refused = await call('POST', `/org/${orgId}/subscription/oob-code`, admin.token, { oobCode: code });
    expectStatus(refused, 409);
    expect(errorOf(refused)).toMatchObject({ code: 'billing/offer-code-while-paying', message: BILLING_MESSAGES.offerCodeWhilePaying });
    // the code is still unused
    expectStatus(await call('POST', '/org/appsumo/oob-code/doc', admin.token, { oobCode: code }), 200);
    expectStatus(await call('PUT', `/org/${orgId}/subscription/cancel`, admin.token), 200);
    const redeemed = await call('POST', `/org/${orgId}/subscription/oob-code`, admin.token, { oobCode: code });
    expectStatus(redeemed, 200);
    expect(viewOf(redeemed)).toMatchObject({ plan: 'unlimited', licensed: true, cancelAtPeriodEnd: true });
  });

  it('takes a code over a subscription whose first payment was declined, ending it so that it never charges', async () => {
    const { admin, orgId } = await adminOrg();
    fake.failNextPayment();
    const created = await call('POST', `/org/${orgId}/subscription`, admin.token, { idempotencyKey: 'sub-declined-02', customer: details });
    expect(viewOf(created).status).toBe('incomplete');
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId));
    const [code] = await issueOfferCodes(t.app.ctx, 1);
    const redeemed = await call('POST', `/org/${orgId}/subscription/oob-code`, admin.token, { oobCode: code });
    expectStatus(redeemed, 200);
    expect(viewOf(redeemed)).toMatchObject({ status: 'active', plan: 'unlimited', licensed: true });
    expect(fake.objects.get(row!.providerSubscriptionId!)).toMatchObject({ status: 'canceled' });
  });

  it('shows the code licence as active once the paid subscription it replaced has ended at the provider', async () => {
    const { admin, orgId } = await subscribed();
    expectStatus(await call('PUT', `/org/${orgId}/subscription/cancel`, admin.token), 200);
    const [code] = await issueOfferCodes(t.app.ctx, 1);
    expectStatus(await call('POST', `/org/${orgId}/subscription/oob-code`, admin.token, { oobCode: code }), 200);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId));
    const customer = await customerIdOf(orgId);
    const ended = fake.signedEvent('customer.subscription.deleted', { id: row!.providerSubscriptionId, object: 'subscription', customer });
    expectStatus(await postWebhook(ended.payload, ended.signature), 200);
    expect(viewOf(await call('GET', `/org/${orgId}/subscription`, admin.token))).toMatchObject({
      status: 'active',
      plan: 'unlimited',
      licensed: true,
    });
  });

  it('does not subscribe (and charge) an organisation whose offer code already gives it Unlimited', async () => {
    const { admin, orgId } = await adminOrg();
    const [code] = await issueOfferCodes(t.app.ctx, 1);
    expectStatus(await call('POST', `/org/${orgId}/subscription/oob-code`, admin.token, { oobCode: code }), 200);
    const before = fake.created('subscription');
    const paying = await call('POST', `/org/${orgId}/subscription`, admin.token, { idempotencyKey: 'sub-coded-0001', customer: details });
    expectStatus(paying, 409);
    expect(errorOf(paying)).toMatchObject({ code: 'billing/offer-code-licensed', message: BILLING_MESSAGES.subscribeWithCode });
    expect(fake.created('subscription')).toBe(before);
  });

  it.each(['past_due', 'unpaid'])('leaves a %s subscription owing: the code licenses, it pays no invoice', async (owed) => {
    const { admin, orgId } = await subscribed();
    const customer = await customerIdOf(orgId);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId));
    const id = row!.providerSubscriptionId;
    const event = fake.signedEvent('customer.subscription.updated', { id, object: 'subscription', customer, status: owed });
    expectStatus(await postWebhook(event.payload, event.signature), 200);
    const [code] = await issueOfferCodes(t.app.ctx, 1);
    expectStatus(await call('POST', `/org/${orgId}/subscription/oob-code`, admin.token, { oobCode: code }), 409);
    // cancelled at the end of the period (as the provider tells it), the code is taken
    const ending = fake.signedEvent('customer.subscription.updated', {
      id,
      object: 'subscription',
      customer,
      status: owed,
      cancel_at_period_end: true,
    });
    expectStatus(await postWebhook(ending.payload, ending.signature), 200);
    const redeemed = await call('POST', `/org/${orgId}/subscription/oob-code`, admin.token, { oobCode: code });
    expectStatus(redeemed, 200);
    expect(viewOf(redeemed)).toMatchObject({ status: owed, plan: 'unlimited', licensed: true });
    expect((await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId)))[0]).toMatchObject({
      status: owed,
      providerSubscriptionId: id,
    });
    // the provider's news of the paid invoice is what settles it
    const paid = fake.signedEvent('invoice.paid', { id: `in_owed_${owed}`, object: 'invoice', customer, subscription: id });
    expectStatus(await postWebhook(paid.payload, paid.signature), 200);
    expect(viewOf(await call('GET', `/org/${orgId}/subscription`, admin.token)).status).toBe('active');
  });
});

describe('connected account and proposal payments', () => {
  async function proposal() {
    const { admin, orgId } = await adminOrg();
    const mission = await insertMission(t, admin, { orgId, isProposal: true, budgetAvailableMinor: 250_000, currency: 'EUR' });
    const client = await verifiedPerson(t);
    await addToMission(t, mission.id, client, 3);
    return { admin, orgId, missionId: mission.id, client };
  }

  it('connects the organisation, links its onboarding, reads and deletes the account', async () => {
    const { admin, orgId } = await adminOrg();
    expectStatus(await call('GET', `/org/${orgId}/stripe/connect/account`, admin.token), 404);
    const created = await call('POST', `/org/${orgId}/stripe/connect/account`, admin.token, {
      payload: { country: 'de', businessType: 'company' },
    });
    expectStatus(created, 201);
    expect(created.json()).toMatchObject({ country: 'DE', chargesEnabled: false });
    expectStatus(await call('POST', `/org/${orgId}/stripe/connect/account`, admin.token, { payload: {} }), 409);
    expectStatus(await call('GET', `/org/${orgId}/stripe/connect/account`, admin.token), 200);
    const link = await call('POST', `/org/${orgId}/stripe/connect/account/link`, admin.token, { type: 'account_onboarding' });
    expect(link.json()).toMatchObject({ url: expect.stringMatching(/^https:\/\//) });
    expectStatus(await call('POST', `/org/${orgId}/stripe/connect/account/link`, admin.token, { type: 'other' }), 400);
    expectStatus(await call('DELETE', `/org/${orgId}/stripe/connect/account`, admin.token), 200);
    expectStatus(await call('DELETE', `/org/${orgId}/stripe/connect/account`, admin.token), 404);
  });

  it('pays a proposal once per idempotency key to the connected account, and lets the payer withdraw it', async () => {
    const { admin, orgId, missionId, client } = await proposal();
    const unconnected = await call('POST', `/mission/${missionId}/proposal/pay`, client.token, { idempotency_key: 'pay-proposal-1' });
    expectStatus(unconnected, 422);
    expect(errorOf(unconnected).code).toBe('billing/no-connected-account');
    const account = (await call('POST', `/org/${orgId}/stripe/connect/account`, admin.token, { payload: {} })).json() as {
      accountId: string;
    };

    const before = fake.created('payment_intent');
    const card = fake.addPaymentMethod();
    const body = { idempotency_key: 'pay-proposal-1', paymentMethodId: card };
    const paid = await call('POST', `/mission/${missionId}/proposal/pay`, client.token, body);
    expectStatus(paid, 200);
    expect(paid.json()).toMatchObject({ status: 'succeeded', amountMinor: 250_000, currency: 'EUR' });
    const again = await call('POST', `/mission/${missionId}/proposal/pay`, client.token, body);
    expect(again.json()).toEqual(paid.json());
    expect(fake.created('payment_intent') - before).toBe(1);
    const intent = [...fake.objects.values()].filter((o) => o.object === 'payment_intent').at(-1)!;
    expect(intent).toMatchObject({ amount: 250_000, currency: 'eur', transfer_data: { destination: account.accountId } });
    const twice = await call('POST', `/mission/${missionId}/proposal/pay`, client.token, { idempotency_key: 'pay-proposal-2' });
    expectStatus(twice, 409);

    const notPayer = await call('DELETE', `/mission/${missionId}/proposal/pay`, admin.token);
    expectStatus(notPayer, 403);
    const withdrawn = await call('DELETE', `/mission/${missionId}/proposal/pay`, client.token);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
    expect([...fake.objects.values()].some((o) => o.object === 'refund' && o.payment_intent === intent.id)).toBe(true);
    expectStatus(await call('DELETE', `/mission/${missionId}/proposal/pay`, client.token), 404);
  });

  it('keeps two proposals paid with the same idempotency key apart at the provider: each gets its own payment', async () => {
    const first = await proposal();
    const second = await proposal();
    for (const { admin, orgId } of [first, second]) {
      expectStatus(await call('POST', `/org/${orgId}/stripe/connect/account`, admin.token, { payload: {} }), 201);
    }
    const before = fake.created('payment_intent');
    const paid = [];
    for (const { missionId, client } of [first, second]) {
      const response = await call('POST', `/mission/${missionId}/proposal/pay`, client.token, { idempotency_key: 'same-key-0001' });
      expectStatus(response, 200);
      paid.push(response.json() as { _id: string });
    }
    expect(fake.created('payment_intent') - before).toBe(2);
    const intents = await t.database.db.select().from(proposalPayments);
    const [a, b] = paid.map((payment) => intents.find((row) => row.id === payment._id)!.paymentIntentId);
    expect(a).not.toBe(b);
  });

  it('takes one payment when two of the proposal’s people pay at the same moment: the other is told it is paid (409)', async () => {
    const { admin, orgId, missionId, client } = await proposal();
    const colleague = await verifiedPerson(t);
    await addToMission(t, missionId, colleague, 3);
    expectStatus(await call('POST', `/org/${orgId}/stripe/connect/account`, admin.token, { payload: {} }), 201);
    // the provider takes its time: both payments are under way together
    const provider = providerOf(t.app.ctx)!;
    const pay = provider.createPaymentIntent.bind(provider);
    const slow = vi
      .spyOn(provider, 'createPaymentIntent')
      .mockImplementation(async (input) => new Promise((resolve) => setTimeout(resolve, 300)).then(() => pay(input)));
    const before = fake.created('payment_intent');
    const answers = await Promise.all(
      [client, colleague].map((payer, index) =>
        call('POST', `/mission/${missionId}/proposal/pay`, payer.token, {
          idempotency_key: `same-moment-${index}`,
          paymentMethodId: fake.addPaymentMethod(),
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(errorOf(answers.find((answer) => answer.statusCode === 409)!).message).toBe(BILLING_MESSAGES.proposalAlreadyPaid);
    slow.mockRestore();
    expect(fake.created('payment_intent') - before).toBe(1);
  });

  it('marks a pending proposal payment succeeded when the provider says so', async () => {
    const { admin, orgId, missionId, client } = await proposal();
    expectStatus(await call('POST', `/org/${orgId}/stripe/connect/account`, admin.token, { payload: {} }), 201);
    const pending = await call('POST', `/mission/${missionId}/proposal/pay`, client.token, { idempotency_key: 'pay-pending-001' });
    expect(pending.json()).toMatchObject({ status: 'pending', clientSecret: expect.stringMatching(/_secret_/) });
    const paymentId = (pending.json() as { _id: string })._id;
    const event = fake.signedEvent('payment_intent.succeeded', {
      id: 'pi_x',
      object: 'payment_intent',
      amount: 250_000,
      metadata: { proposalPaymentId: paymentId },
    });
    expect((await postWebhook(event.payload, event.signature)).json()).toMatchObject({ handled: true });
    const [row] = await t.database.db.select().from(proposalPayments).where(eq(proposalPayments.id, paymentId));
    expect(row!.status).toBe('succeeded');
  });

  it('answers a declined card 402 and records no payment; refuses outsiders (404) and bad keys (400)', async () => {
    const { admin, orgId, missionId, client } = await proposal();
    expectStatus(await call('POST', `/org/${orgId}/stripe/connect/account`, admin.token, { payload: {} }), 201);
    fake.failNextPayment();
    const declined = await call('POST', `/mission/${missionId}/proposal/pay`, client.token, { idempotency_key: 'pay-declined-1' });
    expectStatus(declined, 402);
    expect(errorOf(declined).message).toBe('Your card was declined.');
    const outsider = await verifiedPerson(t);
    expectStatus(await call('POST', `/mission/${missionId}/proposal/pay`, outsider.token, { idempotency_key: 'pay-outsider-1' }), 404);
    expectStatus(await call('POST', `/mission/${missionId}/proposal/pay`, client.token, { idempotency_key: 'x' }), 400);
    expectStatus(await call('POST', `/mission/not-an-id/proposal/pay`, client.token, { idempotency_key: 'pay-bad-id-001' }), 400);
    const retried = await call('POST', `/mission/${missionId}/proposal/pay`, client.token, { idempotency_key: 'pay-after-decl' });
    expectStatus(retried, 200);
  });
});

describe('without payments configured', () => {
  let bare: TestApp;
  let world: OrgWorld;
  beforeAll(async () => {
    bare = await buildTestApp();
    world = await createOrgWorld(bare);
  });
  afterAll(async () => bare.close());

  it('shows the plan and seats and says payments are not configured (503, never 500); the trial still starts', async () => {
    const token = world.people.admin.token;
    const view = await bare.request({ method: 'GET', url: `/api/org/${world.orgId}/subscription`, token });
    expectStatus(view, 200);
    expect(view.json()).toMatchObject({ configured: false, status: 'not_setup', seats: { admins: 1, managers: 2, members: 2 } });
    const refused = await bare.request({
      method: 'POST',
      url: `/api/org/${world.orgId}/subscription`,
      token,
      payload: { idempotencyKey: 'sub-unconfigured', customer: details },
    });
    expectStatus(refused, 503);
    expect(errorOf(refused)).toMatchObject({ code: 'billing/not-configured', message: expect.stringContaining('not configured') });
    const hook = await bare.request({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expectStatus(hook, 404);
    expectStatus(await bare.request({ method: 'PUT', url: `/api/org/${world.orgId}/subscription/customer`, token, payload: details }), 200);
    expectStatus(await bare.request({ method: 'POST', url: `/api/org/${world.orgId}/subscription`, token, payload: { trial: true } }), 200);
  });
});
