import { isOverdue, isStarted, taskDayOf } from '../tasks/rules.ts';

/**
 * Task master: the cross-project task grid of /home (rules 236–238). Pure: `now` and the person's time zone are parameters.
 */

export type TaskMasterStatus = 'overdue' | 'blocked' | 'done' | 'in-progress' | 'not-planned';

export interface TaskMasterTask {
  status: string;
  col: string;
  dueDate: string | null;
  endDate: string | null;
  week: string | null;
}

/**
 * The status of a task in the grid (rule 236), the first that holds: overdue (rule 46, never on kanban), blocked,
 * done, in-progress (started: `isStarted`, the board's own rule of status and column), else not-planned.
 */
export function taskMasterStatus(task: TaskMasterTask, projectType: string, now: Date, timeZone: string): TaskMasterStatus {
  if (isOverdue(task, projectType, now, timeZone)) return 'overdue';
  if (task.status === 'blocked') return 'blocked';
  if (task.status === 'done') return 'done';
  if (isStarted(task)) return 'in-progress';
  return 'not-planned';
}

export type TaskPill = 'Blocked' | 'Overdue' | 'Done' | 'In progress' | 'To do';

/**
 * The pills of a task (rule 236): Blocked, Overdue, Done as the status says; otherwise In progress once it is started
 * (the same rule as the grid's status, so that a row never says both In progress and Not planned), else To do.
 * Blocked and overdue both show when both hold.
 */
export function taskPills(task: TaskMasterTask, projectType: string, now: Date, timeZone: string): TaskPill[] {
  if (task.status === 'done') return ['Done'];
  const pills: TaskPill[] = [];
  if (task.status === 'blocked') pills.push('Blocked');
  if (isOverdue(task, projectType, now, timeZone)) pills.push('Overdue');
  if (pills.length > 0) return pills;
  return [isStarted(task) ? 'In progress' : 'To do'];
}

/** Row heights of the grid (rule 238), px. */
export const TASK_MASTER_ROW_HEIGHT = 76;
export const TASK_MASTER_ITEM_ROW_HEIGHT = 120;
/** Title clamps (rule 238), characters: an action item's tile has room for 80, other rows 70. */
export const TITLE_CLAMP = 70;
export const ITEM_TITLE_CLAMP = 80;

/** A row's height: 120 for an action item (its tile shows pills and people), 76 for other rows. */
export const rowHeightOf = (kind: 'actionItem' | 'other') => (kind === 'actionItem' ? TASK_MASTER_ITEM_ROW_HEIGHT : TASK_MASTER_ROW_HEIGHT);

/** A title cut to its clamp (in characters, so that an emoji is never cut in half), with an ellipsis when cut. */
export function clampTitle(title: string, kind: 'actionItem' | 'other'): string {
  const max = kind === 'actionItem' ? ITEM_TITLE_CLAMP : TITLE_CLAMP;
  const chars = Array.from(title);
  return chars.length <= max
    ? title
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** A task tile shows its due date only when it parses as a day (spec 3 §2). */
export const tileDueDate = (value: string | null) => taskDayOf(value);

export interface TaskMasterFilters {
  /** A project status, or 'all'. */
  projectStatus: string;
  /** 'all': every task of the chosen person; 'mine': only the tasks assigned to me, whoever is chosen. */
  show: 'all' | 'mine';
  /** Whose tasks: a person id, or null for everybody. */
  person: string | null;
}

/** Default filters (rule 237): project status Active, show all tasks, person myself. */
export const defaultTaskMasterFilters = (me: string): TaskMasterFilters => ({ projectStatus: 'active', show: 'all', person: me });

/** The tasks the filters keep; `statusOf` gives a task's mission status. */
export function filterTaskMaster<T extends { people: readonly string[] }>(
  tasks: readonly T[],
  filters: TaskMasterFilters,
  me: string,
  statusOf: (task: T) => string | undefined,
): T[] {
  return tasks.filter((task) => {
    if (filters.projectStatus !== 'all' && statusOf(task) !== filters.projectStatus) return false;
    if (filters.show === 'mine') return task.people.includes(me);
    return filters.person === null || task.people.includes(filters.person);
  });
}
