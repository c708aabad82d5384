// The calendar of a timesheet week, kept free of schemas so that screens can count weeks without loading zod.

/** A timesheet week runs Monday to Sunday. */
export const DAYS_PER_WEEK = 7;

const DAY_MS = 86_400_000;
/** A calendar day plus whole days: UTC arithmetic is exact for days (lists present thousands of weeks with it). */
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Sunday that ends the week starting `weekStart`. */
export const weekEndOf = (weekStart: string) => plusDays(weekStart, DAYS_PER_WEEK - 1);

/** The seven days of the week starting `weekStart`. */
export const weekDays = (weekStart: string) => Array.from({ length: DAYS_PER_WEEK }, (_, i) => plusDays(weekStart, i));
