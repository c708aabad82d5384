import { queryOptions, useMutation } from '@tanstack/react-query';
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
import type { Org } from '@crewplan/domain/org/org';
import { api } from '../../lib/api.ts';
import { missionTreeQuery, useMissionTree } from '../../lib/mission-tree.ts';
import { queryClient } from '../../lib/query-client.ts';
import { missionQuery, useMissionLive } from '../../lib/mission-query.ts';
import { missionKeys } from '../../lib/mission-keys.ts';
import { withCachedTasks } from './mission-rules.ts';

export type { KanbanColumn, Mission, MissionAuditEvent, MissionKpi, MissionTreeItem, MissionUpdate, MissionUpdated, Org, SectionTag };
export { missionQuery, missionTreeQuery, useMissionLive, useMissionTree };

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

const refreshMission = (missionId: string) => queryClient.invalidateQueries({ queryKey: missionKeys.mission(missionId) });
const refreshTree = () => queryClient.invalidateQueries({ queryKey: ['missions', 'tree'] });

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
      queryClient.setQueryData<Mission>(missionKeys.mission(missionId), (cached) => withCachedTasks<Mission>(mission, cached));
      // tasks the new dates moved or cleared are read again
      if (mission.moved.actionItems + mission.moved.actions + mission.cleared.actionItems > 0) void refreshMission(missionId);
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
