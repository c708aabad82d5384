import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { createOrg, expectStatus, verifiedPerson } from './support/org.ts';

/** The plan an organisation shows once its paid subscription ended and it runs the free trial (rules 199, 201). */
let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({
    env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_BASE: fake.url },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const details = {
  billing_name: 'Ada Admin',
  billing_email: 'billing@example.com',
  billing_org_name: 'Acme Ltd',
  billing_country: 'de',
  billing_zip: '10115',
  vat_number: 'DE123456789',
};

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/api${url}`, token, ...(payload === undefined ? {} : { payload }) });

/** An organisation whose paid subscription ended at the provider (deleted: canceled), never on a trial. */
async function endedSubscription() {
  const admin = await verifiedPerson(t);
  const orgId = (await createOrg(t, admin.token))._id;
  expectStatus(
    await call('POST', `/org/${orgId}/subscription`, admin.token, { idempotencyKey: 'ended-subscription-1', customer: details }),
    200,
  );
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId));
  const event = fake.signedEvent('customer.subscription.deleted', {
    id: row!.providerSubscriptionId,
    object: 'subscription',
    customer: row!.providerCustomerId,
    status: 'canceled',
  });
  const posted = await t.request({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
  expectStatus(posted, 200);
  return { admin, orgId };
}

describe('the free trial after a paid subscription ended', () => {
  it('shows the running trial (trialing, plan trial), not the ended subscription as a free plan', async () => {
    const { admin, orgId } = await endedSubscription();
    const before = (await call('GET', `/org/${orgId}/subscription`, admin.token)).json();
    expect(before).toMatchObject({ status: 'canceled', plan: 'free', licensed: false });
    expectStatus(await call('POST', `/org/${orgId}/subscription`, admin.token, { trial: true }), 200);
    const view = (await call('GET', `/org/${orgId}/subscription`, admin.token)).json();
    expect(view).toMatchObject({ status: 'trialing', plan: 'trial', licensed: true });
    expect(view.trialEndsAt).not.toBeNull();
  });
});
