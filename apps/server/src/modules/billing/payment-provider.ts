import Stripe from 'stripe';
import {
  countryOfCode,
  toProviderMoney,
  type BillingDetails,
  type PaymentMethod,
  type ProviderMoney,
  type SubscriptionStatus,
} from '@crewplan/domain';
import type { Config } from '../../config.ts';
import { appError } from '../../lib/errors.ts';

export type ProviderSubscription = {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

export type UnpaidInvoiceOutcome = 'voided' | 'kept' | 'none';

export type ProviderLine = { name: string; unitMinor: number; quantity: number };

/** An item of a subscription: `name` is the seat kind it bills (its `metadata.seat`), null for an item not ours. */
export type ProviderSubscriptionItem = { id: string; name: string | null; quantity: number; productId: string | null };
/** A change to a subscription's items: a new quantity, the item removed, or a new line. */
export type ProviderItemChange = { id: string; quantity: number } | { id: string; deleted: true } | { add: ProviderLine };

export type ProviderAccount = {
  accountId: string;
  country: string | null;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
};

export type ProviderPaymentIntent = { id: string; status: string; clientSecret: string | null };

/** A verified provider event, reduced to what the billing module reads. */
export type ProviderEvent = { id: string; type: string; object: Record<string, unknown> };

/**
 * The few calls billing makes to the card payment provider. Stripe implements it through its official SDK; the SDK
 * can be pointed at another address (`STRIPE_API_BASE`), which is how tests run it against a local fake. Amounts are
 * ours (minor units of a product currency); the implementation sends them as the provider counts them.
 */
export interface PaymentProvider {
  createCustomer(details: BillingDetails, orgId: string, idempotencyKey: string): Promise<string>;
  updateCustomer(customerId: string, details: BillingDetails): Promise<void>;
  createSubscription(input: {
    customerId: string;
    orgId: string;
    currency: string;
    lines: ProviderLine[];
    paymentMethodId: string | undefined;
    idempotencyKey: string;
  }): Promise<ProviderSubscription>;
  cancelSubscriptionAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
  /** Ends the subscription now: nothing more is charged. */
  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Ends an unpaid subscription now and voids its latest invoice while it is still owed, as nothing was paid for the
   * period. `invoice` says what became of it: `voided`; `kept` when the provider refused to void it (its own rule
   * then applies: a cancelled subscription's invoices are no longer collected automatically); `none` with no invoice
   * owed.
   */
  endUnpaidSubscription(subscriptionId: string): Promise<ProviderSubscription & { invoice: UnpaidInvoiceOutcome }>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription & { items: ProviderSubscriptionItem[] }>;
  /** Changes the items in one update, prorated as the provider does by default; new lines are priced under `productId`. */
  updateSubscriptionItems(
    subscriptionId: string,
    input: { currency: string; productId: string; changes: ProviderItemChange[] },
  ): Promise<ProviderSubscription>;
  listPaymentMethods(customerId: string): Promise<PaymentMethod[]>;
  attachPaymentMethod(paymentMethodId: string, customerId: string): Promise<void>;
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string | null): Promise<void>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  updatePaymentMethod(paymentMethodId: string, changes: { billingName?: string; expMonth?: number; expYear?: number }): Promise<void>;
  createConnectedAccount(input: {
    orgId: string;
    country?: string;
    email?: string;
    businessType?: 'individual' | 'company';
  }): Promise<ProviderAccount>;
  retrieveConnectedAccount(accountId: string): Promise<ProviderAccount>;
  deleteConnectedAccount(accountId: string): Promise<void>;
  createAccountLink(
    accountId: string,
    type: 'account_onboarding' | 'account_update',
    returnUrl: string,
  ): Promise<{ url: string; expiresAt: Date }>;
  createPaymentIntent(input: {
    amountMinor: number;
    currency: string;
    destinationAccountId: string;
    paymentMethodId: string | undefined;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderPaymentIntent>;
  /** Withdraws a payment: cancels it while pending, refunds it once it succeeded. */
  withdrawPaymentIntent(paymentIntentId: string): Promise<void>;
  createCheckoutLink(input: {
    amountMinor: number;
    currency: string;
    description: string;
    metadata: Record<string, string>;
    returnUrl: string;
  }): Promise<{ id: string; url: string }>;
  /** Closes a checkout link's page: it can no longer be paid. */
  expireCheckoutLink(sessionId: string): Promise<void>;
  /** Checks a webhook's signature against the raw body; throws when it does not hold. */
  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent;
}

const STATUSES: readonly string[] = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid'];
/** A provider status we do not know (e.g. `paused`) reads as unpaid: no licence. */
export const statusOf = (status: string): SubscriptionStatus => (STATUSES.includes(status) ? (status as SubscriptionStatus) : 'unpaid');

const dateOf = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  const periodEnd =
    subscription.items?.data?.[0]?.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: statusOf(subscription.status),
    currentPeriodEnd: dateOf(periodEnd),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

function accountOf(account: Stripe.Account): ProviderAccount {
  return {
    accountId: account.id,
    country: account.country ?? null,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    detailsSubmitted: account.details_submitted ?? false,
  };
}

/** Our amount (minor units of a product currency) as the provider takes it; one it cannot charge exactly is refused. */
function providerMoney(currency: string, amountMinor: number): ProviderMoney {
  const money = toProviderMoney(currency, amountMinor);
  if (!money) throw appError('amountNotChargeable');
  return money;
}

/** A subscription item billing `line` monthly under the product, tagged with its seat kind. */
function seatItem(currency: string, productId: string, line: ProviderLine) {
  const unit = providerMoney(currency, line.unitMinor);
  return {
    quantity: line.quantity,
    price_data: { currency: unit.currency, product: productId, unit_amount: unit.amount, recurring: { interval: 'month' as const } },
    metadata: { seat: line.name },
  };
}

function customerParams(details: BillingDetails) {
  return {
    name: details.billing_name,
    email: details.billing_email,
    description: details.billing_org_name || undefined,
    address: { country: details.billing_country, postal_code: details.billing_zip || undefined },
  };
}

/**
 * The tax id the provider keeps for the billing details: the VAT number under its country's tax id type (rule 195:
 * European Union countries, `eu_vat`). A country without a type keeps its number with the billing details only: the
 * provider would refuse it under another country's type.
 */
function taxIdOf(details: BillingDetails): { type: 'eu_vat'; value: string } | null {
  const type = countryOfCode(details.billing_country)?.taxId?.type;
  return type && details.vat_number ? { type, value: details.vat_number } : null;
}

/** The Stripe implementation, with the server's secret key and webhook secret. */
export function stripeProvider(settings: {
  secretKey: string;
  webhookSecret: string | undefined;
  apiBase: string | undefined;
}): PaymentProvider {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  return {
    async createCustomer(details, orgId, idempotencyKey) {
      const taxId = taxIdOf(details);
      const taxIds = taxId ? [taxId] : undefined;
      const customer = await stripe.customers.create(
        { ...customerParams(details), tax_id_data: taxIds, metadata: { orgId } },
        { idempotencyKey },
      );
      return customer.id;
    },
    async updateCustomer(customerId, details) {
      // the tax id is kept apart from the customer: the changed one replaces the old, a cleared one is removed. The
      // new one goes first, so that a number the provider refuses changes nothing there.
      const wanted = taxIdOf(details);
      const held = await stripe.customers.listTaxIds(customerId, { limit: 100 });
      let kept = held.data.find((taxId) => wanted && taxId.type === wanted.type && taxId.value === wanted.value);
      if (wanted && !kept) kept = await stripe.customers.createTaxId(customerId, wanted);
      for (const taxId of held.data) if (taxId.id !== kept?.id) await stripe.customers.deleteTaxId(customerId, taxId.id);
      await stripe.customers.update(customerId, customerParams(details));
    },
    async createSubscription(input) {
      const product = await stripe.products.create(
        { name: 'Crewplan Unlimited', metadata: { orgId: input.orgId } },
        { idempotencyKey: `${input.idempotencyKey}-product` },
      );
      const subscription = await stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: input.lines.map((line) => seatItem(input.currency, product.id, line)),
          default_payment_method: input.paymentMethodId,
          metadata: { orgId: input.orgId },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return subscriptionOf(subscription);
    },
    async cancelSubscriptionAtPeriodEnd(subscriptionId) {
      return subscriptionOf(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    },
    async cancelSubscription(subscriptionId) {
      return subscriptionOf(await stripe.subscriptions.cancel(subscriptionId));
    },
    async endUnpaidSubscription(subscriptionId) {
      const subscription = await stripe.subscriptions.cancel(subscriptionId);
      const ended = subscriptionOf(subscription);
      try {
        const latest = subscription.latest_invoice;
        const invoice = typeof latest === 'string' ? await stripe.invoices.retrieve(latest) : latest;
        // only an invoice still owed is voided (a paid one stays paid)
        if (!invoice?.id || (invoice.status !== 'open' && invoice.status !== 'uncollectible')) return { ...ended, invoice: 'none' };
        await stripe.invoices.voidInvoice(invoice.id);
        return { ...ended, invoice: 'voided' };
      } catch (error) {
        // the subscription has ended all the same: its invoice is left to the provider (no more automatic collection)
        if (error instanceof Stripe.errors.StripeError) return { ...ended, invoice: 'kept' };
        throw error;
      }
    },
    async retrieveSubscription(subscriptionId) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      return {
        ...subscriptionOf(subscription),
        items: subscription.items.data.map((item) => ({
          id: item.id,
          name: item.metadata?.seat ?? null,
          quantity: item.quantity ?? 0,
          productId: idOf(item.price.product),
        })),
      };
    },
    async updateSubscriptionItems(subscriptionId, input) {
      const items = input.changes.map((change) => ('add' in change ? seatItem(input.currency, input.productId, change.add) : change));
      return subscriptionOf(await stripe.subscriptions.update(subscriptionId, { items }));
    },
    async listPaymentMethods(customerId) {
      const customer = await stripe.customers.retrieve(customerId);
      const defaultId = 'deleted' in customer && customer.deleted ? null : idOf(customer.invoice_settings?.default_payment_method);
      const methods = await stripe.customers.listPaymentMethods(customerId, { limit: 100 });
      return methods.data.map((method) => ({
        id: method.id,
        brand: method.card?.brand ?? method.type,
        last4: method.card?.last4 ?? '',
        expMonth: method.card?.exp_month ?? null,
        expYear: method.card?.exp_year ?? null,
        billingName: method.billing_details?.name ?? null,
        isDefault: method.id === defaultId,
      }));
    },
    async attachPaymentMethod(paymentMethodId, customerId) {
      await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
    },
    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId ?? '' } });
    },
    async detachPaymentMethod(paymentMethodId) {
      await stripe.paymentMethods.detach(paymentMethodId);
    },
    async updatePaymentMethod(paymentMethodId, changes) {
      await stripe.paymentMethods.update(paymentMethodId, {
        ...(changes.billingName ? { billing_details: { name: changes.billingName } } : {}),
        ...(changes.expMonth || changes.expYear ? { card: { exp_month: changes.expMonth, exp_year: changes.expYear } } : {}),
      });
    },
    async createConnectedAccount(input) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          country: input.country,
          email: input.email,
          business_type: input.businessType,
          metadata: { orgId: input.orgId },
        },
        { idempotencyKey: `connect-${input.orgId}` },
      );
      return accountOf(account);
    },
    async retrieveConnectedAccount(accountId) {
      return accountOf(await stripe.accounts.retrieve(accountId));
    },
    async deleteConnectedAccount(accountId) {
      await stripe.accounts.del(accountId);
    },
    async createAccountLink(accountId, type, returnUrl) {
      const link = await stripe.accountLinks.create({ account: accountId, type, refresh_url: returnUrl, return_url: returnUrl });
      return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
    },
    async createPaymentIntent(input) {
      const money = providerMoney(input.currency, input.amountMinor);
      const intent = await stripe.paymentIntents.create(
        {
          amount: money.amount,
          currency: money.currency,
          payment_method: input.paymentMethodId,
          confirm: input.paymentMethodId ? true : undefined,
          automatic_payment_methods: input.paymentMethodId ? { enabled: true, allow_redirects: 'never' } : undefined,
          transfer_data: { destination: input.destinationAccountId },
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: intent.id, status: intent.status, clientSecret: intent.client_secret };
    },
    async withdrawPaymentIntent(paymentIntentId) {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
      if (intent.status === 'succeeded') await stripe.refunds.create({ payment_intent: paymentIntentId, reverse_transfer: true });
      else if (intent.status !== 'canceled') await stripe.paymentIntents.cancel(paymentIntentId);
    },
    async createCheckoutLink(input) {
      const money = providerMoney(input.currency, input.amountMinor);
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: money.currency,
              unit_amount: money.amount,
              product_data: { name: input.description },
            },
          },
        ],
        metadata: input.metadata,
        payment_intent_data: { metadata: input.metadata },
        success_url: input.returnUrl,
        cancel_url: input.returnUrl,
      });
      return { id: session.id, url: session.url ?? '' };
    },
    async expireCheckoutLink(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },
    verifyWebhook(rawBody, signature) {
      if (!settings.webhookSecret) throw new Error('no webhook secret configured');
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      return { id: event.id, type: event.type, object: event.data.object as unknown as Record<string, unknown> };
    },
  };
}

/** The provider the configuration asks for, or null when payments are not configured (no secret key). */
export function providerFromConfig(config: Config): PaymentProvider | null {
  const { secretKey, webhookSecret, apiBase } = config.payments;
  return secretKey ? stripeProvider({ secretKey, webhookSecret, apiBase }) : null;
}
