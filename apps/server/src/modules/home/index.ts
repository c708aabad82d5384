/** The public face of this module: other modules and the app import from here, never from its files. */
export { homeRoutes } from './home.routes.ts';
