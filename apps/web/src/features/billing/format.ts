import { BILLING_MESSAGES, type SubscriptionView } from '@crewplan/domain/billing/billing';

/** US dollars from cents, as the seat prices are shown ("$12.99"). */
export const dollars = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);

/** A new idempotency key for one attempt to subscribe (kept while that attempt is retried). */
export const newIdempotencyKey = () =>
  `sub-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

export const STATUS_LABELS: Record<string, string> = {
  incomplete: 'Payment incomplete',
  incomplete_expired: 'Payment expired',
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment issue',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
  not_setup: 'Not set up',
};

/** What subscribing tells the admin: a declined first payment is answered with the subscription left incomplete. */
export const subscribedNotice = (answer: Pick<SubscriptionView, 'status'>) =>
  answer.status === 'incomplete'
    ? { message: BILLING_MESSAGES.firstPaymentDeclined, color: 'red' }
    : { message: BILLING_MESSAGES.subscribed, color: 'green' };

/**
 * Whether the organisation pays a subscription that still runs at the provider: it is cancelled, not taken out again
 * (the server refuses a second one). One left unpaid still runs though it no longer licenses; the free trial and an
 * offer code are not paid.
 */
export const runsPaidSubscription = (view: Pick<SubscriptionView, 'plan' | 'status' | 'offerCode'>) =>
  !view.offerCode && (view.status === 'unpaid' || (view.plan === 'unlimited' && view.status !== 'trialing'));

/** Whether the subscription's latest invoice is unpaid: nothing was paid for the period, so cancelling ends it now. */
export const owesPeriod = (view: Pick<SubscriptionView, 'status'>) => view.status === 'past_due' || view.status === 'unpaid';
