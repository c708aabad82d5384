import { queryOptions, useMutation, useQueries } from '@tanstack/react-query';
import type { RateCard, RateCardCreate, RateCardUpdate } from '@crewplan/domain/money/rate-cards';
import { api as call, type ApiOptions } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { withFieldMessage } from './api.ts';

/** A refusal says its first field's message ('A rate card lists roles of the organisation.'). */
const api = <T>(path: string, options?: ApiOptions) =>
  call<T>(path, options).catch((error: unknown) => {
    throw withFieldMessage(error);
  });

export type { RateCard };

/** Rate cards live in the organisation area: their keys start with 'orgs', so a realtime change refreshes them. */
const cardsKey = (orgId: string) => ['orgs', orgId, 'rate-cards'] as const;

/** `GET /org/:orgId/rate-card`: the organisation's rate cards (its admins and managers). */
export const rateCardsQuery = (orgId: string) =>
  queryOptions({ queryKey: cardsKey(orgId), queryFn: ({ signal }) => api<RateCard[]>(`/org/${orgId}/rate-card`, { signal }) });

/** What a card can be used for: the organisation's projects (its workspace) and clients. */
export function useCardTargets(orgId: string) {
  const [missions, clients] = useQueries({
    queries: [
      {
        queryKey: ['orgs', orgId, 'workspace', 'missions'],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          api<{ missions: { _id: string; title: string }[] }>(`/org/${orgId}/workspace/mission`, { signal }),
      },
      {
        queryKey: ['orgs', orgId, 'clients', false],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          api<{ clients: { _id: string; name: string }[] }>(`/v2/orgs/${orgId}/clients`, { signal }),
      },
    ],
  });
  return [
    { group: 'Projects', items: (missions.data?.missions ?? []).map((m) => ({ value: m._id, label: m.title || 'Untitled project' })) },
    { group: 'Clients', items: (clients.data?.clients ?? []).map((c) => ({ value: c._id, label: c.name })) },
  ];
}

/** Add, change and delete rate cards (`/org/:orgId/rate-card[/:id]`). */
export function useRateCardMutations(orgId: string) {
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: cardsKey(orgId) });
  return {
    create: useMutation({
      mutationFn: (body: RateCardCreate) => api<RateCard>(`/org/${orgId}/rate-card`, { method: 'POST', body }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: RateCardUpdate }) =>
        api<RateCard>(`/org/${orgId}/rate-card/${id}`, { method: 'PUT', body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api<{ deleted: string }>(`/org/${orgId}/rate-card/${id}`, { method: 'DELETE' }),
      onSuccess,
    }),
  };
}
