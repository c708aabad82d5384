import { z } from 'zod';

/**
 * Workspace reports of an organisation (`/org/:id/workspace/mission`, `/workspace/missionPlan`, `/mission/overview`):
 * every mission of the organisation listed in the work-space (rule 22: kicked off, or created on or after
 * 2025-01-08), templates and deleted missions left out. Organisation observers see them too (rule 111).
 */
export const workspaceMissionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  projectCode: z.string().nullable(),
  projectStatus: z.string().nullable(),
  /** 'planning' for an active or open mission not kicked off (rule 19). */
  displayStatus: z.string(),
  projectType: z.string(),
  client: z.string().nullable(),
  program: z.string().nullable(),
  goal: z.string().nullable(),
  planStartDate: z.string().nullable(),
  planEndDate: z.string().nullable(),
  kickedOff: z.boolean(),
  /** Finished (rule 21): completed, cancelled, or its stop time has passed. */
  finished: z.boolean(),
  departmentTags: z.array(z.string()),
  offices: z.array(z.string()),
  /** Team members shown in the team (permission 5 left out). */
  peopleCount: z.number(),
  updatedAt: z.string(),
});
export type WorkspaceMission = z.infer<typeof workspaceMissionSchema>;

export const workspaceMissionPlanSchema = z.object({
  _id: z.string(),
  missionId: z.string(),
  type: z.string(),
  title: z.string(),
  role: z.string().nullable(),
  person: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  allocation: z.number().nullable(),
  rateTime: z.string(),
  pinnedTo: z.string().nullable(),
});
export type WorkspaceMissionPlan = z.infer<typeof workspaceMissionPlanSchema>;

export const workspaceMissionsSchema = z.object({ missions: z.array(workspaceMissionSchema) });
export const workspaceMissionPlansSchema = z.object({ missionPlans: z.array(workspaceMissionPlanSchema) });
export const missionOverviewSchema = z.object({
  missions: z.array(workspaceMissionSchema),
  /** missions: all listed; active: not finished; planning: active or open and not kicked off; finished. */
  totals: z.object({ missions: z.number(), active: z.number(), planning: z.number(), finished: z.number() }),
});
export type MissionOverview = z.infer<typeof missionOverviewSchema>;
