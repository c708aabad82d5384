/** What a paid client invoice hands to whoever registered for it. */
export type ClientInvoicePaid = {
  clientInvoiceId: string;
  amountMinor: number | null;
  currency: string | null;
  providerObjectId: string;
  eventId: string;
};
export type ClientInvoicePaidHandler = (paid: ClientInvoicePaid) => Promise<void> | void;

let handler: ClientInvoicePaidHandler | null = null;

/**
 * The one registration point for a paid client invoice: a provider event (`checkout.session.completed` or
 * `payment_intent.succeeded`) carrying `metadata.clientInvoiceId` is handed to the handler registered here (the
 * invoices module), inside nothing: billing has already recorded the event id, so a replay never calls it twice.
 */
export function onClientInvoicePaid(next: ClientInvoicePaidHandler | null): void {
  handler = next;
}

/** Hands a paid client invoice to the registered handler, if any. */
export async function dispatchClientInvoicePaid(paid: ClientInvoicePaid): Promise<boolean> {
  if (!handler) return false;
  await handler(paid);
  return true;
}
