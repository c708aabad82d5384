import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { dateSchema } from '../shared/inputs.ts';
import { addIsoDays, mondayOf } from '../missions/dates.ts';
import { calendarDays, isWeekend } from '../leave/hours.ts';
import { defaultDailyHours } from '../plan/rules.ts';
import { WORKING_DAY_HOURS } from '../tasks/rules.ts';

/** The longest span one ledger read covers (a year and a day: a leap year's whole calendar). */
export const LEDGER_MAX_DAYS = 367;
/** The most weeks the resource planner shows at once (half a year). */
export const PLANNER_MAX_WEEKS = 26;

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** One person's day in an organisation: contract, what takes it, what is booked on it (the availability ledger). */
export const ledgerDaySchema = z.object({
  personId: idSchema,
  day: z.string(),
  contractHours: z.number(),
  holidayName: z.string().nullable(),
  leaveApprovedHours: z.number(),
  leavePendingHours: z.number(),
  workFromHome: z.boolean(),
  allocatedHours: z.number(),
  scheduledTaskHours: z.number(),
  approvedTimeHours: z.number(),
  availableHours: z.number(),
});
export type LedgerDayView = z.infer<typeof ledgerDaySchema>;

/** `?from&to&personIds`: a span of at most a year, `to` not before `from`; people as a comma-separated list. */
export const availabilityQuerySchema = z
  .object({
    from: dateSchema,
    to: dateSchema,
    personIds: z
      .string()
      .max(25 * 1000)
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(z.array(idSchema).max(1000))
      .optional(),
  })
  .strict()
  .refine((q) => q.to >= q.from, { path: ['to'], message: 'The end date must not be before the start date' })
  .refine((q) => daysBetween(q.from, q.to) < LEDGER_MAX_DAYS, { path: ['to'], message: `At most ${LEDGER_MAX_DAYS} days at once` });
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

export const availabilitySchema = z.object({ days: z.array(ledgerDaySchema) });

/** `GET /availability/mine?from&to`: my own ledger in each organisation I am a member of (at most 31 days). */
export const myAvailabilityQuerySchema = z
  .object({ from: dateSchema, to: dateSchema })
  .strict()
  .refine((q) => q.to >= q.from, { path: ['to'], message: 'The end date must not be before the start date' })
  .refine((q) => daysBetween(q.from, q.to) < 31, { path: ['to'], message: 'At most 31 days at once' });
/** My days in each of my organisations; `holidaysKnown` is false where the organisation has no holiday country yet. */
export const myAvailabilitySchema = z.object({ days: z.array(ledgerDaySchema.extend({ orgId: idSchema, holidaysKnown: z.boolean() })) });
export type MyAvailability = z.infer<typeof myAvailabilitySchema>;
export type Availability = z.infer<typeof availabilitySchema>;

/**
 * Approved leave of a whole working day (8 h or more) takes the person off their roles that day: like a public
 * holiday, no role books them, so the planner, the ledger, the what-if and the recommendation never count a person
 * on leave as booked (nor over-booked) that day. Leave of part of a day lowers the day's capacity; the roles' hours
 * stay booked.
 */
export const leaveTakesDay = (leaveApprovedHours: number) => leaveApprovedHours >= WORKING_DAY_HOURS;

/** A day no role books the person: a public holiday, or a whole day of approved leave (`leaveTakesDay`). */
export const offWholeDay = (day: Pick<LedgerDayView, 'holidayName' | 'leaveApprovedHours'>) =>
  Boolean(day.holidayName) || leaveTakesDay(day.leaveApprovedHours);

/** A day's capacity for work: its contract hours less a public holiday and approved leave (never below zero). */
export function dayCapacity(day: Pick<LedgerDayView, 'contractHours' | 'holidayName' | 'leaveApprovedHours'>): number {
  if (day.holidayName) return 0;
  return Math.max(0, day.contractHours - day.leaveApprovedHours);
}

/** How full a week is: nothing available, free room, full (90–100 %), or over-booked (more booked than capacity). */
export type HeatLevel = 'none' | 'free' | 'full' | 'over';

export function heatLevel(bookedHours: number, capacityHours: number): HeatLevel {
  if (bookedHours > capacityHours + 0.001) return 'over';
  if (capacityHours <= 0) return 'none';
  return bookedHours >= capacityHours * 0.9 ? 'full' : 'free';
}

/** A role as availability books it: its dates, allocation, and its own hours (a day's, or a week's lump). */
export type BookedRole = {
  startDate: string | null;
  endDate: string | null;
  allocation: number;
  dailyHours: readonly { date: string; hours: number }[];
  /** A lump of hours for the week (Monday first) holding `date`. */
  weeklyLumpHours: readonly { date: string; hours: number }[];
};

/** Whether a role has hours of its own, instead of the organisation's standard day (rule 10). */
export const hasOwnHours = (role: Pick<BookedRole, 'dailyHours' | 'weeklyLumpHours'>) =>
  role.dailyHours.length > 0 || role.weeklyLumpHours.length > 0;

/**
 * The hours a role books on each day from `from` to `to` (the days it books only, in hundredths exact): none outside
 * its dates, on days off (past the organisation's days per week), on a public holiday or on a day the person is away
 * (`isAway`: a whole day of approved leave, `leaveTakesDay`); otherwise the day's own
 * hours, else its week's lump shared evenly over the week's booked days without their own hours (the odd hundredths
 * to the first days, so that the week books the lump exactly), else the standard day: 8 h × the allocation (rule 10).
 */
export function roleBookedHours(
  role: BookedRole,
  span: { from: string; to: string },
  calendar: { daysPerWeek: number; isHoliday: (day: string) => boolean; isAway?: (day: string) => boolean },
): Map<string, number> {
  const booked = new Map<string, number>();
  const from = role.startDate && role.startDate > span.from ? role.startDate : span.from;
  const to = role.endDate && role.endDate < span.to ? role.endDate : span.to;
  if (to < from) return booked;
  const own = new Map(role.dailyHours.map((entry) => [entry.date, entry.hours]));
  const lumps = new Map<string, number>();
  for (const entry of role.weeklyLumpHours) lumps.set(mondayOf(entry.date), entry.hours);
  const books = (day: string) =>
    (!role.startDate || day >= role.startDate) &&
    (!role.endDate || day <= role.endDate) &&
    !isWeekend(day, calendar.daysPerWeek) &&
    !calendar.isHoliday(day) &&
    !calendar.isAway?.(day);
  const standard = defaultDailyHours(role.allocation);
  /** Each shared day of a week with a lump, with its share in hundredths. */
  const shares = new Map<string, number>();
  for (const [monday, hours] of lumps) {
    const days = calendarDays(monday, addIsoDays(monday, 6)).filter((day) => books(day) && !own.has(day));
    const cents = Math.round(hours * 100);
    const base = Math.floor(cents / Math.max(1, days.length));
    days.forEach((day, i) => shares.set(day, base + (i < cents - base * days.length ? 1 : 0)));
  }
  for (const day of calendarDays(from, to)) {
    if (!books(day)) continue;
    const hours = own.get(day) ?? (shares.has(day) ? shares.get(day)! / 100 : standard);
    booked.set(day, Math.round(hours * 100) / 100);
  }
  return booked;
}
