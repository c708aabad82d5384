import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import {
  addIsoDays,
  minutesToHours,
  mondayOf,
  PROJECT_MANAGER_LOOKBACK_DAYS,
  ROLE_CELL_LABELS,
  ROLE_CELL_MAX_WEEKS,
  roleWeekCells,
  type ManagedRoleCells,
  type RequestFacts,
} from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { missions, people, planItemRequests, planItems, timesheets } from '../../db/schema/index.ts';
import { personToday } from '../people/index.ts';
import { managedMissionIds } from './time.read.ts';

/** The first day of the calendar the product keeps (1900–2999, `dateSchema`), a Monday. */
const FIRST_MONDAY = '1900-01-01';

/**
 * The weeks asked for, Mondays oldest first: by default from the Monday 30 days back (rule 179) to this week's (the
 * caller's, in the time zone of their profile); a start alone runs up to this week (at most 26 weeks), an end alone
 * goes back 30 days from it.
 */
function weeksOf(query: { from?: string | undefined; to?: string | undefined }, today: string): string[] {
  const thisMonday = mondayOf(today);
  const back = addIsoDays(query.to ?? today, -PROJECT_MANAGER_LOOKBACK_DAYS);
  // 30 days before an end in January 1900 fall outside the calendar: its first day, a Monday, starts the weeks
  const from = query.from ?? (back < FIRST_MONDAY ? FIRST_MONDAY : mondayOf(back));
  const latest = addIsoDays(from, 7 * (ROLE_CELL_MAX_WEEKS - 1));
  const to = query.to ?? (thisMonday < from ? from : thisMonday < latest ? thisMonday : latest);
  const weeks: string[] = [];
  for (let week = from; week <= to; week = addIsoDays(week, 7)) weeks.push(week);
  return weeks;
}

/**
 * `GET /timesheet/project-manager/roles`: for each role (person plan item) of the missions the caller manages, the
 * weeks without a submitted, approved or rejected sheet, as the organisation-level cells of rule 80 ('Unfilled
 * role', 'Needs assignment', 'Not submitted yet (Draft)'). Missions that keep no timesheets and templates have none.
 */
export async function managedRoleCells(
  db: Db,
  now: Date,
  personId: string,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<ManagedRoleCells> {
  const weeks = weeksOf(query, await personToday(db, personId, now));
  const missionIds = await managedMissionIds(db, now, personId);
  if (missionIds.length === 0 || weeks.length === 0) return { weeks, cells: [] };
  const roles = await db
    .select({
      planItemId: planItems.id,
      mission: planItems.missionId,
      missionTitle: missions.title,
      title: planItems.title,
      person: planItems.personId,
      firstName: people.firstName,
      lastName: people.lastName,
      startDate: planItems.startDate,
      endDate: planItems.endDate,
    })
    .from(planItems)
    .innerJoin(missions, eq(missions.id, planItems.missionId))
    .leftJoin(people, eq(people.id, planItems.personId))
    .where(
      and(
        inArray(planItems.missionId, missionIds),
        eq(planItems.type, 'person'),
        eq(planItems.inactive, false),
        eq(planItems.wasDeleted, false),
        eq(missions.noTimesheets, false),
        eq(missions.isTemplate, false),
        isNull(missions.archivedAt),
      ),
    );
  if (roles.length === 0) return { weeks, cells: [] };
  const roleIds = roles.map((role) => role.planItemId);
  const [requests, sheets] = await Promise.all([
    db
      .select({
        planItemId: planItemRequests.planItemId,
        context: planItemRequests.context,
        status: planItemRequests.status,
        person: planItemRequests.personId,
      })
      .from(planItemRequests)
      .where(inArray(planItemRequests.planItemId, roleIds))
      .orderBy(asc(planItemRequests.sentForApprovalOn)),
    db
      .select({
        _id: timesheets.id,
        planItemId: timesheets.planItemId,
        person: timesheets.personId,
        weekStart: timesheets.weekStart,
        status: timesheets.status,
        dailyMinutes: timesheets.dailyMinutes,
      })
      .from(timesheets)
      .where(and(inArray(timesheets.planItemId, roleIds), gte(timesheets.weekStart, weeks[0]!), lte(timesheets.weekStart, weeks.at(-1)!))),
  ]);
  const requestsOf = new Map<string, RequestFacts[]>();
  for (const { planItemId, ...request } of requests) requestsOf.set(planItemId, [...(requestsOf.get(planItemId) ?? []), request]);
  const byId = new Map(roles.map((role) => [role.planItemId, role]));
  const cells = roleWeekCells(
    roles.map((role) => ({ ...role, requests: requestsOf.get(role.planItemId) ?? [] })),
    sheets,
    weeks,
  );
  return {
    weeks,
    cells: cells.map(({ planItemId, weekStart, kind }) => {
      const role = byId.get(planItemId)!;
      const draft = role.person
        ? sheets.find((sheet) => sheet.planItemId === planItemId && sheet.weekStart === weekStart && sheet.person === role.person)
        : undefined;
      return {
        mission: role.mission,
        missionTitle: role.missionTitle,
        planItemId,
        title: role.title,
        person: role.person,
        personName: role.person ? `${role.firstName ?? ''} ${role.lastName ?? ''}`.trim() : null,
        weekStart,
        kind,
        label: ROLE_CELL_LABELS[kind],
        draft: draft ? { _id: draft._id, totalHours: minutesToHours(draft.dailyMinutes.reduce((sum, m) => sum + m, 0)) } : null,
      };
    }),
  };
}
