import { INVOICE_MESSAGES } from '@crewplan/domain';
import { AppError } from '../../lib/errors.ts';

/** What a payment link is made for: one invoice's total. */
export type PaymentLinkRequest = {
  orgId: string;
  invoiceId: string;
  /** Shown to the payer, e.g. "Invoice 0007". */
  description: string;
  amountMinor: number;
  currency: string;
  customerEmail: string | null;
};

/** A card payment provider seen from invoices: it makes a link the client pays the invoice at. */
export type PaymentLinks = { create: (request: PaymentLinkRequest) => Promise<{ url: string }> };

/**
 * No provider configured: every request answers 503 `payments/not-configured` (the service is missing, not the
 * request wrong: outside the catalogue of 4xx failures, like `not_ready`).
 */
export const paymentsNotConfigured: PaymentLinks = {
  create: async () => {
    throw new AppError(503, 'payments/not-configured', INVOICE_MESSAGES.paymentsNotConfigured);
  },
};
