import type { PlanItemUpdate } from '@crewplan/domain/plan/plan';
import { api } from '../../../lib/api.ts';
import { addActionDependency, createAction, createActionItem, removeActionDependency, updateAction, updateActionItem } from '../api.ts';
import type { TaskLinkType } from '../api.ts';
import type { RowKind } from './gantt-rules.ts';

/** `PUT /mission-plan/:id/bulk`: a phase or milestone moved or renamed on the gantt. */
export const updatePlanItem = (planItemId: string, body: Pick<PlanItemUpdate, 'title' | 'startDate' | 'endDate'>) =>
  api<unknown>(`/mission-plan/${planItemId}/bulk`, { method: 'PUT', body: { ...body } });

/** A row edited on the gantt (moved, resized, renamed, its progress dragged): the change goes to the call of its kind. */
export function saveRowEdit(
  kind: RowKind,
  id: string,
  change: { title?: string; startDate?: string; endDate?: string; percentComplete?: number },
): Promise<unknown> {
  if (kind === 'item') return updateActionItem(id, change);
  if (kind === 'action') return updateAction(id, change);
  const { percentComplete: _progress, ...planChange } = change;
  return updatePlanItem(id, planChange);
}

/** A row added with the gantt's "+": an action under the default plan item, or a task of an action. */
export function addRow(target: { kind: 'action'; planItemId: string } | { kind: 'item'; actionId: string }, title: string) {
  return target.kind === 'action' ? createAction(target.planItemId, { title }) : createActionItem(target.actionId, { title });
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
