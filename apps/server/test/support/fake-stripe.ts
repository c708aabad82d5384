import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { buildTestApp, type TestApp } from './app.ts';
import type { TestClock } from './clock.ts';

type Json = Record<string, unknown>;

/** A webhook delivery as the provider posts it: the JSON body and its `stripe-signature` header. */
export type WebhookDelivery = { payload: string; signature: string };
/** Hands a delivery to the app's webhook endpoint; answers the HTTP status the app gave. */
export type DeliverWebhook = (delivery: WebhookDelivery) => Promise<number>;

/** Delivers webhooks over HTTP to `url` (the app's `POST /api/billing/webhook`), as the provider does. */
export const webhookPoster =
  (url: string): DeliverWebhook =>
  async ({ payload, signature }) =>
    (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload }))
      .status;

export type FakeStripe = {
  /** The API base to give the server (`STRIPE_API_BASE`). */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Objects by id (customers, subscriptions, payment methods, accounts, payment intents, sessions, products). */
  objects: Map<string, Json>;
  /** Every request seen, as 'METHOD /path'. */
  requests: string[];
  /** Idempotency keys of the POSTs seen, in order (a replayed key is listed each time). */
  idempotencyKeys: string[];
  /** Every event handed to the app's webhook (the `deliver` option), as signed then, in order: a test may deliver one again. */
  sent: (WebhookDelivery & { id: string; type: string })[];
  /** How many objects of a kind were created (a replayed idempotency key creates nothing). */
  created: (object: string) => number;
  /** A card payment method that exists at the provider but belongs to no customer yet (as a browser would create it). */
  addPaymentMethod: (brand?: string, last4?: string) => string;
  /** The next charge (a subscription's first invoice or a payment intent) is declined. */
  failNextPayment: () => void;
  /** The next update or cancellation of a subscription fails (the provider is unavailable; not worth a retry of that request). */
  failNextSubscriptionUpdate: () => void;
  /** The next expiry of a checkout session fails (the provider is unavailable; not worth a retry of that request). */
  failNextSessionExpiry: () => void;
  /** The next voiding of an invoice fails (the provider is unavailable; not worth a retry of that request). */
  failNextInvoiceVoid: () => void;
  /** A signed webhook delivery of an event, as the provider sends it. */
  signedEvent: (
    type: string,
    object: Json,
    options?: { id?: string; secret?: string },
  ) => { payload: string; signature: string; id: string };
  /** Signs an event and hands it to the app's webhook (the `deliver` option); the app's HTTP status. */
  sendEvent: (type: string, object: Json) => Promise<number>;
  /**
   * A renewal of the organisation's subscription fails, as at the end of a period: the subscription turns `past_due`
   * and the app hears `invoice.payment_failed`, then `customer.subscription.updated`. The app's HTTP statuses.
   */
  failRenewal: (orgId: string) => Promise<number[]>;
  close: () => Promise<void>;
};

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/** `a[b][0][c]=1` form fields into nested objects; numeric keys become arrays. */
export function decodeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Json = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (last) node[name] = value;
      else node = (node[name] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Json);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) return entries.map(([, v]) => arrays(v));
    return Object.fromEntries(entries.map(([k, v]) => [k, arrays(v)]));
  };
  return arrays(root) as Json;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), ...headers }).end(JSON.stringify(body));
};
const missing = (kind: string, id: string) => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param: 'id' } },
});
const invalid = (message: string) => ({ status: 400, body: { error: { type: 'invalid_request_error', message } } });
/** The provider cannot serve the request now, and says a retry of this one would not help. */
const unavailable = () => ({
  status: 500,
  headers: { 'stripe-should-retry': 'false' },
  body: { error: { type: 'api_error', message: 'An unknown error occurred.' } },
});
const declined = () => ({
  status: 402,
  body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
});

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The hosted payment page of a checkout session: what is paid, and one button to pay it. */
function paymentPage(session: Json, notice = ''): string {
  const amount = `${(Number(session.amount_total) / 100).toFixed(2)} ${String(session.currency ?? '').toUpperCase()}`;
  const open = session.status === 'open';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pay ${escapeHtml(String(session.description))}</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:4rem auto;color:#1a1a1a}
.amount{font-size:2rem;font-weight:700}button{font:inherit;padding:.6rem 2rem;background:#1c4ed8;color:#fff;border:0;border-radius:6px}
.notice{padding:.6rem;background:#fde8e8;color:#7a1010}</style></head>
<body><main><h1>${escapeHtml(String(session.description))}</h1>
<p class="amount" data-testid="amount">${escapeHtml(amount)}</p>
${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ''}
${
  open
    ? `<form method="post"><p>Card •••• 4242 (test)</p><button type="submit">Pay</button></form>`
    : session.status === 'expired'
      ? '<p role="status">This payment page has expired.</p>'
      : '<p role="status">Paid. Thank you.</p>'
}
</main></body></html>`;
}

/**
 * A test app pointed at a fake payment provider of its own (`deliver`: how the provider's webhooks reach the app), for
 * a file's `beforeAll`; `stopAppWithFakeStripe` stops both in its `afterAll`.
 */
export async function startAppWithFakeStripe(options: { clock?: TestClock; deliver?: DeliverWebhook } = {}) {
  const fake = await startFakeStripe(options.deliver ? { deliver: options.deliver } : {});
  const t = await buildTestApp({ ...(options.clock ? { clock: options.clock } : {}), env: providerEnv(fake) });
  return { fake, t };
}

export async function stopAppWithFakeStripe({ t, fake }: { t: TestApp; fake: FakeStripe }) {
  await t.close();
  await fake.close();
}

/** The app's settings that point it at the fake provider `fake`. */
export const providerEnv = (fake: FakeStripe) => ({
  STRIPE_SECRET_KEY: fake.secretKey,
  STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
  STRIPE_API_BASE: fake.url,
});

/**
 * A small fake of the card payment provider's HTTP API (Stripe's form-encoded `/v1` endpoints that billing uses), in
 * memory, answering realistic JSON. It remembers idempotency keys as the provider does (the same key answers the
 * first response again and creates nothing), can decline the next payment, and signs webhook events with the SDK.
 *
 * Like the provider, it hosts the payment page a checkout session's `url` opens (`GET /pay/:id`); paying there
 * (`POST /pay/:id`) completes the session and delivers `checkout.session.completed` and `payment_intent.succeeded`,
 * signed, to `deliver` (the app's webhook) before it sends the payer back to the session's `success_url`; the page
 * of an expired session takes no payment (410). Two test controls stand in for what happens at the provider without
 * the app asking: `POST /test/payment-methods` (a card as the provider's card form creates it; answers its id) and
 * `POST /test/renewal-failed?org=` (a renewal fails).
 */
export async function startFakeStripe(options: { port?: number; deliver?: DeliverWebhook } = {}): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  /** This fake's own address, once it listens (the payment pages live here). */
  let ownUrl = '';
  const objects = new Map<string, Json>();
  const requests: string[] = [];
  const idempotencyKeys: string[] = [];
  const sent: FakeStripe['sent'] = [];
  const answered = new Map<string, { status: number; body: unknown }>();
  const counts = new Map<string, number>();
  let failNext = false;
  let failUpdate = false;
  let failExpiry = false;
  let failVoid = false;
  const now = () => Math.floor(Date.now() / 1000);

  const create = (object: string, prefix: string, fields: Json): Json => {
    const row: Json = { id: newId(prefix), object, created: now(), livemode: false, metadata: {}, ...fields };
    objects.set(row.id as string, row);
    counts.set(object, (counts.get(object) ?? 0) + 1);
    return row;
  };
  const get = (id: string, object: string) => {
    const row = objects.get(id);
    return row && row.object === object ? row : null;
  };
  const listOf = (data: Json[], url: string) => ({ object: 'list', data, has_more: false, url });
  /** A subscription item as the provider makes it from a requested one (`price_data` becomes its price). */
  const subscriptionItem = (item: Json, periodEnd: number): Json => ({
    id: newId('si'),
    object: 'subscription_item',
    quantity: Number(item.quantity ?? 1),
    current_period_start: now(),
    current_period_end: periodEnd,
    price: {
      id: newId('price'),
      object: 'price',
      ...(item.price_data as Json),
      unit_amount: Number((item.price_data as Json)?.unit_amount),
    },
    metadata: item.metadata ?? {},
  });

  /** The customer's tax ids (`tax_id` objects), in the order they were added. */
  const taxIdsOf = (customerId: string) => [...objects.values()].filter((row) => row.object === 'tax_id' && row.customer === customerId);
  /** As the provider checks an EU VAT number: it starts with the prefix of a member state (EL for Greece). */
  const validTaxId = (taxId: Json) =>
    taxId.type !== 'eu_vat' ||
    /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z]{2,13}$/.test(String(taxId.value));

  const addPaymentMethod = (brand = 'visa', last4 = '4242') =>
    create('payment_method', 'pm', {
      type: 'card',
      customer: null,
      billing_details: { name: null, email: null, address: null, phone: null },
      card: { brand, last4, exp_month: 12, exp_year: 2030, country: 'US', funding: 'credit' },
    }).id as string;

  function route(method: string, path: string, params: Json): { status: number; body: unknown; headers?: Record<string, string> } {
    const parts = path.split('/').filter(Boolean).slice(1); // drop v1
    const [resource, id, action] = parts;
    if (resource === 'customers') {
      if (method === 'POST' && !id) {
        const taxIds = (params.tax_id_data as Json[] | undefined) ?? [];
        const refused = taxIds.find((taxId) => !validTaxId(taxId));
        if (refused) return invalid(`Invalid value for ${String(refused.type)}.`);
        const customer = create('customer', 'cus', {
          name: params.name ?? null,
          email: params.email ?? null,
          description: params.description ?? null,
          address: params.address ?? null,
          invoice_settings: { default_payment_method: null },
          metadata: params.metadata ?? {},
        });
        for (const taxId of taxIds) create('tax_id', 'txi', { type: taxId.type, value: taxId.value, customer: customer.id });
        return { status: 200, body: customer };
      }
      const customer = id ? get(id, 'customer') : null;
      if (!customer) return missing('customer', id ?? '');
      if (action === 'tax_ids') {
        const taxIdId = parts[3];
        if (method === 'GET') return { status: 200, body: listOf(taxIdsOf(customer.id as string), `/v1/customers/${id}/tax_ids`) };
        if (method === 'POST') {
          if (!validTaxId(params)) return invalid(`Invalid value for ${String(params.type)}.`);
          return { status: 200, body: create('tax_id', 'txi', { type: params.type, value: params.value, customer: id }) };
        }
        const taxId = taxIdId ? get(taxIdId, 'tax_id') : null;
        if (method !== 'DELETE' || !taxId || taxId.customer !== id) return missing('tax_id', taxIdId ?? '');
        objects.delete(taxIdId!);
        return { status: 200, body: { id: taxIdId, object: 'tax_id', deleted: true } };
      }
      if (method === 'GET' && action === 'payment_methods') {
        const data = [...objects.values()].filter((row) => row.object === 'payment_method' && row.customer === id);
        return { status: 200, body: listOf(data, `/v1/customers/${id}/payment_methods`) };
      }
      if (method === 'GET') return { status: 200, body: customer };
      if (method === 'POST') {
        const settings = params.invoice_settings as Json | undefined;
        if (settings && 'default_payment_method' in settings) {
          const next = settings.default_payment_method === '' ? null : (settings.default_payment_method as string);
          if (next && get(next, 'payment_method')?.customer !== id)
            return invalid(`The payment method ${next} is not attached to this customer.`);
          customer.invoice_settings = { default_payment_method: next };
        }
        for (const field of ['name', 'email', 'description', 'address'] as const) if (field in params) customer[field] = params[field];
        return { status: 200, body: customer };
      }
    }
    if (resource === 'products' && method === 'POST') {
      return { status: 200, body: create('product', 'prod', { name: params.name, active: true, metadata: params.metadata ?? {} }) };
    }
    if (resource === 'subscriptions') {
      if (method === 'POST' && !id) {
        const customer = get(String(params.customer), 'customer');
        if (!customer) return missing('customer', String(params.customer));
        const end = now() + 30 * 24 * 3600;
        const items = ((params.items as Json[] | undefined) ?? []).map((item) => subscriptionItem(item, end));
        const status = failNext ? 'incomplete' : 'active';
        failNext = false;
        const firstInvoice = create('invoice', 'in', {
          customer: customer.id,
          billing_reason: 'subscription_create',
          status: status === 'active' ? 'paid' : 'open',
          paid: status === 'active',
          amount_due: items.reduce((sum, item) => sum + Number((item.price as Json).unit_amount) * Number(item.quantity), 0),
          currency: (items[0]?.price as Json | undefined)?.currency ?? 'usd',
        });
        const subscription = create('subscription', 'sub', {
          latest_invoice: firstInvoice.id,
          customer: customer.id,
          status,
          cancel_at_period_end: false,
          items: { object: 'list', data: items, has_more: false },
          default_payment_method: params.default_payment_method ?? null,
          metadata: params.metadata ?? {},
        });
        firstInvoice.subscription = subscription.id;
        return { status: 200, body: subscription };
      }
      const subscription = id ? get(id, 'subscription') : null;
      // a cancelled subscription is gone for the API: cancelling it again is 404, as the provider answers
      if (!subscription || (method === 'DELETE' && subscription.status === 'canceled')) return missing('subscription', id ?? '');
      if ((method === 'POST' || method === 'DELETE') && failUpdate) {
        failUpdate = false;
        return unavailable();
      }
      if (method === 'DELETE') {
        Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now(), cancel_at_period_end: false });
        return { status: 200, body: subscription };
      }
      if (method === 'POST') {
        const list = subscription.items as { data: Json[] };
        const changes = (params.items as Json[] | undefined) ?? [];
        // checked first, so that a refused update changes nothing
        for (const change of changes) {
          if (change.id && !list.data.some((item) => item.id === change.id))
            return invalid(`No such subscription item: '${String(change.id)}'`);
          if (!change.id && !(change.price_data as Json | undefined)?.product)
            return invalid('Missing required param: items[price_data][product].');
        }
        const end = Number(list.data[0]?.current_period_end ?? now() + 30 * 24 * 3600);
        for (const change of changes) {
          const item = list.data.find((candidate) => candidate.id === change.id);
          if (!item) list.data.push(subscriptionItem(change, end));
          else if (change.deleted === 'true') list.data = list.data.filter((candidate) => candidate !== item);
          else if ('quantity' in change) item.quantity = Number(change.quantity);
        }
        if ('cancel_at_period_end' in params) subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        return { status: 200, body: subscription };
      }
      return { status: 200, body: subscription };
    }
    if (resource === 'invoices') {
      const invoice = id ? get(id, 'invoice') : null;
      if (!invoice) return missing('invoice', id ?? '');
      if (method === 'POST' && action === 'void') {
        if (failVoid) {
          failVoid = false;
          return unavailable();
        }
        // as the provider: only a finalized invoice still owed can be voided
        if (invoice.status !== 'open' && invoice.status !== 'uncollectible')
          return invalid(`You can only void an invoice with a status of open or uncollectible. This invoice is ${String(invoice.status)}.`);
        invoice.status = 'void';
      }
      return { status: 200, body: invoice };
    }
    if (resource === 'payment_methods') {
      const paymentMethod = id ? get(id, 'payment_method') : null;
      if (!paymentMethod) return missing('PaymentMethod', id ?? '');
      if (method === 'POST' && action === 'attach') {
        const customer = get(String(params.customer), 'customer');
        if (!customer) return missing('customer', String(params.customer));
        if (paymentMethod.customer && paymentMethod.customer !== customer.id)
          return invalid('The payment method you provided has already been attached to a customer.');
        paymentMethod.customer = customer.id;
        return { status: 200, body: paymentMethod };
      }
      if (method === 'POST' && action === 'detach') {
        const customer = paymentMethod.customer ? get(String(paymentMethod.customer), 'customer') : null;
        if (!customer) return invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
        if ((customer.invoice_settings as Json).default_payment_method === id) customer.invoice_settings = { default_payment_method: null };
        paymentMethod.customer = null;
        return { status: 200, body: paymentMethod };
      }
      if (method === 'POST') {
        const details = params.billing_details as Json | undefined;
        if (details?.name) paymentMethod.billing_details = { ...(paymentMethod.billing_details as Json), name: details.name };
        const card = params.card as Json | undefined;
        if (card?.exp_month) (paymentMethod.card as Json).exp_month = Number(card.exp_month);
        if (card?.exp_year) (paymentMethod.card as Json).exp_year = Number(card.exp_year);
        return { status: 200, body: paymentMethod };
      }
      return { status: 200, body: paymentMethod };
    }
    if (resource === 'accounts') {
      if (method === 'POST' && !id) {
        const account = create('account', 'acct', {
          type: params.type ?? 'express',
          country: params.country ?? 'US',
          email: params.email ?? null,
          business_type: params.business_type ?? null,
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          metadata: params.metadata ?? {},
        });
        return { status: 200, body: account };
      }
      const account = id ? get(id, 'account') : null;
      if (!account) return missing('account', id ?? '');
      if (method === 'DELETE') {
        objects.delete(id!);
        return { status: 200, body: { id, object: 'account', deleted: true } };
      }
      return { status: 200, body: account };
    }
    if (resource === 'account_links' && method === 'POST') {
      if (!get(String(params.account), 'account')) return missing('account', String(params.account));
      return {
        status: 200,
        body: { object: 'account_link', created: now(), expires_at: now() + 300, url: `https://connect.example/setup/${newId('s')}` },
      };
    }
    if (resource === 'payment_intents') {
      if (method === 'POST' && !id) {
        if (failNext) {
          failNext = false;
          return declined();
        }
        const confirm = params.confirm === 'true' && params.payment_method;
        const intent = create('payment_intent', 'pi', {
          amount: Number(params.amount),
          currency: params.currency,
          status: confirm ? 'succeeded' : 'requires_payment_method',
          payment_method: params.payment_method ?? null,
          transfer_data: params.transfer_data ?? null,
          metadata: params.metadata ?? {},
        });
        intent.client_secret = `${intent.id as string}_secret_${randomBytes(6).toString('hex')}`;
        return { status: 200, body: intent };
      }
      const intent = id ? get(id, 'payment_intent') : null;
      if (!intent) return missing('payment_intent', id ?? '');
      if (method === 'POST' && action === 'cancel') {
        if (intent.status === 'succeeded') return invalid('You cannot cancel this PaymentIntent because it has a status of succeeded.');
        intent.status = 'canceled';
      }
      return { status: 200, body: intent };
    }
    if (resource === 'refunds' && method === 'POST') {
      const intent = get(String(params.payment_intent), 'payment_intent');
      if (!intent) return missing('payment_intent', String(params.payment_intent));
      return { status: 200, body: create('refund', 're', { amount: intent.amount, payment_intent: intent.id, status: 'succeeded' }) };
    }
    if (resource === 'checkout' && id === 'sessions' && action && parts[3] === 'expire' && method === 'POST') {
      const session = get(action, 'checkout.session');
      if (!session) return missing('checkout.session', action);
      if (failExpiry) {
        failExpiry = false;
        return unavailable();
      }
      if (session.status !== 'open')
        return invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${String(session.status)}\`.`,
        );
      Object.assign(session, { status: 'expired', url: null });
      return { status: 200, body: session };
    }
    if (resource === 'checkout' && id === 'sessions' && !action && method === 'POST') {
      const lines = (params.line_items as Json[] | undefined) ?? [];
      const amount = lines.reduce((sum, line) => sum + Number((line.price_data as Json)?.unit_amount ?? 0) * Number(line.quantity ?? 1), 0);
      const session = create('checkout.session', 'cs_test', {
        mode: params.mode,
        description: ((lines[0]?.price_data as Json | undefined)?.product_data as Json | undefined)?.name ?? null,
        amount_total: amount,
        currency: (lines[0]?.price_data as Json | undefined)?.currency ?? null,
        status: 'open',
        payment_status: 'unpaid',
        success_url: params.success_url,
        payment_intent: null,
        payment_intent_data: params.payment_intent_data ?? {},
        metadata: params.metadata ?? {},
      });
      session.url = `${ownUrl}/pay/${session.id as string}`;
      return { status: 200, body: session };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  const signer = new Stripe(secretKey);
  const signedEvent: FakeStripe['signedEvent'] = (type, object, options = {}) => {
    const id = options.id ?? newId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: null,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret });
    return { payload, signature, id };
  };
  const sendEvent = async (type: string, object: Json): Promise<number> => {
    if (!options.deliver) throw new Error('this fake has no webhook to deliver to');
    const event = signedEvent(type, object);
    sent.push({ ...event, type });
    return options.deliver(event);
  };
  const delivered = (statuses: number[]) => statuses.every((status) => status >= 200 && status < 300);

  /** The payer pays a session on its page: the session completes and the app hears of it before the payer returns. */
  async function pay(session: Json): Promise<number[]> {
    const intentMetadata = (session.payment_intent_data as Json | undefined)?.metadata ?? session.metadata;
    const intent = create('payment_intent', 'pi', {
      amount: session.amount_total,
      currency: session.currency,
      status: 'succeeded',
      payment_method: addPaymentMethod(),
      metadata: intentMetadata,
    });
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
    return [await sendEvent('checkout.session.completed', session), await sendEvent('payment_intent.succeeded', intent)];
  }

  async function failRenewal(orgId: string): Promise<number[]> {
    const subscription = [...objects.values()].find(
      (row) => row.object === 'subscription' && (row.metadata as Json | undefined)?.orgId === orgId,
    );
    if (!subscription) throw new Error(`no subscription of the organisation ${orgId}`);
    const items = (subscription.items as { data: Json[] }).data;
    const amountDue = items.reduce((sum, item) => sum + Number((item.price as Json).unit_amount) * Number(item.quantity), 0);
    const invoice = create('invoice', 'in', {
      customer: subscription.customer,
      subscription: subscription.id,
      billing_reason: 'subscription_cycle',
      status: 'open',
      paid: false,
      attempt_count: 1,
      amount_due: amountDue,
      currency: (items[0]?.price as Json | undefined)?.currency ?? 'usd',
    });
    subscription.status = 'past_due';
    subscription.latest_invoice = invoice.id;
    return [await sendEvent('invoice.payment_failed', invoice), await sendEvent('customer.subscription.updated', subscription)];
  }

  /** The provider's own pages and the test controls: no API key (a payer's browser, or the test, calls them). */
  async function outsideTheApi(method: string, url: URL, response: ServerResponse): Promise<boolean> {
    const html = (status: number, body: string) => response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    const payPage = /^\/pay\/([\w-]+)$/.exec(url.pathname);
    if (payPage) {
      const session = get(payPage[1]!, 'checkout.session');
      if (!session) html(404, '<!doctype html><title>Not found</title><p>This payment page does not exist.</p>');
      else if (method === 'GET') html(200, paymentPage(session));
      else if (method === 'POST' && session.status === 'expired') html(410, paymentPage(session, 'This payment page has expired.'));
      else if (method === 'POST' && session.status !== 'open') html(409, paymentPage(session, 'This payment is already complete.'));
      else if (method === 'POST') {
        const statuses = await pay(session);
        if (delivered(statuses)) response.writeHead(303, { location: String(session.success_url) }).end();
        else html(502, paymentPage(session, `The merchant did not accept the payment notice (${statuses.join(', ')}).`));
      } else return false;
      return true;
    }
    if (method === 'POST' && url.pathname === '/test/payment-methods') {
      send(response, 200, { id: addPaymentMethod(url.searchParams.get('brand') ?? undefined, url.searchParams.get('last4') ?? undefined) });
      return true;
    }
    if (method === 'POST' && url.pathname === '/test/renewal-failed') {
      const statuses = await failRenewal(url.searchParams.get('org') ?? '');
      send(response, delivered(statuses) ? 200 : 502, { statuses });
      return true;
    }
    return false;
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const method = request.method ?? 'GET';
      requests.push(`${method} ${url.pathname}`);
      const raw = await bodyOf(request);
      if (!url.pathname.startsWith('/v1/')) {
        try {
          if (await outsideTheApi(method, url, response)) return;
        } catch (error) {
          send(response, 500, { error: { type: 'api_error', message: (error as Error).message } });
          return;
        }
      }
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
        return;
      }
      const key = request.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : null;
      if (method === 'POST' && idempotencyKey) {
        idempotencyKeys.push(idempotencyKey);
        const earlier = answered.get(idempotencyKey);
        if (earlier) {
          response.setHeader('idempotent-replayed', 'true');
          send(response, earlier.status, earlier.body);
          return;
        }
      }
      const params = method === 'GET' || method === 'DELETE' ? decodeForm(url.searchParams.toString()) : decodeForm(raw);
      const answer = route(method, url.pathname, params);
      if (method === 'POST' && idempotencyKey && answer.status < 500) answered.set(idempotencyKey, answer);
      send(response, answer.status, answer.body, answer.headers);
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  ownUrl = `http://127.0.0.1:${port}`;
  return {
    url: ownUrl,
    secretKey,
    webhookSecret,
    objects,
    requests,
    idempotencyKeys,
    sent,
    created: (object) => counts.get(object) ?? 0,
    addPaymentMethod,
    failNextPayment: () => {
      failNext = true;
    },
    failNextSubscriptionUpdate: () => {
      failUpdate = true;
    },
    failNextSessionExpiry: () => {
      failExpiry = true;
    },
    failNextInvoiceVoid: () => {
      failVoid = true;
    },
    signedEvent,
    sendEvent,
    failRenewal,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
