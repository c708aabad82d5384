import type { AppContext } from '../../plugins/types.ts';

/**
 * What a paid client invoice hands to whoever registered for it: the amount paid in minor units of a product currency
 * (null when the provider reports no payment or money the product cannot read).
 */
export type ClientInvoicePaid = {
  clientInvoiceId: string;
  amountMinor: number | null;
  currency: string | null;
  providerObjectId: string;
  /**
   * The payment intent a completed checkout session was paid with, when the provider names it: the session's
   * completion and its payment intent's success tell of one payment.
   */
  paymentIntentId?: string;
  eventId: string;
};
/** Marks the invoice paid; false when nothing was settled (no invoice it knows, or a payment that does not settle it). */
export type ClientInvoicePaidHandler = (ctx: AppContext, paid: ClientInvoicePaid) => Promise<boolean> | boolean;

let handler: ClientInvoicePaidHandler | null = null;

/**
 * The one registration point for a paid client invoice: a provider event (`checkout.session.completed` or
 * `payment_intent.succeeded`) carrying `metadata.clientInvoiceId` is handed to the handler registered here (the
 * invoices module). It runs while the event is being recorded: when it fails the event stays unrecorded and the
 * provider's retry runs it again, so it must be idempotent.
 */
export function onClientInvoicePaid(next: ClientInvoicePaidHandler | null): void {
  handler = next;
}

/** Hands a paid client invoice to the registered handler, if any. */
export async function dispatchClientInvoicePaid(ctx: AppContext, paid: ClientInvoicePaid): Promise<boolean> {
  if (!handler) return false;
  return handler(ctx, paid);
}
