import { dayTotals, weekWithinRole } from './rules.ts';
import { MAX_HOURS_PER_DAY, MINUTES_PER_HOUR, type TimesheetStatus } from './time.ts';

/**
 * The pure rules of saving a person's week (rules 4, 7, 171–176): who may keep hours on a role or a task, how a
 * task-form week takes new task lines, which sheets a save writes, and the 24-hour day across all of the week.
 */

/** What a save needs to know of a role (plan item). */
export type TimesheetRoleFacts = {
  missionId: string;
  type: string;
  personId: string | null;
  inactive: boolean;
  wasDeleted: boolean;
  startDate: string | null;
  endDate: string | null;
};
export type RoleRefusal = 'unknown' | 'notYours' | 'inactive' | 'outsideWeek';

/**
 * Why the person may not keep hours for `weekStart` on this role of `missionId`, or null when they may: the role must
 * be a live person role of that mission (another project's or organisation's is unknown), theirs, active, and its
 * dates must touch the week.
 */
export function roleRefusal(
  role: TimesheetRoleFacts | null,
  at: { missionId: string; personId: string; weekStart: string },
): RoleRefusal | null {
  if (!role || role.wasDeleted || role.missionId !== at.missionId || role.type !== 'person') return 'unknown';
  if (role.personId !== at.personId) return 'notYours';
  if (role.inactive) return 'inactive';
  if (!weekWithinRole(at.weekStart, role)) return 'outsideWeek';
  return null;
}

/**
 * What a save needs to know of a task (action item): its mission, the people assigned to it, and the days it spans
 * (start to end, else its due day; null when it has no dates).
 */
export type TimesheetTaskFacts = { missionId: string; people: readonly string[]; firstDay: string | null; lastDay: string | null };
export type TaskRefusal = 'unknown' | 'notYours' | 'outsideWeek';

/**
 * Why the person may not keep hours on this task of `missionId` in the week, or null when they may: a task of that
 * mission, assigned to them and planned in the week (the grid offers no other), or already a line of their week
 * (assignments and dates change, tasks are deleted; the hours they kept stay theirs).
 */
export function taskRefusal(
  task: TimesheetTaskFacts | null,
  at: { missionId: string; personId: string; weekStart: string; onTheirWeek: boolean },
): TaskRefusal | null {
  if (!task) return at.onTheirWeek ? null : 'unknown';
  if (task.missionId !== at.missionId) return 'unknown';
  if (at.onTheirWeek) return null;
  if (!task.people.includes(at.personId)) return 'notYours';
  if (!weekWithinRole(at.weekStart, { startDate: task.firstDay, endDate: task.lastDay })) return 'outsideWeek';
  return null;
}

/** A task line of a task-form week: the task and its seven daily minutes. */
export type TaskLine = { actionItemId: string; minutes: readonly number[] };

const holdsTime = (minutes: readonly number[]) => minutes.some((m) => m > 0);

/**
 * A task-form week after a save: the lines sent replace those of the same task, new tasks follow in the order sent,
 * lines left out stay as they were, and a line without hours is dropped (sending zeros removes a task's hours).
 */
export function mergeTaskLines(before: readonly TaskLine[] | null, sent: readonly TaskLine[]): TaskLine[] {
  const byTask = new Map(sent.map((line) => [line.actionItemId, line]));
  const kept = (before ?? []).map((line) => byTask.get(line.actionItemId) ?? line);
  const known = new Set(kept.map((line) => line.actionItemId));
  return [...kept, ...sent.filter((line) => !known.has(line.actionItemId))].filter((line) => holdsTime(line.minutes));
}

/** A sheet as a save sees it: status, the seven day totals, and its task lines in task form. */
export type SheetState = { status: TimesheetStatus; dailyMinutes: readonly number[]; taskLines: readonly TaskLine[] | null };

const sameDays = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((minutes, i) => minutes === b[i]);
/** Same tasks in the same order with the same days (field by field: stored lines may come back with keys reordered). */
const sameLines = (a: readonly TaskLine[] | null, b: readonly TaskLine[] | null) =>
  a === null || b === null
    ? a === b
    : a.length === b.length && a.every((line, i) => line.actionItemId === b[i]!.actionItemId && sameDays(line.minutes, b[i]!.minutes));

/**
 * Whether role days saved over a week would lose its task lines: a week kept per task takes as role days only its
 * tasks' own day totals (submitting it, say), and its tasks' hours are changed as tasks. Any other days are refused.
 */
export const roleDaysLoseTasks = (taskLines: readonly TaskLine[] | null, dailyMinutes: readonly number[]) =>
  !!taskLines && taskLines.length > 0 && !sameDays(dayTotals(taskLines.map((line) => line.minutes)), dailyMinutes);

/**
 * Whether a save writes this sheet: an existing sheet when its status or hours change; a new one when it holds
 * hours, or when a role's week is submitted empty (that declares the week; an empty task-form week declares nothing).
 */
export function writesSheet(before: SheetState | null, after: SheetState): boolean {
  if (before)
    return (
      before.status !== after.status || !sameDays(before.dailyMinutes, after.dailyMinutes) || !sameLines(before.taskLines, after.taskLines)
    );
  return holdsTime(after.dailyMinutes) || (after.status === 'submitted' && after.taskLines === null);
}

/**
 * The first day (0 = Monday) that a save makes hold more than 24 hours across all the person's sheets of the week
 * (`after`), or -1: a person has one day whatever they spend it on, so every role, task and organisation week counts.
 * A day already over 24 hours before the save (`before`, older data) only refuses a save that adds to it.
 */
export function overfullWeekDay(
  after: readonly { dailyMinutes: readonly number[] }[],
  before: readonly { dailyMinutes: readonly number[] }[] = [],
): number {
  const was = dayTotals(before.map((sheet) => sheet.dailyMinutes));
  return dayTotals(after.map((sheet) => sheet.dailyMinutes)).findIndex(
    (minutes, day) => minutes > MAX_HOURS_PER_DAY * MINUTES_PER_HOUR && minutes > (was[day] ?? 0),
  );
}
