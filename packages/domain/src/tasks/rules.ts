import { isIsoDay } from '../missions/dates.ts';
import { dayIn } from '../shared/days.ts';

/**
 * Pure task rules (spec 1 §4 task status, §5 plan and tasks, §9; rules 1–9, 43–56). "Now" is always a parameter.
 */

/** Rule 1: a working day is 8 hours. */
export const WORKING_DAY_HOURS = 8;
/** Rule 2: work starts at 9:00. */
export const WORK_START_HOUR = 9;
/** Rule 6: a simple project week is 56 hours (7 days at 8-hour steps); Sunday starts at hour 48. */
export const SIMPLE_WEEK_HOURS = 56;
/** Rule 54: tags longer than this (spaces removed) are hidden unless they are task references. */
export const TAG_HIDE_LENGTH = 20;
/** Suffix of a copied task's title (rule 51). */
export const COPY_SUFFIX = ' (Copy)';

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

/** The Monday (YYYY-MM-DD) of the week of `iso` (rule 4: weeks start on Monday). */
export function weekStartOf(iso: string): string {
  const day = dayOf(iso);
  return isoDay(addDays(day, -((day.getUTCDay() + 6) % 7)));
}

/** Rule 6: the hour at which a day starts in a simple project's 56-hour week (Monday 0 … Sunday 48). */
export function simpleWeekHour(iso: string): number {
  return ((dayOf(iso).getUTCDay() + 6) % 7) * WORKING_DAY_HOURS;
}

type OverdueTask = { status: string; dueDate?: string | null; endDate?: string | null; computedEnd?: string | null; week?: string | null };

/** Rule 55: the calendar day a task's date field holds (its first ten characters), or null when that is not a real day. */
export function taskDayOf(value: string | null | undefined): string | null {
  const day = value?.slice(0, 10);
  return isIsoDay(day) ? day : null;
}

/**
 * Rule 46: a task is overdue when not done and its dueDate, else endDate, else computed end is before today, or its
 * week is earlier than the current week. Never for kanban projects. "Today" is the day `now` falls on in the
 * person's `timeZone` (an IANA name): a day-only due date is due through that whole day where they are. A date that
 * is not a real day counts as missing.
 */
export function isOverdue(task: OverdueTask, projectType: string, now: Date, timeZone: string): boolean {
  if (projectType === 'kanban' || task.status === 'done') return false;
  const today = dayIn(now, timeZone);
  const end = taskDayOf(task.dueDate) ?? taskDayOf(task.endDate) ?? taskDayOf(task.computedEnd);
  if (end && end < today) return true;
  const week = taskDayOf(task.week);
  return week !== null && weekStartOf(week) < weekStartOf(today);
}

/** Rule 47: complexity multiplier below 8 is class 1, 8 to 14 class 2, above 14 class 3. */
export function complexityClass(multiplier: number): 1 | 2 | 3 {
  if (multiplier < 8) return 1;
  return multiplier <= 14 ? 2 : 3;
}

/** Rule 9: hours shown as days of 8 hours plus the remaining hours ('2d 3h', '5h', '1d'). */
export function durationDisplay(hours: number | null | undefined): { days: number; hours: number; text: string } {
  const total = Math.max(0, hours ?? 0);
  const days = Math.floor(total / WORKING_DAY_HOURS);
  const rest = Math.round((total - days * WORKING_DAY_HOURS) * 100) / 100;
  const text = [days > 0 ? `${days}d` : '', rest > 0 || days === 0 ? `${rest}h` : ''].filter(Boolean).join(' ');
  return { days, hours: rest, text };
}

/**
 * Rule 49: the code shown is the task's code (trimmed), otherwise the last 4 digits of its creation timestamp (ms);
 * nothing when neither is there.
 */
export function shownTaskCode(code: string | null | undefined, createdAt: Date | string): string {
  if (code?.trim()) return code.trim();
  const time = new Date(createdAt).getTime();
  return Number.isFinite(time) ? String(time).slice(-4) : '';
}

/**
 * Rule 50: the next code is the mission's default prefix, a dash, then the count of codes with that prefix plus one
 * (moved on past any code already taken). No prefix: no code.
 */
export function nextTaskCode(prefix: string | null | undefined, existingCodes: readonly (string | null)[]): string | null {
  if (!prefix) return null;
  const taken = new Set(existingCodes.filter((code): code is string => !!code && code.startsWith(`${prefix}-`)));
  let next = taken.size + 1;
  while (taken.has(`${prefix}-${next}`)) next += 1;
  return `${prefix}-${next}`;
}

/** A tag naming a task: it holds a task id (24 hexadecimal characters). */
export const isTaskReference = (tag: string) => /[0-9a-f]{24}/.test(tag);

/** Rule 54: tags longer than 20 characters once spaces are removed are hidden, unless they are task references. */
export function isHiddenTag(tag: string): boolean {
  return tag.replace(/\s+/g, '').length > TAG_HIDE_LENGTH && !isTaskReference(tag);
}

/** Rule 52: an action is created with no dates, or both with start strictly before end. */
export function actionDatesValid(startDate: string | null | undefined, endDate: string | null | undefined): boolean {
  if (!startDate && !endDate) return true;
  if (!startDate || !endDate) return false;
  return startDate < endDate;
}

/**
 * Power scheduling (rules 1–3): `hours` of work from `start` at `startHour`, in 8-hour days starting at 9:00,
 * skipping weekends unless `includeWeekends`. Returns the day and hour the work ends.
 */
export function scheduleEnd(
  start: string,
  startHour: number | null | undefined,
  hours: number,
  includeWeekends: boolean,
): { endDate: string; endHour: number } {
  const dayEnd = WORK_START_HOUR + WORKING_DAY_HOURS;
  let day = dayOf(start);
  let hour = Math.min(Math.max(startHour ?? WORK_START_HOUR, WORK_START_HOUR), dayEnd);
  const nextWorkday = () => {
    do day = addDays(day, 1);
    while (!includeWeekends && isWeekend(day));
    hour = WORK_START_HOUR;
  };
  if (!includeWeekends && isWeekend(day)) nextWorkday();
  let left = Math.max(0, hours);
  for (;;) {
    if (hour >= dayEnd && left > 0) nextWorkday();
    const today = Math.min(left, dayEnd - hour);
    hour += today;
    left -= today;
    if (left <= 0) return { endDate: isoDay(day), endHour: hour };
  }
}

/** The board column that holds done tasks (a new project's last column, spec 1 §3 cols). */
export const DONE_COLUMN = 'done';
/** The board column a task waits in before work starts. */
export const TO_DO_COLUMN = 'todo';

/** The status each of a project's standard columns stands for; other columns name no status of their own. */
const STATUS_OF_COLUMN: Readonly<Record<string, string>> = { todo: 'open', doing: 'in-progress', review: 'review', done: 'done' };
/** The column each status belongs in (blocked has none: a blocked task stays where it is). */
const COLUMN_OF_STATUS: Readonly<Record<string, string>> = { open: 'todo', 'in-progress': 'doing', review: 'review', done: 'done' };

type Column = { id: string };
type PlacedTask = { status: string; col: string };

/** The column a status belongs in on this board: its own when the board has it, else the first column not done. */
function columnForStatus(status: string, cols: readonly Column[]): string | undefined {
  const own = COLUMN_OF_STATUS[status];
  if (own && cols.some((col) => col.id === own)) return own;
  if (status === 'done') return undefined;
  return cols.find((col) => col.id !== DONE_COLUMN)?.id;
}

/**
 * A task's column and its status are one fact: a done task is in the Done column and a task in the Done column is
 * done; a standard column (To do, In progress, Review) holds its own status. Given a change of status and/or column,
 * answers the change with both in agreement:
 * - a new status moves the task to its column (done → Done; reopened → out of Done, to its status's column); blocked
 *   keeps the column unless the task leaves Done;
 * - a new column sets its status (Done → done; out of Done into a column of no status of its own → open); a blocked
 *   task stays blocked while it moves among columns that are not Done;
 * - both given: the status decides, and the column stays as asked when it agrees.
 */
export function alignStatusAndColumn(
  task: PlacedTask,
  change: { status?: string | undefined; col?: string | undefined },
  cols: readonly Column[],
): { status?: string; col?: string } {
  const statusChanged = change.status !== undefined && change.status !== task.status;
  const colChanged = change.col !== undefined && change.col !== task.col;
  if (statusChanged) {
    const status = change.status!;
    const col = change.col ?? task.col;
    if (columnAgrees(status, col)) return { status, ...(colChanged ? { col } : {}) };
    const target = columnForStatus(status, cols);
    return target && target !== task.col ? { status, col: target } : { status };
  }
  if (colChanged) {
    const col = change.col!;
    const status = statusForColumn(task.status, col);
    return status !== task.status ? { status, col } : { col };
  }
  return {};
}

/** Whether a task of this status may sit in this column (see `alignStatusAndColumn`). */
function columnAgrees(status: string, col: string): boolean {
  if (status === 'done' || col === DONE_COLUMN) return status === 'done' && col === DONE_COLUMN;
  if (status === 'blocked') return true;
  const own = STATUS_OF_COLUMN[col];
  return own === undefined || own === status;
}

/** The status a task takes when it moves into `col`. */
function statusForColumn(current: string, col: string): string {
  if (col === DONE_COLUMN) return 'done';
  if (current === 'blocked') return current;
  const own = STATUS_OF_COLUMN[col];
  if (own) return own;
  return current === 'done' ? 'open' : current;
}

/** A column a task may be put in: one of the board's (a board not set up yet, with no columns, takes any). */
export function boardTakesColumn(cols: readonly Column[], col: string): boolean {
  return cols.length === 0 || cols.some((column) => column.id === col);
}

/**
 * The column a task is shown in: its own, except that the status decides done-ness (a done task shows in Done, an
 * open one never does, as stored before the two were kept together); a column the board no longer has shows as the
 * first one.
 */
export function columnOfTask(task: PlacedTask, cols: readonly Column[]): string | undefined {
  const has = (id: string) => cols.some((col) => col.id === id);
  if (!columnAgrees(task.status, task.col) && (task.status === 'done' || task.col === DONE_COLUMN)) {
    const target = columnForStatus(task.status, cols);
    if (target) return target;
  }
  return has(task.col) ? task.col : cols[0]?.id;
}

/** Work on the task has started: it is in progress or in review, or it has left To do for a column short of Done. */
export function isStarted(task: PlacedTask): boolean {
  if (task.status === 'done') return false;
  if (task.status === 'in-progress' || task.status === 'review') return true;
  return task.col !== TO_DO_COLUMN && task.col !== DONE_COLUMN;
}

type StatusTask = { status: string };
export type StatusEffects = {
  status: string;
  completedOn?: Date | null;
  completedBy?: string | null;
  percentComplete?: number;
  startDate?: null;
  estimatedDuration?: null;
  position?: null;
  startHour?: null;
};

/**
 * Rules 43, 44, 60: done stamps completedOn/completedBy and percentComplete 100; any other status clears the
 * completion (and leaving done the percentage too); leaving done in a power project also clears the scheduling (start date, duration, position, hour).
 */
export function statusEffects(task: StatusTask, status: string, ctx: { personId: string; now: Date; projectType: string }): StatusEffects {
  if (status === 'done') return { status, completedOn: ctx.now, completedBy: ctx.personId, percentComplete: 100 };
  const effects: StatusEffects = { status, completedOn: null, completedBy: null };
  // a reopened task is no longer complete (the gantt draws its progress)
  if (task.status === 'done') effects.percentComplete = 0;
  if (task.status === 'done' && ctx.projectType === 'power') {
    Object.assign(effects, { startDate: null, estimatedDuration: null, position: null, startHour: null });
  }
  return effects;
}

/**
 * Rule 53: whether making `fromId` depend on `toId` closes a loop — itself, or `toId` already depends (through any
 * chain of `edges`, each { fromId depends on toId }) on `fromId`.
 */
export function createsCycle(edges: readonly { fromId: string; toId: string }[], fromId: string, toId: string): boolean {
  if (fromId === toId) return true;
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.fromId, [...(next.get(edge.fromId) ?? []), edge.toId]);
  const seen = new Set<string>();
  const stack = [toId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === fromId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(next.get(id) ?? []));
  }
  return false;
}
