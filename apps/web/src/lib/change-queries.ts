import type { QueryKey } from '@tanstack/react-query';
import { isBulkChange, type Change, type ChangeEntity } from '@crewplan/domain/realtime/changes';
import type { Action, ActionItem, ActionItemChanges } from '@crewplan/domain/tasks/tasks';

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
  /** Actions to read again by id (`GET /action/:id`) and put into their cached mission. */
  refetchActions: string[];
  /** Actions to take out of the cached missions, with their tasks. */
  dropActions: string[];
}

const NOTHING: ChangePlan = { invalidate: [], refetchTasks: [], dropTasks: [], refetchActions: [], dropActions: [] };

/** The queries that list tasks apart from the mission (`{ items }`): the workspace board, the pinned ones. */
export const TASK_LIST_KEYS: QueryKey[] = [
  ['missions', 'board', 'workspace'],
  ['missions', 'my-items', 'pinned'],
];
/**
 * Home's reads, ranked and paged by the server: any change of a task may move it within them or in or out of them, so
 * they are read again (each holds a page at most).
 */
export const HOME_READS: QueryKey = ['missions', 'home'];
/** More tasks than this in one bulk message read the mission again instead of each task. */
export const MAX_TASKS_BY_ID = 20;

const MISSION_READ: QueryKey = ['missions', 'one'];
const areaOf = (root: string): ChangePlan => ({ ...NOTHING, invalidate: [[root]] });
const missionsArea = () => areaOf('missions');
const orgsArea = () => areaOf('orgs');
/** The money reads (cost tracker, Plan vs actual, drill-downs): approved weeks and expenses are their actual cost. */
const MONEY_READS: QueryKey = ['missions', 'money'];
/** A week or an expense refreshes its own lists and the money it adds to once decided. */
const costArea = (root: string): ChangePlan => ({ ...NOTHING, invalidate: [[root], MONEY_READS] });
/** Roles are rows of the timesheet grid and cells of the board's Timesheets tab: a role change refreshes both. */
const rolesArea = (): ChangePlan => ({ ...NOTHING, invalidate: [['missions'], ['timesheets']] });

function taskChange(change: Change<'action.items'>): ChangePlan {
  const ids = isBulkChange(change.data) ? change.data.ids : [change.id];
  if (change.type === 'rebuild' || ids.length > MAX_TASKS_BY_ID) {
    return { ...NOTHING, invalidate: [MISSION_READ, ['missions', 'action-item'], ...TASK_LIST_KEYS, HOME_READS] };
  }
  if (change.type === 'delete') {
    return { ...NOTHING, invalidate: [...ids.map((id) => ['missions', 'action-item', id]), HOME_READS], dropTasks: ids };
  }
  return { ...NOTHING, invalidate: [HOME_READS], refetchTasks: ids };
}

/** A changed action is read again by its id into the cached missions; the lists of tasks, which name it, are read again. */
function actionChange(change: Change<'actions'>): ChangePlan {
  if (change.type === 'rebuild' || isBulkChange(change.data)) return missionsArea();
  if (change.type === 'delete') return { ...NOTHING, invalidate: TASK_LIST_KEYS, dropActions: [change.id] };
  return { ...NOTHING, invalidate: TASK_LIST_KEYS, refetchActions: [change.id] };
}

/** A change to a part of one task (a checklist line, a link from it) reads that task again; without one, the missions. */
const taskPartChange = (change: Change): ChangePlan => (change.task ? { ...NOTHING, refetchTasks: [change.task] } : missionsArea());

/** The invalidation map: every entity the server publishes → what it refreshes (a new entity must be placed here). */
export const CHANGE_QUERIES: { [E in ChangeEntity]: (change: Change<E>) => ChangePlan } = {
  'action.items': taskChange,
  actions: actionChange,
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
  timesheets: () => costArea('timesheets'),
  expenses: () => costArea('expenses'),
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

/**
 * The mission with this task as the server now has it: replaced where it was, or added in sort order. An answer that
 * crossed a newer one on the way keeps the newer.
 */
export function withTask<M extends MissionTasksCache>(mission: M, task: ActionItem): M {
  const items = mission.actionItems ?? [];
  const at = items.findIndex((item) => item._id === task._id);
  const before = at >= 0 ? items[at] : undefined;
  if (before && before.updatedAt > task.updatedAt) return mission;
  const next = at >= 0 ? items.map((item, i) => (i === at ? task : item)) : [...items, task];
  const reordered = before?.sortIndex === task.sortIndex ? next : next.sort(bySortOrder);
  const moved = before?.actionId === task.actionId && before.sortIndex === task.sortIndex;
  return withActionLists(mission, reordered, new Set(moved ? [] : [task.actionId, before?.actionId ?? task.actionId]));
}

/**
 * A bulk write's answer, each task with what it changed (`ActionItemChanges`), into the mission's cached tasks: a
 * task the cache does not hold is left to the realtime message, which reads it again.
 */
export function withTaskChanges<M extends MissionTasksCache>(mission: M, changes: readonly ActionItemChanges[]): M {
  return changes.reduce((next, change) => {
    const task = next.actionItems?.find((item) => item._id === change._id);
    return task ? withTask(next, { ...task, ...change }) : next;
  }, mission);
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

const byActionOrder = (a: Action, b: Action) =>
  a.sortIndex - b.sortIndex || a.createdAt.localeCompare(b.createdAt) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/** The mission with this action as the server now has it: replaced where it was (unless newer), or added in order. */
export function withAction<M extends MissionTasksCache>(mission: M, action: Action): M {
  if (!mission.actions) return mission;
  const at = mission.actions.findIndex((cached) => cached._id === action._id);
  if (at >= 0 && mission.actions[at]!.updatedAt > action.updatedAt) return mission;
  if (at >= 0) return { ...mission, actions: mission.actions.map((cached, i) => (i === at ? action : cached)) };
  return { ...mission, actions: [...mission.actions, action].sort(byActionOrder) };
}

/** The mission without this action, its tasks, and every link to either; actions under it lose their parent. */
export function withoutAction<M extends MissionTasksCache>(mission: M, actionId: string): M {
  if (!mission.actions?.some((action) => action._id === actionId)) return mission;
  const items = mission.actionItems ?? [];
  const gone = new Set([actionId, ...items.filter((item) => item.actionId === actionId).map((item) => item._id)]);
  const unlinked = <T extends { dependencies: { linkTo: string }[] }>(entity: T): T =>
    entity.dependencies.some((link) => gone.has(link.linkTo))
      ? { ...entity, dependencies: entity.dependencies.filter((link) => !gone.has(link.linkTo)) }
      : entity;
  return {
    ...mission,
    actions: mission.actions
      .filter((action) => action._id !== actionId)
      .map((action) => unlinked(action.parentId === actionId ? { ...action, parentId: null } : action)),
    actionItems: items.filter((item) => !gone.has(item._id)).map(unlinked),
  };
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
