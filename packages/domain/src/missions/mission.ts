import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import {
  currencySchema,
  dateSchema,
  dateTimeSchema,
  moneySchema,
  queryBooleanSchema,
  textSchema,
  queryIntSchema,
} from '../shared/inputs.ts';
import { actionItemSchema, actionSchema } from '../tasks/tasks.ts';
import { MISSION_ACTIONS } from './policy.ts';
import { MONEY_VERBS, type MoneyVerb } from '../money/policy.ts';
import { PROJECT_STATUSES, PROJECT_TYPES } from './status.ts';
import { planItemSchema } from '../plan/plan.ts';
import { inviteDomainSchema, OVERTIME_MODES } from '../org/settings.ts';
import { MISSION_AUDIT_ENTITIES } from './audit-entities.ts';

export { MISSION_AUDIT_ENTITIES, type MissionAuditEntity } from './audit-entities.ts';

/** A section tag of the mission's timeline (`from`/`to` dates); the catch-all tag cannot be updated. */
export const sectionTagSchema = z.object({
  _id: z.string(),
  title: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  catchAll: z.boolean().optional(),
});
export type SectionTag = z.infer<typeof sectionTagSchema>;

export const kanbanColumnSchema = z.object({ id: z.string(), name: z.string() });
export type KanbanColumn = z.infer<typeof kanbanColumnSchema>;

export const missionKpiSchema = z.object({
  _id: z.string(),
  title: z.string(),
  target: z.number().nullable(),
  actual: z.number().nullable(),
  unit: z.string(),
});
export type MissionKpi = z.infer<typeof missionKpiSchema>;

export const missionThemeSchema = z.object({
  backgroundColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Invalid colour'),
  backgroundImage: z.string().max(200).nullable().optional(),
  dark: z.boolean(),
});
export type MissionTheme = z.infer<typeof missionThemeSchema>;

/** A person on the team, as every widget shows them (avatar, hover card, team card). */
export const missionPersonSchema = z.object({
  _id: z.string(),
  ref: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), avatar: z.string().nullable() }),
  email: z.string(),
  permission: z.number(),
  isProjectManager: z.boolean(),
  role: z.string().nullable(),
  customRole: z.string().nullable(),
  invitePending: z.boolean(),
  departments: z.array(z.string()),
  office: z.string().nullable(),
  accessibleDepartments: z.array(z.string()),
  accessibleOffices: z.array(z.string()),
  canApproveRoles: z.boolean(),
  canApproveLeaves: z.boolean(),
  isOrgAdmin: z.boolean(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  timezone: z.string().nullable(),
});
export type MissionPerson = z.infer<typeof missionPersonSchema>;

/** The plan items a mission carries when read: the full plan item of the plan domain. */
export const missionPlanItemSchema = planItemSchema;
export type MissionPlanItem = z.infer<typeof missionPlanItemSchema>;

export const missionAbilitiesSchema = z.object({
  ...(Object.fromEntries(MISSION_ACTIONS.map((a) => [a, z.boolean()])) as Record<(typeof MISSION_ACTIONS)[number], z.ZodBoolean>),
  /** The mission's money (rates, cost, revenue, budget): `canOnMissionMoney`, so the web never re-derives it. */
  ...(Object.fromEntries(MONEY_VERBS.map((verb) => [verb, z.boolean()])) as Record<MoneyVerb, z.ZodBoolean>),
});

/** The fields a mission has in every list and read (spec 1 §3 Mission). */
const missionShape = {
  _id: z.string(),
  title: z.string(),
  projectCode: z.string().nullable(),
  org: z.string().nullable(),
  client: z.string().nullable(),
  program: z.string().nullable(),
  goal: z.string().nullable(),
  planStartDate: z.string().nullable(),
  planEndDate: z.string().nullable(),
  projectStatus: z.enum(PROJECT_STATUSES),
  /** Planning for an active or open mission not kicked off yet (rule 19). */
  displayStatus: z.enum(PROJECT_STATUSES),
  missionStop: z.string().nullable(),
  kickedOff: z.boolean(),
  projectType: z.enum(PROJECT_TYPES),
  theme: missionThemeSchema.nullable(),
  isTemplate: z.boolean(),
  isModel: z.boolean(),
  isProposal: z.boolean(),
  isProcess: z.boolean(),
  createdFromGtCrm: z.boolean(),
  isLicensedActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller's place on the team. */
  permission: z.number(),
  isProjectManager: z.boolean(),
};

/** One row of `GET /mission/list/tree`. */
export const missionTreeItemSchema = z.object({
  ...missionShape,
  /** Its organisation's name (also for people from outside the organisation, who cannot read the organisation). */
  orgTitle: z.string().nullable(),
  peopleCount: z.number(),
});
export type MissionTreeItem = z.infer<typeof missionTreeItemSchema>;

export const missionTreeQuerySchema = z
  .object({
    /** true: only missions not finished; false: only finished ones (the vault). */
    isActive: queryBooleanSchema.optional(),
    /**
     * Only missions not changed since this day (nor their plan or tasks), or whose plan ended before it: the vault's
     * abandoned and older ones.
     */
    staleDate: dateSchema.optional(),
    org: idSchema.optional(),
    /** `stream=true` answers the array as it is built (large lists). */
    stream: queryBooleanSchema.optional(),
  })
  .strict();

/** `GET /mission/:id`: the whole mission, its team and plan items, the caller's abilities and the free-slot count. */
export const missionSchema = z.object({
  ...missionShape,
  description: z.string(),
  forecastStartDate: z.string().nullable(),
  forecastEndDate: z.string().nullable(),
  sectionTags: z.array(sectionTagSchema),
  cols: z.array(kanbanColumnSchema),
  kpis: z.array(missionKpiSchema),
  type: z.string().nullable(),
  currency: z.string(),
  budgetAvailable: z.number().nullable(),
  noTimesheets: z.boolean(),
  /** The mission's own overtime threshold in hours (rule 177); null with a null mode keeps the organisation's. */
  overTimeAfter: z.number().nullable(),
  overTimeAfterDayOrWeek: z.enum(OVERTIME_MODES).nullable(),
  /** The overtime threshold in force on the mission, and whether it is the mission's own. */
  overtime: z.object({ after: z.number(), mode: z.enum(OVERTIME_MODES), fromMission: z.boolean() }),
  notBillable: z.boolean(),
  billUsingMilestones: z.boolean(),
  departmentTags: z.array(z.string()),
  offices: z.array(z.string()),
  inviteDomains: z.array(z.string()),
  isTemplateSaved: z.boolean(),
  linkedTemplate: z.string().nullable(),
  linkedProject: z.string().nullable(),
  proposalLinkId: z.string().nullable(),
  autoAssign: z.boolean(),
  /** Power projects schedule on Saturdays and Sundays too (default false: 8-hour weekdays, rules 1–3). */
  includeWeekends: z.boolean(),
  defaultTaskCode: z.string().nullable(),
  createdBy: z.string().nullable(),
  _archived: z.boolean(),
  /** True when the caller sees the mission as an organisation observer, not as a team member. */
  loadedFromOrg: z.boolean(),
  /** Dates were missing or inverted and have been repaired on this read (rule 24). */
  datesRepaired: z.boolean(),
  people: z.array(missionPersonSchema),
  planItems: z.array(missionPlanItemSchema),
  /** The mission's actions and action items (`GET /mission/:id` carries them; write answers leave them out). */
  actions: z.array(actionSchema).optional(),
  actionItems: z.array(actionItemSchema).optional(),
  /** Saved baselines, newest first (the plan's dates at that moment, to compare the forecast against). */
  baselines: z.array(z.object({ _id: z.string(), title: z.string(), createdAt: z.string(), items: z.number() })),
  /** Open invites to emails without a place on the team yet (shown to those who may invite; they hold free slots). */
  pendingInvites: z.array(
    z.object({ _id: z.string(), inviteeEmail: z.string(), permission: z.number(), isProjectManager: z.boolean(), createdAt: z.string() }),
  ),
  /** Seats used: team people at a counting permission (rule 134) and open invites to emails not on the team yet. */
  freeSlots: z.object({ used: z.number(), limit: z.number(), full: z.boolean(), unlimited: z.boolean() }),
  abilities: missionAbilitiesSchema,
});
export type Mission = z.infer<typeof missionSchema>;

const titleSchema = textSchema(200, 1);

/** Fields the creation dialogs set (`mc`, `mc-org`, `mc-program`, …). */
export const missionCreateSchema = z
  .object({
    title: titleSchema,
    org: idSchema.nullable().optional(),
    projectType: z.enum(PROJECT_TYPES).default('simple'),
    projectCode: textSchema(40).optional(),
    description: textSchema(5000).optional(),
    client: idSchema.nullable().optional(),
    program: idSchema.nullable().optional(),
    goal: idSchema.nullable().optional(),
    departmentTags: z.array(idSchema).max(50).optional(),
    offices: z.array(idSchema).max(50).optional(),
    planStartDate: dateSchema.optional(),
    planEndDate: dateSchema.optional(),
    currency: currencySchema.optional(),
    isProposal: z.boolean().optional(),
    isTemplate: z.boolean().optional(),
    isModel: z.boolean().optional(),
    isProcess: z.boolean().optional(),
    notBillable: z.boolean().optional(),
    noTimesheets: z.boolean().optional(),
    /** Create from this template: its plan items are copied. */
    template: idSchema.optional(),
  })
  .strict();
export type MissionCreate = z.output<typeof missionCreateSchema>;

/** `PUT /mission/:id`. `shift` moves the plan's dates with a new start; `updatedAt` as last read makes a concurrent edit 409. */
export const missionUpdateSchema = z
  .object({
    title: titleSchema,
    projectCode: textSchema(40).nullable(),
    description: textSchema(5000),
    client: idSchema.nullable(),
    program: idSchema.nullable(),
    goal: idSchema.nullable(),
    planStartDate: dateSchema,
    planEndDate: dateSchema,
    forecastStartDate: dateSchema.nullable(),
    forecastEndDate: dateSchema.nullable(),
    projectStatus: z.enum(PROJECT_STATUSES),
    kickedOff: z.boolean(),
    projectType: z.enum(PROJECT_TYPES),
    type: textSchema(24).nullable(),
    currency: currencySchema,
    budgetAvailable: moneySchema.nullable(),
    noTimesheets: z.boolean(),
    /** Overtime after this many hours (a day, or a week with the weekly mode); null with a null mode: the organisation's. */
    overTimeAfter: z.number().finite().min(0).max(168).nullable(),
    overTimeAfterDayOrWeek: z.enum(OVERTIME_MODES).nullable(),
    notBillable: z.boolean(),
    billUsingMilestones: z.boolean(),
    departmentTags: z.array(idSchema).max(50),
    offices: z.array(idSchema).max(50),
    inviteDomains: z
      .array(inviteDomainSchema)
      .max(50)
      .transform((domains) => [...new Set(domains)]),
    theme: missionThemeSchema.nullable(),
    cols: z
      .array(z.object({ id: textSchema(24, 1), name: textSchema(60, 1) }))
      .max(30)
      // a task names its column by id: two columns with one id would both hold it
      .refine((cols) => new Set(cols.map((col) => col.id)).size === cols.length, 'Each column id once'),
    autoAssign: z.boolean(),
    includeWeekends: z.boolean(),
    defaultTaskCode: textSchema(12).nullable(),
    isModel: z.boolean(),
    isProcess: z.boolean(),
  })
  .partial()
  .extend({ shift: z.boolean().optional(), updatedAt: dateTimeSchema.optional() })
  .strict();
export type MissionUpdate = z.output<typeof missionUpdateSchema>;

export const missionReadQuerySchema = z.object({ repair: queryBooleanSchema.optional() }).strict();

export const sectionTagCreateSchema = z
  .object({ title: textSchema(80, 1), from: dateSchema.nullable().optional(), to: dateSchema.nullable().optional() })
  .strict();
export const sectionTagUpdateSchema = sectionTagCreateSchema.partial().strict();

export const kpiCreateSchema = z
  .object({
    title: textSchema(120, 1),
    target: z.number().finite().nullable().optional(),
    actual: z.number().finite().nullable().optional(),
    unit: textSchema(20).optional(),
  })
  .strict();
export const kpiUpdateSchema = kpiCreateSchema.partial().strict();

export const baselineCreateSchema = z.object({ title: textSchema(120).optional() }).strict();
export const baselineSchema = z.object({ _id: z.string(), title: z.string(), createdAt: z.string(), items: z.number() });

export const licenceKeySchema = z.object({ licenseKey: textSchema(100, 4) }).strict();
export const promoCodeSchema = z.object({ promoCode: textSchema(100, 2) }).strict();

export const missionDeletedSchema = z.object({ deleted: z.array(z.string()) });

/** What a `PUT /mission/:id` moved or cleared with the dates (rules 26–28). */
export const missionDateEffectsSchema = z.object({
  /** Items shifted by whole weeks with `shift: true`, and pinned plan items that followed the mission or a moved plan item. */
  moved: z.object({ actionItems: z.number(), actions: z.number(), planItems: z.number() }),
  /** Action items after a shortened end that lost their end date and week (back to the planning board). */
  cleared: z.object({ actionItems: z.number() }),
  /** A forward start change of 1–4 days was pushed to 5 days (§4). */
  startPushedForward: z.boolean(),
});
export type MissionDateEffects = z.infer<typeof missionDateEffectsSchema>;

/** `PUT /mission/:id`: the mission as read afterwards, with what its date changes moved. */
export const missionUpdatedSchema = missionSchema.extend(missionDateEffectsSchema.shape);
export type MissionUpdated = z.infer<typeof missionUpdatedSchema>;

export const missionAuditEventSchema = z.object({
  _id: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  title: z.string(),
  actor: z.object({ personId: z.string().nullable(), name: z.string() }),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  at: z.string(),
});
export type MissionAuditEvent = z.infer<typeof missionAuditEventSchema>;

/** `GET /mission/:id/history`: newest first; pass `nextBefore` as `before` for the next page. */
export const missionHistoryQuerySchema = z
  .object({
    before: dateTimeSchema.optional(),
    limit: queryIntSchema(1, 500).default(100),
  })
  .strict();
export const missionHistorySchema = z.object({ events: z.array(missionAuditEventSchema), nextBefore: z.string().nullable() });

export const missionAuditQuerySchema = missionHistoryQuerySchema
  .extend({ entity: z.enum(MISSION_AUDIT_ENTITIES).optional(), entityId: idSchema.optional() })
  .strict();
/** `GET /mission/:id/audit/tree`: mission → kind of entity → entity → events, newest first at every level. */
export const missionAuditTreeSchema = z.object({
  mission: z.object({ _id: z.string(), title: z.string() }),
  total: z.number(),
  children: z.array(
    z.object({
      entity: z.string(),
      count: z.number(),
      children: z.array(z.object({ entityId: z.string(), title: z.string(), count: z.number(), events: z.array(missionAuditEventSchema) })),
    }),
  ),
});

export const sectionTagsSchema = z.object({ sectionTags: z.array(sectionTagSchema) });
export const missionKpisSchema = z.object({ kpis: z.array(missionKpiSchema) });

/** `POST /mission/:id/license`, `PUT /mission/:id/promo/apply`: the mission is now licensed. */
export const missionLicensedSchema = z.object({
  _id: z.string(),
  isLicensedActive: z.boolean(),
  licensedBy: z.enum(['key', 'promo']).nullable(),
});
