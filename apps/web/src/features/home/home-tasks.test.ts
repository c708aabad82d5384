import { describe, expect, it } from 'vitest';
import type { ActionItem } from '@crewplan/domain/tasks/tasks';
import type { BoardWorkspace } from '@crewplan/domain/board/board';
import type { MissionTreeItem } from '../../lib/mission-tree.ts';
import { homeModeOf } from './home-mode.ts';
import { homeTasks, whenText } from './home-tasks.ts';

const item = (id: string, missionId: string) => ({ _id: id, missionId, title: id }) as ActionItem;

describe('homeTasks', () => {
  it('lists my tasks then the managed missions’ tasks once each, with their mission’s client and status', () => {
    const mine = [{ ...item('t1', 'm1'), mission: { _id: 'm1', title: 'One', projectType: 'kanban' } }];
    const workspace = {
      missions: [{ _id: 'm2', title: 'Two', projectType: 'simple', client: 'c2', projectStatus: 'on-hold' }],
      items: [item('t1', 'm1'), item('t2', 'm2')],
      people: [],
    } as unknown as BoardWorkspace;
    const tree = [{ _id: 'm1', title: 'One', projectType: 'kanban', client: 'c1', projectStatus: 'active' }] as MissionTreeItem[];
    const tasks = homeTasks(mine, workspace, tree);
    expect(tasks.map((task) => [task.item._id, task.mission])).toEqual([
      ['t1', { _id: 'm1', title: 'One', projectType: 'kanban', client: 'c1', projectStatus: 'active' }],
      ['t2', { _id: 'm2', title: 'Two', projectType: 'simple', client: 'c2', projectStatus: 'on-hold' }],
    ]);
    expect('mission' in tasks[0]!.item).toBe(false);
  });

  it('works before the work space and the tree have loaded', () => {
    const mine = [{ ...item('t1', 'm1'), mission: { _id: 'm1', title: 'One', projectType: 'simple' } }];
    expect(homeTasks(mine, undefined, [])[0]!.mission).toEqual({
      _id: 'm1',
      title: 'One',
      projectType: 'simple',
      client: null,
      projectStatus: undefined,
    });
  });
});

describe('home helpers', () => {
  it('remembers a known mode only', () => {
    expect(homeModeOf('task-master')).toBe('task-master');
    expect(homeModeOf('do-ai')).toBe('do-ai');
    expect(homeModeOf('other')).toBe('work-ai');
    expect(homeModeOf(null)).toBe('work-ai');
  });

  it('says when a task is due, else when it ends, only for days that parse', () => {
    expect(whenText({ dueDate: '2026-11-25', endDate: '2026-11-30' })).toBe('Due 25 Nov 2026');
    expect(whenText({ dueDate: null, endDate: '2026-11-30' })).toBe('Ends 30 Nov 2026');
    expect(whenText({ dueDate: 'soon', endDate: null })).toBeNull();
    expect(whenText({ dueDate: null, endDate: null })).toBeNull();
  });
});
