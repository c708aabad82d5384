/** The public face of this module: other modules and the app import from here, never from its files. */
export { presentMissionPerson, type TeamRow } from './team.presenter.ts';
export { loadTeam } from './team.queries.ts';
export { teamRoutes } from './team.routes.ts';
