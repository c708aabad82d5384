import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MissionTreeItem } from '@crewplan/domain/missions/mission';
import { CACHE_VERSION, TIMINGS } from '@crewplan/domain/shared/constants';
import { api } from './api.ts';
import { getToken } from './token.ts';

export type { MissionTreeItem };

/** Filters of `GET /mission/list/tree` (spec 1 §7): active missions, or finished/stale ones for the vault. */
export interface MissionTreeFilters {
  isActive?: boolean;
  /** Only missions not changed since this day ('YYYY-MM-DD'). */
  staleDate?: string;
  org?: string;
}

/** Same shape as the missions area's keys (`['missions', 'tree', filters]`): a realtime mission change refreshes every tree. */
export const missionTreeKey = (filters: MissionTreeFilters) => ['missions', 'tree', filters] as const;

export function treeSearch(filters: MissionTreeFilters): string {
  const params = new URLSearchParams();
  if (filters.isActive !== undefined) params.set('isActive', String(filters.isActive));
  if (filters.staleDate) params.set('staleDate', filters.staleDate);
  if (filters.org) params.set('org', filters.org);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The answer is an array, a text starting with '[' (streamed), or empty (nothing found). */
export function treeItemsOf(answer: unknown): MissionTreeItem[] {
  if (Array.isArray(answer)) return answer as MissionTreeItem[];
  if (typeof answer === 'string' && answer.trim().startsWith('[')) {
    try {
      return JSON.parse(answer) as MissionTreeItem[];
    } catch {
      return [];
    }
  }
  if (answer && typeof answer === 'object' && Array.isArray((answer as { missions?: unknown }).missions))
    return (answer as { missions: MissionTreeItem[] }).missions;
  return [];
}

interface CachedTree {
  v: string;
  /** Whose tree it is: the token's tail, so another person on this browser never sees it. */
  id: string;
  expiresAt: number;
  items: MissionTreeItem[];
}

const cacheName = (filters: MissionTreeFilters) => `crewplan.cache.v${CACHE_VERSION}.missions.tree${treeSearch(filters)}`;
const ownerId = () => getToken()?.slice(-16) ?? '';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The tree last fetched by this person, kept 48 hours (spec 1 §9: cache version '1'); null when none or expired. */
export function cachedTree(filters: MissionTreeFilters, now = Date.now()): MissionTreeItem[] | null {
  const store = storage();
  const id = ownerId();
  if (!store || !id) return null;
  try {
    const entry = JSON.parse(store.getItem(cacheName(filters)) ?? 'null') as CachedTree | null;
    if (!entry || entry.v !== CACHE_VERSION || entry.id !== id || !(entry.expiresAt > now)) return null;
    return entry.items;
  } catch {
    return null;
  }
}

function rememberTree(filters: MissionTreeFilters, items: MissionTreeItem[]): void {
  const store = storage();
  const id = ownerId();
  if (!store || !id) return;
  const entry: CachedTree = { v: CACHE_VERSION, id, expiresAt: Date.now() + TIMINGS.cacheExpiryMs, items };
  try {
    store.setItem(cacheName(filters), JSON.stringify(entry));
  } catch {
    // a full or blocked storage only costs the placeholder next time
  }
}

/** `GET /mission/list/tree`: the locally cached tree shows at once while the fresh one loads. */
export const missionTreeQuery = (filters: MissionTreeFilters) =>
  queryOptions<MissionTreeItem[]>({
    queryKey: missionTreeKey(filters),
    queryFn: async ({ signal }) => {
      const items = treeItemsOf(await api<unknown>(`/mission/list/tree${treeSearch(filters)}`, { signal }));
      rememberTree(filters, items);
      return items;
    },
    placeholderData: (): MissionTreeItem[] | undefined => cachedTree(filters) ?? undefined,
  });

export function useMissionTree(filters: MissionTreeFilters, enabled = true) {
  return useQuery({ ...missionTreeQuery(filters), enabled });
}

/**
 * Missions opened from the vault join the missions menu for this visit (rule 241: "adds it temporarily"); a reload
 * forgets them. Kept outside the 'missions' keys, which realtime changes refetch.
 */
const temporaryKey = ['temporary-missions'] as const;

export function addTemporaryMission(client: QueryClient, mission: MissionTreeItem): void {
  client.setQueryData<MissionTreeItem[]>(temporaryKey, (list = []) =>
    list.some((item) => item._id === mission._id) ? list : [...list, mission],
  );
}

export function useTemporaryMissions(): MissionTreeItem[] {
  return useQuery({ queryKey: temporaryKey, queryFn: () => [] as MissionTreeItem[], staleTime: Infinity, gcTime: Infinity }).data ?? [];
}

/** The menu's missions: the active ones, then those added for this visit that are not among them. */
export function withTemporaryMissions(active: MissionTreeItem[], temporary: MissionTreeItem[]): MissionTreeItem[] {
  const ids = new Set(active.map((mission) => mission._id));
  return [...active, ...temporary.filter((mission) => !ids.has(mission._id))];
}
