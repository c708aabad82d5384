/** The public face of this module: other modules and the app import from here, never from its files. */
export { boardRoutes } from './board.routes.ts';
export { managedMissions, teamPeople } from './board.service.ts';
