import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  approvesMissionTime as approvesTime,
  decidesOrgTime,
  keepsOrgTime,
  reviewsOrgTime,
  timeTrackingEligible,
  type RoleRefusal,
} from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { orgPeople, orgs } from '../../db/schema/index.ts';
import { type AppError, appError } from '../../lib/errors.ts';
import { missionRefusal } from '../../plugins/authz.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import type { MissionAccess } from '../../plugins/mission-access.ts';
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
 * (`reviewsOrgTime`).
 */
export function orgCaller(access: OrgAccess): { personId: string; keeps: boolean; decides: boolean; reviews: boolean } {
  if (!access.personId) throw notAllowed();
  const level = access.member?.level;
  return { personId: access.personId, keeps: keepsOrgTime(level), decides: decidesOrgTime(level), reviews: reviewsOrgTime(level) };
}

/** The organisations the person currently belongs to that may track time now. */
export async function eligibleOrgIds(db: Db | Tx, personId: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ org: orgs })
    .from(orgPeople)
    .innerJoin(orgs, and(eq(orgs.id, orgPeople.orgId), sql`${orgs.deletedAt} is null`))
    .where(and(eq(orgPeople.personId, personId), currentMembership()));
  return rows.filter(({ org }) => timeTrackingEligible(org, now)).map(({ org }) => org.id);
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
