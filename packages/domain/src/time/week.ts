import { addIsoDays } from '../missions/dates.ts';

// The calendar of a timesheet week, kept free of schemas so that screens can count weeks without loading zod.

/** A timesheet week runs Monday to Sunday. */
export const DAYS_PER_WEEK = 7;

/** The Sunday that ends the week starting `weekStart`. */
export const weekEndOf = (weekStart: string) => addIsoDays(weekStart, DAYS_PER_WEEK - 1);

/** The seven days of the week starting `weekStart`. */
export const weekDays = (weekStart: string) => Array.from({ length: DAYS_PER_WEEK }, (_, i) => addIsoDays(weekStart, i));
