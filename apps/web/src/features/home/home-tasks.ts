import { tileDueDate } from '@crewplan/domain/home/task-master';
import type { ActionItem } from '@crewplan/domain/tasks/tasks';
import type { BoardWorkspace } from '@crewplan/domain/board/board';
import type { MissionTreeItem } from '../../lib/mission-tree.ts';
import type { MyItem } from './api.ts';

/** A task as home shows it: the item and what home needs of its mission. */
export interface HomeTask {
  item: ActionItem;
  mission: { _id: string; title: string; projectType: string; client: string | null; projectStatus: string | undefined };
}

/**
 * My tasks and the tasks of the missions I manage, once each (mine first, as the server ordered them); the mission
 * facts come from the tasks' own mission, the work space and the tree.
 */
export function homeTasks(mine: readonly MyItem[], workspace: BoardWorkspace | undefined, tree: readonly MissionTreeItem[]): HomeTask[] {
  const missions = new Map<string, { title: string; projectType: string; client: string | null; projectStatus?: string }>();
  for (const mission of tree) missions.set(mission._id, mission);
  for (const mission of workspace?.missions ?? []) missions.set(mission._id, mission);
  const seen = new Set<string>();
  const tasks: HomeTask[] = [];
  const add = (item: ActionItem, own?: MyItem['mission']) => {
    if (seen.has(item._id)) return;
    seen.add(item._id);
    const known = missions.get(item.missionId);
    tasks.push({
      item,
      mission: {
        _id: item.missionId,
        title: own?.title ?? known?.title ?? '',
        projectType: own?.projectType ?? known?.projectType ?? 'simple',
        client: known?.client ?? null,
        projectStatus: known?.projectStatus,
      },
    });
  };
  for (const { mission, ...item } of mine) add(item, mission);
  for (const item of workspace?.items ?? []) add(item);
  return tasks;
}

/** A day as '25 Nov 2026'. */
export const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** When a task is due, as its tile says it: 'Due 25 Nov 2026', else 'Ends 25 Nov 2026', else null (days must parse). */
export function whenText(item: { dueDate: string | null; endDate: string | null }): string | null {
  const due = tileDueDate(item.dueDate);
  if (due) return `Due ${dayLabel(due)}`;
  const end = tileDueDate(item.endDate);
  return end ? `Ends ${dayLabel(end)}` : null;
}
