import { canOnTask } from '@crewplan/domain/tasks/policy';
import {
  alignStatusAndColumn,
  columnOfTask,
  complexityClass as domainComplexityClass,
  createsCycle,
  durationDisplay,
  isHiddenTag,
  shownTaskCode,
} from '@crewplan/domain/tasks/rules';
import { DEFAULT_COMPLEXITY_MULTIPLIER } from '@crewplan/domain/tasks/tasks';

/**
 * Pure rules of the task views (spec 1 §4–5, rules C 43–61): the code shown, duration text, complexity class, hidden
 * tags, board columns, filters and the drop target of a drag. DOM-free. Overdue and a task's days are the domain's
 * (`@crewplan/domain/tasks/rules`), judged in the person's time zone.
 */

/** The fields of an action item these rules read. */
export interface TaskFields {
  _id: string;
  title: string;
  code: string | null;
  status: string;
  col: string;
  sortIndex: number;
  people: string[];
  tags: string[];
  dueDate: string | null;
  endDate: string | null;
  week: string | null;
  createdAt: string;
}

export const DONE = 'done';

/** Rule 47: multiplier below 8 → 1; 8 to 14 → 2; above 14 → 3. */
export function complexityClass(multiplier: number | null | undefined): 1 | 2 | 3 {
  return domainComplexityClass(multiplier ?? DEFAULT_COMPLEXITY_MULTIPLIER);
}

/** Rule 49: the code a task shows — its code, else the last 4 digits of its creation time (never an empty or 'null' code). */
export const taskCodeText = (task: Pick<TaskFields, 'code' | 'createdAt'>) => shownTaskCode(task.code, task.createdAt);

/** A task named in a list (the dependency picker and its links): its shown code, then its title. */
export const taskLabel = (task: Pick<TaskFields, 'code' | 'createdAt' | 'title'>) => `${taskCodeText(task)} ${task.title}`;

export const COMPLEXITY_LABELS = { 1: 'Low', 2: 'Normal', 3: 'Hard' } as const;

/** A multiplier for each difficulty level (the middle of its class; 10 is the default). */
export const COMPLEXITY_MULTIPLIERS = { 1: 5, 2: 10, 3: 20 } as const;

/** §4: estimated hours shown as days of 8 hours plus the remaining hours ('2d 3h', '5h', '1d'). */
export function durationText(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours) || hours <= 0) return '';
  return durationDisplay(hours).text;
}

/** Rule 54: tags longer than 20 characters (spaces removed) are hidden unless they are task references. */
export function visibleTags(tags: readonly string[]): string[] {
  return tags.filter((tag) => tag.trim() && !isHiddenTag(tag));
}

/** metaType values (rule 56); '0' is stored for critical. */
export const META_TYPES = ['Critical', 'Issue', 'Bug', 'Change request'] as const;

export function metaTypeLabel(metaType: string | null | undefined): string | null {
  if (metaType === null || metaType === undefined || metaType === '') return null;
  if (metaType === '0') return 'Critical';
  return metaType;
}

export interface BoardColumn<T> {
  id: string;
  name: string;
  items: T[];
}

const bySortIndex = (a: TaskFields, b: TaskFields) => a.sortIndex - b.sortIndex || a.createdAt.localeCompare(b.createdAt);

/**
 * The board's columns (spec 1 §1: simple and kanban share the board; every mission has its `cols`): each task sits
 * in its column (`columnOfTask`: a done task in Done, an open one never there), in sortIndex order; a task whose
 * column no longer exists shows in the first one.
 */
export function boardColumns<T extends TaskFields>(cols: readonly { id: string; name: string }[], tasks: readonly T[]): BoardColumn<T>[] {
  const columns = cols.map((col) => ({ id: col.id, name: col.name, items: [] as T[] }));
  if (columns.length === 0) return [];
  const byId = new Map(columns.map((col) => [col.id, col]));
  for (const task of tasks) (byId.get(columnOfTask(task, cols) ?? '') ?? columns[0]!).items.push(task);
  for (const col of columns) col.items.sort(bySortIndex);
  return columns;
}

/**
 * A task as a change leaves it, shown before the server answers: the fields given, with its status and column in
 * agreement as the server keeps them (`alignStatusAndColumn`).
 */
export function changedTask<T extends Pick<TaskFields, 'status' | 'col'>>(
  task: T,
  change: { status?: string | undefined; col?: string | undefined } & Partial<Record<string, unknown>>,
  cols: readonly { id: string }[],
): T {
  const given = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  return { ...task, ...given, ...alignStatusAndColumn(task, { status: change.status, col: change.col }, cols) };
}

export interface TaskFilter {
  person: string | null;
  tag: string | null;
}

/** Filters by person (one of its people) and by tag. */
export function filterTasks<T extends Pick<TaskFields, 'people' | 'tags'>>(tasks: readonly T[], filter: TaskFilter): T[] {
  return tasks.filter((task) => (!filter.person || task.people.includes(filter.person)) && (!filter.tag || task.tags.includes(filter.tag)));
}

/** Every tag used on the board (visible ones), sorted, for the tag filter. */
export function tagOptions(tasks: readonly Pick<TaskFields, 'tags'>[]): string[] {
  return [...new Set(tasks.flatMap((task) => visibleTags(task.tags)))].sort((a, b) => a.localeCompare(b));
}

export interface DropTarget {
  col: string;
  /** Position in the target column once the dragged card is taken out of its old place. */
  index: number;
  sortIndex: number;
  /** When its neighbours leave no room between them: the other cards of the column numbered again. */
  renumber: { _id: string; sortIndex: number }[];
}

export const SORT_GAP = 1024;

/**
 * Where a dragged card lands: `overId` is a card or a column. Over a card it takes that card's place (below it when
 * moving down within its own column); over a column (its empty space) it goes last. The sortIndex falls between
 * its new neighbours; null when the card would not move.
 */
export function dropTarget<T extends TaskFields>(columns: readonly BoardColumn<T>[], activeId: string, overId: string): DropTarget | null {
  const from = columns.find((col) => col.items.some((item) => item._id === activeId));
  if (!from) return null;
  const fromIndex = from.items.findIndex((item) => item._id === activeId);
  const overColumn = columns.find((col) => col.id === overId);
  const to = overColumn ?? columns.find((col) => col.items.some((item) => item._id === overId));
  if (!to) return null;
  const rest = to.items.filter((item) => item._id !== activeId);
  let index: number;
  if (overColumn) index = rest.length;
  else {
    const overIndex = to.items.findIndex((item) => item._id === overId);
    index = to === from ? overIndex : rest.findIndex((item) => item._id === overId);
  }
  if (to === from && index === fromIndex) return null;
  const before = rest[index - 1]?.sortIndex;
  const after = rest[index]?.sortIndex;
  if (before === undefined || after === undefined || after - before >= 2) {
    return { col: to.id, index, sortIndex: sortIndexBetween(before, after), renumber: [] };
  }
  const renumber = rest
    .map((item, position) => ({ _id: item._id, sortIndex: (position < index ? position : position + 1) * SORT_GAP, was: item.sortIndex }))
    .filter((item) => item.sortIndex !== item.was)
    .map(({ _id, sortIndex }) => ({ _id, sortIndex }));
  return { col: to.id, index, sortIndex: index * SORT_GAP, renumber };
}

/** A sortIndex between two neighbours (either may be missing). */
export function sortIndexBetween(before: number | undefined, after: number | undefined): number {
  if (before === undefined && after === undefined) return 0;
  if (before === undefined) return after! - SORT_GAP;
  if (after === undefined) return before + SORT_GAP;
  return Math.floor((before + after) / 2);
}

/** The sortIndex of a card added at the end of a column. */
export function nextSortIndex(items: readonly Pick<TaskFields, 'sortIndex'>[]): number {
  return items.length ? Math.max(...items.map((item) => item.sortIndex)) + SORT_GAP : 0;
}

/** Who is looking at a task: their place on the mission and what the mission lets them do. */
export interface TaskViewer {
  personId: string | null;
  permission: number;
  isProjectManager: boolean;
  abilities: { 'tasks.work': boolean; 'tasks.create': boolean; 'plan.manage': boolean };
}

export interface TaskAccess {
  /** Delete, administer, invite and everything an assignee may do (rule 99). */
  admin: boolean;
  /** Update its fields, checklist, dependencies and people. */
  edit: boolean;
  /** Change its status (an assignee not once it is done; an admin reopens). */
  status: boolean;
}

/**
 * What the viewer may do on a task, by the same per-task rules the server applies (rules 45, 93, 98, 99): admins of
 * its action (mission admins and project managers, organisation overseers, the action's creator) do everything;
 * working members update and change the status of tasks not done, level 0 only on tasks assigned to them;
 * observers read; a done action is closed.
 */
export function taskAccess(
  viewer: TaskViewer,
  task: Pick<TaskFields, 'people' | 'status'>,
  action: { createdBy: string | null; status: string } | null,
): TaskAccess {
  if (!viewer.personId) return { admin: false, edit: false, status: false };
  const actor = { personId: viewer.personId, permission: viewer.permission, missionAdmin: viewer.abilities['plan.manage'] };
  const facts = { people: task.people, status: task.status, action: action ?? { createdBy: null, status: 'open' } };
  return {
    admin: canOnTask(actor, 'administer', facts),
    edit: canOnTask(actor, 'update', facts),
    status: canOnTask(actor, 'changeStatus', facts),
  };
}

/** What the viewer may do on an action itself from the board's actions control. */
export interface ActionAccess {
  /** Change its title (not once it is done: a done action is closed). */
  rename: boolean;
  /** Mark it done, or reopen it (only its admins once it is done). */
  status: boolean;
  /** Delete it with its tasks (its admins, while it is open). */
  remove: boolean;
}

/**
 * The per-action rules the server applies to `PUT /action/:id` and `DELETE /action/:id` (rules 45, 98, 99): the
 * mission gates first (working on tasks for a change, creating tasks for a delete), then the action's own facts — its
 * people stand for an action's assignees, its creator and the mission's admins are its admins, a done action is closed.
 */
export function actionAccess(
  viewer: TaskViewer,
  action: { people: readonly string[]; status: string; createdBy: string | null },
): ActionAccess {
  const access = taskAccess(viewer, { people: [...action.people], status: action.status }, action);
  const work = viewer.abilities['tasks.work'];
  return {
    rename: work && access.edit,
    status: work && access.status,
    remove: viewer.abilities['tasks.create'] && access.admin && action.status !== DONE,
  };
}

export const STATUS_LABELS: Record<string, string> = {
  open: 'Open',
  'in-progress': 'In progress',
  blocked: 'Blocked',
  review: 'Review',
  done: 'Done',
};

export const LINK_TYPE_LABELS: Record<string, string> = {
  dependsOn: 'Depends on',
  finishToStart: 'Finish to start',
  startToStart: 'Start to start',
  finishToFinish: 'Finish to finish',
  startToFinish: 'Start to finish',
};

export const CIRCULAR_DEPENDENCY = 'Circular dependency';

/** Rule 53: linking `fromId` to `toId` would make a task depend on itself (directly or through others). */
export function dependencyProblem(
  tasks: readonly { _id: string; dependencies: readonly { linkTo: string }[] }[],
  fromId: string,
  toId: string,
): string | null {
  const edges = tasks.flatMap((task) => task.dependencies.map((dependency) => ({ fromId: task._id, toId: dependency.linkTo })));
  return createsCycle(edges, fromId, toId) ? CIRCULAR_DEPENDENCY : null;
}

/** The new place of a checklist line moved one step up (-1) or down (+1), or null at the edge. */
export function checklistStep(lines: readonly { _id: string; sortIndex: number }[], lineId: string, step: -1 | 1): number | null {
  const sorted = [...lines].sort((a, b) => a.sortIndex - b.sortIndex);
  const index = sorted.findIndex((line) => line._id === lineId);
  const target = index + step;
  if (index < 0 || target < 0 || target >= sorted.length) return null;
  const neighbour = sorted[target]!.sortIndex;
  const beyond = sorted[target + step]?.sortIndex;
  const between = step < 0 ? sortIndexBetween(beyond, neighbour) : sortIndexBetween(neighbour, beyond);
  return between === neighbour ? neighbour + step : between;
}

/** The actions new tasks can go under: those not done (a done action is closed, rule 45), in their order. */
export function openActions<T extends { status: string; sortIndex: number }>(actions: readonly T[]): T[] {
  return actions.filter((action) => action.status !== DONE).sort((a, b) => a.sortIndex - b.sortIndex);
}

/**
 * The action a quick add puts its task under: the one chosen while it is open, else the first open action; null when
 * none is open (a new action 'Tasks' is made).
 */
export function quickAddActionOf(
  actions: readonly { _id: string; status: string; sortIndex: number }[],
  chosenId: string | null | undefined,
): string | null {
  const open = openActions(actions);
  return (open.find((action) => action._id === chosenId) ?? open[0])?._id ?? null;
}

/** The action the URL's `action` names (spec 1 §2), when it is one of the mission's; its tasks are the ones shown. */
export function actionInView<T extends { _id: string }>(actions: readonly T[], param: string | null): T | null {
  return param ? (actions.find((action) => action._id === param) ?? null) : null;
}
