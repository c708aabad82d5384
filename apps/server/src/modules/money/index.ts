/** The public face of this module: other modules and the app import from here, never from its files. */
export { approvalRates } from './money.approval.ts';
export { moneyRoutes } from './money.routes.ts';
export { rateCardRoutes } from './rate-cards.routes.ts';
export { roleRateFor } from './rate-cards.service.ts';
