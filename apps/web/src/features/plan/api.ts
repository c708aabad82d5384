import { queryOptions, useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import type { OrgDetail } from '@crewplan/domain/org/org';
import type { ChangePerson, PlanItem, PlanItemCreate, PlanItemUpdate, PlanRequestInput } from '@crewplan/domain/plan/plan';
import { api } from '../../lib/api.ts';
import { useProfile } from '../../lib/profile.ts';
import { queryClient } from '../../lib/query-client.ts';
import { missionKeys } from '../../lib/mission-keys.ts';
import { missionMoneyKey } from '../money/index.ts';
import type { PlanOrg } from './plan-rules.ts';

export type { PlanItem };

/**
 * `GET /org/:id` as the plan reads it: who may approve roles, and which departments keep their people to themselves.
 * The key is the organisation area's own (every organisation query starts with 'orgs'), so both share one read.
 */
const planOrgQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['orgs', orgId, 'detail'],
    queryFn: ({ signal }) => api<OrgDetail>(`/org/${orgId}`, { signal }),
  });

/** The mission's organisation (null for a personal mission, while loading, or when the caller is not a member) and the caller's id. */
export function usePlanContext(orgId: string | null): { org: PlanOrg | null; selfId: string | null } {
  const org = useQuery({ ...planOrgQuery(orgId ?? ''), enabled: Boolean(orgId) });
  const selfId = useProfile().data?._id ?? null;
  return { org: orgId ? (org.data ?? null) : null, selfId };
}

/** What a change of a mission's plan makes stale: the mission (its plan items come with it) and its money report. */
export const planChangeKeys = (missionId: string): QueryKey[] => [missionKeys.mission(missionId), missionMoneyKey(missionId)];

/** Plan calls of the timeline; each reads the mission again, and its money report (the budget bar's planned cost). */
export function usePlanMutations(missionId: string) {
  const onSettled = () => Promise.all(planChangeKeys(missionId).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return {
    create: useMutation({
      mutationFn: (body: Partial<PlanItemCreate>) =>
        api<PlanItem>(`/mission-plan/mission/${missionId}`, { method: 'POST', body: { ...body } }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ planItemId, ...body }: PlanItemUpdate & { planItemId: string }) =>
        api<PlanItem>(`/mission-plan/${planItemId}/bulk`, { method: 'PUT', body: { ...body } }),
      onSettled,
    }),
    changePerson: useMutation({
      mutationFn: ({ planItemId, ...body }: ChangePerson & { planItemId: string }) =>
        api<PlanItem>(`/mission-plan/${planItemId}/change-person`, { method: 'PUT', body: { ...body } }),
      onSettled,
    }),
    request: useMutation({
      mutationFn: ({ planItemId, step, ...body }: PlanRequestInput & { planItemId: string; step: 'submit' | 'approve' | 'reject' }) =>
        api<PlanItem>(`/mission-plan/request/${planItemId}/${step}`, { method: 'PUT', body: { ...body } }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (planItemId: string) => api<{ deleted: string[] }>(`/mission-plan/${planItemId}`, { method: 'DELETE' }),
      onSettled,
    }),
  };
}
