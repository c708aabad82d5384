import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  KanbanColumn,
  Mission,
  MissionAuditEvent,
  MissionCreate,
  MissionKpi,
  MissionTreeItem,
  MissionUpdate,
  MissionUpdated,
  SectionTag,
} from '@crewplan/domain/missions/mission';
import type { Org, OrgDetail } from '@crewplan/domain/org/org';
import { api } from '../../lib/api.ts';
import { missionTreeQuery, useMissionTree } from '../../lib/mission-tree.ts';
import { queryClient } from '../../lib/query-client.ts';
import { joinRoom } from '../../lib/realtime.ts';
import { missionKeys } from './keys.ts';

export type { KanbanColumn, Mission, MissionAuditEvent, MissionKpi, MissionTreeItem, MissionUpdate, MissionUpdated, Org, SectionTag };
export { missionTreeQuery, useMissionTree };

/** `GET /mission/:id`: the whole mission with its team, abilities and free slots. */
export const missionQuery = (missionId: string) =>
  queryOptions({
    queryKey: missionKeys.mission(missionId),
    queryFn: ({ signal }) => api<Mission>(`/mission/${missionId}`, { signal }),
    // a mission carries up to 10,000 tasks: comparing each refetch with the last copy costs more than it saves
    structuralSharing: false,
  });

export interface MissionHistoryPage {
  events: MissionAuditEvent[];
  nextBefore: string | null;
}

export const historyQuery = (missionId: string, before: string | null) =>
  queryOptions({
    queryKey: [...missionKeys.history(missionId), before ?? 'first'],
    queryFn: ({ signal }) =>
      api<MissionHistoryPage>(`/mission/${missionId}/history${before ? `?before=${encodeURIComponent(before)}` : ''}`, { signal }),
  });

/** `GET /org`: my organisations (the creation dialog's picker and the menu's groups). */
export const myOrgsQuery = queryOptions({
  queryKey: ['orgs', 'mine'],
  queryFn: ({ signal }) => api<{ orgs: Org[] }>('/org', { signal }).then((answer) => answer.orgs),
});

/** `GET /org/:id`: programs and goals of the chosen organisation. */
export const orgDetailQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['orgs', orgId, 'detail'],
    queryFn: ({ signal }) => api<OrgDetail>(`/org/${orgId}`, { signal }),
  });

export interface ClientOption {
  _id: string;
  name: string;
}

export const orgClientsQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['orgs', orgId, 'clients', false],
    queryFn: ({ signal }) => api<{ clients: ClientOption[] }>(`/v2/orgs/${orgId}/clients`, { signal }),
  });

export const useMyOrgs = () => useQuery(myOrgsQuery);

const refreshMission = (missionId: string) => queryClient.invalidateQueries({ queryKey: missionKeys.mission(missionId) });
const refreshTree = () => queryClient.invalidateQueries({ queryKey: ['missions', 'tree'] });

/**
 * Keeps an open mission live: its two realtime rooms are joined while it shows, and every change there refreshes
 * the mission and the tree (another person's edit appears without reload).
 */
export function useMissionLive(missionId: string | null) {
  useEffect(() => {
    if (!missionId) return undefined;
    const leaveMission = joinRoom(`changes/missions/${missionId}`);
    const leavePeople = joinRoom(`changes/mission.people/${missionId}`);
    return () => {
      leaveMission();
      leavePeople();
    };
  }, [missionId]);
}

export function useCreateMission() {
  return useMutation({
    mutationFn: (input: Partial<MissionCreate> & { title: string }) => api<Mission>('/mission', { method: 'POST', body: input }),
    onSuccess: (mission) => {
      queryClient.setQueryData(missionKeys.mission(mission._id), mission);
      void refreshTree();
    },
  });
}

export function useUpdateMission(missionId: string) {
  return useMutation({
    mutationFn: (update: MissionUpdate) => api<MissionUpdated>(`/mission/${missionId}`, { method: 'PUT', body: update }),
    onSuccess: (mission) => {
      queryClient.setQueryData(missionKeys.mission(missionId), mission);
      void refreshTree();
    },
  });
}

export function useDeleteMission(missionId: string) {
  return useMutation({
    mutationFn: () => api<{ deleted: string[] }>(`/mission/${missionId}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: missionKeys.mission(missionId) });
      void refreshTree();
    },
  });
}

export interface SectionTagInput {
  title: string;
  from?: string | null;
  to?: string | null;
}

/** Section tags: add, edit and delete (the catch-all tag is never edited). */
export function useSectionTagMutations(missionId: string) {
  const onSuccess = () => void refreshMission(missionId);
  const add = useMutation({
    mutationFn: (input: SectionTagInput) => api(`/mission/${missionId}/section-tag`, { method: 'POST', body: { ...input } }),
    onSuccess,
  });
  const edit = useMutation({
    mutationFn: ({ tagId, ...input }: Partial<SectionTagInput> & { tagId: string }) =>
      api(`/mission/${missionId}/section-tag/${tagId}`, { method: 'PUT', body: input }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (tagId: string) => api(`/mission/${missionId}/section-tag/${tagId}`, { method: 'DELETE' }),
    onSuccess,
  });
  return { add, edit, remove };
}

export interface KpiInput {
  title: string;
  target?: number | null;
  actual?: number | null;
  unit?: string;
}

export function useKpiMutations(missionId: string) {
  const onSuccess = () => void refreshMission(missionId);
  const add = useMutation({
    mutationFn: (input: KpiInput) => api(`/mission/${missionId}/kpi`, { method: 'POST', body: { ...input } }),
    onSuccess,
  });
  const edit = useMutation({
    mutationFn: ({ kpiId, ...input }: Partial<KpiInput> & { kpiId: string }) =>
      api(`/mission/${missionId}/kpi/${kpiId}`, { method: 'PUT', body: input }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (kpiId: string) => api(`/mission/${missionId}/kpi/${kpiId}`, { method: 'DELETE' }),
    onSuccess,
  });
  return { add, edit, remove };
}

export function useBaseline(missionId: string) {
  return useMutation({
    mutationFn: (title: string) => api(`/mission/${missionId}/baseline`, { method: 'POST', body: title ? { title } : {} }),
    onSuccess: () => void refreshMission(missionId),
  });
}

export function useLicenceKey(missionId: string) {
  return useMutation({
    mutationFn: (licenseKey: string) => api(`/mission/${missionId}/license`, { method: 'POST', body: { licenseKey } }),
    onSuccess: () => void refreshMission(missionId),
  });
}

export function usePromoCode(missionId: string) {
  return useMutation({
    mutationFn: (promoCode: string) => api(`/mission/${missionId}/promo/apply`, { method: 'PUT', body: { promoCode } }),
    onSuccess: () => void refreshMission(missionId),
  });
}
