/** The public face of this module: other modules and the app import from here, never from its files. */
export { timesheetApprovers } from './time.events.ts';
export { timeRoutes } from './time.routes.ts';
