import { and, asc, eq, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { carryOverSince, leaveBalances, type LeaveBalance, type LeaveCode, type LeaveForBalance } from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { leaveAttachments, leaveRequests, orgPeople, orgs, people } from '../../db/schema/index.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import type { OrgRow } from '../../plugins/types.ts';
import type { OrgMember } from './leave.access.ts';
import type { AttachmentRow, LeaveRow, PersonRow } from './leave.presenter.ts';

export type LeaveWithPerson = { leave: LeaveRow; person: PersonRow };

const personColumns = { id: people.id, firstName: people.firstName, lastName: people.lastName, avatarVersion: people.avatarVersion };

/** Requests with their people, in date order. */
export async function leavesWhere(db: Db | Tx, where: SQL | undefined): Promise<LeaveWithPerson[]> {
  return db
    .select({ leave: leaveRequests, person: personColumns })
    .from(leaveRequests)
    .innerJoin(people, eq(people.id, leaveRequests.personId))
    .where(where)
    .orderBy(asc(leaveRequests.startDate), asc(leaveRequests.id));
}

/** Requests, locked for a decision (`FOR UPDATE`): a concurrent approve and cancel of one request end in one state. */
export async function lockLeaves(tx: Tx, ids: string[]): Promise<LeaveRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(leaveRequests).where(inArray(leaveRequests.id, ids)).orderBy(asc(leaveRequests.id)).for('update');
}

export async function attachmentsOf(db: Db | Tx, leaveIds: string[]): Promise<AttachmentRow[]> {
  if (leaveIds.length === 0) return [];
  return db.select().from(leaveAttachments).where(inArray(leaveAttachments.leaveId, leaveIds));
}

/** The year's span, for requests that touch it. */
export const touchesYear = (year: number) =>
  and(lte(leaveRequests.startDate, `${year}-12-31`), gte(leaveRequests.endDate, `${year}-01-01`));

/** Requests of a person that still count (rule 208) and overlap [from, to]; `except` leaves one out (its own update). */
export async function overlapping(db: Db | Tx, orgId: string, personId: string, from: string, to: string, except?: string) {
  return db
    .select({ id: leaveRequests.id, days: leaveRequests.days })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.orgId, orgId),
        eq(leaveRequests.personId, personId),
        notInArray(leaveRequests.status, ['cancelled', 'rejected']),
        lte(leaveRequests.startDate, to),
        gte(leaveRequests.endDate, from),
        except ? sql`${leaveRequests.id} <> ${except}` : undefined,
      ),
    );
}

type MemberFacts = Pick<OrgMember, 'personId' | 'startDate' | 'yearsOfPreService' | 'leaveAmounts'>;

/**
 * People's requests in an organisation that the balances of `years` are computed from (`balancesOf`): those touching
 * the years and the years before whose remainders carry over into them (rule 224, `carryOverSince`); and times per year.
 */
export async function personLeaves(
  db: Db | Tx,
  orgId: string,
  members: readonly Pick<MemberFacts, 'personId' | 'startDate'>[],
  years: number[],
): Promise<LeaveRow[]> {
  if (members.length === 0) return [];
  const personIds = members.map((member) => member.personId);
  const first = Math.min(...members.map((member) => carryOverSince(member.startDate, Math.min(...years))));
  const last = Math.max(...years);
  return db
    .select()
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.orgId, orgId),
        inArray(leaveRequests.personId, personIds),
        lte(leaveRequests.startDate, `${last}-12-31`),
        gte(leaveRequests.endDate, `${first}-01-01`),
      ),
    );
}

/**
 * A person's balance of each code (the organisation's, or `codes`) in `year` (`leaveBalances`); `requests` as
 * `personLeaves` loads them.
 */
export function balancesOf(
  org: OrgRow,
  member: MemberFacts,
  requests: readonly (LeaveForBalance & { personId: string })[],
  year: number,
  today: string,
  codes: readonly LeaveCode[] = org.leaveCodes,
): LeaveBalance[] {
  return leaveBalances({
    codes,
    year,
    today,
    country: org.holidayCountryCode,
    daysPerWeek: org.daysPerWeek,
    settings: {
      carryOverAnnualLeaveCutOff: org.carryOverAnnualLeaveCutOff,
      carryOverAnnualLeaveAmount: org.carryOverAnnualLeaveAmount,
      carryOverAnnualLeaveFx: org.carryOverAnnualLeaveFx === 'percent' ? 'percent' : 'fixed',
    },
    person: { startDate: member.startDate, yearsOfPreService: member.yearsOfPreService, leaveAmounts: member.leaveAmounts },
    requests: requests
      .filter((request) => request.personId === member.personId)
      .map((request) => ({ codeId: request.codeId, status: request.status, days: request.days })),
  });
}

/** The organisations the person currently belongs to. */
export async function orgIdsOf(db: Db | Tx, personId: string): Promise<string[]> {
  const rows = await db
    .select({ orgId: orgPeople.orgId })
    .from(orgPeople)
    .innerJoin(orgs, and(eq(orgs.id, orgPeople.orgId), sql`${orgs.deletedAt} is null`))
    .where(and(eq(orgPeople.personId, personId), currentMembership()));
  return rows.map((row) => row.orgId);
}
