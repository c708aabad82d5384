import { and, eq } from 'drizzle-orm';
import { fromProviderMoney } from '@crewplan/domain';
import { billingEvents, proposalPayments, subscriptions } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/types.ts';
import { applySubscriptionStatus, OPEN_STATUSES, type SubscriptionRow } from './billing.queries.ts';
import { dispatchClientInvoicePaid, type ClientInvoicePaid } from './client-invoice-hook.ts';
import { statusOf, type ProviderEvent } from './payment-provider.ts';
import { providerOf } from './provider.ts';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value ? text((value as { id: unknown }).id) : null;
const metadataOf = (object: Record<string, unknown>): Record<string, string> =>
  object.metadata && typeof object.metadata === 'object' ? (object.metadata as Record<string, string>) : {};

/** The subscription an invoice bills: named on it, or (newer API versions) under its parent. */
const billedSubscriptionOf = (invoice: Record<string, unknown>): string | null =>
  idOf(invoice.subscription) ??
  idOf((invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined)?.subscription_details?.subscription);

/**
 * Whether an event is of another subscription than the one the organisation runs: news of one it replaced (told
 * late, or retried by the provider) changes nothing.
 */
const ofAnotherSubscription = (row: SubscriptionRow, subscriptionId: string | null) =>
  subscriptionId !== null &&
  row.providerSubscriptionId !== null &&
  OPEN_STATUSES.has(row.status) &&
  subscriptionId !== row.providerSubscriptionId;

/** The statuses a provider subscription never leaves: it can neither run nor charge again. */
const ENDED_STATUSES = new Set<SubscriptionRow['status']>(['canceled', 'incomplete_expired']);

/**
 * Whether an event is of the organisation's subscription after it ended: the provider does not keep its events in
 * order, so an update sent before the end (or retried) can arrive after it, and must not bring the licence back.
 */
const ofEndedSubscription = (row: SubscriptionRow, subscriptionId: string | null) =>
  subscriptionId !== null && subscriptionId === row.providerSubscriptionId && ENDED_STATUSES.has(row.status);

export type WebhookOutcome = { received: true; replayed: boolean; handled: boolean };

/**
 * `POST /billing/webhook`: a provider event, checked against its signature on the raw body (400 otherwise), handled
 * once by its event id: the id is stored in the same transaction as what the event changes, so a replay (or the
 * provider's retry of an event already handled) changes nothing. Once committed, a moved subscription reaches the
 * organisation's room (its open billing screens read it again), and a failed payment tells the organisation's admins
 * ('Payment issue').
 */
export async function receiveWebhook(ctx: AppContext, rawBody: Buffer | undefined, signature: string | undefined): Promise<WebhookOutcome> {
  const provider = providerOf(ctx);
  // without a provider there is no webhook to receive here (404, not a server failure that invites retries)
  if (!provider || !ctx.config.payments.webhookSecret) throw appError('webhooksNotConfigured');
  if (!signature || !rawBody) throw appError('webhookSignatureMissing');
  let event: ProviderEvent;
  try {
    event = provider.verifyWebhook(rawBody, signature);
  } catch {
    throw appError('webhookSignatureMismatch');
  }
  const after: (() => Promise<void>)[] = [];
  const subscriptionMoved = (orgId: string) =>
    after.push(() => ctx.events.emit('org.changed', { orgId, changes: [{ type: 'update', entity: 'orgs', id: orgId }] }));
  const outcome = await ctx.db.transaction(async (tx) => {
    const [fresh] = await tx.insert(billingEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!fresh) return { received: true as const, replayed: true, handled: false };
    const object = event.object;
    /** The subscription row of the event's customer, unless the event is of another subscription than it runs. */
    const orgOfCustomer = async (subscriptionId: string | null) => {
      const customerId = idOf(object.customer);
      if (!customerId) return null;
      // locked: a subscription being created meanwhile is known before the event is weighed against it
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.providerCustomerId, customerId)).for('update');
      return row && !ofAnotherSubscription(row, subscriptionId) && !ofEndedSubscription(row, subscriptionId) ? row : null;
    };
    /**
     * The subscription row an invoice bills, only when the invoice names the organisation's subscription: an invoice
     * of no subscription (a one-off one) or of another says nothing of it.
     */
    const orgOfInvoice = async () => {
      const subscriptionId = billedSubscriptionOf(object);
      if (subscriptionId === null) return null;
      const row = await orgOfCustomer(subscriptionId);
      return row?.providerSubscriptionId === subscriptionId ? row : null;
    };
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const row = await orgOfCustomer(text(object.id));
        if (!row) return { received: true as const, replayed: false, handled: false };
        const items = (object.items as { data?: { current_period_end?: number }[] } | undefined)?.data;
        const periodEnd = items?.[0]?.current_period_end ?? (object.current_period_end as number | undefined);
        await applySubscriptionStatus(tx, row.orgId, {
          status: event.type === 'customer.subscription.deleted' ? 'canceled' : statusOf(text(object.status) ?? ''),
          providerSubscriptionId: text(object.id) ?? row.providerSubscriptionId,
          currentPeriodEnd: typeof periodEnd === 'number' ? new Date(periodEnd * 1000) : row.currentPeriodEnd,
          cancelAtPeriodEnd: object.cancel_at_period_end === true,
        });
        subscriptionMoved(row.orgId);
        return { received: true as const, replayed: false, handled: true };
      }
      case 'invoice.payment_failed': {
        const row = await orgOfInvoice();
        if (!row) return { received: true as const, replayed: false, handled: false };
        if (row.status === 'active' || row.status === 'trialing') {
          await applySubscriptionStatus(tx, row.orgId, { status: 'past_due' });
          subscriptionMoved(row.orgId);
        }
        const orgId = row.orgId;
        after.push(() => ctx.events.emit('billing.payment.failed', { orgId, providerInvoiceId: text(object.id) ?? '' }));
        return { received: true as const, replayed: false, handled: true };
      }
      case 'invoice.paid':
      case 'invoice.payment_succeeded': {
        const row = await orgOfInvoice();
        if (!row) return { received: true as const, replayed: false, handled: false };
        if (row.status === 'past_due' || row.status === 'unpaid' || row.status === 'incomplete') {
          await applySubscriptionStatus(tx, row.orgId, { status: 'active' });
          subscriptionMoved(row.orgId);
        }
        return { received: true as const, replayed: false, handled: true };
      }
      case 'checkout.session.completed':
      case 'payment_intent.succeeded': {
        const metadata = metadataOf(object);
        if (metadata.proposalPaymentId) {
          // only a pending payment succeeds: one withdrawn meanwhile (cancelled or refunded) stays withdrawn
          const [succeeded] = await tx
            .update(proposalPayments)
            .set({ status: 'succeeded' })
            .where(and(eq(proposalPayments.id, metadata.proposalPaymentId), eq(proposalPayments.status, 'pending')))
            .returning({ id: proposalPayments.id });
          return { received: true as const, replayed: false, handled: succeeded !== undefined };
        }
        if (metadata.clientInvoiceId) {
          const amount = typeof object.amount_total === 'number' ? object.amount_total : object.amount;
          const currency = text(object.currency);
          // a session completed with a payment still to come (a bank debit) has paid nothing yet
          const unpaid = event.type === 'checkout.session.completed' && object.payment_status !== 'paid';
          const money = !unpaid && currency && typeof amount === 'number' ? fromProviderMoney(currency, amount) : null;
          const paymentIntentId = event.type === 'checkout.session.completed' ? idOf(object.payment_intent) : null;
          const paid: ClientInvoicePaid = {
            clientInvoiceId: metadata.clientInvoiceId,
            amountMinor: money?.amountMinor ?? null,
            currency: money?.currency ?? null,
            providerObjectId: text(object.id) ?? '',
            ...(paymentIntentId ? { paymentIntentId } : {}),
            eventId: event.id,
          };
          // inside the transaction: a failing handler leaves the event unrecorded, so the provider's retry runs it again
          const handled = await dispatchClientInvoicePaid(ctx, paid);
          return { received: true as const, replayed: false, handled };
        }
        return { received: true as const, replayed: false, handled: false };
      }
      default:
        return { received: true as const, replayed: false, handled: false };
    }
  });
  for (const run of after) await run();
  return outcome;
}
