import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createOrgWorld, errorOf, expectStatus, type OrgWorld } from './support/org.ts';

/** Client orders as a new user types them: amounts in a currency without minor units. */
let t: TestApp;
let w: OrgWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createOrgWorld(t);
});
afterAll(async () => t.close());

type Order = { _id: string; amount: number | null; currency: string | null; title: string; updatedAt: string };
const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) =>
  t.request({ method, url, token: w.people.admin.token, payload: payload as Record<string, unknown> });

async function ordersUrl(currency: string | null = null): Promise<string> {
  const client = await call('POST', `/api/org/${w.orgId}/client`, { name: `Client ${randomBytes(3).toString('hex')}`, currency });
  expectStatus(client, 201);
  return `/api/org/${w.orgId}/client/${(client.json() as { _id: string })._id}/order`;
}

describe('a client order in a currency without minor units (YEN)', () => {
  it('is for a whole amount: a fraction of a yen is refused (400 at amount), never kept', async () => {
    const url = await ordersUrl();
    const fraction = await call('POST', url, { code: 'PO-1', amount: 10.5, currency: 'YEN' });
    expectStatus(fraction, 400);
    expect(errorOf(fraction).fields).toEqual({ amount: 'This currency has no cents: please enter a whole amount.' });
    const whole = await call('POST', url, { code: 'PO-1', amount: 1_000, currency: 'YEN' });
    expectStatus(whole, 201);
    const order = whole.json() as Order;
    expectStatus(await call('PUT', `${url}/${order._id}`, { amount: 999.99 }), 400);
    const list = (await call('GET', url)).json() as { orders: Order[] };
    expect(list.orders.map((o) => o.amount)).toEqual([1_000]);
  });

  it('checks the amount it keeps when its currency becomes YEN; cents stay fine in EUR', async () => {
    const url = await ordersUrl();
    const euros = await call('POST', url, { code: 'PO-2', amount: 10.5, currency: 'EUR' });
    expectStatus(euros, 201);
    const order = euros.json() as Order;
    const toYen = await call('PUT', `${url}/${order._id}`, { currency: 'YEN' });
    expectStatus(toYen, 400);
    expect(errorOf(toYen).fields).toEqual({ amount: 'This currency has no cents: please enter a whole amount.' });
    const both = await call('PUT', `${url}/${order._id}`, { currency: 'YEN', amount: 11 });
    expectStatus(both, 200);
    expect(both.json()).toMatchObject({ amount: 11, currency: 'YEN' });
    const renamed = await call('PUT', `${url}/${order._id}`, { title: 'Renamed' });
    expectStatus(renamed, 200);
  });

  it('without a currency of its own is in its client’s: a yen client’s order is whole too', async () => {
    const url = await ordersUrl('YEN');
    const fraction = await call('POST', url, { code: 'PO-3', amount: 0.5 });
    expectStatus(fraction, 400);
    expect(errorOf(fraction).fields).toEqual({ amount: 'This currency has no cents: please enter a whole amount.' });
    const inEuros = await call('POST', url, { code: 'PO-3', amount: 0.5, currency: 'EUR' });
    expectStatus(inEuros, 201);
    const toClients = await call('PUT', `${url}/${(inEuros.json() as Order)._id}`, { currency: null });
    expectStatus(toClients, 400);
  });
});
