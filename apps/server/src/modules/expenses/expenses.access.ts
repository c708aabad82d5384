import { and, eq, inArray } from 'drizzle-orm';
import { decidesMissionExpenses, decidesOrgExpenses, mayHoldRole, timeTrackingEligible } from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { orgPeople } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { missionRefusal } from '../../plugins/authz.ts';
import { loadMissionAccesses, type MissionAccess } from '../../plugins/mission-access.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import type { OrgAccess, OrgRow } from '../../plugins/types.ts';

/** Refusals of this module. */
export const notLicensed = () => appError('expenseNotLicensed');
export const expenseNotFound = () => appError('expenseNotFound');
export const notAllowed = () => appError('expenseNotAllowed');
export const locked = () => appError('expenseLocked');
export const badTransition = () => appError('expenseTransition');
export const reasonNeeded = () => appError('expenseReasonNeeded');
export const attachmentNotFound = () => appError('expenseAttachmentNotFound');
export const receiptType = () => appError('expenseReceiptType');
export const dayAhead = () => appError('expenseDayAhead');

/**
 * Where an expense route acts: an organisation's own expenses (`missionId` null) or one mission's, who calls, and
 * whether they decide there (mission admins and organisation admins for a mission; organisation admins and managers
 * for the organisation's own).
 */
export type ExpenseScope = {
  org: OrgRow;
  missionId: string | null;
  missionTitle: string | null;
  missionCurrency: string | null;
  personId: string;
  decides: boolean;
  /** The caller's level in the organisation (null: not a current member). */
  orgLevel: string | null;
  /**
   * Whether the caller keeps their own expenses here (files, changes, submits and deletes them): the organisation's
   * members, and on a mission a team member from outside who keeps weeks on it (`keepsTimeFromOutside`).
   */
  keepsOwn: boolean;
};

/** Rule 180/185: expenses need a licensed organisation (a running trial counts). */
export function requireLicensed(org: OrgRow | null, now: Date): OrgRow {
  if (!org || !timeTrackingEligible(org, now)) throw notLicensed();
  return org;
}

/**
 * Whether the caller works on the mission as a team member invited from outside its organisation, where they keep
 * weeks (the time module's `timeScope`, rule 180): no current membership of the organisation, an accepted invite with
 * a place that may hold a role (below observer, rule 77; a client's observer keeps no expenses, spec 2 §1), and a
 * live mission: not a template and keeping timesheets (an archived one, one of an organisation they left and one
 * withheld by two-factor sign-in never reach here). The licence is every expense route's own check.
 */
export function keepsTimeFromOutside(access: MissionAccess): boolean {
  const { member, mission } = access;
  if (access.orgMember || !member || member.invitePending || !mayHoldRole(member.permission)) return false;
  return !mission.isTemplate && !mission.noTimesheets && !access.withheld;
}

/** Whether the caller keeps their own expenses on the mission: a member of its organisation, or `keepsTimeFromOutside`. */
const keepsOwnOnMission = (access: MissionAccess) => !!access.actor.orgLevel || keepsTimeFromOutside(access);

export function missionScope(access: MissionAccess, now: Date): ExpenseScope {
  const org = requireLicensed(access.org, now);
  const orgLevel = access.actor.orgLevel ?? null;
  return {
    org,
    missionId: access.mission.id,
    missionTitle: access.mission.title,
    missionCurrency: access.mission.currency,
    personId: access.personId,
    decides: decidesMissionExpenses(access.actor),
    orgLevel,
    keepsOwn: keepsOwnOnMission(access),
  };
}

export function orgScope(access: OrgAccess, now: Date): ExpenseScope {
  const org = requireLicensed(access.org, now);
  if (!access.personId) throw notAllowed();
  return {
    org,
    missionId: null,
    missionTitle: null,
    missionCurrency: null,
    personId: access.personId,
    decides: decidesOrgExpenses(access.member?.level),
    orgLevel: access.member?.level ?? null,
    keepsOwn: !!access.member,
  };
}

/**
 * For lists across scopes (My expenses, the missions I manage, an organisation's missions): whether `personId` still
 * keeps their own expenses where each of theirs is, as a write of it would find (the route's gate, then the scope's
 * `keepsOwn`): on a mission they still reach where `keepsOwnOnMission`; on the organisation itself while a current
 * member. The licence is the list's own check. An expense's abilities then never offer what the server refuses.
 */
export async function ownExpensesKept(
  db: Db,
  personId: string,
  rows: readonly { personId: string; orgId: string; missionId: string | null }[],
): Promise<(row: { orgId: string; missionId: string | null }) => boolean> {
  const own = rows.filter((row) => row.personId === personId);
  const missionIds = [...new Set(own.flatMap((row) => (row.missionId ? [row.missionId] : [])))];
  const orgIds = [...new Set(own.filter((row) => !row.missionId).map((row) => row.orgId))];
  const accesses = await loadMissionAccesses(db, missionIds, personId);
  const missionsKept = new Set(
    [...accesses.values()]
      .filter((access) => !missionRefusal(access, { mission: 'expense.update', via: 'expense' }) && keepsOwnOnMission(access))
      .map((access) => access.mission.id),
  );
  const memberships = orgIds.length
    ? await db
        .select({ orgId: orgPeople.orgId })
        .from(orgPeople)
        .where(and(eq(orgPeople.personId, personId), inArray(orgPeople.orgId, orgIds), currentMembership()))
    : [];
  const orgsKept = new Set(memberships.map((row) => row.orgId));
  return (row) => (row.missionId ? missionsKept.has(row.missionId) : orgsKept.has(row.orgId));
}

const RECEIPT_TYPES = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/avif',
  'image/bmp',
  'image/tiff',
]);

/** Receipts are photos or PDFs, by their sniffed bytes (a name or a declared type is never taken). */
export const isReceiptType = (mimetype: string) => RECEIPT_TYPES.has(mimetype);
