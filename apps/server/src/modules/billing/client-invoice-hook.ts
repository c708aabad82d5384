import type { AppContext } from '../../plugins/types.ts';

/** What a paid client invoice hands to whoever registered for it. */
export type ClientInvoicePaid = {
  clientInvoiceId: string;
  amountMinor: number | null;
  currency: string | null;
  providerObjectId: string;
  eventId: string;
};
/** Marks the invoice paid; false when the event names no invoice it knows. */
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
