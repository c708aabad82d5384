import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  BILLING_CURRENCY,
  decimalGigabytes,
  orgLicenceActive,
  priceSeats,
  subscriptionLicenses,
  trialEndsAt,
  type BillingDetails,
  type PaymentMethod,
  type SeatCounts,
  type SubscriptionCreate,
  type SubscriptionView,
} from '@crewplan/domain';
import { auditActorOf, runOrgCommand } from '../../commands/index.ts';
import { orgs, subscriptions } from '../../db/schema/index.ts';
import { AppError, appError } from '../../lib/errors.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';
import { storageUsage } from '../files/index.ts';
import {
  applySubscriptionStatus,
  loadSubscription,
  lockSubscription,
  oncePerKey,
  OPEN_STATUSES,
  seatsOf,
  type SubscriptionRow,
} from './billing.queries.ts';
import type { PaymentProvider, ProviderItemChange, ProviderLine, ProviderSubscriptionItem } from './payment-provider.ts';
import { callProvider, providerOf, requireProvider } from './provider.ts';

const noCustomer = () => appError('billingNoCustomer');
const noSubscription = () => appError('billingNoSubscription');

/** Whether the organisation's free trial runs now (the one of `orgs.trial_started_on`, org module). */
const trialRuns = (org: OrgAccess['org'], now: Date) =>
  org.trialStartedOn !== null && orgLicenceActive({ ...org, isOrgLicensed: false, isKeyLicensed: false }, now);

/**
 * The status the organisation shows (rule 199): its paid subscription's while it runs; `active` under an offer code
 * (also once a paid subscription it replaced has ended); else `trialing` while the free trial runs (also one started
 * after a paid subscription ended), the ended subscription's status or `not_setup` otherwise.
 */
function statusOf(row: SubscriptionRow | null, org: OrgAccess['org'], now: Date): SubscriptionView['status'] {
  if (row?.offerCodeId && !OPEN_STATUSES.has(row.status)) return 'active';
  if (row && OPEN_STATUSES.has(row.status)) return row.status;
  if (trialRuns(org, now)) return 'trialing';
  return row?.status ?? 'not_setup';
}

/** `GET /org/:orgId/subscription`: plan, status, seats priced, billing details and payment methods. */
export async function subscriptionView(ctx: AppContext, access: OrgAccess): Promise<SubscriptionView> {
  const org = access.org;
  const now = ctx.clock.now();
  const row = await loadSubscription(ctx.db, org.id);
  const seats = await seatsOf(ctx.db, org.id);
  const provider = providerOf(ctx);
  const status = statusOf(row, org, now);
  const paid = row?.providerSubscriptionId != null && subscriptionLicenses(row.status);
  const paymentMethods: PaymentMethod[] =
    provider && row?.providerCustomerId ? await callProvider(() => provider.listPaymentMethods(row.providerCustomerId!)) : [];
  const licensed = orgLicenceActive(org, now);
  return {
    org: org.id,
    configured: provider !== null,
    status,
    plan:
      paid || row?.offerCodeId || (licensed && (org.isOrgLicensed || org.isKeyLicensed))
        ? 'unlimited'
        : trialRuns(org, now)
          ? 'trial'
          : 'free',
    licensed,
    trialStartedOn: org.trialStartedOn?.toISOString() ?? null,
    trialEndsAt: org.trialStartedOn ? trialEndsAt(org.trialStartedOn).toISOString() : null,
    aiAddon: row?.aiAddon ?? false,
    seats,
    price: priceSeats(seats, row?.aiAddon ?? false),
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    offerCode: row?.offerCodeId != null,
    customer: row?.customer ?? null,
    paymentMethods,
  };
}

/** The subscription lines of the seats (and the AI add-on) at the prices of rule 200; a kind with no seat has none. */
function seatLines(seats: SeatCounts, aiAddon: boolean): ProviderLine[] {
  return priceSeats(seats, aiAddon)
    .lines.filter((line) => line.quantity > 0)
    .map((line) => ({ name: line.kind, unitMinor: line.unitMinor, quantity: line.quantity }));
}

/**
 * Ends a subscription whose first payment was declined (nothing was charged), to make way for a new attempt; one
 * the provider has ended already (404) is gone as wanted.
 */
export async function endIncomplete(provider: PaymentProvider, subscriptionId: string): Promise<void> {
  await callProvider(() => provider.cancelSubscription(subscriptionId)).catch((error: unknown) => {
    if (!(error instanceof AppError && error.statusCode === 404)) throw error;
  });
}

/**
 * Subscribes the organisation to Unlimited at the seat prices of rule 200, once per idempotency key: the key is
 * stored with the answer and given to the provider as its own idempotency key, so neither side charges twice.
 */
export async function createSubscription(ctx: AppContext, access: OrgAccess, body: SubscriptionCreate): Promise<SubscriptionView> {
  const provider = requireProvider(ctx);
  const orgId = access.org.id;
  await runOrgCommand(ctx, orgId, auditActorOf(access), async (tx, record) => {
    // the provider keeps keys for its whole account: scoped to the organisation, two organisations' keys never meet
    const providerKey = `${orgId}-${body.idempotencyKey}`;
    const { replayed } = await oncePerKey(tx, `subscription:${orgId}`, body.idempotencyKey, body, async () => {
      const row = await lockSubscription(tx, orgId);
      // an offer code gives Unlimited for good: paying for it as well would charge for nothing
      if (row.offerCodeId) throw appError('subscribeWithCode');
      if (row.providerSubscriptionId && OPEN_STATUSES.has(row.status)) {
        if (row.status !== 'incomplete') throw appError('billingAlreadySubscribed');
        await endIncomplete(provider, row.providerSubscriptionId);
      }
      const customer = body.customer ?? row.customer;
      if (!customer) throw noCustomer();
      const customerId =
        row.providerCustomerId ?? (await callProvider(() => provider.createCustomer(customer, orgId, `${providerKey}-customer`)));
      // details given again (after a declined first payment) reach the provider's customer too: its invoices carry them
      if (row.providerCustomerId && body.customer) await callProvider(() => provider.updateCustomer(customerId, customer));
      if (body.paymentMethodId) {
        await callProvider(() => provider.attachPaymentMethod(body.paymentMethodId!, customerId));
        await callProvider(() => provider.setDefaultPaymentMethod(customerId, body.paymentMethodId!));
      }
      const lines = seatLines(await seatsOf(tx, orgId), body.aiAddon);
      const subscription = await callProvider(() =>
        provider.createSubscription({
          customerId,
          orgId,
          currency: BILLING_CURRENCY,
          lines,
          paymentMethodId: body.paymentMethodId,
          idempotencyKey: providerKey,
        }),
      );
      await tx.update(subscriptions).set({ customer, providerCustomerId: customerId }).where(eq(subscriptions.orgId, orgId));
      const { from, licensed } = await applySubscriptionStatus(tx, orgId, {
        status: subscription.status,
        providerSubscriptionId: subscription.id,
        currentPeriodEnd: subscription.currentPeriodEnd,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        aiAddon: body.aiAddon,
      });
      record({
        action: 'update',
        entity: 'orgs',
        id: orgId,
        title: access.org.title,
        changes: { subscription: { from, to: subscription.status }, isOrgLicensed: { from: access.org.isOrgLicensed, to: licensed } },
      });
      return { subscriptionId: subscription.id, status: subscription.status };
    });
    return replayed;
  });
  return subscriptionView(ctx, await freshAccess(ctx, access));
}

/** What turns the provider's items (matched by seat kind) into `wanted`: new quantities, new lines, kinds gone. */
function itemChanges(items: ProviderSubscriptionItem[], wanted: ProviderLine[]): ProviderItemChange[] {
  const changes: ProviderItemChange[] = [];
  for (const line of wanted) {
    const item = items.find((candidate) => candidate.name === line.name);
    if (!item) changes.push({ add: line });
    else if (item.quantity !== line.quantity) changes.push({ id: item.id, quantity: line.quantity });
  }
  for (const item of items) {
    if (item.name !== null && !wanted.some((line) => line.name === item.name)) changes.push({ id: item.id, deleted: true });
  }
  return changes;
}

export type SeatsSync = 'none' | 'unchanged' | 'updated' | 'canceled' | 'failed';

/**
 * Brings the provider's subscription to the organisation's seats as they are now (people joined, left or changed
 * level): one update with the changed quantities, the kinds new to it and without the kinds no seat holds any more,
 * prorated as the provider does by default. Nothing is sent when the quantities already match. A deleted
 * organisation holds no seat: its subscription is cancelled now, so that nothing more is charged. It never throws:
 * a failure is logged, and the next membership change or the daily reconciliation tries again. The subscription
 * row's lock makes two syncs of one organisation take turns, so an older count never lands last.
 */
export async function syncSeats(ctx: AppContext, orgId: string, log: FastifyBaseLogger): Promise<SeatsSync> {
  const provider = providerOf(ctx);
  const open = (row: SubscriptionRow | null) => Boolean(row?.providerSubscriptionId && OPEN_STATUSES.has(row.status));
  try {
    if (!provider || !open(await loadSubscription(ctx.db, orgId))) return 'none';
    return await ctx.db.transaction(async (tx) => {
      const row = await lockSubscription(tx, orgId);
      if (!open(row)) return 'none';
      const subscriptionId = row.providerSubscriptionId!;
      const [org] = await tx.select({ deletedAt: orgs.deletedAt }).from(orgs).where(eq(orgs.id, orgId));
      if (org?.deletedAt) {
        const ended = await callProvider(() => provider.cancelSubscription(subscriptionId));
        await applySubscriptionStatus(tx, orgId, {
          status: ended.status,
          currentPeriodEnd: ended.currentPeriodEnd,
          cancelAtPeriodEnd: ended.cancelAtPeriodEnd,
        });
        return 'canceled';
      }
      const wanted = seatLines(await seatsOf(tx, orgId), row.aiAddon);
      const { items } = await callProvider(() => provider.retrieveSubscription(subscriptionId));
      const changes = itemChanges(items, wanted);
      if (changes.length === 0) return 'unchanged';
      const productId = items.find((item) => item.productId)?.productId;
      if (!productId) throw new Error(`subscription ${subscriptionId} has no product to price seats under`);
      await callProvider(() => provider.updateSubscriptionItems(subscriptionId, { currency: BILLING_CURRENCY, productId, changes }));
      return 'updated';
    });
  } catch (err) {
    log.warn(
      { err, orgId },
      'subscription not in step with the seats at the payment provider; the next change or the daily reconciliation retries',
    );
    return 'failed';
  }
}

/** The organisations with an open subscription at the provider (the daily reconciliation syncs each). */
export async function orgsWithOpenSubscription(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.db
    .select({ orgId: subscriptions.orgId })
    .from(subscriptions)
    .where(and(isNotNull(subscriptions.providerSubscriptionId), inArray(subscriptions.status, [...OPEN_STATUSES])));
  return rows.map((row) => row.orgId);
}

/** The organisation row as it is now (after a write), for the view. */
async function freshAccess(ctx: AppContext, access: OrgAccess): Promise<OrgAccess> {
  const [org] = await ctx.db.select().from(orgs).where(eq(orgs.id, access.org.id));
  return { ...access, org: org ?? access.org };
}

/** The statuses of a subscription whose latest invoice is unpaid: nothing was paid for its current period. */
const UNPAID_STATUSES = new Set<SubscriptionRow['status']>(['past_due', 'unpaid']);

/**
 * `PUT /org/:orgId/subscription/cancel`: ends the paid subscription at the end of the period already paid. One whose
 * latest invoice is unpaid ends now (nothing was paid for the period), its owed invoice voided, so that the
 * organisation may subscribe again straight away. The provider's own status decides: a renewal paid there meanwhile
 * (its news not here yet) keeps the period it paid for.
 */
export async function cancelSubscription(ctx: AppContext, access: OrgAccess): Promise<SubscriptionView> {
  const provider = requireProvider(ctx);
  const orgId = access.org.id;
  await runOrgCommand(ctx, orgId, auditActorOf(access), async (tx, record) => {
    const row = await lockSubscription(tx, orgId);
    if (!row.providerSubscriptionId || !OPEN_STATUSES.has(row.status)) throw noSubscription();
    const subscriptionId = row.providerSubscriptionId;
    const current = await callProvider(() => provider.retrieveSubscription(subscriptionId));
    if (UNPAID_STATUSES.has(current.status)) {
      const ended = await callProvider(() => provider.endUnpaidSubscription(subscriptionId));
      const { from, licensed } = await applySubscriptionStatus(tx, orgId, {
        status: ended.status,
        currentPeriodEnd: ended.currentPeriodEnd,
        cancelAtPeriodEnd: false,
      });
      record({
        action: 'update',
        entity: 'orgs',
        id: orgId,
        title: access.org.title,
        changes: {
          subscription: { from, to: ended.status },
          isOrgLicensed: { from: access.org.isOrgLicensed, to: licensed },
          ...(ended.invoice === 'none' ? {} : { latestInvoice: { from: 'open', to: ended.invoice === 'voided' ? 'void' : 'open' } }),
        },
      });
      return;
    }
    const subscription = await callProvider(() => provider.cancelSubscriptionAtPeriodEnd(subscriptionId));
    await applySubscriptionStatus(tx, orgId, {
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    });
    record({
      action: 'update',
      entity: 'orgs',
      id: orgId,
      title: access.org.title,
      changes: { cancelAtPeriodEnd: { from: row.cancelAtPeriodEnd, to: subscription.cancelAtPeriodEnd } },
    });
  });
  return subscriptionView(ctx, await freshAccess(ctx, access));
}

/** `GET /org/:orgId/subscription/customer`. */
export async function readCustomer(ctx: AppContext, access: OrgAccess) {
  const row = await loadSubscription(ctx.db, access.org.id);
  return { customer: row?.customer ?? null, hasProviderCustomer: Boolean(row?.providerCustomerId) };
}

/** `PUT /org/:orgId/subscription/customer`: keeps the billing details, and the provider's customer in step when there is one. */
export async function updateCustomer(ctx: AppContext, access: OrgAccess, details: BillingDetails) {
  await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const row = await lockSubscription(tx, access.org.id);
    if (row.providerCustomerId) {
      const provider = requireProvider(ctx);
      await callProvider(() => provider.updateCustomer(row.providerCustomerId!, details));
    }
    await tx.update(subscriptions).set({ customer: details }).where(eq(subscriptions.orgId, access.org.id));
    record({
      action: 'update',
      entity: 'orgs',
      id: access.org.id,
      title: access.org.title,
      changes: { billingDetails: { from: null, to: 'updated' } },
    });
  });
  return readCustomer(ctx, access);
}

/** The provider's customer of the organisation, created from its billing details on first need. */
async function ensureCustomer(ctx: AppContext, access: OrgAccess): Promise<string> {
  const provider = requireProvider(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, access.org.id);
    if (row.providerCustomerId) return row.providerCustomerId;
    if (!row.customer) throw noCustomer();
    const customerId = await callProvider(() => provider.createCustomer(row.customer!, access.org.id, `customer-${access.org.id}`));
    await tx.update(subscriptions).set({ providerCustomerId: customerId }).where(eq(subscriptions.orgId, access.org.id));
    return customerId;
  });
}

async function methodsOf(ctx: AppContext, customerId: string) {
  return { paymentMethods: await callProvider(() => requireProvider(ctx).listPaymentMethods(customerId)) };
}

/** The organisation's customer id, refusing a payment method the customer does not hold (another organisation's). */
async function ownMethod(
  ctx: AppContext,
  access: OrgAccess,
  paymentMethodId: string,
): Promise<{ customerId: string; method: PaymentMethod }> {
  const row = await loadSubscription(ctx.db, access.org.id);
  const customerId = row?.providerCustomerId;
  const method = customerId ? (await methodsOf(ctx, customerId)).paymentMethods.find((m) => m.id === paymentMethodId) : undefined;
  if (!customerId || !method) throw appError('paymentMethodNotFound');
  return { customerId, method };
}

/**
 * `POST …/payment-method/:id/attach?setDefault=0|1&detachDefault=0|1` (rule 205): attaches the method to the
 * organisation's customer; `setDefault` makes it the default; `detachDefault` detaches the default it replaces.
 */
export async function attachPaymentMethod(
  ctx: AppContext,
  access: OrgAccess,
  paymentMethodId: string,
  options: { setDefault: boolean; detachDefault: boolean },
) {
  const provider = requireProvider(ctx);
  const customerId = await ensureCustomer(ctx, access);
  const before = (await methodsOf(ctx, customerId)).paymentMethods;
  const previousDefault = before.find((method) => method.isDefault && method.id !== paymentMethodId);
  await callProvider(() => provider.attachPaymentMethod(paymentMethodId, customerId));
  if (options.setDefault) await callProvider(() => provider.setDefaultPaymentMethod(customerId, paymentMethodId));
  // only a default this method replaces is detached: the subscription keeps a card to renew with
  if (options.setDefault && options.detachDefault && previousDefault) {
    await callProvider(() => provider.detachPaymentMethod(previousDefault.id));
  }
  return methodsOf(ctx, customerId);
}

/** `PUT …/payment-method/:id`: the card's holder name or expiry. */
export async function updatePaymentMethod(
  ctx: AppContext,
  access: OrgAccess,
  paymentMethodId: string,
  changes: { billingName?: string; expMonth?: number; expYear?: number },
) {
  requireProvider(ctx);
  const { customerId } = await ownMethod(ctx, access, paymentMethodId);
  await callProvider(() => requireProvider(ctx).updatePaymentMethod(paymentMethodId, changes));
  return methodsOf(ctx, customerId);
}

/** `DELETE …/payment-method/:id/detach`. */
export async function detachPaymentMethod(ctx: AppContext, access: OrgAccess, paymentMethodId: string) {
  requireProvider(ctx);
  const { customerId } = await ownMethod(ctx, access, paymentMethodId);
  await callProvider(() => requireProvider(ctx).detachPaymentMethod(paymentMethodId));
  return methodsOf(ctx, customerId);
}

/** `GET /org/:orgId/subscription/usage`: storage in bytes and decimal GB, and the seats billed. */
export async function usage(ctx: AppContext, access: OrgAccess) {
  const storage = await storageUsage(ctx.db, access.org.id);
  return {
    storageBytes: storage.bytes,
    storageGb: decimalGigabytes(storage.bytes),
    files: storage.files,
    seats: await seatsOf(ctx.db, access.org.id),
  };
}
