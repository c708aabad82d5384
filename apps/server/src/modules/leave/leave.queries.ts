import { and, asc, eq, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  carryOverAmount,
  carryOverDue,
  entitledDays,
  isAnnualLeave,
  leaveBalance,
  type LeaveBalance,
  type LeaveCode,
} from '@crewplan/domain';
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

/**
 * People's requests in an organisation that the balances of `years` are computed from (`balancesOf`): those touching
 * the years and the year before the first, whose remainder is carried over (rule 224); and times per year.
 */
export async function personLeaves(db: Db | Tx, orgId: string, personIds: string[], years: number[]): Promise<LeaveRow[]> {
  if (personIds.length === 0) return [];
  const first = Math.min(...years) - 1;
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

type MemberFacts = Pick<OrgMember, 'personId' | 'startDate' | 'yearsOfPreService' | 'leaveAmounts'>;

/**
 * Rule 208 with rules 220–229 and 224: a person's balance of each code in `year`. The carry-over into the year is the
 * person's own figure where set, else (for annual leave, once the cut-off of the year before has come) what the
 * organisation's rule carries of last year's remainder: `requests` hold the year before too (`personLeaves`).
 */
export function balancesOf(org: OrgRow, member: MemberFacts, requests: readonly LeaveRow[], year: number, today: string): LeaveBalance[] {
  const codes = org.leaveCodes;
  const settings = {
    carryOverAnnualLeaveCutOff: org.carryOverAnnualLeaveCutOff,
    carryOverAnnualLeaveAmount: org.carryOverAnnualLeaveAmount,
    carryOverAnnualLeaveFx: org.carryOverAnnualLeaveFx === 'percent' ? ('percent' as const) : ('fixed' as const),
  };
  const mine = requests.filter((request) => request.personId === member.personId);
  const forBalance = mine.map((request) => ({ codeId: request.codeId, status: request.status, days: request.days }));
  const person = { startDate: member.startDate, yearsOfPreService: member.yearsOfPreService, leaveAmounts: member.leaveAmounts };
  const entitled = (code: LeaveCode, y: number) =>
    entitledDays({ code, year: y, country: org.holidayCountryCode, daysPerWeek: org.daysPerWeek, person });
  return codes.map((code) => {
    const own = member.leaveAmounts[code.id]?.[String(year)];
    let carriedOver = own?.carryOver ?? 0;
    if (!own && isAnnualLeave(code) && carryOverDue(settings, year, today)) {
      const last = leaveBalance({
        codeId: code.id,
        year: year - 1,
        entitled: entitled(code, year - 1),
        carriedOver: 0,
        requests: forBalance,
      });
      carriedOver = last.remaining === null ? 0 : carryOverAmount(last.remaining, settings);
    }
    return leaveBalance({ codeId: code.id, year, entitled: entitled(code, year), carriedOver, requests: forBalance });
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
