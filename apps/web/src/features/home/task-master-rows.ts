import type { TaskMasterGroup } from '@crewplan/domain/home/home';
import { rowHeightOf } from '@crewplan/domain/home/task-master';

export type TaskMasterRow =
  | { kind: 'group'; key: string; title: string; count: number; height: number }
  | { kind: 'task'; key: string; index: number; height: number };

/**
 * The grid's rows from the server's groups (pinned first, then the missions by title): each group's row, then a row
 * per task, which holds the task's place in the whole ordered list (`index`), so that the row finds its task in the
 * page that holds it. A group row is 76 px, a task (action item) row 120 px (rule 238).
 */
export function taskMasterLayout(groups: readonly TaskMasterGroup[]): { count: number; rowAt: (row: number) => TaskMasterRow } {
  const starts: number[] = [];
  const firstTasks: number[] = [];
  let rows = 0;
  let tasks = 0;
  for (const group of groups) {
    starts.push(rows);
    firstTasks.push(tasks);
    rows += 1 + group.count;
    tasks += group.count;
  }
  const rowAt = (row: number): TaskMasterRow => {
    // the last group starting at or before the row
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (starts[middle]! <= row) low = middle;
      else high = middle - 1;
    }
    const group = groups[low]!;
    if (row === starts[low])
      return { kind: 'group', key: `group-${group.key}`, title: group.title, count: group.count, height: rowHeightOf('other') };
    const index = firstTasks[low]! + row - starts[low]! - 1;
    return { kind: 'task', key: `task-${index}`, index, height: rowHeightOf('actionItem') };
  };
  return { count: rows, rowAt };
}
