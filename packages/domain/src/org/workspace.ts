import { z } from 'zod';

/**
 * Workspace reports (`/org/:id/workspace/mission`, `/workspace/missionPlan`, `/mission/overview`). Missions
 * arrive with their own domain; until then the lists are empty, with the shape their items will have.
 */
export const workspaceMissionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  projectStatus: z.string().nullable(),
  client: z.string().nullable(),
  planStartDate: z.string().nullable(),
  planEndDate: z.string().nullable(),
});
export const workspaceMissionPlanSchema = z.object({
  _id: z.string(),
  missionId: z.string(),
  title: z.string(),
  role: z.string().nullable(),
  person: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  allocation: z.number().nullable(),
});
export const workspaceMissionsSchema = z.object({ missions: z.array(workspaceMissionSchema) });
export const workspaceMissionPlansSchema = z.object({ missionPlans: z.array(workspaceMissionPlanSchema) });
export const missionOverviewSchema = z.object({
  missions: z.array(workspaceMissionSchema),
  totals: z.object({ missions: z.number(), active: z.number() }),
});
