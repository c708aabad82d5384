/** The public face of this module: other modules and the app import from here, never from its files. */
export { readLedger, readLedgerWeeks, type LedgerDay, type LedgerQuery, type LedgerWeek } from './availability.queries.ts';
export { availabilityRoutes } from './availability.routes.ts';
