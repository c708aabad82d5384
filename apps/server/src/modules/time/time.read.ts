import { and, arrayContains, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  addIsoDays,
  isMissionAdmin,
  keepsTimesheet,
  missingTimesheets,
  mondayOf,
  PROJECT_MANAGER_LOOKBACK_DAYS,
  timeTrackingEligible,
  weekEndOf,
  type MyTimesheetTask,
  type Timesheet,
} from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { actionItems, missionPeople, missions, orgs, planItemRequests, planItems, timesheets } from '../../db/schema/index.ts';
import { personToday } from '../people/index.ts';
import { loadMissionAccesses, shownTeamRowsOf, type MissionAccess } from '../../plugins/mission-access.ts';
import type { OrgAccess } from '../../plugins/types.ts';
import {
  approvesMissionTime,
  keepsHoursRefusal,
  keepsNoTime,
  notAllowed,
  notLicensed,
  orgCaller,
  requireLicensed,
  timeScope,
  timesheetNotFound,
  type TimeScope,
} from './time.access.ts';
import { presentTimesheet } from './time.presenter.ts';
import { taskTitles } from './time.queries.ts';

/** How far back a list reaches when it is not told (12 weeks). */
const DEFAULT_WEEKS_BACK = 12;

type Weeks = { from?: string | undefined; to?: string | undefined };

/** Weeks from `from` to `to`; without `from`, the 12 weeks up to this one, or up to `to` when it is earlier. */
function weeksFilter(weeks: Weeks, now: Date): SQL | undefined {
  const thisWeek = mondayOf(now.toISOString().slice(0, 10));
  const last = weeks.to && weeks.to < thisWeek ? weeks.to : thisWeek;
  return and(
    gte(timesheets.weekStart, weeks.from ?? addIsoDays(last, -7 * DEFAULT_WEEKS_BACK)),
    weeks.to ? lte(timesheets.weekStart, weeks.to) : undefined,
  );
}

/** Sheets matching `where`, minus the drafts and rejected ones that views drop (rules 174–175), oldest week first. */
async function listKept(db: Db, where: SQL | undefined): Promise<Timesheet[]> {
  // only what the keep rule reads of the role and the mission (whole rows of both cost more than the sheets); each
  // starts with its id, from which a left join's missing row reads as null
  const rows = await db
    .select({
      sheet: timesheets,
      planItem: {
        inactive: planItems.inactive,
        wasDeleted: planItems.wasDeleted,
        startDate: planItems.startDate,
        endDate: planItems.endDate,
      },
      mission: { id: missions.id, archivedAt: missions.archivedAt, noTimesheets: missions.noTimesheets },
    })
    .from(timesheets)
    .leftJoin(planItems, eq(planItems.id, timesheets.planItemId))
    .leftJoin(missions, eq(missions.id, timesheets.missionId))
    .where(where)
    .orderBy(timesheets.weekStart, timesheets.id);
  const kept = rows.filter(({ sheet, planItem, mission }) =>
    keepsTimesheet({
      status: sheet.status,
      weekStart: sheet.weekStart,
      planItem,
      mission: mission && { archived: mission.archivedAt !== null, noTimesheets: mission.noTimesheets },
    }),
  );
  const titles = await taskTitles(
    db,
    kept.map(({ sheet }) => sheet),
  );
  return kept.map(({ sheet }) => presentTimesheet(sheet, titles));
}

/**
 * `GET /timesheet`: the caller's weeks where they keep time (`timeScope`: their organisations that track time, and
 * the projects of others they work on from outside), and the weeks of their roles still missing over the last three
 * weeks (rule 178). With nowhere to keep them: 403 'There are no eligible organizations for Time Tracking.' (rule 180).
 */
export async function myTimesheets(db: Db, now: Date, personId: string, weeks: Weeks & { week?: string | undefined }) {
  const scope = await timeScope(db, personId, now);
  if (keepsNoTime(scope)) throw notLicensed();
  const sheetsInScope = or(inArray(timesheets.orgId, scope.orgIds), inArray(timesheets.missionId, scope.missionIds));
  const sheets = await listKept(db, and(eq(timesheets.personId, personId), sheetsInScope, weeksFilter(weeks, now)));
  const keepsTime = and(
    eq(planItems.type, 'person'),
    eq(planItems.inactive, false),
    eq(planItems.wasDeleted, false),
    isNull(missions.archivedAt),
    eq(missions.noTimesheets, false),
    eq(missions.isTemplate, false),
    missionsInScope(scope),
  );
  const role = {
    planItemId: planItems.id,
    missionId: planItems.missionId,
    missionTitle: missions.title,
    title: planItems.title,
    startDate: planItems.startDate,
    endDate: planItems.endDate,
  };
  const heldRoles = await db
    .select({ ...role, allocation: planItems.allocation })
    .from(planItems)
    .innerJoin(missions, eq(missions.id, planItems.missionId))
    .where(and(eq(planItems.personId, personId), keepsTime));
  const requested = await db
    .selectDistinct(role)
    .from(planItemRequests)
    .innerJoin(planItems, eq(planItems.id, planItemRequests.planItemId))
    .innerJoin(missions, eq(missions.id, planItems.missionId))
    .where(
      and(eq(planItemRequests.personId, personId), eq(planItemRequests.status, 'pending_approval'), isNull(planItems.personId), keepsTime),
    );
  const today = await personToday(db, personId, now);
  const weekTasks = await myTasksOfWeek(db, personId, scope, weeks.week ?? mondayOf(today));
  // only where a save would take the week: a role kept from before the person became an observer, was removed from
  // the team or while their invite waits is no row of the grid, nor a missing week
  const keeps = await missionsKeepingHours(db, now, personId, [...heldRoles, ...weekTasks.map((task) => ({ missionId: task.mission }))]);
  const roles = heldRoles.filter((held) => keeps.has(held.missionId));
  const tasks = weekTasks.filter((task) => keeps.has(task.mission));
  const since = addIsoDays(mondayOf(today), -21);
  const doneRows = await db
    .select({ planItemId: timesheets.planItemId, weekStart: timesheets.weekStart })
    .from(timesheets)
    .where(and(eq(timesheets.personId, personId), gte(timesheets.weekStart, since), inArray(timesheets.status, ['submitted', 'approved'])));
  const done = new Set(doneRows.map((row) => `${row.planItemId}:${row.weekStart}`));
  return {
    timesheets: sheets,
    roles: roles.map(({ missionId, ...role }) => ({ ...role, mission: missionId })),
    requested: requested.map(({ missionId, ...role }) => ({ ...role, mission: missionId })),
    tasks,
    missing: missingTimesheets(roles, done, today),
  };
}

/** The missions of `rows` where the person's save of a week would pass the save's gate (`keepsHoursRefusal`). */
async function missionsKeepingHours(db: Db, now: Date, personId: string, rows: readonly { missionId: string }[]): Promise<Set<string>> {
  const accesses = await loadMissionAccesses(db, [...new Set(rows.map((row) => row.missionId))], personId);
  return new Set([...accesses].filter(([, access]) => keepsHoursRefusal(access, now) === null).map(([missionId]) => missionId));
}

/** Missions where the person keeps time (`timeScope`): of their organisations, or their projects of another. */
const missionsInScope = (scope: TimeScope) => or(inArray(missions.orgId, scope.orgIds), inArray(missions.id, scope.missionIds));

/**
 * The task rows of my week: tasks assigned to me whose dates (start to end, else the due day) touch the week, and
 * tasks already on my week, on missions where I keep time (`timeScope`) that keep timesheets.
 */
async function myTasksOfWeek(db: Db, personId: string, scope: TimeScope, week: string): Promise<MyTimesheetTask[]> {
  const lines = await db
    .select({ taskLines: timesheets.taskLines })
    .from(timesheets)
    .where(and(eq(timesheets.personId, personId), eq(timesheets.weekStart, week)));
  const onWeek = [...new Set(lines.flatMap((sheet) => (sheet.taskLines ?? []).map((line) => line.actionItemId)))];
  const first = sql<string | null>`coalesce(${actionItems.startDate}, ${actionItems.dueDate}, ${actionItems.endDate})`;
  const last = sql<string | null>`coalesce(${actionItems.endDate}, ${actionItems.dueDate}, ${actionItems.startDate})`;
  const assigned = and(arrayContains(actionItems.people, [personId]), sql`${first} <= ${weekEndOf(week)}`, sql`${last} >= ${week}`);
  return db
    .select({
      actionItemId: actionItems.id,
      mission: actionItems.missionId,
      missionTitle: missions.title,
      title: actionItems.title,
      startDate: first,
      endDate: last,
    })
    .from(actionItems)
    .innerJoin(missions, eq(missions.id, actionItems.missionId))
    .where(
      and(
        onWeek.length > 0 ? or(assigned, inArray(actionItems.id, onWeek)) : assigned,
        isNull(missions.archivedAt),
        eq(missions.noTimesheets, false),
        eq(missions.isTemplate, false),
        missionsInScope(scope),
      ),
    )
    .orderBy(missions.title, actionItems.title, actionItems.id);
}

/**
 * `GET /timesheet/project-manager`: sheets of the missions the caller manages (project manager or owner) in
 * organisations that track time, changed since `updatedAt` (default 30 days back, rule 179). Without `updatedAt` the
 * list is the whole board, not changes to add to one kept before: a week still waiting for a decision stays on it
 * however long ago it was submitted.
 */
export async function projectManagerTimesheets(db: Db, now: Date, personId: string, updatedAt: string | undefined): Promise<Timesheet[]> {
  const missionIds = await managedMissionIds(db, now, personId);
  if (missionIds.length === 0) return [];
  const since = updatedAt ? new Date(updatedAt) : new Date(now.getTime() - PROJECT_MANAGER_LOOKBACK_DAYS * 86_400_000);
  const changed = gte(timesheets.updatedAt, since);
  const shown = updatedAt ? changed : or(changed, eq(timesheets.status, 'submitted'));
  return listKept(db, and(inArray(timesheets.missionId, missionIds), shown));
}

/**
 * The missions the person manages (project manager or owner), not archived, in organisations that track time and
 * that still show them the mission (`missionShownTo`): theirs or another's (a project manager invited from outside decides the project's weeks as its other approvers do).
 */
export async function managedMissionIds(db: Db, now: Date, personId: string): Promise<string[]> {
  const managed = await db
    .select({
      missionId: missionPeople.missionId,
      permission: missionPeople.permission,
      isProjectManager: missionPeople.isProjectManager,
      org: {
        isLicensedActive: orgs.isLicensedActive,
        isOrgLicensed: orgs.isOrgLicensed,
        isKeyLicensed: orgs.isKeyLicensed,
        trialStartedOn: orgs.trialStartedOn,
      },
    })
    .from(missionPeople)
    .innerJoin(missions, eq(missions.id, missionPeople.missionId))
    .innerJoin(orgs, and(eq(orgs.id, missions.orgId), isNull(orgs.deletedAt)))
    .where(shownTeamRowsOf(personId));
  return managed.filter((row) => isMissionAdmin(row) && timeTrackingEligible(row.org, now)).map((row) => row.missionId);
}

/** `GET /timesheet/mission/:id`: approvers read every sheet of the mission; everybody else only their own. */
export async function missionTimesheets(db: Db, now: Date, access: MissionAccess, weeks: Weeks): Promise<Timesheet[]> {
  requireLicensed(access.org, now);
  const whose = approvesMissionTime(access) ? undefined : eq(timesheets.personId, access.personId);
  return listKept(db, and(eq(timesheets.missionId, access.mission.id), whose, weeksFilter(weeks, now)));
}

/** `GET /timesheet/mission/:id/person/:personId`: one person's sheets of the mission, for them and its approvers. */
export async function personMissionTimesheets(
  db: Db,
  now: Date,
  access: MissionAccess,
  personId: string,
  weeks: Weeks,
): Promise<Timesheet[]> {
  requireLicensed(access.org, now);
  if (personId !== access.personId && !approvesMissionTime(access)) throw notAllowed();
  return listKept(db, and(eq(timesheets.missionId, access.mission.id), eq(timesheets.personId, personId), weeksFilter(weeks, now)));
}

/**
 * `GET /timesheet/org/:orgId`: the organisation's admins (who decide its weeks) read its sheets, everybody else their
 * own; giveOrgOnly keeps the organisation's own sheets, giveMissionOnly the missions'.
 */
export async function orgTimesheets(
  db: Db,
  now: Date,
  access: OrgAccess,
  query: Weeks & { giveOrgOnly?: boolean | undefined; giveMissionOnly?: boolean | undefined },
): Promise<Timesheet[]> {
  const org = requireLicensed(access.org, now);
  const caller = orgCaller(access);
  const kind = query.giveOrgOnly
    ? isNull(timesheets.missionId)
    : query.giveMissionOnly
      ? sql`${timesheets.missionId} is not null`
      : undefined;
  const whose = caller.decides ? undefined : eq(timesheets.personId, caller.personId);
  return listKept(db, and(eq(timesheets.orgId, org.id), kind, whose, weeksFilter(query, now)));
}

/** `GET /timesheet/org/:orgId/timesheet/:id`: its person, or the organisation's admins, or the approvers of its mission. */
export async function orgTimesheet(db: Db, now: Date, access: OrgAccess, id: string): Promise<Timesheet> {
  const org = requireLicensed(access.org, now);
  const caller = orgCaller(access);
  const [row] = await db
    .select({ sheet: timesheets, member: missionPeople })
    .from(timesheets)
    .leftJoin(missionPeople, and(eq(missionPeople.missionId, timesheets.missionId), eq(missionPeople.personId, caller.personId)))
    .where(and(eq(timesheets.id, id), eq(timesheets.orgId, org.id)));
  // a sheet the caller may not read answers as one that does not exist
  if (!row) throw timesheetNotFound();
  const missionApprover = !!row.member && !row.member.invitePending && isMissionAdmin(row.member);
  if (row.sheet.personId !== caller.personId && !caller.decides && !missionApprover) throw timesheetNotFound();
  return presentTimesheet(row.sheet);
}
