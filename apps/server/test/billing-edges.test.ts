import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerCodes, subscriptions } from '../src/db/schema/index.ts';
import { issueOfferCodes } from '../src/modules/billing/index.ts';
import type { TestApp } from './support/app.ts';
import { startAppWithFakeStripe, stopAppWithFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { createOrg, errorOf, expectStatus, verifiedPerson } from './support/org.ts';

let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => ({ fake, t } = await startAppWithFakeStripe()));
afterAll(() => stopAppWithFakeStripe({ t, fake }));

const german = {
  billing_name: 'Ada Admin',
  billing_email: 'billing@example.com',
  billing_org_name: 'Acme GmbH',
  billing_country: 'DE',
  billing_zip: '10115',
  vat_number: 'DE123456789',
};

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/api${url}`, token, ...(payload === undefined ? {} : { payload }) });

async function adminOrg() {
  const admin = await verifiedPerson(t);
  return { admin, orgId: (await createOrg(t, admin.token))._id };
}

const customerOf = async (orgId: string) => {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId));
  return fake.objects.get(row!.providerCustomerId!)!;
};
const taxIdsOf = (customerId: unknown) =>
  [...fake.objects.values()].filter((row) => row.object === 'tax_id' && row.customer === customerId).map((row) => [row.type, row.value]);
const statusOf = (response: LightMyRequestResponse) => (response.json() as { status: string }).status;

describe('billing details at the payment provider', () => {
  it('subscribes a customer outside the European Union with a tax number, sending it under no EU VAT type (rule 195)', async () => {
    const { admin, orgId } = await adminOrg();
    const british = { ...german, billing_country: 'GB', billing_zip: 'SW1A 1AA', vat_number: 'GB123456789' };
    const subscribed = await call('POST', `/org/${orgId}/subscription`, admin.token, { idempotencyKey: 'gb-vat-1', customer: british });
    expectStatus(subscribed, 200);
    expect(statusOf(subscribed)).toBe('active');
    const customer = await customerOf(orgId);
    expect(taxIdsOf(customer.id)).toEqual([]);
    expect((subscribed.json() as { customer: typeof british }).customer).toMatchObject({ vat_number: 'GB123456789' });
  });

  it('sends an EU VAT number as eu_vat, and keeps the tax id in step when the details change', async () => {
    const { admin, orgId } = await adminOrg();
    expectStatus(await call('POST', `/org/${orgId}/subscription`, admin.token, { idempotencyKey: 'de-vat-1', customer: german }), 200);
    const customer = await customerOf(orgId);
    expect(taxIdsOf(customer.id)).toEqual([['eu_vat', 'DE123456789']]);

    const french = { ...german, billing_country: 'FR', vat_number: 'FR12345678901' };
    expectStatus(await call('PUT', `/org/${orgId}/subscription/customer`, admin.token, french), 200);
    expect(taxIdsOf(customer.id)).toEqual([['eu_vat', 'FR12345678901']]);
    // saved again unchanged: the tax id stays as it is
    expectStatus(await call('PUT', `/org/${orgId}/subscription/customer`, admin.token, french), 200);
    expect(taxIdsOf(customer.id)).toEqual([['eu_vat', 'FR12345678901']]);

    // a number the provider refuses (422, its message shown) changes nothing, here or there
    const refused = await call('PUT', `/org/${orgId}/subscription/customer`, admin.token, {
      ...french,
      billing_name: 'Other',
      vat_number: '12',
    });
    expectStatus(refused, 422);
    expect(errorOf(refused).message).toBe('Invalid value for eu_vat.');
    expect(taxIdsOf(customer.id)).toEqual([['eu_vat', 'FR12345678901']]);
    expect(fake.objects.get(customer.id as string)).toMatchObject({ name: 'Ada Admin' });
    expect((await call('GET', `/org/${orgId}/subscription/customer`, admin.token)).json()).toMatchObject({ customer: french });

    expectStatus(await call('PUT', `/org/${orgId}/subscription/customer`, admin.token, { ...french, vat_number: '' }), 200);
    expect(taxIdsOf(customer.id)).toEqual([]);
  });

  it('gives the provider the details sent with a new attempt after a declined first payment', async () => {
    const { admin, orgId } = await adminOrg();
    fake.failNextPayment();
    const declined = await call('POST', `/org/${orgId}/subscription`, admin.token, { idempotencyKey: 'retry-details-1', customer: german });
    expect(statusOf(declined)).toBe('incomplete');
    const corrected = { ...german, billing_name: 'Ada Lovelace', billing_email: 'accounts@example.com', vat_number: 'DE999999999' };
    const card = fake.addPaymentMethod();
    const retried = await call('POST', `/org/${orgId}/subscription`, admin.token, {
      idempotencyKey: 'retry-details-2',
      customer: corrected,
      paymentMethodId: card,
    });
    expectStatus(retried, 200);
    expect(statusOf(retried)).toBe('active');
    const customer = await customerOf(orgId);
    expect(customer).toMatchObject({ name: 'Ada Lovelace', email: 'accounts@example.com' });
    expect(taxIdsOf(customer.id)).toEqual([['eu_vat', 'DE999999999']]);
  });
});

describe('offer codes', () => {
  it('refuses a second code to an organisation that redeemed one (409), leaving that code unused for another', async () => {
    const { admin, orgId } = await adminOrg();
    const [first, second] = await issueOfferCodes(t.app.ctx, 2);
    expectStatus(await call('POST', `/org/${orgId}/subscription/oob-code`, admin.token, { oobCode: first! }), 200);
    const again = await call('POST', `/org/${orgId}/subscription/oob-code`, admin.token, { oobCode: second! });
    expectStatus(again, 409);
    expect(errorOf(again)).toMatchObject({
      code: 'billing/offer-code-licensed',
      message: 'This organization already has Unlimited with its offer code.',
    });
    expect((await t.database.db.select().from(offerCodes).where(eq(offerCodes.redeemedOrgId, orgId))).length).toBe(1);

    const other = await adminOrg();
    const redeemed = await call('POST', `/org/${other.orgId}/subscription/oob-code`, other.admin.token, { oobCode: second! });
    expectStatus(redeemed, 200);
    expect(redeemed.json()).toMatchObject({ plan: 'unlimited', licensed: true, offerCode: true });
  });
});

describe('connected payment account', () => {
  it('refuses a country that does not exist (400), creating no account at the provider', async () => {
    const { admin, orgId } = await adminOrg();
    const before = fake.created('account');
    const refused = await call('POST', `/org/${orgId}/stripe/connect/account`, admin.token, { payload: { country: 'ZZ' } });
    expectStatus(refused, 400);
    expect(errorOf(refused).message).toBe('Unknown country.');
    expect(fake.created('account')).toBe(before);
    const connected = await call('POST', `/org/${orgId}/stripe/connect/account`, admin.token, { payload: { country: 'gr' } });
    expectStatus(connected, 201);
    expect(connected.json()).toMatchObject({ country: 'GR' });
  });
});
