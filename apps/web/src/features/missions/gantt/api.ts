import type { PlanItemUpdate } from '@crewplan/domain/plan/plan';
import { api } from '../../../lib/api.ts';
import { addActionDependency, removeActionDependency, updateAction, updateActionItem } from '../../missions/tasks/api.ts';
import type { TaskLinkType } from '../../missions/tasks/api.ts';
import type { RowKind } from './gantt-rules.ts';

/** `PUT /mission-plan/:id/bulk`: a phase or milestone moved on the gantt. */
export const updatePlanItemDates = (planItemId: string, body: Pick<PlanItemUpdate, 'startDate' | 'endDate'>) =>
  api<unknown>(`/mission-plan/${planItemId}/bulk`, { method: 'PUT', body: { ...body } });

/** A bar moved or resized: its row's new days go to the call of its kind. */
export function saveBarDays(kind: RowKind, id: string, days: { startDate: string; endDate: string }): Promise<unknown> {
  if (kind === 'item') return updateActionItem(id, days);
  if (kind === 'action') return updateAction(id, days);
  return updatePlanItemDates(id, days);
}

/** A link drawn: `dependentId` now depends on `onId` (tasks with a type and lag; actions and plan items plainly). */
export function addDependency(dep: {
  kind: RowKind;
  dependentId: string;
  onId: string;
  linkType: TaskLinkType;
  lag: number;
}): Promise<unknown> {
  if (dep.kind === 'item')
    return api<unknown>(`/action-item/${dep.dependentId}/dependency`, {
      method: 'POST',
      body: { linkId: dep.onId, linkType: dep.linkType, lag: dep.lag },
    });
  if (dep.kind === 'action') return addActionDependency(dep.dependentId, dep.onId);
  return api<unknown>(`/mission-plan/${dep.dependentId}/dependency/add`, { method: 'PUT', body: { planItemId: dep.onId } });
}

/** A link deleted. */
export function removeDependency(dep: { kind: RowKind; dependentId: string; onId: string }): Promise<unknown> {
  if (dep.kind === 'item') return api<unknown>(`/action-item/${dep.dependentId}/dependency/${dep.onId}`, { method: 'DELETE' });
  if (dep.kind === 'action') return removeActionDependency(dep.dependentId, dep.onId);
  return api<unknown>(`/mission-plan/${dep.dependentId}/dependency/remove`, { method: 'PUT', body: { planItemId: dep.onId } });
}
