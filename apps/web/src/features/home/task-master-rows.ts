import { rowHeightOf } from '@crewplan/domain/home/task-master';
import type { HomeTask } from './home-tasks.ts';

export type TaskMasterRow =
  | { kind: 'group'; key: string; title: string; count: number; height: number }
  | { kind: 'task'; key: string; task: HomeTask; height: number };

/**
 * The grid's rows: my pinned tasks first under 'Pinned', then each mission's tasks under its title (missions by title).
 * A group row is 76 px, a task (action item) row 120 px (rule 238).
 */
export function taskMasterRows(tasks: readonly HomeTask[]): TaskMasterRow[] {
  const pinned = tasks.filter((task) => task.item.pinned);
  const byMission = new Map<string, { title: string; tasks: HomeTask[] }>();
  for (const task of tasks) {
    if (task.item.pinned) continue;
    const group = byMission.get(task.mission._id) ?? { title: task.mission.title, tasks: [] };
    group.tasks.push(task);
    byMission.set(task.mission._id, group);
  }
  const groups = [
    ...(pinned.length > 0 ? [{ key: 'pinned', title: 'Pinned', tasks: pinned }] : []),
    ...[...byMission.entries()]
      .map(([key, group]) => ({ key, ...group }))
      .sort((a, b) => a.title.localeCompare(b.title) || a.key.localeCompare(b.key)),
  ];
  return groups.flatMap((group): TaskMasterRow[] => [
    { kind: 'group', key: `group-${group.key}`, title: group.title, count: group.tasks.length, height: rowHeightOf('other') },
    ...group.tasks.map((task): TaskMasterRow => ({ kind: 'task', key: task.item._id, task, height: rowHeightOf('actionItem') })),
  ]);
}
