import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { dateSchema, textSchema } from '../shared/inputs.ts';
import { ROLE_PLAN_MERGED, ROLE_PLAN_MESSAGES, ROLE_PLAN_ORIGINS } from './rules.ts';

/** Hours of a role plan: never below zero, quarter hours and finer are kept exactly. */
const hoursSchema = z.number().min(0, 'Hours cannot be below zero').max(1_000_000);
/** A status is a free value of the organisation (rule 85), short and trimmed. */
export const rolePlanStatusSchema = textSchema(40, 1);
/** A status given to items: any but the merged one, which only a merge gives (it freezes the item for good). */
const newStatusSchema = rolePlanStatusSchema.refine((status) => status !== ROLE_PLAN_MERGED, ROLE_PLAN_MESSAGES.mergedOnlyByMerging);

const datesInOrder = (value: { startDate?: string | null; endDate?: string | null }) =>
  !value.startDate || !value.endDate || value.startDate <= value.endDate;
const datesIssue = { message: ROLE_PLAN_MESSAGES.datesBackwards, path: ['endDate'] };

/** `POST /org-role-plan-item/org/:id`: a new item, always a draft (rule 85). */
export const rolePlanCreateSchema = z
  .object({
    roleId: idSchema,
    personId: idSchema.nullable().optional(),
    programId: idSchema.nullable().optional(),
    missionId: idSchema.nullable().optional(),
    planItemId: idSchema.nullable().optional(),
    hoursNeeded: hoursSchema.default(0),
    hoursApproved: hoursSchema.default(0),
    startDate: dateSchema.nullable().optional(),
    endDate: dateSchema.nullable().optional(),
    /** The item was offered by the CRM (origin label 'CRM Offers'): taken from an API key or an organisation admin only. */
    createdFromGtCrm: z.boolean().default(false),
    customId: textSchema(120).nullable().optional(),
    context: textSchema(200).nullable().optional(),
    metaData: z.record(z.string().max(100), z.unknown()).optional(),
    message: textSchema(2000, 1).optional(),
  })
  .refine(datesInOrder, datesIssue);
export type RolePlanCreate = z.infer<typeof rolePlanCreateSchema>;

/** `POST …/role-plan-item/list`: items by id (one or many). */
export const rolePlanListBodySchema = z.object({
  rolePlanItemId: z.union([idSchema.transform((id) => [id]), z.array(idSchema).min(1).max(500)]).transform((ids) => [...new Set(ids)]),
});

/** `PUT …/role-plan-item/status`: one item's new status, with an optional message kept in its thread. */
export const rolePlanStatusBodySchema = z.object({
  rolePlanItemId: idSchema,
  status: newStatusSchema,
  message: textSchema(2000, 1).optional(),
});
export type RolePlanStatusBody = z.infer<typeof rolePlanStatusBodySchema>;

const idsSchema = z.array(idSchema).min(1).max(500);
const splitPartSchema = z
  .object({
    hoursNeeded: hoursSchema.default(0),
    hoursApproved: hoursSchema.default(0),
    personId: idSchema.nullable().optional(),
    startDate: dateSchema.nullable().optional(),
    endDate: dateSchema.nullable().optional(),
  })
  .refine(datesInOrder, datesIssue);

/**
 * `PUT …/role-plan-item/bulk`: a status for many items, a bulk merge by program then role (rule 88), a person for
 * many items, a merge into one item (rule 87), or a split of one item into parts.
 */
export const rolePlanBulkBodySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('status'),
    rolePlanItemIds: idsSchema,
    status: newStatusSchema,
    message: textSchema(2000, 1).optional(),
  }),
  z.object({ action: z.literal('merge'), rolePlanItemIds: idsSchema.min(2) }),
  /** The Assign resources tab: who holds the items (null leaves them unassigned). */
  z.object({ action: z.literal('assign'), rolePlanItemIds: idsSchema, personId: idSchema.nullable() }),
  z.object({ action: z.literal('mergeInto'), rolePlanItemIds: idsSchema, into: idSchema }),
  z.object({ action: z.literal('split'), rolePlanItemId: idSchema, parts: z.array(splitPartSchema).min(1).max(50) }),
]);
export type RolePlanBulkBody = z.infer<typeof rolePlanBulkBodySchema>;

export const rolePlanListQuerySchema = z.object({
  status: rolePlanStatusSchema.optional(),
  programId: idSchema.optional(),
  missionId: idSchema.optional(),
});
export type RolePlanListQuery = z.infer<typeof rolePlanListQuerySchema>;

const who = z.object({ _id: idSchema, name: z.string() }).nullable();

export const rolePlanItemSchema = z.object({
  _id: idSchema,
  org: idSchema,
  status: z.string(),
  statusChanges: z.array(z.object({ status: z.string(), changedOn: z.string(), changedBy: idSchema.nullable() })),
  personId: idSchema.nullable(),
  person: who,
  roleId: idSchema,
  roleName: z.string(),
  planItemId: idSchema.nullable(),
  programId: idSchema.nullable(),
  programTitle: z.string().nullable(),
  /** The item's project; 'merged' for the item a bulk merge created (rule 88). */
  missionId: z.union([idSchema, z.literal('merged')]).nullable(),
  missionTitle: z.string().nullable(),
  hoursNeeded: z.number(),
  hoursApproved: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  mergedTo: idSchema.nullable(),
  mergedOn: z.string().nullable(),
  mergedBy: idSchema.nullable(),
  mergeReferenceId: idSchema.nullable(),
  splitFrom: idSchema.nullable(),
  createdFromGtCrm: z.boolean(),
  origin: z.enum(ROLE_PLAN_ORIGINS),
  /** Rule 86: 'Merged role', 'Split role', 'CRM Offers' or 'Created in Crewplan'. */
  originLabel: z.string(),
  metaData: z.record(z.string(), z.unknown()),
  customId: z.string().nullable(),
  context: z.string().nullable(),
  messages: z.array(z.object({ msg: z.string(), createdBy: idSchema.nullable(), createdOn: z.string() })),
  /** Not approved yet: the organisation view highlights the row. */
  needsAttention: z.boolean(),
  /** The role cell's label ('Needs assignment', 'Unfilled role', 'Not submitted yet (Draft)') or null. */
  cellLabel: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RolePlanItem = z.infer<typeof rolePlanItemSchema>;

export const rolePlanItemListSchema = z.object({ items: z.array(rolePlanItemSchema) });
export type RolePlanItemList = z.infer<typeof rolePlanItemListSchema>;

/** What a bulk call answers: the items it wrote (new merged or split items first), and the spec's toast for a merge. */
export const rolePlanBulkResultSchema = z.object({ items: z.array(rolePlanItemSchema), message: z.string().nullable() });
export type RolePlanBulkResult = z.infer<typeof rolePlanBulkResultSchema>;

export const rolePlanDeletedSchema = z.object({ deleted: idSchema });
