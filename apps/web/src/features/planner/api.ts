import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Planner, PlannerRoleChange } from '@crewplan/domain/availability/planner';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';

export type { Planner, PlannerRoleChange };

/** `GET /org/:id/planner`: people × weeks from the Monday of `from`. */
export const plannerQuery = (orgId: string, from: string, weeks: number) =>
  queryOptions({
    queryKey: ['availability', 'planner', orgId, from, weeks],
    queryFn: ({ signal }) => api<Planner>(`/org/${orgId}/planner?from=${from}&weeks=${weeks}`, { signal }),
    retry: false,
  });

/** `PUT /org/:id/planner/role/:planItemId`: a role's person, dates or allocation; every availability figure is read again. */
export const useChangeRole = (orgId: string) =>
  useMutation({
    mutationFn: ({ planItemId, change }: { planItemId: string; change: PlannerRoleChange }) =>
      api<unknown>(`/org/${orgId}/planner/role/${planItemId}`, { method: 'PUT', body: change }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['availability'] }),
  });
