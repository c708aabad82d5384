import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { keptWeekStartSchema, saveStatusSchema, timesheetListSchema, TIME_MESSAGES, weekHoursSchema } from './time.ts';

/**
 * `PUT /timesheet/week`: the person's whole week in one request (spec 2 §2, the personal grid; rules 171–176). Each
 * row is a role of theirs (a plan item, role form) or a task assigned to them (an action item, kept in the mission's
 * task-form week), with seven daily hours, Monday first.
 */

/** A week has a row per role and per task: far fewer than this. */
export const WEEK_SAVE_MAX_ROWS = 200;

const oneTarget = (row: { planItemId?: string | undefined; actionItemId?: string | undefined }) => !row.planItemId !== !row.actionItemId;

export const weekSaveRowSchema = z
  .object({
    missionId: idSchema,
    /** A role of mine on the mission (role form)… */
    planItemId: idSchema.optional(),
    /** …or a task of the mission assigned to me (task form). */
    actionItemId: idSchema.optional(),
    dailyHours: weekHoursSchema,
  })
  .strict()
  .refine(oneTarget, { message: 'Give planItemId (a role) or actionItemId (a task)', path: ['planItemId'] });
export type WeekSaveRow = z.infer<typeof weekSaveRowSchema>;

/** The key of a row: its role or its task. */
export const weekRowKey = (row: Pick<WeekSaveRow, 'planItemId' | 'actionItemId'>) => row.planItemId ?? `task:${row.actionItemId}`;

export const weekSaveSchema = z
  .object({
    weekStart: keptWeekStartSchema,
    status: saveStatusSchema,
    /** Whether a submission tells the approvers (rule 176); it does unless told not to. */
    notify: z.boolean().optional(),
    rows: z.array(weekSaveRowSchema).min(1, 'Give at least one row').max(WEEK_SAVE_MAX_ROWS, `At most ${WEEK_SAVE_MAX_ROWS} rows`),
  })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.rows.forEach((row, i) => {
      const key = weekRowKey(row);
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          message: TIME_MESSAGES.twiceInWeek,
          path: ['rows', i, row.planItemId ? 'planItemId' : 'actionItemId'],
        });
      seen.add(key);
    });
  });
export type WeekSave = z.infer<typeof weekSaveSchema>;

/** The answer: the week's sheets the rows live in, as saved (unchanged ones as they were). */
export const weekSavedSchema = z.object({ timesheets: timesheetListSchema });
export type WeekSaved = z.infer<typeof weekSavedSchema>;
