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

/** `read` remembering its answer per value: a person's tasks share a few hundred days, read thousands of times. */
function remembered<T>(read: (value: string) => T): (value: string) => T {
  const known = new Map<string, T>();
  return (value) => {
    if (known.has(value)) return known.get(value)!;
    const answer = read(value);
    known.set(value, answer);
    return answer;
  };
}

/** `taskWeight` for many tasks of one day: each date is parsed once, whatever the number of tasks. */
function weigherOf(today: string) {
  const dayOf = remembered((value: string) => day(value));
  const readDay = (value: string | null) => (value ? dayOf(value) : null);
  const daysAhead = remembered((target: string) => daysBetween(today, target));
  const daysLateOf = remembered((target: string) => daysBetween(target, today));
  const mondayOfDay = remembered(mondayOf);
  const thisMonday = mondayOf(today);
  const targetOf = (task: Pick<WeighedTask, 'dueDate' | 'endDate' | 'week'>) =>
    readDay(task.dueDate) ?? readDay(task.endDate) ?? readDay(task.week);
  const weigh = (task: WeighedTask, mission: { client: string | null }): TaskWeight => {
    const target = targetOf(task);
    if (task.status === 'done') return { weight: 0, reasons: [] };
    if (target && daysAhead(target) > WEIGHT.horizonDays) return { weight: 0, reasons: [] };
    const reasons: WeightReason[] = [];
    if (readDay(task.endDate) === today) reasons.push({ kind: 'endedToday', points: WEIGHT.endedToday });
    else if (readDay(task.dueDate) === today) reasons.push({ kind: 'dueToday', points: WEIGHT.dueToday });
    else if (target && mondayOfDay(target) === thisMonday) reasons.push({ kind: 'thisWeek', points: WEIGHT.thisWeek });
    const daysLate = target ? daysLateOf(target) : 0;
    if (daysLate > 0) {
      reasons.push({ kind: 'late', days: daysLate, points: Math.min(daysLate * WEIGHT_TERMS.latePerDay, WEIGHT_TERMS.lateMax) });
    }
    if (mission.client) reasons.push({ kind: 'client', points: WEIGHT.client });
    if (readDay(task.prevEndDate)) reasons.push({ kind: 'slipped', points: WEIGHT_TERMS.slipped });
    const level = complexityClass(task.complexityMultiplier);
    if (level > 1) reasons.push({ kind: 'complexity', level, points: level - 1 });
    const extra = Math.min(Math.max(task.people.length - 1, 0) * WEIGHT_TERMS.perExtraPerson, WEIGHT_TERMS.peopleMax);
    if (extra > 0) reasons.push({ kind: 'people', count: task.people.length, points: extra });
    // the day terms replace the base; the others add to it
    const dayTerm = reasons.find((reason) => ['endedToday', 'dueToday', 'thisWeek'].includes(reason.kind));
    const sum = (dayTerm ? 0 : WEIGHT.base) + reasons.reduce((total, reason) => total + reason.points, 0);
    if (!isCritical(task.metaType)) return { weight: sum, reasons };
    return { weight: sum * WEIGHT.criticalFactor, reasons: [...reasons, { kind: 'critical', points: sum * (WEIGHT.criticalFactor - 1) }] };
  };
  return { weigh, targetOf };
}

/**
 * The weight of a task (rule 235): base 1; 5 if its day is this week; 10 if due today; 14 if it ends today (the
 * largest of these applies); +2 when the mission has a client; the further terms of `WEIGHT_TERMS`; a task whose day
 * is more than 20 days out, or that is done, weighs 0; a critical task (metaType 0) is multiplied by 2.5.
 */
export function taskWeight(task: WeighedTask, mission: { client: string | null }, today: string): TaskWeight {
  return weigherOf(today).weigh(task, mission);
}

const titleOrder = new Intl.Collator().compare;

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
  const { weigh, targetOf } = weigherOf(today);
  return entries
    .map((entry) => {
      const task = taskOf(entry);
      return { entry, title: task.title, target: targetOf(task) ?? '9999', ...weigh(task, missionOf(entry)) };
    })
    .sort((a, b) => b.weight - a.weight || (a.target < b.target ? -1 : a.target > b.target ? 1 : 0) || titleOrder(a.title, b.title))
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
