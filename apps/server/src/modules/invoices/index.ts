/** The public face of this module: other modules and the app import from here, never from its files. */
export { clientsRoutes } from './clients.routes.ts';
export { createClient } from './clients.service.ts';
export { invoicesRoutes } from './invoices.routes.ts';
export { releaseBilledWeek } from './invoices.service.ts';
export { type PaymentLinkRequest, type PaymentLinks } from './payment-links.ts';
