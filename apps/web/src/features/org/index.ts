/** Organisations: switching between them, their screens, people, structure, clients and policies. */
export { OrgSwitcher } from './OrgSwitcher.tsx';
export { clientsQuery, myOrgsQuery, orgQuery, useMyOrgs } from './api.ts';
