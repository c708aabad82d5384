import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { dateSchema, moneySchema, textSchema } from '../shared/inputs.ts';
import { PIN_TARGETS } from '../missions/dates.ts';
import { RATE_TIMES } from '../org/settings.ts';
import { MAX_MONEY } from '../money/rates.ts';

/**
 * Plan items (spec 1 §3 Plan item, §4, §5, §7; spec 3 §3–4; rules 66–83): person roles, cost items, phases,
 * milestones, outcomes and fundable milestones, with their role requests, dependencies and schedules.
 * Money is a number with at most 2 decimals here and integer minor units in the database.
 */

/** The texts a person sees about plan items (exact spec wording). */
export const PLAN_MESSAGES = {
  overlappingRoles: 'Sorry. You cannot have overlapping roles for the same person on the same project.',
  assignPersonFirst: 'Please assign a person first.',
  circularDependency: 'Circular dependency',
  longerDescription: 'Please enter a longer description',
  notOnTeam: 'This person is not on the project team.',
  observerNotCandidate: 'Observers cannot be given a role on the project.',
  departmentClosed: "This person's department does not share its people with other teams.",
  scheduleOutside: 'The schedule must fall within the dates of the role.',
  noPendingRequest: 'There is no pending request for this role.',
  requestPending: 'This role already has a request waiting for approval.',
  notAllowedToApprove: 'Sorry but you are not allowed to approve roles.',
  scheduleNotFound: 'Sorry that schedule was not found. It may have been deleted.',
  personOnlyForRoles: 'Only person roles can be given a person.',
} as const;

/** Rule 66. */
export const PLAN_ITEM_TYPES = ['person', 'cost', 'phase', 'milestone', 'outcome', 'fundable_milestone'] as const;
export type PlanItemType = (typeof PLAN_ITEM_TYPES)[number];

/** Rule 81: frequencies of hours on a task. */
export const RACI_FREQUENCIES = ['Total', 'Per day', 'Per week', 'Per month'] as const;

/** Rule 68: the allocation status of a plan item, in the project manager's ('pm') or the organisation's ('org') context. */
export const ALLOCATION_STATUSES = ['draft', 'pending_approval', 'approved'] as const;
export type AllocationStatus = (typeof ALLOCATION_STATUSES)[number];

export const REQUEST_CONTEXTS = ['pm', 'org'] as const;
export type RequestContext = (typeof REQUEST_CONTEXTS)[number];

export const REQUEST_STATUSES = ['pending_approval', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Rule 67: one of the mission pins, or the id of another plan item. */
export const pinnedToSchema = z.union([z.enum(PIN_TARGETS), idSchema]);

const hoursSchema = z.number().min(0).max(24);
const dayHoursSchema = z.object({ date: dateSchema, hours: hoursSchema }).strict();
const weekHoursSchema = z.object({ date: dateSchema, hours: z.number().min(0).max(168) }).strict();

export const raciOnTaskSchema = z
  .object({
    taskId: idSchema,
    raciArray: z
      .array(z.string().regex(/^[a-z]$/))
      .max(10)
      .default([]),
    hoursPer: z.number().min(0).max(100_000).nullable().optional(),
    hoursNeeded: z.number().min(0).max(100_000).nullable().optional(),
    frequency: z.enum(RACI_FREQUENCIES).nullable().optional(),
    actualHours: z.number().min(0).max(100_000).nullable().optional(),
    startDate: dateSchema.nullable().optional(),
    endDate: dateSchema.nullable().optional(),
  })
  .strict()
  .refine((entry) => !entry.startDate || !entry.endDate || entry.startDate <= entry.endDate, {
    message: 'The end must not be before the start',
    path: ['endDate'],
  });
export type RaciOnTask = z.infer<typeof raciOnTaskSchema>;

export const personLeftRoleSchema = z.object({ when: z.string(), personId: z.string(), whoKilledTheRole: z.string().nullable() });
export type PersonLeftRole = z.infer<typeof personLeftRoleSchema>;

/** A request to approve a person on a role (spec 3 §3 Request on a plan item). */
export const planItemRequestSchema = z.object({
  _id: z.string(),
  context: z.enum(REQUEST_CONTEXTS),
  status: z.enum(REQUEST_STATUSES),
  /** The person asked for. */
  person: z.string().nullable(),
  reason: z.string(),
  sentForApprovalOn: z.string(),
  sentForApprovalBy: z.string().nullable(),
  actionedOn: z.string().nullable(),
  actionedBy: z.string().nullable(),
});
export type PlanItemRequest = z.infer<typeof planItemRequestSchema>;

/** A scheduled period of a role: hours per day between two days inside the role's dates. */
export const planItemScheduleSchema = z.object({
  _id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  hoursPerDay: z.number(),
  note: z.string(),
});
export type PlanItemSchedule = z.infer<typeof planItemScheduleSchema>;

/** A plan item as every call answers it (`GET /mission/:id` carries them all). */
export const planItemSchema = z.object({
  _id: z.string(),
  missionId: z.string(),
  type: z.enum(PLAN_ITEM_TYPES),
  title: z.string(),
  role: z.string().nullable(),
  /** The organisation role (rate cards are per role). */
  orgRole: z.string().nullable(),
  person: z.string().nullable(),
  /** Percent 0–100. */
  allocation: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Money (rate, billRate, amount) is null for callers who may not see the mission's money (`seesMissionMoney`). */
  rate: z.number().nullable(),
  rateTime: z.string(),
  billRate: z.number().nullable(),
  billUnit: z.string().nullable(),
  quantity: z.number().nullable(),
  hoursNeeded: z.number().nullable(),
  amount: z.number().nullable(),
  approved: z.boolean(),
  inactive: z.boolean(),
  wasDeleted: z.boolean(),
  isForecast: z.boolean(),
  y: z.number().nullable(),
  pinnedTo: z.string().nullable(),
  personLeftRole: personLeftRoleSchema.nullable(),
  raciOnTasks: z.array(z.record(z.string(), z.unknown())),
  linkedToTask: z.string().nullable(),
  createdFromGtCrm: z.boolean(),
  /** A stored draft allocation (JSON) of the project manager; it makes the PM-context status 'draft'. */
  allocationDraft: z.record(z.string(), z.unknown()).nullable(),
  dailyHours: z.array(z.object({ date: z.string(), hours: z.number() })),
  weeklyLumpHours: z.array(z.object({ date: z.string(), hours: z.number() })),
  /** Rule 68, in both contexts. */
  allocationStatus: z.object({ pm: z.enum(ALLOCATION_STATUSES), org: z.enum(ALLOCATION_STATUSES) }),
  /** Oldest first; the last one decides the status. */
  requests: z.array(planItemRequestSchema),
  /** Ids of the plan items this one depends on. */
  dependencies: z.array(z.string()),
  /** Ids of the plan items that depend on this one. */
  dependencyOnMe: z.array(z.string()),
  schedules: z.array(planItemScheduleSchema),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlanItem = z.infer<typeof planItemSchema>;

const reasonSchema = textSchema(2000);

/** The editable fields of a plan item (all optional on update). */
const planItemFields = {
  title: textSchema(200),
  role: textSchema(120).nullable(),
  orgRole: idSchema.nullable(),
  allocation: z.number().int().min(0).max(100),
  startDate: dateSchema.nullable(),
  endDate: dateSchema.nullable(),
  rate: moneySchema,
  rateTime: z.enum(RATE_TIMES),
  billRate: moneySchema,
  billUnit: z.enum(RATE_TIMES).nullable(),
  quantity: z.number().int().min(0).max(MAX_MONEY).nullable(),
  hoursNeeded: z.number().min(0).max(1_000_000).nullable(),
  amount: moneySchema.nullable(),
  approved: z.boolean(),
  inactive: z.boolean(),
  isForecast: z.boolean(),
  y: z.number().int().min(0).max(10_000).nullable(),
  pinnedTo: pinnedToSchema.nullable(),
  raciOnTasks: z.array(raciOnTaskSchema).max(500),
  linkedToTask: idSchema.nullable(),
  allocationDraft: z.record(z.string(), z.unknown()).nullable(),
  dailyHours: z.array(dayHoursSchema).max(1000),
  weeklyLumpHours: z.array(weekHoursSchema).max(500),
};

/** The fields of a plan item that are money: only who sees the mission's money sets or sees them (`seesMissionMoney`). */
export const PLAN_MONEY_FIELDS = ['rate', 'rateTime', 'billRate', 'billUnit', 'amount'] as const;

/**
 * `POST /mission-plan/mission/:id`. Without dates the item takes the mission's; `allocation` defaults to 100 and
 * `dailyHours`, when not given, stay empty (the default day is `defaultDailyHours(allocation)`). `person` needs a
 * person role; when roles need approval the person is requested (with `reason`) instead of assigned.
 */
export const planItemCreateSchema = z
  .object(planItemFields)
  .partial()
  .extend({
    type: z.enum(PLAN_ITEM_TYPES).default('person'),
    person: idSchema.nullable().optional(),
    reason: reasonSchema.optional(),
  })
  .strict();
export type PlanItemCreate = z.output<typeof planItemCreateSchema>;

/** `PUT /mission-plan/:id/bulk`: any of the item's fields (the person changes through change-person). */
export const planItemUpdateSchema = z.object(planItemFields).partial().strict();
export type PlanItemUpdate = z.output<typeof planItemUpdateSchema>;

/** `PUT /mission-plan/:id/change-person`: a person, or null to remove the role's person (rule 73). */
export const changePersonSchema = z.object({ person: idSchema.nullable(), reason: reasonSchema.optional() }).strict();
export type ChangePerson = z.output<typeof changePersonSchema>;

/**
 * `PUT /mission-plan/mission/:id/bulk`: people for several plan items of the mission, all or nothing; `reason` for a
 * person the organisation is asked for (rule 71), 5 characters (rule 79).
 */
export const missionPlanBulkSchema = z
  .array(z.object({ _id: idSchema, person: idSchema.nullable(), reason: reasonSchema.optional() }).strict())
  .min(1)
  .max(500);
export type MissionPlanBulk = z.output<typeof missionPlanBulkSchema>;

/** `PUT /mission-plan/:id/dependency/add|remove`: this item depends on `planItemId`. */
export const planDependencySchema = z.object({ planItemId: idSchema }).strict();

/** `PUT /mission-plan/request/:id/submit|approve|reject`. `reason` needs 5 characters (rule 79). */
export const planRequestSchema = z
  .object({
    context: z.enum(REQUEST_CONTEXTS),
    reason: reasonSchema.optional(),
    person: idSchema.nullable().optional(),
  })
  .strict();
export type PlanRequestInput = z.output<typeof planRequestSchema>;

/** A schedule of a role; `hoursPerDay` defaults to the role's `defaultDailyHours(allocation)` (8 h × percent). */
export const planScheduleCreateSchema = z
  .object({
    startDate: dateSchema,
    endDate: dateSchema,
    hoursPerDay: z.number().min(0).max(24).optional(),
    note: textSchema(500).optional(),
  })
  .strict();
export type PlanScheduleCreate = z.output<typeof planScheduleCreateSchema>;
export const planScheduleUpdateSchema = z
  .object({ startDate: dateSchema, endDate: dateSchema, hoursPerDay: z.number().min(0).max(24), note: textSchema(500) })
  .partial()
  .strict();
export type PlanScheduleUpdate = z.output<typeof planScheduleUpdateSchema>;

/** `DELETE /mission-plan/:id`: the ids marked deleted (the item, and the creator's Project manager role when asked). */
export const planItemDeletedSchema = z.object({ deleted: z.array(z.string()) });

/** `GET /mission-plan/my/roles`: the caller's person roles on the missions they are on. */
export const myRoleSchema = z.object({
  planItem: planItemSchema,
  mission: z.object({ _id: z.string(), title: z.string(), projectStatus: z.string(), org: z.string().nullable() }),
});
export const myRolesSchema = z.array(myRoleSchema);
export type MyRole = z.infer<typeof myRoleSchema>;

/** `PUT /mission-plan/mission/:id/bulk` answer: the plan items as they now are. */
export const planItemListSchema = z.array(planItemSchema);
