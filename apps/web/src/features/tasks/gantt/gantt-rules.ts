import type { Action, ActionItem, TaskLinkType } from '@crewplan/domain/tasks/tasks';
import type { PlanItem } from '@crewplan/domain/plan/plan';

/**
 * The mission's work as gantt rows (rule 8: a gantt day is 8 hours): actions are summary bars over their action
 * items, phases and milestones of the plan come first, dependencies become links (`fromId` depends on `toId`, so the
 * link runs from `toId` to `fromId`). Gantt dates are local midnights; the end is exclusive (the day after the last).
 */

export type GanttLinkType = 'e2s' | 's2s' | 'e2e' | 's2e';
export interface GanttRow {
  id: string;
  text: string;
  start: Date;
  end: Date;
  /** Whole days from start to end: given, the library finds the end by adding days rather than diffing dates. */
  duration: number;
  type: 'task' | 'summary' | 'milestone';
  parent: string | 0;
  progress: number;
  open?: boolean;
}
export interface GanttLink {
  id: string;
  source: string;
  target: string;
  type: GanttLinkType;
  lag: number;
}

export type RowKind = 'item' | 'action' | 'plan';
export const rowId = (kind: RowKind, id: string) => `${kind}:${id}`;
export function parseRowId(id: string | number): { kind: RowKind; id: string } | null {
  const match = /^(item|action|plan):(.+)$/.exec(String(id));
  return match ? { kind: match[1] as RowKind, id: match[2]! } : null;
}

const GANTT_TYPE: Record<TaskLinkType, GanttLinkType> = {
  dependsOn: 'e2s',
  finishToStart: 'e2s',
  startToStart: 's2s',
  finishToFinish: 'e2e',
  startToFinish: 's2e',
};
const LINK_TYPE: Record<GanttLinkType, TaskLinkType> = {
  e2s: 'dependsOn',
  s2s: 'startToStart',
  e2e: 'finishToFinish',
  s2e: 'startToFinish',
};
export const linkTypeOf = (type: string): TaskLinkType => LINK_TYPE[type as GanttLinkType] ?? 'dependsOn';
export const ganttLinkTypeOf = (type: string): GanttLinkType => GANTT_TYPE[type as TaskLinkType] ?? 'e2s';

/** A 'YYYY-MM-DD' day as the local midnight the gantt draws. */
export const toDate = (day: string) => new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
/** A local date as its 'YYYY-MM-DD' day. */
export const toDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const plusDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
/** Calendar days between two local midnights (rounded: a daylight-saving change moves one by an hour). */
const daysBetween = (start: Date, end: Date) => Math.round((end.getTime() - start.getTime()) / 86_400_000);

/** A bar's days from the gantt's dates: the exclusive end becomes the last day (never before the start). */
export function daysOfBar(start: Date, end: Date): { startDate: string; endDate: string } {
  const last = plusDays(end, end.getHours() === 0 && end.getMinutes() === 0 && end > start ? -1 : 0);
  return { startDate: toDay(start), endDate: toDay(last < start ? start : last) };
}

/** Days an estimate fills: hours over 8, at least one. */
export const estimateDays = (hours: number | null) => Math.max(1, Math.ceil((hours ?? 0) / 8));

function spanOf(startDate: string | null, endDate: string | null, estimate: number | null, fallback: string) {
  const start = toDate(startDate ?? fallback);
  const end = endDate && endDate >= (startDate ?? fallback) ? plusDays(toDate(endDate), 1) : plusDays(start, estimateDays(estimate));
  return { start, end };
}

export interface GanttInput {
  actions: Action[];
  actionItems: ActionItem[];
  planItems: Pick<PlanItem, '_id' | 'type' | 'title' | 'startDate' | 'endDate' | 'dependencies' | 'inactive' | 'wasDeleted'>[];
  /** Where a task without dates is drawn: the mission's start (or today). */
  fallbackDay: string;
}

/**
 * Actions open over their tasks up to this many tasks; a larger mission starts with its actions folded (each opens on
 * a click), which keeps a 10,000-task gantt's first paint within budget and its summary readable.
 */
export const OPEN_ACTIONS_UP_TO = 2_000;

/** Rows and links of the gantt. */
export function toGantt({ actions, actionItems, planItems, fallbackDay }: GanttInput): { tasks: GanttRow[]; links: GanttLink[] } {
  const tasks: GanttRow[] = [];
  const links: GanttLink[] = [];
  const shownPlan = planItems.filter((item) => (item.type === 'phase' || item.type === 'milestone') && !item.inactive && !item.wasDeleted);
  for (const item of shownPlan) {
    const { start, end } = spanOf(item.startDate, item.endDate, null, fallbackDay);
    const milestone = item.type === 'milestone';
    tasks.push({
      id: rowId('plan', item._id),
      text: item.title,
      start,
      end: milestone ? start : end,
      duration: milestone ? 0 : daysBetween(start, end),
      type: milestone ? 'milestone' : 'task',
      parent: 0,
      progress: 0,
    });
    for (const on of item.dependencies)
      if (shownPlan.some((other) => other._id === on))
        links.push({ id: `plan:${on}>${item._id}`, source: rowId('plan', on), target: rowId('plan', item._id), type: 'e2s', lag: 0 });
  }
  const itemsOf = new Map<string, ActionItem[]>();
  for (const item of actionItems) {
    const siblings = itemsOf.get(item.actionId);
    if (siblings) siblings.push(item);
    else itemsOf.set(item.actionId, [item]);
  }
  const sortedActions = [...actions].sort((a, b) => a.sortIndex - b.sortIndex);
  for (const action of sortedActions) {
    const children = (itemsOf.get(action._id) ?? []).sort((a, b) => a.sortIndex - b.sortIndex);
    const actionFallback = action.startDate ?? fallbackDay;
    const rows = children.map((item) => ({ item, ...spanOf(item.startDate, item.endDate, item.estimatedDuration, actionFallback) }));
    const own = spanOf(action.startDate, action.endDate, action.estimatedDuration, fallbackDay);
    // an action without dates of its own spans its items
    let [first, last] = action.startDate || rows.length === 0 ? [own.start.getTime(), own.end.getTime()] : [Infinity, -Infinity];
    for (const row of rows) {
      first = Math.min(first, row.start.getTime());
      last = Math.max(last, row.end.getTime());
    }
    const start = new Date(first);
    const end = new Date(last);
    tasks.push({
      id: rowId('action', action._id),
      text: action.title,
      start,
      end,
      duration: daysBetween(start, end),
      // the library walks the children of a summary or open row and fails on none: an empty action is a plain bar
      type: rows.length > 0 ? 'summary' : 'task',
      parent: 0,
      progress: action.percentComplete,
      ...(rows.length > 0 && actionItems.length <= OPEN_ACTIONS_UP_TO ? { open: true } : {}),
    });
    for (const row of rows)
      tasks.push({
        id: rowId('item', row.item._id),
        text: row.item.title,
        start: row.start,
        end: row.end,
        duration: daysBetween(row.start, row.end),
        type: 'task',
        parent: rowId('action', action._id),
        // a done task is complete, whatever percentage was last typed (its status is the fact)
        progress: row.item.status === 'done' ? 100 : row.item.percentComplete,
      });
    for (const dependency of action.dependencies)
      links.push(linkOf('action', action._id, dependency.linkTo, dependency.linkType, dependency.lag));
  }
  const known = new Set(tasks.map((task) => task.id));
  for (const item of actionItems)
    for (const dependency of item.dependencies)
      links.push(linkOf('item', item._id, dependency.linkTo, dependency.linkType, dependency.lag));
  return { tasks, links: links.filter((link) => known.has(link.source) && known.has(link.target)) };
}

function linkOf(kind: RowKind, fromId: string, toId: string, linkType: string, lag: number): GanttLink {
  return { id: `${kind}:${toId}>${fromId}`, source: rowId(kind, toId), target: rowId(kind, fromId), type: ganttLinkTypeOf(linkType), lag };
}

/** What a new gantt link asks of the API: `dependent` depends on `on`; null when the two rows cannot be linked. */
export function dependencyOf(link: { source: string | number; target: string | number; type: string; lag?: number }) {
  const on = parseRowId(link.source);
  const dependent = parseRowId(link.target);
  if (!on || !dependent || on.kind !== dependent.kind) return null;
  return { kind: on.kind, dependentId: dependent.id, onId: on.id, linkType: linkTypeOf(link.type), lag: Math.round(link.lag ?? 0) };
}

/** The zoom levels the toolbar offers, with the scales each draws. */
export const ZOOM_LEVELS = {
  day: [
    { unit: 'month', step: 1, format: '%F %Y' },
    { unit: 'day', step: 1, format: '%j' },
  ],
  week: [
    { unit: 'month', step: 1, format: '%F %Y' },
    { unit: 'week', step: 1, format: 'Week %W' },
  ],
  month: [
    { unit: 'year', step: 1, format: '%Y' },
    { unit: 'month', step: 1, format: '%M' },
  ],
} as const;
export type ZoomLevel = keyof typeof ZOOM_LEVELS;
export const CELL_WIDTHS: Record<ZoomLevel, number> = { day: 40, week: 90, month: 120 };
export const zoomOf = (value: string | null): ZoomLevel => (value === 'week' || value === 'month' ? value : 'day');

/** Titles a row added from the gantt starts with (renamed in the grid right after). */
export const NEW_ACTION_TITLE = 'New action';
export const NEW_TASK_TITLE = 'New task';

/**
 * What the gantt's "+" adds: on the header (no row) or a phase or milestone, a new action under the mission's default
 * plan item; on an action, a task of that action; on a task, a task beside it in the same action.
 */
export function addTargetOf(
  rowIdClicked: string | number | null | undefined,
  parentOf: (id: string) => string | number | undefined,
): { kind: 'action' } | { kind: 'item'; actionId: string } {
  const row = rowIdClicked === null || rowIdClicked === undefined ? null : parseRowId(rowIdClicked);
  if (row?.kind === 'action') return { kind: 'item', actionId: row.id };
  if (row?.kind === 'item') {
    const parent = parseRowId(parentOf(rowId('item', row.id)) ?? '');
    if (parent?.kind === 'action') return { kind: 'item', actionId: parent.id };
  }
  return { kind: 'action' };
}

/** The fields a gantt edit changed on a row, as the API names them (name, days, progress). */
export function editOf(
  before: Pick<GanttRow, 'text' | 'start' | 'end' | 'progress' | 'type'>,
  after: { text?: string; start?: Date; end?: Date; progress?: number },
): { title?: string; startDate?: string; endDate?: string; percentComplete?: number } {
  const change: { title?: string; startDate?: string; endDate?: string; percentComplete?: number } = {};
  const title = after.text?.trim();
  if (title && title !== before.text) change.title = title;
  if (after.start && after.end) {
    const days = daysOfBar(after.start, after.end);
    const was = daysOfBar(before.start, before.end);
    if (days.startDate !== was.startDate || days.endDate !== was.endDate) Object.assign(change, days);
  }
  if (after.progress !== undefined && Math.round(after.progress) !== Math.round(before.progress) && before.type !== 'milestone')
    change.percentComplete = Math.max(0, Math.min(100, Math.round(after.progress)));
  return change;
}
