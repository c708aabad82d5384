import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { queryBooleanSchema, textSchema } from '../shared/inputs.ts';
import { PROJECT_TYPES } from '../missions/status.ts';

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

export const templateDataSchema = z.object({
  projectType: z.enum(PROJECT_TYPES).default('simple'),
  budgetAvailable: z.number().nullable().default(null),
  departmentTags: z.array(idSchema).max(50).default([]),
  durationDays: z.number().int().min(1).max(3660).nullable().default(null),
});

/** A template (spec 3 §3): personal (isPrivate) or of an organisation; proposal templates. */
export const templateSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  isPrivate: z.boolean(),
  org: z.string().nullable(),
  isProposalTemplate: z.boolean(),
  data: templateDataSchema,
  dataPlanItems: z.array(templatePlanItemSchema),
  mission: z.string().nullable(),
  owner: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type Template = z.infer<typeof templateSchema>;

/**
 * `POST /template` body `{ template }`: from a mission (`mission`: its plan items are copied, and the mission is
 * marked as a saved template) or from given data.
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
        dataPlanItems: z.array(templatePlanItemSchema).max(500).optional(),
      })
      .strict(),
  })
  .strict();
export type TemplateCreate = z.output<typeof templateCreateSchema>;

export const templateListQuerySchema = z
  .object({ org: idSchema.optional(), isProposalTemplate: queryBooleanSchema.optional() })
  .strict();

/** `PUT /template/bulk`: several templates' titles, descriptions, sharing; `resave` takes the linked mission's plan again. */
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
            isProposalTemplate: z.boolean().optional(),
            resave: z.boolean().optional(),
          })
          .strict(),
      )
      .min(1)
      .max(100),
  })
  .strict();
export type TemplateBulkUpdate = z.output<typeof templateBulkUpdateSchema>;

export const templateBulkDeleteSchema = z.object({ ids: z.array(idSchema).min(1).max(100) }).strict();
export const templateListSchema = z.object({ templates: z.array(templateSchema) });
