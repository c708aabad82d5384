import { addIsoDays, mondayOf } from '@crewplan/domain/missions/dates';
import { dayIn } from '@crewplan/domain/shared/days';
import { weekDays } from '@crewplan/domain/time/week';

/**
 * Today as YYYY-MM-DD in the person's own time zone (`useTimeZone`: their profile's, else the browser's), as the
 * server counts their weeks: their week is their calendar's.
 */
export const localToday = (timeZone: string, now = new Date()): string => dayIn(now, timeZone);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The time zones furthest east are 14 hours ahead of UTC. */
const EAST_MOST_MS = 14 * 3_600_000;

/**
 * The Monday shown for `week=` (spec: a week-start timestamp; a date is read too): any day of a week shows that week,
 * and nothing readable shows this week. A timestamp is a Monday's midnight in the time zone it was made in, between
 * Sunday 10:00 and Monday 12:00 UTC: read 14 hours later, it falls on that Monday (or the Tuesday) in UTC.
 */
export function weekOfParam(param: string | null, today: string): string {
  if (param && ISO_DATE.test(param) && !Number.isNaN(Date.parse(param))) return mondayOf(param);
  if (param && /^\d{10,14}$/.test(param)) {
    const date = new Date(Number(param) + EAST_MOST_MS);
    if (!Number.isNaN(date.getTime())) return mondayOf(date.toISOString().slice(0, 10));
  }
  return mondayOf(today);
}

/** `week=` for a Monday: its timestamp (midnight UTC). */
export const weekParam = (monday: string) => String(Date.parse(`${monday}T00:00:00Z`));

export const previousWeek = (monday: string) => addIsoDays(monday, -7);
export const nextWeek = (monday: string) => addIsoDays(monday, 7);

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'Mon 23 Nov' for each day of the week. */
export function dayLabels(monday: string): { date: string; short: string; long: string }[] {
  return weekDays(monday).map((date, i) => {
    const [, month, day] = date.split('-').map(Number) as [number, number, number];
    return { date, short: `${DAY_NAMES[i]} ${day}`, long: `${DAY_NAMES[i]} ${day} ${MONTHS[month - 1]}` };
  });
}

/** '23 Nov – 29 Nov 2026'. */
export function weekTitle(monday: string): string {
  const days = dayLabels(monday);
  const year = weekDays(monday)[6]!.slice(0, 4);
  return `${days[0]!.long.slice(4)} – ${days[6]!.long.slice(4)} ${year}`;
}

/** How far back my weeks are read: twelve weeks before this one, or the week before the one shown if older. */
export function listFrom(monday: string, today: string): string {
  const usual = addIsoDays(mondayOf(today), -84);
  const before = previousWeek(monday);
  return before < usual ? before : usual;
}
