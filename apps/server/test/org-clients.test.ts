import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createOrgWorld, errorOf, expectStatus, multipart, PNG_1X1, type OrgWorld } from './support/org.ts';

let t: TestApp;
let w: OrgWorld;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createOrgWorld(t);
  admin = w.people.admin.token;
});
afterAll(async () => t.close());

type Client = {
  _id: string;
  org: string;
  name: string;
  email: string | null;
  archived: boolean;
  orderCodes: string[];
  nextInvoiceNumber: number;
  logo: string | null;
  updatedAt: string;
  abilities: { update: boolean; archive: boolean };
};
type Order = { _id: string; code: string; amount: number | null; startDate: string | null; endDate: string | null; updatedAt: string };

const call = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, token: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });
async function createClient(name: string, extra: Record<string, unknown> = {}): Promise<Client> {
  const response = await call('POST', `/api/org/${w.orgId}/client`, admin, { name, ...extra });
  expectStatus(response, 201);
  return response.json() as Client;
}
const clientUrl = (clientId: string) => `/api/org/${w.orgId}/client/${clientId}`;

describe('clients', () => {
  it('are created, read, changed and archived (DELETE archives; kept for invoices and projects)', async () => {
    const client = await createClient('Acme', { email: 'Billing@Acme.com', currency: 'EUR', address: '1 Road' });
    expect(client).toMatchObject({
      org: w.orgId,
      name: 'Acme',
      email: 'billing@acme.com',
      archived: false,
      orderCodes: [],
      nextInvoiceNumber: 1,
      abilities: { update: true, archive: true },
    });
    expect((await call('GET', clientUrl(client._id), w.people.observerOrg.token)).json()).toMatchObject({
      _id: client._id,
      abilities: { update: false },
    });
    const changed = await call('PUT', clientUrl(client._id), w.people.manager.token, { name: 'Acme Ltd', nextInvoiceNumber: 42 });
    expectStatus(changed, 200);
    expect(changed.json()).toMatchObject({ name: 'Acme Ltd', nextInvoiceNumber: 42 });
    const archived = await call('DELETE', clientUrl(client._id), admin);
    expectStatus(archived, 200);
    expect(archived.json()).toMatchObject({ archived: true });
    const live = (await call('GET', `/api/v2/orgs/${w.orgId}/clients`, admin)).json() as { clients: Client[] };
    expect(live.clients.some((c) => c._id === client._id)).toBe(false);
    const all = (await call('GET', `/api/v2/orgs/${w.orgId}/clients?archived=true`, admin)).json() as { clients: Client[] };
    expect(all.clients.find((c) => c._id === client._id)).toMatchObject({ archived: true });
    expect((await call('GET', clientUrl(client._id), admin)).json()).toMatchObject({ archived: true });
    const restored = await call('PUT', clientUrl(client._id), admin, { archived: false });
    expect(restored.json()).toMatchObject({ archived: false });
  });

  it('have names unique among live clients, ignoring case (409); an archived name is free, until it is restored', async () => {
    const first = await createClient('Globex');
    const duplicate = await call('POST', `/api/org/${w.orgId}/client`, admin, { name: 'GLOBEX' });
    expectStatus(duplicate, 409);
    expect(errorOf(duplicate).code).toBe('client/duplicate');
    await call('DELETE', clientUrl(first._id), admin);
    const second = await createClient('globex');
    const restore = await call('PUT', clientUrl(first._id), admin, { archived: false });
    expectStatus(restore, 409);
    expectStatus(await call('PUT', clientUrl(second._id), admin, { name: 'Initech' }), 200);
    expectStatus(await call('PUT', clientUrl(first._id), admin, { archived: false }), 200);
  });

  it('list in full for admins, managers and observers (rule 112), and lite for every member', async () => {
    await createClient('Umbrella');
    for (const who of ['admin', 'manager', 'limitedManager', 'observerOrg'] as const) {
      expectStatus(await call('GET', `/api/v2/orgs/${w.orgId}/clients`, w.people[who].token), 200);
    }
    // a limited organisation observer is an external participant: client names only, never the client view
    for (const who of ['member', 'observerOrgLimited'] as const) {
      expectStatus(await call('GET', `/api/v2/orgs/${w.orgId}/clients`, w.people[who].token), 403);
      expectStatus(await call('GET', `/api/v2/orgs/${w.orgId}/clients/lite`, w.people[who].token), 200);
    }
    const lite = await call('GET', `/api/v2/orgs/${w.orgId}/clients/lite`, w.people.member.token);
    expectStatus(lite, 200);
    const liteClients = (lite.json() as { clients: Record<string, unknown>[] }).clients;
    expect(liteClients.find((c) => c.name === 'Umbrella')).toEqual({
      _id: expect.any(String),
      name: 'Umbrella',
      logo: null,
      archived: false,
    });
    const byQuery = await call('GET', `/api/org/client/list?org=${w.orgId}`, w.people.member.token);
    expectStatus(byQuery, 200);
    expect(byQuery.json()).toEqual(lite.json());
  });

  it('GET /org/client/list needs a valid org of mine', async () => {
    expectStatus(await call('GET', '/api/org/client/list', admin), 400);
    expectStatus(await call('GET', '/api/org/client/list?org=acme', admin), 400);
    const outsider = await call('GET', `/api/org/client/list?org=${w.orgId}`, w.people.outsider.token);
    expectStatus(outsider, 404);
    expect(errorOf(outsider).message).toBe("Sorry that Organization wasn't found. Maybe removed?");
  });

  it('are changed by admins, managers and the API key only; another organisation’s client is 404', async () => {
    const client = await createClient('Hooli');
    expectStatus(await call('PUT', clientUrl(client._id), w.apiKey, { email: 'ap@hooli.com' }), 200);
    for (const who of ['limitedManager', 'member', 'observerOrg'] as const) {
      expectStatus(await call('PUT', clientUrl(client._id), w.people[who].token, { name: 'Nope' }), 403);
      expectStatus(await call('DELETE', clientUrl(client._id), w.people[who].token), 403);
    }
    const theirs = await call('POST', `/api/org/${w.otherOrgId}/client`, w.people.otherOrgAdmin.token, { name: 'Theirs' });
    const theirId = (theirs.json() as Client)._id;
    expectStatus(await call('GET', clientUrl(theirId), admin), 404);
    expectStatus(await call('PUT', clientUrl(theirId), admin, { name: 'Mine' }), 404);
  });

  it('refuse bad input with 400 and a stale copy with 409', async () => {
    for (const body of [
      {},
      { name: '' },
      { name: 'A', email: 'nope' },
      { name: 'A', currency: 'euro' },
      { name: 'A', nextInvoiceNumber: 0 },
      { name: 'A', archived: true },
    ]) {
      expectStatus(await call('POST', `/api/org/${w.orgId}/client`, admin, body), 400);
    }
    const client = await createClient('Stale Inc');
    expectStatus(await call('PUT', clientUrl(client._id), admin, { name: 'Fresh Inc', updatedAt: client.updatedAt }), 200);
    expectStatus(await call('PUT', clientUrl(client._id), admin, { name: 'Staler Inc', updatedAt: client.updatedAt }), 409);
    expectStatus(await call('GET', `/api/org/${w.orgId}/client/acme`, admin), 400);
  });

  it('take a logo in the field orgClientLogo and serve it to members', async () => {
    const client = await createClient('Logo Co');
    const upload = await t.request({
      method: 'POST',
      url: `${clientUrl(client._id)}/logo`,
      token: admin,
      ...multipart('orgClientLogo', 'l.png', 'image/png', PNG_1X1),
    });
    expectStatus(upload, 200);
    const logo = (upload.json() as Client).logo!;
    expect(logo).toBe(`/api/org/${w.orgId}/client/${client._id}/logo?v=1`);
    const image = await call('GET', logo, w.people.member.token);
    expectStatus(image, 200);
    expect(image.headers['content-type']).toBe('image/png');
    const wrongField = await t.request({
      method: 'POST',
      url: `${clientUrl(client._id)}/logo`,
      token: admin,
      ...multipart('orgLogo', 'l.png', 'image/png', PNG_1X1),
    });
    expectStatus(wrongField, 400);
    const notImage = await t.request({
      method: 'POST',
      url: `${clientUrl(client._id)}/logo`,
      token: admin,
      ...multipart('orgClientLogo', 'l.png', 'image/png', Buffer.from('GIF')),
    });
    expectStatus(notImage, 400);
    expect(errorOf(notImage).code).toBe('file/unsupported-type');
    const missing = await t.request({
      method: 'POST',
      url: `/api/org/${w.orgId}/client/0123456789abcdef01234567/logo`,
      token: admin,
      ...multipart('orgClientLogo', 'l.png', 'image/png', PNG_1X1),
    });
    expectStatus(missing, 404);
    expectStatus(await call('GET', `/api/org/${w.orgId}/client/0123456789abcdef01234567/logo`, admin), 404);
  });
});

describe('client orders', () => {
  it('are added, listed, changed and deleted; their codes are the client’s orderCodes', async () => {
    const client = await createClient('Orders Co');
    const ordersUrl = `${clientUrl(client._id)}/order`;
    const created = await call('POST', ordersUrl, admin, {
      code: 'PO-1',
      title: 'Phase 1',
      amount: 1500.5,
      currency: 'EUR',
      startDate: '2026-01-01',
      endDate: '2026-06-30',
    });
    expectStatus(created, 201);
    const order = created.json() as Order;
    expect(order).toMatchObject({ code: 'PO-1', amount: 1500.5, startDate: '2026-01-01' });
    await call('POST', ordersUrl, admin, { code: 'PO-2' });
    expect(((await call('GET', clientUrl(client._id), admin)).json() as Client).orderCodes).toEqual(['PO-1', 'PO-2']);
    const listed = (await call('GET', ordersUrl, w.people.observerOrg.token)).json() as { orders: Order[] };
    expect(listed.orders.map((o) => o.code)).toEqual(['PO-1', 'PO-2']);
    const changed = await call('PUT', `${ordersUrl}/${order._id}`, admin, { amount: null, code: 'PO-1A' });
    expect(changed.json()).toMatchObject({ amount: null, code: 'PO-1A' });
    const deleted = await call('DELETE', `${ordersUrl}/${order._id}`, admin);
    expectStatus(deleted, 200);
    expect(deleted.json()).toEqual({ deleted: true, _id: order._id });
    expectStatus(await call('DELETE', `${ordersUrl}/${order._id}`, admin), 404);
    expect(((await call('GET', clientUrl(client._id), admin)).json() as Client).orderCodes).toEqual(['PO-2']);
  });

  it('refuse a duplicate code (409), an end before the start (400), and orders of another client (404)', async () => {
    const client = await createClient('Strict Co');
    const other = await createClient('Other Co');
    const ordersUrl = `${clientUrl(client._id)}/order`;
    const order = (await call('POST', ordersUrl, admin, { code: 'X-1', startDate: '2026-03-01' })).json() as Order;
    const duplicate = await call('POST', ordersUrl, admin, { code: 'x-1' });
    expectStatus(duplicate, 409);
    expect(errorOf(duplicate).code).toBe('client/duplicate-order');
    expectStatus(await call('POST', `${clientUrl(other._id)}/order`, admin, { code: 'X-1' }), 201);
    expectStatus(await call('POST', ordersUrl, admin, { code: 'X-2', startDate: '2026-03-01', endDate: '2026-02-01' }), 400);
    const before = await call('PUT', `${ordersUrl}/${order._id}`, admin, { endDate: '2026-02-01' });
    expectStatus(before, 400);
    expect(errorOf(before).fields).toEqual({ endDate: 'The end date is before the start date' });
    expectStatus(await call('PUT', `${clientUrl(other._id)}/order/${order._id}`, admin, { title: 'Moved' }), 404);
    expectStatus(await call('GET', `/api/org/${w.orgId}/client/0123456789abcdef01234567/order`, admin), 404);
    for (const body of [
      {},
      { code: '' },
      { code: 'Y', amount: 'lots' },
      { code: 'Y', amount: 1.234 },
      { code: 'Y', startDate: '2026-13-01' },
    ]) {
      expectStatus(await call('POST', ordersUrl, admin, body), 400);
    }
  });

  it('are changed by admins and managers; read by who views clients; members get 403', async () => {
    const client = await createClient('Perm Co');
    const ordersUrl = `${clientUrl(client._id)}/order`;
    expectStatus(await call('POST', ordersUrl, w.people.manager.token, { code: 'M-1' }), 201);
    expectStatus(await call('POST', ordersUrl, w.people.limitedManager.token, { code: 'L-1' }), 403);
    expectStatus(await call('GET', ordersUrl, w.people.limitedManager.token), 200);
    expectStatus(await call('GET', ordersUrl, w.people.member.token), 403);
  });
});
