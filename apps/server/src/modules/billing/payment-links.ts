import type { AppContext } from '../../plugins/types.ts';
import { callProvider, requireProvider } from './provider.ts';

/**
 * A payment page at the provider for an amount (e.g. a client invoice's `POST /clientInvoice/:id/payment-link`).
 * Put `clientInvoiceId` in `metadata`: once paid, the provider's event reaches `onClientInvoicePaid`.
 * Without payments configured it answers 503 `billing/not-configured`.
 */
export async function createPaymentLink(
  ctx: Pick<AppContext, 'config'>,
  input: { amountMinor: number; currency: string; description: string; metadata: Record<string, string> },
): Promise<{ id: string; url: string }> {
  if (!Number.isInteger(input.amountMinor) || input.amountMinor <= 0) throw new RangeError('amountMinor must be a positive integer');
  const provider = requireProvider(ctx);
  return callProvider(() => provider.createCheckoutLink({ ...input, returnUrl: new URL('/', ctx.config.publicUrl).toString() }));
}

/** Closes the provider's page of a payment link (its `id`): it can no longer be paid. */
export async function expirePaymentLink(ctx: Pick<AppContext, 'config'>, id: string): Promise<void> {
  const provider = requireProvider(ctx);
  await callProvider(() => provider.expireCheckoutLink(id));
}
