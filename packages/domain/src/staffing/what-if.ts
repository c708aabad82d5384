import { addIsoDays, daysBetween, mondayOf } from '../missions/dates.ts';
import { calendarDays, isWeekend } from '../leave/hours.ts';
import type { StaffingDay } from './scoring.ts';

/**
 * What-if and the weekly plot of a mission (spec 3 §7 AI: `/ai/what-if`, `/ai/weekly-plot`), from the availability
 * ledger's days: pure, so that the same figures come out for the same days.
 */

/** A ledger day with what is already booked on it (every project's roles, this one's included). */
export type LoadDay = StaffingDay & { allocatedHours: number };

/** A role of the mission: who holds it, when, and its hours per working day (a day's own hours where planned). */
export type MissionRole = {
  planItemId: string;
  title: string;
  personId: string | null;
  startDate: string;
  endDate: string;
  dailyHours: number;
  hoursByDay?: Readonly<Record<string, number>>;
};

export type WhatIfChange = {
  /** Calendar days every role (and the mission) moves; negative moves earlier. */
  shiftDays?: number;
  /** Roles that change hands (null leaves the role unfilled). */
  reassign?: readonly { planItemId: string; personId: string | null }[];
};

/** How far past a role's end its finish is looked for; later counts as not finishing (null). */
export const FINISH_HORIZON_DAYS = 180;

/** The most calendar days a what-if moves a mission, either way (as `shiftDays` or as a new `startDate`). */
export const MAX_SHIFT_DAYS = 366;

/**
 * Whether every day read of `span`, with `before` more days read before its start and `after` more after its end,
 * lies inside the calendar the product keeps (1900–2999, as `dateSchema`).
 */
export function spanInCalendar(span: { from: string; to: string }, before = 0, after = 0): boolean {
  return daysBetween('1900-01-01', span.from) >= before && daysBetween(span.to, '2999-12-31') >= after;
}

/**
 * Whether the mission's days (`span`: its plan and roles), moved by `shiftDays`, can be judged: a move of at most
 * `MAX_SHIFT_DAYS`, and every day read (finishes looked for up to `FINISH_HORIZON_DAYS` after the end, before and
 * after the move) inside the calendar the product keeps (1900–2999).
 */
export function shiftFits(span: { from: string; to: string }, shiftDays: number): boolean {
  return (
    Math.abs(shiftDays) <= MAX_SHIFT_DAYS && spanInCalendar(span, Math.max(-shiftDays, 0), Math.max(shiftDays, 0) + FINISH_HORIZON_DAYS)
  );
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A role's hours on one day: none outside its dates or the working week, else the day's own or its daily hours. */
export function roleHoursOn(role: MissionRole, day: string, daysPerWeek: number): number {
  if (day < role.startDate || day > role.endDate || isWeekend(day, daysPerWeek)) return 0;
  return role.hoursByDay?.[day] ?? role.dailyHours;
}

/** The roles after the change: dates moved by `shiftDays` (their own day hours with them), people swapped. */
export function applyChange(roles: readonly MissionRole[], change: WhatIfChange): MissionRole[] {
  const shift = change.shiftDays ?? 0;
  const swaps = new Map((change.reassign ?? []).map((entry) => [entry.planItemId, entry.personId]));
  return roles.map((role) => ({
    ...role,
    personId: swaps.has(role.planItemId) ? swaps.get(role.planItemId)! : role.personId,
    startDate: addIsoDays(role.startDate, shift),
    endDate: addIsoDays(role.endDate, shift),
    ...(role.hoursByDay
      ? { hoursByDay: Object.fromEntries(Object.entries(role.hoursByDay).map(([day, hours]) => [addIsoDays(day, shift), hours])) }
      : {}),
  }));
}

/** What a person can work on a day: contract hours, none on a public holiday, less approved leave (as the ledger counts). */
export const capacityOf = (day: LoadDay) => (day.holidayName ? 0 : Math.max(0, day.contractHours - day.leaveApprovedHours));

/** The hours of these roles held by `personId` on a day. */
const missionHours = (roles: readonly MissionRole[], personId: string, day: string, daysPerWeek: number) =>
  roles.reduce((sum, role) => sum + (role.personId === personId ? roleHoursOn(role, day, daysPerWeek) : 0), 0);

export type PersonLoad = {
  personId: string;
  capacityHours: number;
  before: { bookedHours: number; missionHours: number; loadPercent: number; overbookedDays: number };
  after: { bookedHours: number; missionHours: number; loadPercent: number; overbookedDays: number };
};

/**
 * Each person's load over `days` before and after: booked hours (the ledger's, with this mission's roles as they are,
 * then as they would be) over capacity. A day is overbooked when bookings pass capacity.
 */
export function loadsFor(
  ledger: ReadonlyMap<string, readonly LoadDay[]>,
  before: readonly MissionRole[],
  after: readonly MissionRole[],
  range: { from: string; to: string },
  daysPerWeek: number,
): PersonLoad[] {
  const people = [...new Set([...before, ...after].map((role) => role.personId).filter((id): id is string => !!id))].sort();
  return people.map((personId) => {
    let capacity = 0;
    const b = { bookedHours: 0, missionHours: 0, overbookedDays: 0 };
    const a = { bookedHours: 0, missionHours: 0, overbookedDays: 0 };
    for (const day of ledger.get(personId) ?? []) {
      if (day.day < range.from || day.day > range.to) continue;
      const cap = capacityOf(day);
      const mineBefore = missionHours(before, personId, day.day, daysPerWeek);
      const mineAfter = missionHours(after, personId, day.day, daysPerWeek);
      const others = Math.max(0, day.allocatedHours - mineBefore);
      capacity += cap;
      b.bookedHours += day.allocatedHours;
      b.missionHours += mineBefore;
      if (day.allocatedHours > cap) b.overbookedDays += 1;
      a.bookedHours += others + mineAfter;
      a.missionHours += mineAfter;
      if (others + mineAfter > cap) a.overbookedDays += 1;
    }
    const load = (booked: number) => (capacity > 0 ? Math.round((booked / capacity) * 1000) / 10 : booked > 0 ? 100 : 0);
    return {
      personId,
      capacityHours: round2(capacity),
      before: { ...b, bookedHours: round2(b.bookedHours), missionHours: round2(b.missionHours), loadPercent: load(b.bookedHours) },
      after: { ...a, bookedHours: round2(a.bookedHours), missionHours: round2(a.missionHours), loadPercent: load(a.bookedHours) },
    };
  });
}

/**
 * When a role is done if its person works it with what they have free: from its start, each working day gives the
 * role's hours at most, and no more than the person's capacity less their other bookings (`othersOn`), until the
 * role's planned hours are worked. A role without a person, or planned hours of none, finishes on its end date;
 * past `FINISH_HORIZON_DAYS` after its end it does not finish (null).
 */
export function roleFinish(
  role: MissionRole,
  days: ReadonlyMap<string, LoadDay>,
  othersOn: (day: LoadDay) => number,
  daysPerWeek: number,
): string | null {
  const planned = calendarDays(role.startDate, role.endDate).reduce((sum, day) => sum + roleHoursOn(role, day, daysPerWeek), 0);
  if (!role.personId || planned <= 0) return role.endDate;
  let worked = 0;
  const last = addIsoDays(role.endDate, FINISH_HORIZON_DAYS);
  for (let day = role.startDate; day <= last; day = addIsoDays(day, 1)) {
    if (isWeekend(day, daysPerWeek)) continue;
    const entry = days.get(day);
    if (!entry) continue;
    const want = day <= role.endDate ? roleHoursOn(role, day, daysPerWeek) : role.dailyHours;
    worked += Math.min(want, Math.max(0, capacityOf(entry) - othersOn(entry)));
    if (worked >= planned - 1e-9) return day;
  }
  return null;
}

/** The finish of a set of roles: the latest role finish (null when one does not finish within the horizon). */
export function missionFinish(
  roles: readonly MissionRole[],
  ledger: ReadonlyMap<string, readonly LoadDay[]>,
  current: readonly MissionRole[],
  daysPerWeek: number,
): string | null {
  let finish: string | null = null;
  for (const role of roles) {
    const days = new Map((role.personId ? (ledger.get(role.personId) ?? []) : []).map((day) => [day.day, day]));
    // the person's other bookings: the ledger's, less this mission's roles as they stand today
    const othersOn = (day: LoadDay) => Math.max(0, day.allocatedHours - missionHours(current, role.personId!, day.day, daysPerWeek));
    const end = roleFinish(role, days, othersOn, daysPerWeek);
    if (end === null) return null;
    if (finish === null || end > finish) finish = end;
  }
  return finish;
}

export type WeekPoint = { weekStart: string; plannedHours: number; availableHours: number; leaveHours: number };

/**
 * The weekly plot: per week (Monday) from `from` to `to`, the hours the mission's roles plan, what the people
 * holding them could give it (capacity less their other projects' bookings), and their approved leave.
 */
export function weeklyPlot(
  roles: readonly MissionRole[],
  ledger: ReadonlyMap<string, readonly LoadDay[]>,
  range: { from: string; to: string },
  daysPerWeek: number,
): WeekPoint[] {
  const weeks = new Map<string, WeekPoint>();
  const week = (day: string) => {
    const start = mondayOf(day);
    let point = weeks.get(start);
    if (!point) weeks.set(start, (point = { weekStart: start, plannedHours: 0, availableHours: 0, leaveHours: 0 }));
    return point;
  };
  for (const day of calendarDays(range.from, range.to)) {
    const point = week(day);
    for (const role of roles) point.plannedHours += roleHoursOn(role, day, daysPerWeek);
  }
  const people = [...new Set(roles.map((role) => role.personId).filter((id): id is string => !!id))];
  for (const personId of people) {
    for (const day of ledger.get(personId) ?? []) {
      if (day.day < range.from || day.day > range.to) continue;
      const point = week(day.day);
      const mine = missionHours(roles, personId, day.day, daysPerWeek);
      point.availableHours += Math.max(0, capacityOf(day) - Math.max(0, day.allocatedHours - mine));
      point.leaveHours += day.leaveApprovedHours;
    }
  }
  return [...weeks.values()]
    .sort((a, b) => (a.weekStart < b.weekStart ? -1 : 1))
    .map((point) => ({
      weekStart: point.weekStart,
      plannedHours: round2(point.plannedHours),
      availableHours: round2(point.availableHours),
      leaveHours: round2(point.leaveHours),
    }));
}
