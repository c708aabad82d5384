import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { dateSchema, queryIntSchema } from '../shared/inputs.ts';
import { isIsoDay, mondayOf } from '../missions/dates.ts';
import { spanInCalendar } from '../staffing/what-if.ts';
import { PLANNER_MAX_WEEKS } from './availability.ts';

/** The planner's weeks read every day they hold: the last one must end inside the calendar the product keeps. */
export const PLANNER_OUT_OF_CALENDAR = 'The weeks shown must stay between the years 1900 and 2999';

/** `?from&weeks`: the planner starts on the Monday of `from`'s week and shows 1–26 weeks (8 unless asked). */
export const plannerQuerySchema = z
  .object({
    from: dateSchema,
    weeks: queryIntSchema(1, PLANNER_MAX_WEEKS).default(8),
  })
  .strict()
  // refinements run after a field's own issue too: a value that is not one is left to that field's own message
  .refine(
    (q) =>
      !isIsoDay(q.from) ||
      !Number.isInteger(q.weeks) ||
      spanInCalendar({ from: mondayOf(q.from), to: mondayOf(q.from) }, 0, q.weeks * 7 - 1),
    {
      path: ['from'],
      message: PLANNER_OUT_OF_CALENDAR,
    },
  );
export type PlannerQuery = z.infer<typeof plannerQuerySchema>;

/** One week of one person: capacity (contract less holidays and approved leave) against what is booked on it. */
export const plannerWeekSchema = z.object({
  week: z.string(),
  contractHours: z.number(),
  capacityHours: z.number(),
  bookedHours: z.number(),
  leaveHours: z.number(),
  pendingLeaveHours: z.number(),
  holidays: z.array(z.object({ day: z.string(), name: z.string() })),
});
export type PlannerWeek = z.infer<typeof plannerWeekSchema>;

/** A role on a mission of the organisation, as the planner draws it (a bar over its dates). */
export const plannerRoleSchema = z.object({
  planItemId: idSchema,
  missionId: idSchema,
  missionTitle: z.string(),
  title: z.string(),
  personId: idSchema.nullable(),
  allocation: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type PlannerRole = z.infer<typeof plannerRoleSchema>;

const namedSchema = z.object({ _id: idSchema, title: z.string() });

export const plannerPersonSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  role: namedSchema.nullable(),
  office: namedSchema.nullable(),
  departments: z.array(namedSchema),
  weeks: z.array(plannerWeekSchema),
  roles: z.array(plannerRoleSchema),
});
export type PlannerPerson = z.infer<typeof plannerPersonSchema>;

/** The resource planner: people × weeks, the roles still to staff, and whether the caller may plan. */
export const plannerSchema = z.object({
  from: z.string(),
  weeks: z.array(z.string()),
  people: z.array(plannerPersonSchema),
  unfilled: z.array(plannerRoleSchema),
  canPlan: z.boolean(),
});
export type Planner = z.infer<typeof plannerSchema>;

/**
 * A planner change to one role: give it a person (through the plan's assign rules), move its dates, type its
 * allocation. Dates backwards and allocations outside 0–100 are refused, nothing written.
 */
export const plannerRoleChangeSchema = z
  .object({
    personId: idSchema.optional(),
    startDate: dateSchema.optional(),
    endDate: dateSchema.optional(),
    allocation: z.number().int().min(0).max(100).optional(),
    reason: z.string().max(2000).optional(),
  })
  .strict()
  .refine((body) => !body.startDate || !body.endDate || body.endDate >= body.startDate, {
    path: ['endDate'],
    message: 'The end date must not be before the start date',
  })
  .refine((body) => body.personId === undefined || (body.startDate ?? body.endDate ?? body.allocation) === undefined, {
    path: ['personId'],
    message: 'Give a person, or dates and an allocation, not both at once',
  })
  // a body with nothing but a reason names no field: the issue is the body's own
  .refine((body) => Object.keys(body).some((key) => key !== 'reason'), 'Nothing to change');
export type PlannerRoleChange = z.infer<typeof plannerRoleChangeSchema>;
