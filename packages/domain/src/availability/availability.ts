import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { dateSchema } from '../shared/inputs.ts';

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
