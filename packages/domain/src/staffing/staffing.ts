import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { dateSchema } from '../shared/inputs.ts';
import { MAX_SHIFT_DAYS } from './what-if.ts';

/** The module's own texts (the spec shows none for recommendations). */
export const STAFFING_MESSAGES = {
  roleNotFound: 'Sorry that role was not found. It may have been deleted.',
  notARole: 'Only a role (a person plan item) can be staffed.',
  roleWithoutDates: 'The role needs a start and an end date first.',
  missionNotFound: 'Sorry that project was not found. Maybe removed?',
  notYourRole: 'Only the project managers of this project (or organisation admins and managers) can staff its roles.',
  notYourMission: 'Only the project managers of this project (or organisation admins and managers) can plan its staffing.',
  sessionNotFound: 'That recommendation session has ended. Please ask again.',
  personNotFound: 'That person is not in this organization.',
  oneChange: 'Give either shiftDays or startDate, not both.',
  rolesTooLong: 'These roles span more than three years. Please ask about fewer or shorter roles at a time.',
  missionTooLong: 'This project spans more than three years: a what-if looks at three years at most.',
  shiftTooFar: 'The project can move at most 366 days, and its dates must stay between the years 1900 and 2999.',
  missionWithoutDates: 'The project needs a start and an end date first.',
} as const;

/** Most roles one call may ask about; most candidates one row list shows. */
export const MAX_ROLES_PER_CALL = 50;
export const MAX_RESOURCES_PER_ROLE = 500;
/** The most calendar days one recommendation or weekly plot reads of the availability ledger (three years). */
export const MAX_STAFFING_SPAN_DAYS = 366 * 3;
/** How long a recommendation session lives after its last use. */
export const SESSION_HOURS = 8;

const roleRef = z.object({ missionPlanId: idSchema });
const assignedRole = z.object({ missionPlanId: idSchema, personId: idSchema });

export const recommendOptionsSchema = z
  .object({
    /** Continue this session: its bookings keep people from being booked twice. */
    sessionId: idSchema.optional(),
    /** Rows per role (best first); all candidates by default. */
    limit: z.number().int().min(1).max(MAX_RESOURCES_PER_ROLE).optional(),
    /** Add the reasons in words to each row. */
    explain: z.boolean().optional(),
    /** Only people already on the project's team (the ones the role can be given at once). */
    teamOnly: z.boolean().optional(),
  })
  .strict();

/** `POST /ai/resource/org/:orgId/recommend` and `/recommend/preassigned`. */
export const recommendBodySchema = z
  .object({
    rolesNeeded: z.array(roleRef).min(1).max(MAX_ROLES_PER_CALL),
    options: recommendOptionsSchema.optional(),
    /** Roles already given to people in this conversation (booked into the session). */
    assignedRoles: z.array(assignedRole).max(MAX_ROLES_PER_CALL).optional(),
  })
  .strict();
export type RecommendBody = z.infer<typeof recommendBodySchema>;

/** `POST /ai/resource/org/:orgId/recommend/preassigned/simple`: a list of roles. */
export const recommendSimpleBodySchema = z.array(roleRef).min(1).max(MAX_ROLES_PER_CALL);

/** `POST /ai/resource/org/:orgId/recommend/session/:sessionId`. */
export const sessionBodySchema = z.object({ assignedRoles: z.array(assignedRole).max(MAX_ROLES_PER_CALL) }).strict();

export const resourceSchema = z.object({
  personId: idSchema,
  name: z.string(),
  onTeam: z.boolean(),
  /** 0–1, four decimals. */
  score: z.number(),
  availabilityPercent: z.number(),
  leaveConflictPercent: z.number(),
  /** 100 × score, one decimal (rule 259). */
  fitPercent: z.number(),
  explanation: z.object({
    availabilityRole: z.object({ personAvailableDurationPercent: z.number(), freeHours: z.number(), neededHours: z.number() }),
    availabilityLeave: z.object({ personConflictDuration: z.number(), daysAway: z.number(), workingDays: z.number() }),
    fit: z.object({
      sameRole: z.boolean(),
      skillOverlap: z.number(),
      sameDepartment: z.boolean(),
      sameOffice: z.boolean(),
      similarRoles: z.number(),
      clientRoles: z.number(),
    }),
    reasons: z.array(z.string()).optional(),
  }),
});
export type Resource = z.infer<typeof resourceSchema>;

export const recommendationSchema = z.object({
  missionPlanId: idSchema,
  missionId: idSchema,
  role: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  neededHours: z.number(),
  candidates: z.number().int(),
  /** 'deterministic' unless a language model re-ranked (more than 8 candidates and one configured, rule 258). */
  ranking: z.enum(['deterministic', 'model']),
  preAssigned: z.object({ recommendedResource: idSchema.nullable(), resources: z.array(resourceSchema) }),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const recommendResponseSchema = z.object({ sessionId: idSchema, recommendations: z.array(recommendationSchema) });
export type RecommendResponse = z.infer<typeof recommendResponseSchema>;

export const sessionSchema = z.object({
  sessionId: idSchema,
  expiresAt: z.string(),
  assignedRoles: z.array(z.object({ missionPlanId: idSchema, personId: idSchema, startDate: z.string(), endDate: z.string() })),
});
export type StaffingSession = z.infer<typeof sessionSchema>;

/** `POST /ai/what-if`. */
export const whatIfBodySchema = z
  .object({
    missionId: idSchema,
    shiftDays: z.number().int().min(-MAX_SHIFT_DAYS).max(MAX_SHIFT_DAYS).optional(),
    startDate: dateSchema.optional(),
    reassign: z
      .array(z.object({ missionPlanId: idSchema, personId: idSchema.nullable() }))
      .max(MAX_ROLES_PER_CALL)
      .optional(),
  })
  .strict();
export type WhatIfBody = z.infer<typeof whatIfBodySchema>;

const loadSchema = z.object({ bookedHours: z.number(), missionHours: z.number(), loadPercent: z.number(), overbookedDays: z.number() });
export const whatIfResponseSchema = z.object({
  missionId: idSchema,
  shiftDays: z.number().int(),
  window: z.object({ from: z.string(), to: z.string() }),
  finish: z.object({ planned: z.string(), before: z.string().nullable(), after: z.string().nullable() }),
  people: z.array(z.object({ personId: idSchema, name: z.string(), capacityHours: z.number(), before: loadSchema, after: loadSchema })),
});
export type WhatIfResponse = z.infer<typeof whatIfResponseSchema>;

/** `POST /ai/weekly-plot`. */
export const weeklyPlotBodySchema = z.object({ missionId: idSchema, from: dateSchema.optional(), to: dateSchema.optional() }).strict();
export const weeklyPlotResponseSchema = z.object({
  missionId: idSchema,
  from: z.string(),
  to: z.string(),
  weeks: z.array(z.object({ weekStart: z.string(), plannedHours: z.number(), availableHours: z.number(), leaveHours: z.number() })),
});
export type WeeklyPlot = z.infer<typeof weeklyPlotResponseSchema>;
