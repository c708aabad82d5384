/** The public face of this module: other modules and the app import from here, never from its files. */
export { orgPeopleRoutes } from './org-people.routes.ts';
export { orgRoutes } from './org.routes.ts';
export { onOrgCountryChanged } from './org.country.ts';
export { createOrg } from './org.service.ts';
export { structureRoutes } from './structure.routes.ts';
export { createDepartment, createOffice, createRole } from './structure.service.ts';
export { startTrial } from './trial.service.ts';
