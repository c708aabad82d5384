import { useEffect, useMemo } from 'react';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { createOrgCache, type OrgCache } from '../../lib/org-cache.ts';
import { useProfile } from '../../lib/profile.ts';
import { browserStorageKeyDeps, fetchStorageKey, STORAGE_KEY_FAILED } from '../../lib/storage-key.ts';
import { setParams } from '../../lib/url-state.ts';
import { clearedOrgParams } from './org-rules.ts';

/** `clientLiteSchema` of the domain: what every member sees of a client. */
export interface ClientLite {
  _id: string;
  name: string;
  logo: string | null;
  archived: boolean;
}

const localStore = () => {
  try {
    return localStorage;
  } catch {
    return null;
  }
};

/** The open organisation's local cache: its storage key first (spec 1 §4), then the cache named by it. */
export function useOrgCache(orgId: string): OrgCache | null {
  const personId = useProfile().data?._id;
  const storageKey = useQuery({
    queryKey: ['storage-key', personId, orgId],
    queryFn: () => fetchStorageKey(orgId, browserStorageKeyDeps(orgId, personId!, api, localStore())),
    enabled: Boolean(personId),
    retry: false,
    staleTime: Infinity,
  });
  const failed = storageKey.isError;

  useEffect(() => {
    if (!failed) return;
    notifications.show({ id: `storage-key-${orgId}`, message: STORAGE_KEY_FAILED, color: 'red' });
    // back to the organisation area itself (its first tab, no sub-screen)
    setParams({ ...clearedOrgParams(), org: orgId }, { replace: true });
  }, [failed, orgId]);

  const key = storageKey.data?.key;
  return useMemo(() => (key ? createOrgCache(orgId, key) : null), [orgId, key]);
}

export const CLIENTS_STORE = 'clients';

/** `GET /v2/orgs/:id/clients/lite`, shown from this person's local cache of the organisation while it loads. */
export function useCachedClientsLite(orgId: string, cache: OrgCache | null) {
  return useQuery<ClientLite[]>({
    queryKey: ['orgs', orgId, 'clients', 'lite'],
    queryFn: async ({ signal }) => {
      const { clients } = await api<{ clients: ClientLite[] }>(`/v2/orgs/${orgId}/clients/lite`, { signal });
      cache?.set(CLIENTS_STORE, 'lite', clients);
      return clients;
    },
    placeholderData: () => cache?.get<ClientLite[]>(CLIENTS_STORE, 'lite') ?? undefined,
    enabled: Boolean(cache),
  });
}

/** Mounted by the organisation area: keeps the organisation's local cache and its client list fresh. */
export function OrgLocalCache({ orgId }: { orgId: string }) {
  const cache = useOrgCache(orgId);
  useCachedClientsLite(orgId, cache);
  return null;
}
