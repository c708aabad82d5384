/** The public face of this module: other modules and the app import from here, never from its files. */
export { avatarUrl } from './people.presenter.ts';
export { peopleRoutes } from './people.routes.ts';
export { otherPersonHasEmail } from './people.service.ts';
export { personToday } from './people.today.ts';
