import { daysBetween, isIsoDay, mondayOf } from '../missions/dates.ts';
import { complexityClass } from '../tasks/rules.ts';
import { plural } from '../shared/words.ts';

/**
 * Task weight (rule 235): how much a task needs its person today. It orders the Work AI cards and the Do AI list.
 * Pure: `today` (YYYY-MM-DD, the person's day) is a parameter.
 */

/** The weight terms the spec gives (rule 235). */
export const WEIGHT = {
  base: 1,
  thisWeek: 5,
  dueToday: 10,
  endedToday: 14,
  client: 2,
  /** Tasks whose day is more than this many days out weigh 0. */
  horizonDays: 20,
  /** Critical tasks (metaType 0, stored as 'Critical') are multiplied by this. */
  criticalFactor: 2.5,
} as const;

/**
 * The further terms the spec leaves to us (rule 235 "further terms"):
 * - lateness: +1 per day late, at most +10 (a task two weeks late is not worth more than one due today);
 * - slipped: +3 when the task has a previous end date (it was pushed back once already);
 * - complexity: + the complexity class less one (class 1 below 8 adds 0, 2 for 8–14 adds 1, 3 above 14 adds 2;
 *   rule 47), so a simple task keeps the spec's numbers exactly;
 * - people: +1 per person besides the first, at most +3 (others wait on a shared task).
 */
export const WEIGHT_TERMS = {
  latePerDay: 1,
  lateMax: 10,
  slipped: 3,
  perExtraPerson: 1,
  peopleMax: 3,
} as const;

export interface WeighedTask {
  status: string;
  dueDate: string | null;
  endDate: string | null;
  week: string | null;
  prevEndDate: string | null;
  complexityMultiplier: number;
  people: readonly string[];
  metaType: string | null;
}

export type WeightReason =
  | { kind: 'endedToday' | 'dueToday' | 'thisWeek' | 'client' | 'slipped' | 'critical'; points: number }
  | { kind: 'late'; points: number; days: number }
  | { kind: 'complexity'; points: number; level: 1 | 2 | 3 }
  | { kind: 'people'; points: number; count: number };

export interface TaskWeight {
  weight: number;
  /** The terms above the base, largest first in the order they were added (the "why" of Do AI). */
  reasons: WeightReason[];
}

const day = (value: string | null) => (value && isIsoDay(value.slice(0, 10)) ? value.slice(0, 10) : null);

/** The day a task is aimed at: its due date, else its end date, else the Monday of its week. */
export function targetDayOf(task: Pick<WeighedTask, 'dueDate' | 'endDate' | 'week'>): string | null {
  return day(task.dueDate) ?? day(task.endDate) ?? day(task.week);
}

const isCritical = (metaType: string | null) => metaType === 'Critical' || metaType === '0';

/**
 * The weight of a task (rule 235): base 1; 5 if its day is this week; 10 if due today; 14 if it ends today (the
 * largest of these applies); +2 when the mission has a client; the further terms of `WEIGHT_TERMS`; a task whose day
 * is more than 20 days out, or that is done, weighs 0; a critical task (metaType 0) is multiplied by 2.5.
 */
export function taskWeight(task: WeighedTask, mission: { client: string | null }, today: string): TaskWeight {
  const target = targetDayOf(task);
  if (task.status === 'done') return { weight: 0, reasons: [] };
  if (target && daysBetween(today, target) > WEIGHT.horizonDays) return { weight: 0, reasons: [] };
  const reasons: WeightReason[] = [];
  if (day(task.endDate) === today) reasons.push({ kind: 'endedToday', points: WEIGHT.endedToday });
  else if (day(task.dueDate) === today) reasons.push({ kind: 'dueToday', points: WEIGHT.dueToday });
  else if (target && mondayOf(target) === mondayOf(today)) reasons.push({ kind: 'thisWeek', points: WEIGHT.thisWeek });
  const daysLate = target ? daysBetween(target, today) : 0;
  if (daysLate > 0) {
    reasons.push({ kind: 'late', days: daysLate, points: Math.min(daysLate * WEIGHT_TERMS.latePerDay, WEIGHT_TERMS.lateMax) });
  }
  if (mission.client) reasons.push({ kind: 'client', points: WEIGHT.client });
  if (day(task.prevEndDate)) reasons.push({ kind: 'slipped', points: WEIGHT_TERMS.slipped });
  const level = complexityClass(task.complexityMultiplier);
  if (level > 1) reasons.push({ kind: 'complexity', level, points: level - 1 });
  const extra = Math.min(Math.max(task.people.length - 1, 0) * WEIGHT_TERMS.perExtraPerson, WEIGHT_TERMS.peopleMax);
  if (extra > 0) reasons.push({ kind: 'people', count: task.people.length, points: extra });
  // the day terms replace the base; the others add to it
  const dayTerm = reasons.find((reason) => ['endedToday', 'dueToday', 'thisWeek'].includes(reason.kind));
  const sum = (dayTerm ? 0 : WEIGHT.base) + reasons.reduce((total, reason) => total + reason.points, 0);
  if (!isCritical(task.metaType)) return { weight: sum, reasons };
  return { weight: sum * WEIGHT.criticalFactor, reasons: [...reasons, { kind: 'critical', points: sum * (WEIGHT.criticalFactor - 1) }] };
}

/**
 * Entries with their task's weight, heaviest first (rule 235); equal weights: earlier day first, then undated, then
 * title. `taskOf` and `missionOf` read an entry's task and mission. Tasks weighing 0 are kept at the end (callers
 * showing suggestions leave them out).
 */
export function rankTasks<T>(
  entries: readonly T[],
  taskOf: (entry: T) => WeighedTask & { title: string },
  missionOf: (entry: T) => { client: string | null },
  today: string,
): { task: T; weight: number; reasons: WeightReason[] }[] {
  return entries
    .map((entry) => {
      const task = taskOf(entry);
      return { entry, title: task.title, target: targetDayOf(task), ...taskWeight(task, missionOf(entry), today) };
    })
    .sort((a, b) => b.weight - a.weight || (a.target ?? '9999').localeCompare(b.target ?? '9999') || a.title.localeCompare(b.title))
    .map(({ entry, weight, reasons }) => ({ task: entry, weight, reasons }));
}

/** A short sentence per reason, as Do AI shows them. */
export function reasonText(reason: WeightReason): string {
  switch (reason.kind) {
    case 'endedToday':
      return 'Ends today';
    case 'dueToday':
      return 'Due today';
    case 'thisWeek':
      return 'Planned for this week';
    case 'late':
      return `${plural(reason.days, 'day')} late`;
    case 'client':
      return 'The mission has a client';
    case 'slipped':
      return 'Its end date slipped before';
    case 'complexity':
      return ['Simple', 'Fairly complex', 'Complex'][reason.level - 1]!;
    case 'people':
      return `Shared by ${plural(reason.count, 'person', 'people')}`;
    case 'critical':
      return 'Critical';
  }
}
