import { z } from 'zod';
import { emailSchema } from '../people/email.ts';
import { idSchema } from '../shared/ids.ts';
import { dateSchema, dateTimeSchema, idListSchema, queryBooleanSchema, textSchema, queryIntSchema } from '../shared/inputs.ts';
import { ORG_LEVELS, orgPermissionInputSchema } from './levels.ts';

/** A person as other screens show them (avatar hover card). */
export const personRefSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

/**
 * Leave entitlements keyed by leave code, then year (spec 2 §3): entitled days and days carried over.
 */
export const leaveAmountsSchema = z.record(
  z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  z.record(
    z.string().regex(/^\d{4}$/),
    z.object({ entitled: z.number().min(0).max(1000), carryOver: z.number().min(-1000).max(1000) }).strict(),
  ),
);
export type LeaveAmounts = z.infer<typeof leaveAmountsSchema>;

/**
 * Years of service before joining, written as years-months-days (e.g. 3-6-0): up to 99 years, 11 months and 30 days,
 * as the person form takes them; a larger part is the next one up (leave entitlements count months as twelfths).
 */
export const yearsOfPreServiceSchema = z
  .string()
  .regex(
    /^\d{1,2}-(0?\d|1[01])-([0-2]?\d|30)$/,
    'Years of pre-service must be years-months-days, with at most 99 years, 11 months and 30 days',
  );

export const orgPersonAbilitiesSchema = z.object({
  update: z.boolean(),
  grant: z.boolean(),
  /** Start date, pre-service years and leave amounts: not one's own, unless an admin. */
  editLeave: z.boolean(),
  remove: z.boolean(),
  changeEmail: z.boolean(),
});

/** An organisation person entry (spec 3 §3). `leaveAmounts` and `yearsOfPreService` are shown to managers and the person only. */
export const orgPersonSchema = z.object({
  _id: z.string(),
  org: z.string(),
  ref: personRefSchema,
  email: z.string(),
  permission: z.number(),
  level: z.enum(ORG_LEVELS),
  role: z.string().nullable(),
  departments: z.array(z.string()),
  office: z.string().nullable(),
  accessibleDepartments: z.array(z.string()),
  accessibleOffices: z.array(z.string()),
  canApproveRoles: z.boolean(),
  canApproveLeaves: z.boolean(),
  canManageGoals: z.boolean(),
  canCreateProjects: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  yearsOfPreService: z.string().nullable(),
  leaveAmounts: leaveAmountsSchema.nullable(),
  removeFromMissions: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: orgPersonAbilitiesSchema,
});
export type OrgPerson = z.infer<typeof orgPersonSchema>;

/** What `PUT /org/:id/people/:personId` accepts; every field optional. */
export const orgPersonUpdateSchema = z
  .object({
    permission: orgPermissionInputSchema,
    role: idSchema.nullable(),
    departments: idListSchema(),
    office: idSchema.nullable(),
    accessibleDepartments: idListSchema(),
    accessibleOffices: idListSchema(),
    canApproveRoles: z.boolean(),
    canApproveLeaves: z.boolean(),
    canManageGoals: z.boolean(),
    canCreateProjects: z.boolean(),
    startDate: dateSchema.nullable(),
    yearsOfPreService: yearsOfPreServiceSchema.nullable(),
    leaveAmounts: leaveAmountsSchema,
    updatedAt: dateTimeSchema,
  })
  .partial()
  .strict();
export type OrgPersonUpdate = z.output<typeof orgPersonUpdateSchema>;

export const orgPersonEmailSchema = z.object({ email: emailSchema }).strict();

/** Filters of the people table (`GET /v2/orgs/:orgId/people`). */
export const orgPeopleQuerySchema = z
  .object({
    department: idSchema.optional(),
    office: idSchema.optional(),
    program: idSchema.optional(),
    level: z.enum(ORG_LEVELS).optional(),
    search: textSchema(100).optional(),
    includeEnded: queryBooleanSchema.default(false),
    limit: queryIntSchema(1, 1000).default(200),
    offset: queryIntSchema(0, 1_000_000).default(0),
  })
  .strict();
export type OrgPeopleQuery = z.output<typeof orgPeopleQuerySchema>;

export const orgPeopleListSchema = z.object({ people: z.array(orgPersonSchema), total: z.number() });

/** Options of removing a person (`DELETE /org/:id/people/:personId`), as query parameters. */
export const orgPersonRemoveQuerySchema = z
  .object({
    removeFromMissions: queryBooleanSchema.default(false),
    /** The only admin leaving deletes the organisation: the caller must say so. */
    confirmDeleteOrganisation: queryBooleanSchema.default(false),
  })
  .strict();

/** `POST /org/:id/schedule/people`: the day a person leaves, after today (null cancels a scheduled end). */
export const orgPersonScheduleSchema = z
  .object({ personId: idSchema, endDate: dateSchema.nullable(), removeFromMissions: z.boolean().default(false) })
  .strict();
export type OrgPersonSchedule = z.output<typeof orgPersonScheduleSchema>;

export const orgPersonRemovalSchema = z.object({ person: orgPersonSchema.nullable(), organisationDeleted: z.boolean() });
