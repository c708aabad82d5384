import { useMutation } from '@tanstack/react-query';
import type { ChangePerson, PlanItem, PlanItemCreate, PlanRequestInput } from '@crewplan/domain/plan/plan';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { missionKeys } from '../../missions/keys.ts';

export type { PlanItem };

/** Plan calls of the timeline; each reads the mission again (its plan items come with it). */
export function usePlanMutations(missionId: string) {
  const onSettled = () => queryClient.invalidateQueries({ queryKey: missionKeys.mission(missionId) });
  return {
    create: useMutation({
      mutationFn: (body: Partial<PlanItemCreate>) =>
        api<PlanItem>(`/mission-plan/mission/${missionId}`, { method: 'POST', body: { ...body } }),
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
  };
}
