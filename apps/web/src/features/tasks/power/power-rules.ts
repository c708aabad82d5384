/**
 * Hour-level scheduling of the power view (spec 1 §9, rules 1–4): a working day of 8 hours from 9:00, weekends
 * skipped unless the mission includes them, weeks starting Monday. Days are 'YYYY-MM-DD' calendar days (UTC).
 */

export const WORK_START_HOUR = 9;
export const WORK_DAY_HOURS = 8;
/** The hours a task may start at: 9:00 to 16:00. */
export const WORK_HOURS: readonly number[] = Array.from({ length: WORK_DAY_HOURS }, (_, index) => WORK_START_HOUR + index);

const DAY_MS = 86_400_000;
const dayOf = (value: string) => new Date(`${value.slice(0, 10)}T00:00:00Z`);
const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/** The day `count` calendar days after `day`. */
export const addDays = (day: string, count: number) => isoOf(new Date(dayOf(day).getTime() + count * DAY_MS));

/** Saturday and Sunday are not working days unless the mission includes weekends. */
export const isWorkingDay = (day: string, includeWeekends: boolean) => {
  const weekday = dayOf(day).getUTCDay();
  return includeWeekends || (weekday !== 0 && weekday !== 6);
};

/** The first working day on or after `day`. */
export function workingDayFrom(day: string, includeWeekends: boolean): string {
  let next = day.slice(0, 10);
  while (!isWorkingDay(next, includeWeekends)) next = addDays(next, 1);
  return next;
}

/** The Monday of the week holding `day` (rule 4). */
export function weekStartOf(day: string): string {
  const weekday = dayOf(day).getUTCDay();
  return addDays(day, weekday === 0 ? -6 : 1 - weekday);
}

/** The days the week grid shows: Monday to Friday, or to Sunday when weekends are included. */
export const weekDays = (weekStart: string, includeWeekends: boolean) =>
  Array.from({ length: includeWeekends ? 7 : 5 }, (_, index) => addDays(weekStart, index));

/** One day's stretch of a scheduled task: from `from` (an hour) for `hours` hours. */
export interface ScheduleSegment {
  day: string;
  from: number;
  hours: number;
}

/** A task with no estimate takes one hour of the grid. */
export const scheduledHours = (estimatedDuration: number | null | undefined) =>
  estimatedDuration && estimatedDuration > 0 ? estimatedDuration : 1;

/**
 * Where a task placed at `day` and `hour` lies: its estimated hours fill consecutive working hours, the rest
 * spilling to 9:00 of the next working day. A start outside the working hours is moved to the nearest one; a start
 * on a skipped weekend day moves to the next working day at 9:00.
 */
export function placeTask(
  day: string,
  hour: number,
  estimatedDuration: number | null | undefined,
  includeWeekends: boolean,
): ScheduleSegment[] {
  let current = day.slice(0, 10);
  let from = Math.min(Math.max(Math.floor(hour), WORK_START_HOUR), WORK_START_HOUR + WORK_DAY_HOURS - 1);
  if (!isWorkingDay(current, includeWeekends)) {
    current = workingDayFrom(current, includeWeekends);
    from = WORK_START_HOUR;
  }
  let left = scheduledHours(estimatedDuration);
  const segments: ScheduleSegment[] = [];
  while (left > 0) {
    const room = WORK_START_HOUR + WORK_DAY_HOURS - from;
    const hours = Math.min(room, left);
    segments.push({ day: current, from, hours });
    left -= hours;
    current = workingDayFrom(addDays(current, 1), includeWeekends);
    from = WORK_START_HOUR;
  }
  return segments;
}

/** The last day a placed task works on (its end date). */
export const placedEnd = (segments: ScheduleSegment[]) => segments[segments.length - 1]?.day ?? null;

/** A task is on the grid when it has a start day and hour. */
export const isScheduled = (task: { startDate: string | null; startHour: number | null }) =>
  Boolean(task.startDate) && task.startHour !== null;

/** The ids of the drop cells: one per day and hour. */
export const slotId = (day: string, hour: number) => `slot:${day}:${hour}`;

export function parseSlotId(id: string): { day: string; hour: number } | null {
  const match = /^slot:(\d{4}-\d{2}-\d{2}):(\d{1,2})$/.exec(id);
  return match ? { day: match[1]!, hour: Number(match[2]) } : null;
}

/** '9:00' style label of an hour. */
export const hourLabel = (hour: number) => `${hour}:00`;

/** 'Mon 12 Jan' label of a day. */
export const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(dayOf(day));

/** The sub-tabs of the power view (`powerTab`): the week schedule, or the list of unscheduled tasks. */
export const POWER_TABS = [
  { value: 'schedule', label: 'Schedule' },
  { value: 'unscheduled', label: 'Unscheduled' },
] as const;
export type PowerTabValue = (typeof POWER_TABS)[number]['value'];

export const powerTabOf = (param: string | null): PowerTabValue => POWER_TABS.find((tab) => tab.value === param)?.value ?? 'schedule';

/** The week the grid opens on: the `week` asked for, else the week of the first scheduled task, else this week. */
export function initialWeek(tasks: { startDate: string | null; startHour: number | null }[], today: string): string {
  const first = tasks
    .filter(isScheduled)
    .map((task) => task.startDate!.slice(0, 10))
    .sort()[0];
  return weekStartOf(first ?? today);
}

/** Each cell's tasks of the week: key `${day}:${hour}` → the task ids whose placement covers that hour. */
export function cellsOfWeek<
  T extends { _id: string; startDate: string | null; startHour: number | null; estimatedDuration: number | null },
>(tasks: T[], days: string[], includeWeekends: boolean): Map<string, { task: T; starts: boolean }[]> {
  const shown = new Set(days);
  const cells = new Map<string, { task: T; starts: boolean }[]>();
  for (const task of tasks.filter(isScheduled)) {
    placeTask(task.startDate!, task.startHour!, task.estimatedDuration, includeWeekends).forEach((segment, index) => {
      if (!shown.has(segment.day)) return;
      for (let hour = segment.from; hour < segment.from + segment.hours; hour += 1) {
        const key = `${segment.day}:${hour}`;
        cells.set(key, [...(cells.get(key) ?? []), { task, starts: index === 0 && hour === segment.from }]);
      }
    });
  }
  return cells;
}

export type GridKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

/**
 * Keyboard dragging on the grid: from outside it (the list) any arrow goes to the first cell; Left/Right step a day,
 * Up/Down an hour, staying on the grid.
 */
export function nextSlot(
  current: { day: string; hour: number } | null,
  key: GridKey,
  days: string[],
): { day: string; hour: number } | null {
  if (days.length === 0) return null;
  if (!current || !days.includes(current.day)) return { day: days[0]!, hour: WORK_START_HOUR };
  const dayIndex = days.indexOf(current.day);
  const lastHour = WORK_START_HOUR + WORK_DAY_HOURS - 1;
  if (key === 'ArrowLeft') return { day: days[Math.max(dayIndex - 1, 0)]!, hour: current.hour };
  if (key === 'ArrowRight') return { day: days[Math.min(dayIndex + 1, days.length - 1)]!, hour: current.hour };
  if (key === 'ArrowUp') return { day: current.day, hour: Math.max(current.hour - 1, WORK_START_HOUR) };
  return { day: current.day, hour: Math.min(current.hour + 1, lastHour) };
}
