import { describe, expect, it } from 'vitest';
import type { ActionItem } from '@crewplan/domain/tasks/tasks';
import type { HomeTask } from './home-tasks.ts';
import { taskMasterRows } from './task-master-rows.ts';

const task = (id: string, mission: string, pinned = false): HomeTask => ({
  item: { _id: id, title: id, pinned } as ActionItem,
  mission: { _id: mission, title: `Mission ${mission}`, projectType: 'simple', client: null, projectStatus: 'active' },
});

describe('taskMasterRows', () => {
  it('groups pinned tasks first, then by mission title; group rows 76 px, task rows 120 px', () => {
    const rows = taskMasterRows([task('t1', 'b'), task('t2', 'a'), task('t3', 'b', true), task('t4', 'a')]);
    expect(rows.map((row) => (row.kind === 'group' ? `${row.title} (${row.count})` : row.key))).toEqual([
      'Pinned (1)',
      't3',
      'Mission a (2)',
      't2',
      't4',
      'Mission b (1)',
      't1',
    ]);
    expect(rows.map((row) => row.height)).toEqual([76, 120, 76, 120, 120, 76, 120]);
  });

  it('has no rows without tasks', () => {
    expect(taskMasterRows([])).toEqual([]);
  });
});
