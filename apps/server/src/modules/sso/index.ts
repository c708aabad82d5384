/** The public face of this module: other modules and the app import from here, never from its files. */
export { ssoRoutes } from './sso.routes.ts';
export { accountBindingAllowed, ssoProviderDomain, ssoRequiredFor } from './sso.queries.ts';
