import { z } from 'zod';
import { PROJECT_STATUSES, PROJECT_TYPES } from '../missions/status.ts';
import { actionItemSchema } from '../tasks/tasks.ts';

/** A mission of the PM work space (`GET /board/workspace`). */
export const boardMissionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  org: z.string().nullable(),
  client: z.string().nullable(),
  projectStatus: z.enum(PROJECT_STATUSES),
  displayStatus: z.enum(PROJECT_STATUSES),
  projectType: z.enum(PROJECT_TYPES),
  planStartDate: z.string().nullable(),
  planEndDate: z.string().nullable(),
  /** The caller's place on the team. */
  permission: z.number(),
  isProjectManager: z.boolean(),
  /** Team size (external participants, permission 5, not counted). */
  peopleCount: z.number(),
  /** Tasks not done. */
  openTasks: z.number(),
});
export type BoardMission = z.infer<typeof boardMissionSchema>;

export const boardPersonSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
});
export type BoardPerson = z.infer<typeof boardPersonSchema>;

/** `GET /board/workspace`: the missions the caller manages (rule 240), their tasks and their teams' people. */
export const boardWorkspaceSchema = z.object({
  missions: z.array(boardMissionSchema),
  items: z.array(actionItemSchema),
  people: z.array(boardPersonSchema),
});
export type BoardWorkspace = z.infer<typeof boardWorkspaceSchema>;
