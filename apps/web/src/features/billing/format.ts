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
