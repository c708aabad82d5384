import { queryOptions } from '@tanstack/react-query';
import type { Org, OrgDetail } from '@crewplan/domain/org/org';
import { api } from './api.ts';

// The organisation queries other features read (leave, money, invoices, staffing), here so that none of them
// imports the org feature, which composes some of them.

/** Every query of the organisation area starts with 'orgs', so one realtime change refreshes them all. */
const ROOT = 'orgs';

export const orgKeys = {
  all: [ROOT] as const,
  org: (orgId: string) => [ROOT, orgId] as const,
};

/** `GET /org`: the organisations I am a member of (the shell's switcher). */
export const myOrgsQuery = queryOptions({
  queryKey: [ROOT, 'mine'],
  queryFn: ({ signal }) => api<{ orgs: Org[] }>('/org', { signal }).then((answer) => answer.orgs),
});

/** `GET /org/:id`: the organisation with its structure, settings and my abilities. */
export const orgQuery = (orgId: string) =>
  queryOptions({
    queryKey: [ROOT, orgId, 'detail'],
    queryFn: ({ signal }) => api<OrgDetail>(`/org/${orgId}`, { signal }),
  });
