/** The public face of this module: other modules and the app import from here, never from its files. */
export {
  awayDaysOf,
  bookedEndSql,
  bookingMissionSql,
  holidayLookup,
  readLedger,
  type LedgerDay,
  type LedgerQuery,
} from './availability.queries.ts';
export { readLedgerWeeks, type LedgerWeek } from './availability.weeks.ts';
export { availabilityRoutes } from './availability.routes.ts';
