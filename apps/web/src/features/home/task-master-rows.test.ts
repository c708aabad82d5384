import { describe, expect, it } from 'vitest';
import { taskMasterLayout } from './task-master-rows.ts';

describe('taskMasterLayout', () => {
  it('puts each group row before its tasks, which keep their place in the whole list; group rows 76 px, task rows 120 px', () => {
    const layout = taskMasterLayout([
      { key: 'pinned', title: 'Pinned', count: 1 },
      { key: 'a', title: 'Mission a', count: 2 },
      { key: 'b', title: 'Mission b', count: 1 },
    ]);
    expect(layout.count).toBe(7);
    const rows = Array.from({ length: layout.count }, (_, row) => layout.rowAt(row));
    expect(rows.map((row) => (row.kind === 'group' ? `${row.title} (${row.count})` : row.index))).toEqual([
      'Pinned (1)',
      0,
      'Mission a (2)',
      1,
      2,
      'Mission b (1)',
      3,
    ]);
    expect(rows.map((row) => row.height)).toEqual([76, 120, 76, 120, 120, 76, 120]);
  });

  it('has no rows without groups', () => {
    expect(taskMasterLayout([]).count).toBe(0);
  });
});
