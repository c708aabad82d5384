/** The public face of this module: other modules and the app import from here, never from its files. */
export { consumeActionCode, issueActionCode } from './action-codes.ts';
export { identityRoutes } from './identity.routes.ts';
export { DISPOSABLE_EMAIL_MESSAGE } from './identity.service.ts';
export { createAuth, type Auth } from './auth.ts';
