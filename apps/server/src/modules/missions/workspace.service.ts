import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  displayStatus,
  isFinished,
  WORKSPACE_LISTING_SINCE,
  type MissionOverview,
  type ProjectStatus,
  type WorkspaceMission,
  type WorkspaceMissionPlan,
} from '@crewplan/domain';
import { missions, planItems } from '../../db/schema/index.ts';
import type { AppContext } from '../../plugins/types.ts';

/** Missions of the organisation listed in its work-space (rule 22), templates and deleted ones left out. */
const listed = (orgId: string) =>
  and(
    eq(missions.orgId, orgId),
    isNull(missions.archivedAt),
    eq(missions.isTemplate, false),
    sql`(${missions.kickedOff} or ${missions.createdAt} >= ${`${WORKSPACE_LISTING_SINCE}T00:00:00Z`}::timestamptz)`,
  );

/** `GET /org/:id/workspace/mission`: the organisation's missions, whoever is on their teams. */
export async function workspaceMissions(ctx: AppContext, orgId: string): Promise<WorkspaceMission[]> {
  const peopleCount = sql<number>`(select count(*)::int from mission_people c where c.mission_id = "missions"."id" and c.permission <> 5)`;
  const rows = await ctx.db
    .select({ mission: missions, peopleCount })
    .from(missions)
    .where(listed(orgId))
    .orderBy(asc(missions.title), asc(missions.id));
  const now = ctx.clock.now();
  return rows.map(({ mission, peopleCount: count }) => {
    const status = mission.projectStatus as ProjectStatus;
    return {
      _id: mission.id,
      title: mission.title,
      projectCode: mission.projectCode,
      projectStatus: status,
      displayStatus: displayStatus({ projectStatus: status, kickedOff: mission.kickedOff }),
      projectType: mission.projectType,
      client: mission.clientId,
      program: mission.programId,
      goal: mission.goalId,
      planStartDate: mission.planStartDate,
      planEndDate: mission.planEndDate,
      kickedOff: mission.kickedOff,
      finished: isFinished({ projectStatus: status, missionStop: mission.missionStop?.toISOString() ?? null }, now),
      departmentTags: mission.departmentTags,
      offices: mission.offices,
      peopleCount: count,
      updatedAt: mission.updatedAt.toISOString(),
    };
  });
}

/** `GET /org/:id/workspace/missionPlan`: the plan items of the organisation's listed missions. */
export async function workspaceMissionPlans(ctx: AppContext, orgId: string): Promise<WorkspaceMissionPlan[]> {
  const ids = ctx.db.select({ id: missions.id }).from(missions).where(listed(orgId));
  const rows = await ctx.db
    .select()
    .from(planItems)
    .where(and(inArray(planItems.missionId, ids), eq(planItems.wasDeleted, false)))
    .orderBy(asc(planItems.missionId), asc(planItems.startDate), asc(planItems.id));
  return rows.map((row) => ({
    _id: row.id,
    missionId: row.missionId,
    type: row.type,
    title: row.title,
    role: row.role,
    person: row.personId,
    startDate: row.startDate,
    endDate: row.endDate,
    allocation: row.allocation,
    rateTime: row.rateTime,
    pinnedTo: row.pinnedTo,
  }));
}

/** `GET /org/:id/mission/overview`: the listed missions and their counts. */
export async function missionOverview(ctx: AppContext, orgId: string): Promise<MissionOverview> {
  const list = await workspaceMissions(ctx, orgId);
  const finished = list.filter((mission) => mission.finished).length;
  return {
    missions: list,
    totals: {
      missions: list.length,
      active: list.length - finished,
      planning: list.filter((mission) => !mission.finished && mission.displayStatus === 'planning').length,
      finished,
    },
  };
}
