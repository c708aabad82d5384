/** The public face of this module: other modules and the app import from here, never from its files. */
export { billingRoutes } from './billing.routes.ts';
export { createPaymentLink, expirePaymentLink } from './payment-links.ts';
export { onClientInvoicePaid, type ClientInvoicePaid, type ClientInvoicePaidHandler } from './client-invoice-hook.ts';
export { issueOfferCodes } from './offer-codes.service.ts';
export type { PaymentProvider } from './payment-provider.ts';
