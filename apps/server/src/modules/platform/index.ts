/** The public face of this module: other modules and the app import from here, never from its files. */
export { platformRoutes } from './platform.routes.ts';
export { DEMO_SIGN_IN, seedDemo } from './seed.ts';
export { oneClickUnsubscribeLink, unsubscribeToken } from './unsubscribe.ts';
