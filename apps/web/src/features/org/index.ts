/** Organisations: switching between them, their screens, people, structure, clients and policies. */
export { OrgSwitcher } from './OrgSwitcher.tsx';
export { clientsQuery, myOrgsQuery, orgPeopleQuery, orgQuery, useMyOrgs } from './api.ts';
