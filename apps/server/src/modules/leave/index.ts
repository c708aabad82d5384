/** The public face of this module: other modules and the app import from here, never from its files. */
export { leaveReviewers } from './leave.events.ts';
export { leaveRoutes } from './leave.routes.ts';
export { publicHolidays, type PublicHoliday } from './leave.holidays.ts';
