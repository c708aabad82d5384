import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { dateSchema, moneySchema, queryBooleanSchema, textSchema } from '../shared/inputs.ts';

/**
 * Actions and action items (tasks) as the API presents and accepts them (spec 1 §3 Action, Action item; §4 task
 * status; §7 Actions, Action items). Money as numbers (major units), durations in hours, days as YYYY-MM-DD.
 */

/** Task statuses (rule 59: open, done, blocked and others). */
export const TASK_STATUSES = ['open', 'in-progress', 'blocked', 'review', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const taskStatusSchema = z.enum(TASK_STATUSES);

/** metaType values (rule 56); a stored 0 means Critical. */
export const TASK_META_TYPES = ['Critical', 'Issue', 'Bug', 'Change request'] as const;
export type TaskMetaType = (typeof TASK_META_TYPES)[number];
/** Accepts the four names or 0 (Critical). */
export const taskMetaTypeInputSchema = z.union([z.enum(TASK_META_TYPES), z.literal(0).transform(() => 'Critical' as const)]);

/** Dependency link types; dependsOn is the default (rule 53). */
export const TASK_LINK_TYPES = ['dependsOn', 'finishToStart', 'startToStart', 'finishToFinish', 'startToFinish'] as const;
export type TaskLinkType = (typeof TASK_LINK_TYPES)[number];

/** Default complexity multiplier (rule 48). */
export const DEFAULT_COMPLEXITY_MULTIPLIER = 10;
/** Source marking actions created by the AI-generated plan (rule 57). */
export const AI_SOURCE = 'mx-ai';

export const taskDependencySchema = z.object({ linkTo: z.string(), linkType: z.string(), lag: z.number() });
export type TaskDependency = z.infer<typeof taskDependencySchema>;

export const checklistItemSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  sortIndex: z.number(),
  people: z.array(z.string()),
  col: z.string().nullable(),
  color: z.string().nullable(),
  done: z.boolean(),
  completedOn: z.string().nullable(),
  completedBy: z.string().nullable(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/** An action (spec 1 §3 Action). `actionItems`: its items' ids by sortIndex; `dependencies`: what it depends on. */
export const actionSchema = z.object({
  _id: z.string(),
  missionId: z.string(),
  planItemId: z.string().nullable(),
  code: z.string().nullable(),
  title: z.string(),
  tags: z.array(z.string()),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  week: z.string().nullable(),
  status: z.string(),
  /** Hours. */
  estimatedDuration: z.number().nullable(),
  complexityMultiplier: z.number(),
  source: z.string().nullable(),
  sectionTagId: z.string().nullable(),
  people: z.array(z.string()),
  parentId: z.string().nullable(),
  isAction: z.boolean(),
  sortIndex: z.number(),
  position: z.number().nullable(),
  percentComplete: z.number(),
  wbs: z.string().nullable(),
  /** Money: null for callers who may not see the mission's money (`seesMissionMoney`). */
  rate: z.number().nullable(),
  billRate: z.number().nullable(),
  actionItems: z.array(z.string()),
  dependencies: z.array(taskDependencySchema),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Action = z.infer<typeof actionSchema>;

/**
 * An action item (spec 1 §3 Action item). `code` is the code shown (rule 49); `seen`/`pinned` are the caller's;
 * `dependencies` are the items it depends on.
 */
export const actionItemSchema = z.object({
  _id: z.string(),
  actionId: z.string(),
  missionId: z.string(),
  title: z.string(),
  description: z.string(),
  shortDescription: z.string().nullable(),
  code: z.string(),
  status: z.string(),
  col: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  initialStartDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  completedOn: z.string().nullable(),
  completedBy: z.string().nullable(),
  startHour: z.number().nullable(),
  week: z.string().nullable(),
  /** Hours. */
  estimatedDuration: z.number().nullable(),
  actualDuration: z.number().nullable(),
  y: z.number().nullable(),
  sortIndex: z.number(),
  position: z.number().nullable(),
  people: z.array(z.string()),
  peopleAttached: z.array(z.string()),
  checklist: z.array(checklistItemSchema),
  tags: z.array(z.string()),
  complexityMultiplier: z.number(),
  /** Money: null (and left out of `approvals`) for callers who may not see the mission's money (`seesMissionMoney`). */
  billRate: z.number().nullable(),
  billUnit: z.string().nullable(),
  percentComplete: z.number(),
  metaType: z.string().nullable(),
  pinType: z.string().nullable(),
  templateId: z.string().nullable(),
  seen: z.boolean(),
  pinned: z.boolean(),
  approvals: z.array(z.object({ approvedOn: z.string().optional(), cancelledOn: z.string().optional(), billRate: z.number().optional() })),
  prevEndDate: z.string().nullable(),
  dependencies: z.array(taskDependencySchema),
  descriptionUpdate: z.string().nullable(),
  descriptionUpdateById: z.string().nullable(),
  colHistory: z.array(z.object({ movedTo: z.string(), movedOn: z.string() })),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ActionItem = z.infer<typeof actionItemSchema>;

/** What a mission read carries of its tasks. */
export const missionTasksSchema = z.object({ actions: z.array(actionSchema), actionItems: z.array(actionItemSchema) });
export type MissionTasks = z.infer<typeof missionTasksSchema>;

const titleSchema = textSchema(300, 1);
const tagsSchema = z.array(textSchema(120, 1)).max(50);
const hoursSchema = z.number().min(0).max(100_000);
const percentSchema = z.number().int().min(0).max(100);
const sortIndexSchema = z.number().int().min(-1e12).max(1e12);

/** Fields of an action that its create and update calls set. */
const actionFields = {
  title: titleSchema,
  code: textSchema(40).nullable(),
  tags: tagsSchema,
  startDate: dateSchema.nullable(),
  endDate: dateSchema.nullable(),
  dueDate: dateSchema.nullable(),
  week: dateSchema.nullable(),
  status: taskStatusSchema,
  estimatedDuration: hoursSchema.nullable(),
  complexityMultiplier: z.number().int().min(1).max(100),
  sectionTagId: textSchema(24).nullable(),
  people: z.array(idSchema).max(200),
  parentId: idSchema.nullable(),
  sortIndex: sortIndexSchema,
  position: z.number().int().min(0).max(1e12).nullable(),
  percentComplete: percentSchema,
  wbs: textSchema(40).nullable(),
  rate: moneySchema.nullable(),
  billRate: moneySchema.nullable(),
};

/** `POST /mission-plan/:id/action` body (`:id` the plan item). Dates: both or none, start before end (rule 52). */
export const actionCreateSchema = z
  .object({ ...actionFields, source: textSchema(16).nullable() })
  .partial()
  .required({ title: true })
  .strict();
export type ActionCreate = z.output<typeof actionCreateSchema>;

/** `POST /mission-plan/:id/action` query: `withItem=true` also creates a first action item with the action's title. */
export const actionCreateQuerySchema = z.object({ withItem: queryBooleanSchema.optional() }).strict();

/** `PUT /action/:id`. */
export const actionUpdateSchema = z.object(actionFields).partial().strict();
export type ActionUpdate = z.output<typeof actionUpdateSchema>;

/** Fields of an action item that its create and update calls set. */
const actionItemFields = {
  title: titleSchema,
  description: textSchema(20_000),
  shortDescription: textSchema(500).nullable(),
  code: textSchema(40).nullable(),
  status: taskStatusSchema,
  col: textSchema(24, 1),
  startDate: dateSchema.nullable(),
  endDate: dateSchema.nullable(),
  initialStartDate: dateSchema.nullable(),
  dueDate: dateSchema.nullable(),
  startHour: z.number().int().min(0).max(23).nullable(),
  week: dateSchema.nullable(),
  estimatedDuration: hoursSchema.nullable(),
  actualDuration: hoursSchema.nullable(),
  y: z.number().int().min(0).max(10_000).nullable(),
  sortIndex: sortIndexSchema,
  position: z.number().int().min(0).max(1e12).nullable(),
  tags: tagsSchema,
  complexityMultiplier: z.number().int().min(1).max(100),
  billRate: moneySchema.nullable(),
  billUnit: textSchema(20).nullable(),
  percentComplete: percentSchema,
  metaType: taskMetaTypeInputSchema.nullable(),
  pinType: textSchema(20).nullable(),
  prevEndDate: dateSchema.nullable(),
};

/** `POST /action-item/action/:actionId`; `copyOf` copies that task of the mission (title + ' (Copy)'). */
export const actionItemCreateSchema = z
  .object({ ...actionItemFields, people: z.array(idSchema).max(200), copyOf: idSchema })
  .partial()
  .strict()
  .refine((body) => body.title !== undefined || body.copyOf !== undefined, { message: 'Title required', path: ['title'] });
export type ActionItemCreate = z.output<typeof actionItemCreateSchema>;

/** The most tasks one bulk create may carry. */
export const BULK_CREATE_LIMIT = 1000;

/** `POST /mission/:id/tasks/bulk`: many new tasks of the mission at once, each under its action (no copies). */
export const actionItemsBulkCreateSchema = z
  .object({
    items: z
      .array(
        z
          .object({ ...actionItemFields, people: z.array(idSchema).max(200) })
          .partial()
          .extend({ actionId: idSchema, title: titleSchema })
          .strict(),
      )
      .min(1)
      .max(BULK_CREATE_LIMIT),
  })
  .strict();
export type ActionItemsBulkCreate = z.output<typeof actionItemsBulkCreateSchema>;

/** `PUT /action-item/:id`: fields, and the caller's own `seen`/`pinned` marks. */
export const actionItemUpdateSchema = z
  .object(actionItemFields)
  .partial()
  .extend({ seen: z.boolean().optional(), pinned: z.boolean().optional() })
  .strict();
export type ActionItemUpdate = z.output<typeof actionItemUpdateSchema>;

/** `PUT /action-item/:id/bulk`: many items of the same mission at once (`:id` one of them). */
export const actionItemBulkSchema = z
  .object({
    items: z
      .array(z.object(actionItemFields).partial().extend({ _id: idSchema }).strict())
      .min(1)
      .max(500),
  })
  .strict();
export type ActionItemBulk = z.output<typeof actionItemBulkSchema>;

/** `PUT /action-item/:id/move`: to another action, column, position, week, or day and hour (power). */
export const actionItemMoveSchema = z
  .object({
    actionId: idSchema,
    col: textSchema(24, 1),
    sortIndex: sortIndexSchema,
    week: dateSchema.nullable(),
    startDate: dateSchema.nullable(),
    startHour: z.number().int().min(0).max(23).nullable(),
    y: z.number().int().min(0).max(10_000).nullable(),
  })
  .partial()
  .strict();
export type ActionItemMove = z.output<typeof actionItemMoveSchema>;

/** `PUT /action/:id/bulk`: several fields of the action and of its items at once. */
export const actionBulkSchema = z
  .object({
    action: actionUpdateSchema.optional(),
    items: z
      .array(z.object(actionItemFields).partial().extend({ _id: idSchema }).strict())
      .max(500)
      .optional(),
  })
  .strict();
export type ActionBulk = z.output<typeof actionBulkSchema>;

/** `PUT /action/:id/dependency/add|remove`. */
export const actionDependencyBodySchema = z.object({ actionId: idSchema }).strict();

/** `POST /action-item/:id/people/remove`. */
export const actionItemPeopleRemoveSchema = z
  .object({ peopleIds: z.union([z.array(idSchema).min(1).max(200), z.literal('ALL')]) })
  .strict();

/** `POST /action-item/:id/dependency`. Lag in days. */
export const actionItemDependencyCreateSchema = z
  .object({
    linkId: idSchema,
    linkType: z.enum(TASK_LINK_TYPES).default('dependsOn'),
    lag: z.number().int().min(-3650).max(3650).default(0),
  })
  .strict();

const checklistFields = {
  title: textSchema(500, 1),
  description: textSchema(5000),
  people: z.array(idSchema).max(100),
  col: textSchema(24).nullable(),
  color: textSchema(20).nullable(),
  done: z.boolean(),
};
export const checklistCreateSchema = z
  .object(checklistFields)
  .partial()
  .required({ title: true })
  .extend({ sortIndex: sortIndexSchema.optional() })
  .strict();
export const checklistUpdateSchema = z.object(checklistFields).partial().strict();
export const checklistMoveSchema = z.object({ sortIndex: sortIndexSchema }).strict();
export const checklistBulkSchema = z
  .object({
    items: z
      .array(z.object(checklistFields).partial().extend({ _id: idSchema, sortIndex: sortIndexSchema.optional() }).strict())
      .min(1)
      .max(500),
  })
  .strict();

/** `GET /action-item/my/items` query; `pinned=true` keeps the tasks I pinned. */
export const myItemsQuerySchema = z
  .object({ licensedOnly: queryBooleanSchema.default(true), pinned: queryBooleanSchema.optional() })
  .strict();
/** One of my tasks with its mission. */
export const myItemSchema = actionItemSchema.extend({
  mission: z.object({ _id: z.string(), title: z.string(), projectType: z.string() }),
});
export type MyItem = z.infer<typeof myItemSchema>;
/** `GET /action-item/my/items`: the caller's assigned tasks with their mission. */
export const myItemsSchema = z.object({ items: z.array(myItemSchema) });

/** `DELETE` answers. */
export const taskDeletedSchema = z.object({ deleted: z.array(z.string()) });

/** Responses: one action with its items; one item; several items. */
export const actionWithItemsSchema = z.object({ action: actionSchema, actionItems: z.array(actionItemSchema) });
export const actionItemsSchema = z.object({ actionItems: z.array(actionItemSchema) });

/**
 * What `PUT /action-item/:id/bulk` answers: each task named, once, in the order first named, with the fields the call
 * changed as a read shows them (its effects included: a status's completion, a power task's end, `updatedAt`); a
 * task it left as it was has its id alone. The column history is not repeated: a read of the task has it.
 */
export const actionItemChangesSchema = actionItemSchema.omit({ colHistory: true }).partial().extend({ _id: z.string() });
export type ActionItemChanges = z.infer<typeof actionItemChangesSchema>;
export const actionItemsChangedSchema = z.object({ actionItems: z.array(actionItemChangesSchema) });
