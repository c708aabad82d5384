import type { QueryKey } from '@tanstack/react-query';
import { isBulkChange, type Change, type ChangeEntity } from '@crewplan/domain/realtime/changes';
import type { Action, ActionItem } from '@crewplan/domain/tasks/tasks';

/**
 * What one realtime change does to the cached queries. A change of a task, or of one of its checklist lines or links,
 * reads that task again by id and puts it into the cached mission (a mission carries up to 10,000 tasks: it is not
 * read again whole); every other change refreshes the queries of its area.
 */
export interface ChangePlan {
  /** Key prefixes to mark stale (those on screen are read again). */
  invalidate: QueryKey[];
  /** Tasks to read again by id (`GET /action-item/:id`) and put into their cached mission. */
  refetchTasks: string[];
  /** Tasks to take out of the cached missions. */
  dropTasks: string[];
}

/** The queries that list tasks apart from the mission (`{ items }`): mine on home, the workspace board, the pinned ones. */
export const TASK_LIST_KEYS: QueryKey[] = [
  ['missions', 'home', 'my-items'],
  ['missions', 'board', 'workspace'],
  ['missions', 'my-items', 'pinned'],
];
/** More tasks than this in one bulk message read the mission again instead of each task. */
export const MAX_TASKS_BY_ID = 20;

const MISSION_READ: QueryKey = ['missions', 'one'];
const areaOf = (root: string): ChangePlan => ({ invalidate: [[root]], refetchTasks: [], dropTasks: [] });
const missionsArea = () => areaOf('missions');
const orgsArea = () => areaOf('orgs');
/** Roles are rows of the timesheet grid and cells of the board's Timesheets tab: a role change refreshes both. */
const rolesArea = (): ChangePlan => ({ invalidate: [['missions'], ['timesheets']], refetchTasks: [], dropTasks: [] });

function taskChange(change: Change<'action.items'>): ChangePlan {
  const ids = isBulkChange(change.data) ? change.data.ids : [change.id];
  if (change.type === 'rebuild' || ids.length > MAX_TASKS_BY_ID) {
    return { invalidate: [MISSION_READ, ['missions', 'action-item'], ...TASK_LIST_KEYS], refetchTasks: [], dropTasks: [] };
  }
  if (change.type === 'delete') {
    return { invalidate: ids.map((id) => ['missions', 'action-item', id]), refetchTasks: [], dropTasks: ids };
  }
  return { invalidate: [], refetchTasks: ids, dropTasks: [] };
}

/** A change to a part of one task (a checklist line, a link from it) reads that task again; without one, the missions. */
const taskPartChange = (change: Change): ChangePlan =>
  change.task ? { invalidate: [], refetchTasks: [change.task], dropTasks: [] } : missionsArea();

/** The invalidation map: every entity the server publishes → what it refreshes (a new entity must be placed here). */
export const CHANGE_QUERIES: { [E in ChangeEntity]: (change: Change<E>) => ChangePlan } = {
  'action.items': taskChange,
  actions: missionsArea,
  checklist: taskPartChange,
  dependencies: taskPartChange,
  missions: missionsArea,
  'mission.people': missionsArea,
  'mission.invites': missionsArea,
  'plan.items': rolesArea,
  'plan.requests': rolesArea,
  'plan.schedules': missionsArea,
  baselines: missionsArea,
  'section.tags': missionsArea,
  kpis: missionsArea,
  licences: missionsArea,
  files: missionsArea,
  orgs: orgsArea,
  'org.people': orgsArea,
  'org.invites': orgsArea,
  'org.apiKeys': orgsArea,
  roles: orgsArea,
  departments: orgsArea,
  offices: orgsArea,
  programs: orgsArea,
  goals: orgsArea,
  clients: orgsArea,
  'client.orders': orgsArea,
  'client.invoices': () => areaOf('invoices'),
  'rate.cards': orgsArea,
  'leave.requests': () => areaOf('leave'),
  'work.from.home': () => areaOf('leave'),
  timesheets: () => areaOf('timesheets'),
  expenses: () => areaOf('expenses'),
  'role.plan.items': () => areaOf('role-plans'),
  notifications: () => areaOf('notifications'),
  comments: () => areaOf('comments'),
};

export function planOf(change: Change): ChangePlan {
  return (CHANGE_QUERIES[change.entity] as (change: Change) => ChangePlan)(change);
}

/** A mission read as far as tasks go. */
export interface MissionTasksCache {
  actions?: Action[];
  actionItems?: ActionItem[];
}

const bySortOrder = (a: ActionItem, b: ActionItem) => a.sortIndex - b.sortIndex || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/** Each named action's `actionItems` ids as the server orders them (after a task came, went or moved). */
function withActionLists<M extends MissionTasksCache>(mission: M, items: ActionItem[], actionIds: Set<string>): M {
  if (!mission.actions || actionIds.size === 0) return { ...mission, actionItems: items };
  const actions = mission.actions.map((action) =>
    actionIds.has(action._id)
      ? { ...action, actionItems: items.filter((item) => item.actionId === action._id).map((item) => item._id) }
      : action,
  );
  return { ...mission, actions, actionItems: items };
}

/** The mission with this task as the server now has it: replaced where it was, or added in sort order. */
export function withTask<M extends MissionTasksCache>(mission: M, task: ActionItem): M {
  const items = mission.actionItems ?? [];
  const at = items.findIndex((item) => item._id === task._id);
  const before = at >= 0 ? items[at] : undefined;
  const next = at >= 0 ? items.map((item, i) => (i === at ? task : item)) : [...items, task];
  const reordered = before?.sortIndex === task.sortIndex ? next : next.sort(bySortOrder);
  const moved = before?.actionId === task.actionId && before.sortIndex === task.sortIndex;
  return withActionLists(mission, reordered, new Set(moved ? [] : [task.actionId, before?.actionId ?? task.actionId]));
}

/** The mission without this task, and without the other tasks' links to it. */
export function withoutTask<M extends MissionTasksCache>(mission: M, taskId: string): M {
  const items = mission.actionItems ?? [];
  const gone = items.find((item) => item._id === taskId);
  if (!gone) return mission;
  const rest = items
    .filter((item) => item._id !== taskId)
    .map((item) =>
      item.dependencies.some((link) => link.linkTo === taskId)
        ? { ...item, dependencies: item.dependencies.filter((link) => link.linkTo !== taskId) }
        : item,
    );
  return withActionLists(mission, rest, new Set([gone.actionId]));
}

/** Whether this cached mission holds the task, or the action a new task was added to. */
export function holdsTask(mission: MissionTasksCache | undefined, taskId: string, actionId?: string): boolean {
  if (!mission) return false;
  if (mission.actionItems?.some((item) => item._id === taskId)) return true;
  return actionId !== undefined && !!mission.actions?.some((action) => action._id === actionId);
}

/**
 * A list of tasks apart from the mission (`TASK_LIST_KEYS`): the tasks themselves (mine on home) or `{ items }`; its
 * items may carry more than the task (their mission).
 */
export type TaskListCache = ActionItem[] | { items: ActionItem[] };

const itemsOf = (list: TaskListCache | undefined): ActionItem[] =>
  Array.isArray(list) ? list : Array.isArray(list?.items) ? list.items : [];
const withItems = <L extends TaskListCache>(list: L, items: ActionItem[]): L => (Array.isArray(list) ? items : { ...list, items }) as L;

export const listHolds = (list: TaskListCache | undefined, taskId: string) => itemsOf(list).some((item) => item._id === taskId);

/** The list with this task's new fields where it is listed (what else its items carry is kept). */
export const listWithTask = <L extends TaskListCache>(list: L, task: ActionItem): L =>
  listHolds(list, task._id)
    ? withItems(
        list,
        itemsOf(list).map((item) => (item._id === task._id ? { ...item, ...task } : item)),
      )
    : list;

export const listWithoutTask = <L extends TaskListCache>(list: L, taskId: string): L =>
  listHolds(list, taskId)
    ? withItems(
        list,
        itemsOf(list).filter((item) => item._id !== taskId),
      )
    : list;

/**
 * Whether a list must be read again for this task rather than patched: a task it does not hold may belong there when
 * it is new or its people changed (assigned to me), and one it holds may leave it when its people changed.
 */
export const listNeedsRead = (list: TaskListCache, taskId: string, isNew: boolean, peopleChanged: boolean) =>
  peopleChanged || (isNew && !listHolds(list, taskId));
