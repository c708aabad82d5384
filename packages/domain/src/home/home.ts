import { z } from 'zod';
import { boardPersonSchema } from '../board/board.ts';
import { projectStatusSchema } from '../missions/status.ts';
import { idSchema } from '../shared/ids.ts';
import { dateSchema, queryIntSchema } from '../shared/inputs.ts';
import { myItemSchema } from '../tasks/tasks.ts';

/**
 * The answers of Home's paged reads: the server ranks and pages the tasks, so that the browser never holds a person's
 * whole task list (a person may have tens of thousands).
 */

/** Suggestions answered at most (Work AI shows up to 6 cards, Do AI 10). */
export const SUGGESTIONS_MAX = 50;

/** `GET /action-item/my/suggestions` query: `today` (the person's day, default today in their time zone). */
export const suggestionsQuerySchema = z
  .object({ today: dateSchema.optional(), limit: queryIntSchema(1, SUGGESTIONS_MAX).default(10) })
  .strict();

export const weightReasonSchema = z.union([
  z.object({ kind: z.enum(['endedToday', 'dueToday', 'thisWeek', 'client', 'slipped', 'critical']), points: z.number() }),
  z.object({ kind: z.literal('late'), points: z.number(), days: z.number() }),
  z.object({ kind: z.literal('complexity'), points: z.number(), level: z.union([z.literal(1), z.literal(2), z.literal(3)]) }),
  z.object({ kind: z.literal('people'), points: z.number(), count: z.number() }),
]);

export const suggestionSchema = z.object({ item: myItemSchema, weight: z.number(), reasons: z.array(weightReasonSchema) });
export type Suggestion = z.infer<typeof suggestionSchema>;

/**
 * `GET /action-item/my/suggestions`: my heaviest tasks of the day (rule 235, weight above 0), heaviest first, and
 * the missions Home shows tasks of (mine and those I manage), whose changes refresh it.
 */
export const suggestionsSchema = z.object({ suggestions: z.array(suggestionSchema), missionIds: z.array(z.string()) });
export type Suggestions = z.infer<typeof suggestionsSchema>;

/** Task master rows a page holds at most. */
export const TASK_MASTER_PAGE_MAX = 500;

/** `GET /action-item/my/task-master` query: the grid's filters (rule 237; no person: everybody) and a page. */
export const taskMasterQuerySchema = z
  .object({
    projectStatus: z.union([z.literal('all'), projectStatusSchema]).default('all'),
    show: z.enum(['all', 'mine']).default('all'),
    person: idSchema.optional(),
    offset: queryIntSchema(0, 10_000_000).default(0),
    limit: queryIntSchema(1, TASK_MASTER_PAGE_MAX).default(100),
  })
  .strict();
export type TaskMasterQuery = z.infer<typeof taskMasterQuerySchema>;

export const taskMasterItemSchema = myItemSchema.extend({
  mission: z.object({ _id: z.string(), title: z.string(), projectType: z.string(), projectStatus: z.string() }),
});
export type TaskMasterItem = z.infer<typeof taskMasterItemSchema>;

/** A group of the grid: 'pinned' (my pinned tasks) or a mission, with how many tasks the filters keep in it. */
export const taskMasterGroupSchema = z.object({ key: z.string(), title: z.string(), count: z.number() });
export type TaskMasterGroup = z.infer<typeof taskMasterGroupSchema>;

/**
 * `GET /action-item/my/task-master`: every group the filters keep (pinned first, then missions by title), the tasks
 * from `offset` in that order, and the people of the teams I manage (the person filter).
 */
export const taskMasterPageSchema = z.object({
  total: z.number(),
  groups: z.array(taskMasterGroupSchema),
  items: z.array(taskMasterItemSchema),
  people: z.array(boardPersonSchema),
});
export type TaskMasterPage = z.infer<typeof taskMasterPageSchema>;
