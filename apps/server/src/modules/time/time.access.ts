import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  approvesMissionTime as approvesTime,
  decidesOrgTime,
  keepsOrgTime,
  mayHoldRole,
  readsOrgTimeReports,
  reviewsOrgTime,
  timeTrackingEligible,
  type RoleRefusal,
  type TimeTrackingOrg,
} from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { missionPeople, missions, orgPeople, orgs } from '../../db/schema/index.ts';
import { type AppError, appError } from '../../lib/errors.ts';
import { missionRefusal } from '../../plugins/authz.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import { shownTeamRowsOf, type MissionAccess } from '../../plugins/mission-access.ts';
import type { OrgAccess, OrgRow } from '../../plugins/types.ts';

/** Refusals of this module (their codes are not the route gate's 'forbidden': the gate let the caller in). */
export const notLicensed = () => appError('timeNotLicensed');
export const notAllowed = () => appError('timeNotAllowed');
export const timesheetNotFound = () => appError('timesheetNotFound');
export const locked = () => appError('timesheetLocked');
export const noTimesheets = () => appError('noTimesheets');

export { decidesOrgTime, reviewsOrgTime };

/** Rule 180: time tracking needs a licensed organisation (a running trial counts). */
export function requireLicensed(org: OrgRow | null, now: Date): OrgRow {
  if (!org || !timeTrackingEligible(org, now)) throw notLicensed();
  return org;
}

/** Why nobody keeps weeks on the mission (null: they may): its organisation does not track time (403), or the mission keeps no timesheets (409). */
export function timeTrackingRefusal(access: MissionAccess, now: Date): AppError | null {
  if (!access.org || !timeTrackingEligible(access.org, now)) return notLicensed();
  return access.mission.noTimesheets ? noTimesheets() : null;
}

/**
 * Why the person may not keep hours on the mission now (null: they may): the save's gate (still on its team, with
 * the right to save) and `timeTrackingRefusal`. Every write of a person's hours asks it, whichever route it came by.
 */
export function keepsHoursRefusal(access: MissionAccess | null, now: Date, notVisible?: () => AppError): AppError | null {
  return missionRefusal(access, { mission: 'timesheet.save' }, notVisible) ?? timeTrackingRefusal(access!, now);
}

/** A mission whose weeks people keep (see `timeTrackingRefusal`): its organisation. */
export function requireTimeTracked(access: MissionAccess, now: Date): OrgRow {
  const refusal = timeTrackingRefusal(access, now);
  if (refusal) throw refusal;
  return access.org!;
}

/** Why the person may not keep hours on a role (`roleRefusal` of the domain), naming the role's field or the week's. */
export function roleRefused(refusal: RoleRefusal, fields: { role: string; week: string }): AppError {
  if (refusal === 'notYours') return appError('timeNotYourRole', fields.role);
  if (refusal === 'inactive') return appError('timeRoleInactive', fields.role);
  if (refusal === 'outsideWeek') return appError('timeOutsideRole', fields.week);
  return appError('timeUnknownRole', fields.role);
}

/** The ids of `personIds` who have left the organisation (a membership of it that has ended; an outsider never had one). */
export async function leftOrgIds(db: Db | Tx, orgId: string, personIds: readonly string[]): Promise<Set<string>> {
  if (personIds.length === 0) return new Set();
  const rows = await db
    .select({ personId: orgPeople.personId })
    .from(orgPeople)
    .where(and(eq(orgPeople.orgId, orgId), inArray(orgPeople.personId, [...personIds]), lte(orgPeople.endDate, sql`current_date`)));
  return new Set(rows.map((row) => row.personId));
}

/**
 * Who decides the sheets of a mission, as the timesheet policy says (`approvesMissionTime` of the domain). Somebody
 * who left its organisation has no access to the mission any more (`loadMissionAccess`).
 */
export const approvesMissionTime = (access: MissionAccess) => approvesTime(access.actor);

/**
 * The caller of an organisation time route: a person (keys do not keep timesheets), whether they keep weeks of the
 * organisation's work (`keepsOrgTime`), decide and read everybody's weeks (`decidesOrgTime`) and read the reports
 * (`readsOrgTimeReports`: its admins and managers, and its observers, who decide nothing).
 */
export function orgCaller(access: OrgAccess): { personId: string; keeps: boolean; decides: boolean; readsReports: boolean } {
  if (!access.personId) throw notAllowed();
  const level = access.member?.level;
  return {
    personId: access.personId,
    keeps: keepsOrgTime(level),
    decides: decidesOrgTime(level),
    readsReports: readsOrgTimeReports(level),
  };
}

/**
 * Where the person keeps weeks now (rule 180): the organisations they currently belong to that may track time
 * (`orgIds`: all their work), and, of other organisations that may, the projects they work on as a team member
 * invited from outside (`missionIds`: an outsider holds roles there and its save accepts their weeks, but sees nothing
 * else of the organisation). A project counts while its invite is accepted, they may hold a role on it (below
 * observer, rule 77), it is live (not archived, not a template, keeping timesheets) and still shown to them
 * (`missionShownTo`: not of an organisation they left, nor one requiring two-factor sign-in they lack).
 */
export async function timeScope(db: Db | Tx, personId: string, now: Date): Promise<TimeScope> {
  const memberships = await db
    .select({ org: orgs })
    .from(orgPeople)
    .innerJoin(orgs, and(eq(orgs.id, orgPeople.orgId), isNull(orgs.deletedAt)))
    .where(and(eq(orgPeople.personId, personId), currentMembership()));
  const orgIds = memberships.filter(({ org }) => timeTrackingEligible(org, now)).map(({ org }) => org.id);
  const belongs = new Set(memberships.map(({ org }) => org.id));
  const team = await db
    .select({ missionId: missions.id, permission: missionPeople.permission, org: orgs })
    .from(missionPeople)
    .innerJoin(missions, eq(missions.id, missionPeople.missionId))
    .innerJoin(orgs, and(eq(orgs.id, missions.orgId), isNull(orgs.deletedAt)))
    .where(and(shownTeamRowsOf(personId), eq(missions.isTemplate, false), eq(missions.noTimesheets, false)));
  const outside = team.filter(({ org, permission }) => !belongs.has(org.id) && mayHoldRole(permission) && timeTrackingEligible(org, now));
  const missionsByOrg = new Map<string, string[]>();
  for (const { org, missionId } of outside) missionsByOrg.set(org.id, [...(missionsByOrg.get(org.id) ?? []), missionId]);
  return { orgIds, missionIds: outside.map((row) => row.missionId), missionsByOrg };
}

export type TimeScope = {
  /** Organisations the person belongs to that track time: all their weeks, roles and tasks. */
  orgIds: string[];
  /** Projects of other organisations that track time, which the person works on from outside: only these. */
  missionIds: string[];
  /** `missionIds` by their organisation. */
  missionsByOrg: Map<string, string[]>;
};

/** Nowhere to keep weeks: 403 'There are no eligible organizations for Time Tracking.' (rule 180). */
export const keepsNoTime = (scope: TimeScope) => scope.orgIds.length === 0 && scope.missionIds.length === 0;

/** `GET /timesheet/orgs`: the organisations of `timeScope`, each with the projects of it the person works on from outside (null: all its work). */
export async function timeTrackingOrgs(db: Db, now: Date, personId: string): Promise<TimeTrackingOrg[]> {
  const scope = await timeScope(db, personId, now);
  return [
    ...scope.orgIds.map((id) => ({ _id: id, missions: null })),
    ...[...scope.missionsByOrg].map(([id, missionIds]) => ({ _id: id, missions: missionIds })),
  ];
}

/** The ids of `orgIds` where the person reviews time. */
export async function reviewedOrgIds(db: Db | Tx, personId: string, orgIds: string[]): Promise<string[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .select({ orgId: orgPeople.orgId, level: orgPeople.level })
    .from(orgPeople)
    .where(and(eq(orgPeople.personId, personId), inArray(orgPeople.orgId, orgIds), currentMembership()));
  return rows.filter((row) => reviewsOrgTime(row.level)).map((row) => row.orgId);
}
