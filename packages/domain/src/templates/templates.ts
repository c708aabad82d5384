import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { moneySchema, queryBooleanSchema, textSchema } from '../shared/inputs.ts';
import { PIN_TARGETS } from '../missions/dates.ts';
import { RATE_TIMES } from '../org/settings.ts';
import { PROJECT_TYPES } from '../missions/status.ts';
import { TEMPLATE_MESSAGES } from './rules.ts';

export * from './rules.ts';

/** Offsets and lengths given for a plan item stay within about ten years of the project start. */
const MAX_TEMPLATE_DAYS = 3660;
/** A project's length can span every day the dates allow (1900–2999), as a snapshot of any project may. */
const MAX_PROJECT_DAYS = 402_000;

/** A plan item as a template keeps it: dates become offsets in days from the project start. */
export const templatePlanItemSchema = z.object({
  type: z.string(),
  title: z.string(),
  role: z.string().nullable(),
  allocation: z.number(),
  startOffsetDays: z.number().int().nullable(),
  durationDays: z.number().int().nullable(),
  rate: z.number(),
  rateTime: z.string(),
  pinnedTo: z.string().nullable(),
});
export type TemplatePlanItem = z.infer<typeof templatePlanItemSchema>;

/** Plan item types (spec 1 §3 Plan item). */
export const TEMPLATE_PLAN_ITEM_TYPES = ['person', 'cost', 'phase', 'milestone', 'outcome', 'fundable_milestone'] as const;

/** A plan item given to `POST /template` without a mission: the same fields, bounded as plan items are stored. */
export const templatePlanItemInputSchema = z
  .object({
    type: z.enum(TEMPLATE_PLAN_ITEM_TYPES).default('person'),
    title: textSchema(200).default(''),
    role: textSchema(120).nullable().default(null),
    allocation: z.number().int().min(0).max(100).default(100),
    startOffsetDays: z.number().int().min(-MAX_TEMPLATE_DAYS).max(MAX_TEMPLATE_DAYS).nullable().default(null),
    durationDays: z.number().int().min(0).max(MAX_TEMPLATE_DAYS).nullable().default(null),
    rate: moneySchema.default(0),
    rateTime: z.enum(RATE_TIMES).default('Monthly'),
    pinnedTo: z.enum(PIN_TARGETS).nullable().default(null),
  })
  .strict();

export const templateDataSchema = z.object({
  projectType: z.enum(PROJECT_TYPES).default('simple'),
  budgetAvailable: moneySchema.nullable().default(null),
  departmentTags: z.array(idSchema).max(50).default([]),
  durationDays: z.number().int().min(1).max(MAX_PROJECT_DAYS).nullable().default(null),
});
export type TemplateData = z.output<typeof templateDataSchema>;

/** A template (spec 3 §3): personal (isPrivate) or of an organisation; proposal templates. */
export const templateSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  isPrivate: z.boolean(),
  org: z.string().nullable(),
  isProposalTemplate: z.boolean(),
  data: templateDataSchema,
  /** A rate (and the data's budget) is money: null for those who may not manage the template (`canManageTemplate`). */
  dataPlanItems: z.array(templatePlanItemSchema.extend({ rate: z.number().nullable() })),
  mission: z.string().nullable(),
  owner: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type Template = z.infer<typeof templateSchema>;

/** An organisation template names its organisation; a personal one (isPrivate) has none. */
function checkSharing(value: { isPrivate: boolean; org: string | null }, ctx: z.RefinementCtx) {
  if (!value.isPrivate && !value.org) ctx.addIssue({ code: 'custom', path: ['org'], message: TEMPLATE_MESSAGES.orgNeeded });
  if (value.isPrivate && value.org) ctx.addIssue({ code: 'custom', path: ['org'], message: TEMPLATE_MESSAGES.personalHasNoOrg });
}

/**
 * `POST /template` body `{ template }`: from a mission (`mission`: a snapshot of its data and plan, and a template
 * mission linked to it) or from the given `data` and `dataPlanItems` (`mission` wins when both are given).
 */
export const templateCreateSchema = z
  .object({
    template: z
      .object({
        title: textSchema(200, 1),
        description: textSchema(2000).default(''),
        isPrivate: z.boolean().default(true),
        org: idSchema.nullable().default(null),
        isProposalTemplate: z.boolean().default(false),
        mission: idSchema.optional(),
        data: templateDataSchema.optional(),
        dataPlanItems: z.array(templatePlanItemInputSchema).max(500).optional(),
      })
      .strict()
      .superRefine(checkSharing),
  })
  .strict();
export type TemplateCreate = z.output<typeof templateCreateSchema>;

export const templateListQuerySchema = z.object({ org: idSchema.optional(), isProposalTemplate: queryBooleanSchema.optional() }).strict();

/**
 * `PUT /template/bulk`: several templates' titles, descriptions, sharing (`isPrivate` with `org`, the owner's
 * choice); `resave` takes the template mission's data and plan again and marks it saved.
 */
export const templateBulkUpdateSchema = z
  .object({
    templates: z
      .array(
        z
          .object({
            _id: idSchema,
            title: textSchema(200, 1).optional(),
            description: textSchema(2000).optional(),
            isPrivate: z.boolean().optional(),
            org: idSchema.nullable().optional(),
            isProposalTemplate: z.boolean().optional(),
            resave: z.boolean().optional(),
          })
          .strict()
          .refine((item) => !(item.isPrivate === true && item.org), { path: ['org'], message: TEMPLATE_MESSAGES.personalHasNoOrg }),
      )
      .min(1)
      .max(100)
      .refine((items) => new Set(items.map((item) => item._id)).size === items.length, 'Each template once'),
  })
  .strict();
export type TemplateBulkUpdate = z.output<typeof templateBulkUpdateSchema>;

export const templateBulkDeleteSchema = z
  .object({
    ids: z
      .array(idSchema)
      .min(1)
      .max(100)
      .transform((ids) => [...new Set(ids)]),
  })
  .strict();
/** The templates deleted, and their template missions deleted with them. */
export const templatesDeletedSchema = z.object({ deleted: z.array(z.string()), deletedMissions: z.array(z.string()) });
export const templateListSchema = z.object({ templates: z.array(templateSchema) });
