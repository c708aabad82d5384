/** The public face of this module: other modules and the app import from here, never from its files. */
export { rateCardRoutes } from './rate-cards.routes.ts';
export { roleRateFor } from './rate-cards.service.ts';
