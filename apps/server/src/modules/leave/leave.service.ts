import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  approvesOrgLeave,
  checkLeaveHours,
  countsForLeave,
  daysToHours,
  HOURS_PER_LEAVE_DAY,
  leaveDays,
  leaveTransition,
  mayReviewRequest,
  measuredInHours,
  requestsInYear,
  roundHours,
  totalHours,
  type LeaveAction,
  type LeaveActionBody,
  type LeaveCode,
  type LeaveCreate,
  type LeaveDayHours,
  type LeaveHoursRefusal,
  type LeaveStatus,
  type LeaveUpdate,
} from '@crewplan/domain';
import { auditActorOf, runOrgCommand, type RecordOrgWrite } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { leaveRequests, orgPeople } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { todayOf } from '../../lib/clock.ts';
import type { AppContext, OrgAccess, OrgRow } from '../../plugins/types.ts';
import { leaveNotAllowed, leaveNotFound, loadOrg, membershipOf, requireLeaveLicence, standingOn, type OrgMember } from './leave.access.ts';
import { attachmentAddress, linkSigner, removeBlobs, type AttachmentBlobs } from './leave.attachments.ts';
import { holidayLookup } from '../../lib/holidays.ts';
import { attachmentsOf, balancesOf, leavesWhere, lockLeaves, overlapping, personLeaves } from './leave.queries.ts';
import { presentLeave, type LeaveRow } from './leave.presenter.ts';

const refusal = (found: LeaveHoursRefusal) => appError('leaveHours', found);

type Draft = { codeId: string; dates: LeaveCreate['dates']; hours: LeaveCreate['hours'] };

/**
 * Everything a request must satisfy before it is written (nothing is written otherwise): a code of the organisation,
 * working days counted without weekends and public holidays (rule 213), the code's half days, hours and bounds, no
 * overlap with the person's other requests, its times per year, an entitlement in each year for a fixed code, and
 * not more than remains of it.
 */
async function checkedDays(tx: Tx, org: OrgRow, member: OrgMember, draft: Draft, today: string, except?: string) {
  const code = org.leaveCodes.find((entry) => entry.id === draft.codeId);
  if (!code) throw appError('leaveUnknownCode');
  const days = workingDays(org, draft);
  const found = checkLeaveHours(code, draft.dates, days, draft.hours);
  if (found) throw refusal(found);
  const from = days[0]!.date;
  const to = days[days.length - 1]!.date;
  const clash = await overlapping(
    tx,
    org.id,
    member.personId,
    draft.dates.map((r) => r.from).sort()[0]!,
    draft.dates
      .map((r) => r.to)
      .sort()
      .at(-1)!,
    except,
  );
  // two half days (a morning and an afternoon) share a day; more than a day's hours on one day overlap
  const taken = new Map(days.map((day) => [day.date, day.hours]));
  for (const day of clash.flatMap((other) => other.days))
    if (taken.has(day.date)) taken.set(day.date, roundHours(taken.get(day.date)! + day.hours));
  if ([...taken.values()].some((hours) => hours > HOURS_PER_LEAVE_DAY)) throw appError('leaveOverlap');
  await checkYears(tx, org, member, code, days, today, except);
  return { code, days, from, to };
}

/**
 * The days of the request's dates that are worked (rule 213), at the hours asked: weekends and the public holidays of
 * the organisation's holiday country left out.
 */
const workingDays = (org: OrgRow, draft: Pick<Draft, 'dates' | 'hours'>) =>
  leaveDays(draft.dates, { daysPerWeek: org.daysPerWeek, isHoliday: holidayLookup(org.holidayCountryCode), hours: draft.hours });

const EMPTY: LeaveHoursRefusal = { field: 'dates', reason: 'empty' };

/**
 * A request not yet approved, worked out again as it stands: the holiday country or the working week of the
 * organisation may have changed since it was asked, so its days are counted anew (a day become a public holiday
 * drops out, with the half day or hours asked of it) and must still fit its code (400 otherwise, as when asked).
 * Approved requests keep the days they were approved with; this is for the actions that spend leave.
 */
function reworked(org: OrgRow, request: LeaveRow) {
  const days = workingDays(org, request);
  const hours = request.hours.filter((entry) => days.some((day) => day.date === entry.date));
  const code = org.leaveCodes.find((entry) => entry.id === request.codeId);
  const found = code ? checkLeaveHours(code, request.dates, days, hours) : days.length === 0 ? EMPTY : null;
  if (found) throw refusal(found);
  return { hours, days, totalHours: totalHours(days), startDate: days[0]!.date, endDate: days.at(-1)!.date };
}

/**
 * The code's times per year and, for a fixed code, what remains of it in each year the days touch, against the
 * person's other requests (`except` leaves the request itself out); the carry-over from the real year before. Days
 * asked in one year leave less to carry into the next (rule 224): no year after, up to the person's last request of
 * the code, may be overdrawn by them either.
 */
async function checkYears(
  tx: Tx,
  org: OrgRow,
  member: OrgMember,
  code: LeaveCode,
  days: readonly LeaveDayHours[],
  today: string,
  except?: string,
) {
  const years = [...new Set(days.map((day) => Number(day.date.slice(0, 4))))];
  // the years after the request's too: its days change what carries into them
  const others = (await personLeaves(tx, org.id, [member], [...years, LAST_LEAVE_YEAR])).filter((row) => row.id !== except);
  const asBalance = others.map((row) => ({ codeId: row.codeId, status: row.status, days: row.days }));
  for (const year of years) {
    if (code.timesPerYear !== null && requestsInYear(asBalance, code.id, year) >= code.timesPerYear)
      throw appError('leaveTimesPerYear', code.timesPerYear);
    if (!code.fixed) continue;
    const balance = balancesOf(org, member, others, year, today).find((entry) => entry.codeId === code.id)!;
    if (balance.remaining === null) throw appError('leaveNoEntitlement', year);
    const asked = totalHours(days.filter((day) => day.date.startsWith(`${year}-`)));
    if (asked > daysToHours(balance.remaining)) throw appError('leaveNotEnough', balance.remaining, measuredInHours(code));
  }
  if (!code.fixed) return;
  const withThis = [...others, { personId: member.personId, codeId: code.id, status: 'pending_approval' as const, days }];
  const remainingIn = (requests: typeof withThis, year: number) => balancesOf(org, member, requests, year, today, [code])[0]!.remaining;
  const last = Math.max(
    ...years,
    ...others.filter((row) => row.codeId === code.id && countsForLeave(row.status)).map((row) => Number(row.endDate.slice(0, 4))),
  );
  for (let year = Math.min(...years); year <= last; year += 1) {
    const before = remainingIn(others, year);
    const after = remainingIn(withThis, year);
    // past its own days, once a year's remainder is the same with the request, so is every carry-over after it
    if (year > Math.max(...years) && after === before) break;
    if (before === null || after === null || after >= 0 || after >= before) continue;
    // the days below zero (or below an overdraft there already was) do not fit; the others do (exactly so where a
    // fixed amount carries over, the remainder day for day beyond it)
    const shortfall = Math.min(-after, before - after);
    throw appError(
      'leaveNotEnough',
      Math.max(0, roundHours(totalHours(days) - daysToHours(shortfall)) / HOURS_PER_LEAVE_DAY),
      measuredInHours(code),
    );
  }
}

/** The last year a request may touch (the date inputs' range). */
const LAST_LEAVE_YEAR = 2999;

/** Locks the person's membership row: their requests are checked and written one at a time (no two overlapping slip in). */
async function lockMember(tx: Tx, orgId: string, personId: string): Promise<OrgMember> {
  const member = await membershipOf(tx, orgId, personId);
  if (!member) throw appError('leaveNotAMember');
  await tx.select({ id: orgPeople.id }).from(orgPeople).where(eq(orgPeople.id, member.id)).for('update');
  return member;
}

const recordLeave = (
  record: RecordOrgWrite,
  action: 'create' | 'update' | 'delete' | 'accept' | 'reject',
  row: LeaveRow,
  status?: LeaveStatus,
) =>
  record({
    action,
    entity: 'leave.requests',
    id: row.id,
    title: `Leave ${row.startDate} – ${row.endDate}`,
    ...(status && status !== row.status ? { changes: { status: { from: row.status, to: status } } } : {}),
  });

/**
 * `POST /people-leave/create[/submit]/:orgId`: a request for the caller, or (organisation admins and leave approvers)
 * for another member. A submitted one tells its reviewers unless `notify` is false.
 */
export async function createLeave(ctx: AppContext, access: OrgAccess, body: LeaveCreate, submit: boolean, notify = true) {
  const now = ctx.clock.now();
  const org = requireLeaveLicence(access.org, now);
  const callerId = access.personId!;
  const personId = body.person ?? callerId;
  if (personId !== callerId && !approvesOrgLeave(access.member)) throw leaveNotAllowed();
  const status: LeaveStatus = submit ? 'pending_approval' : 'draft';
  const row = await runOrgCommand(ctx, org.id, auditActorOf(access), async (tx, record) => {
    const member = await lockMember(tx, org.id, personId);
    const { days, from, to } = await checkedDays(
      tx,
      org,
      member,
      { codeId: body.reason, dates: body.dates, hours: body.hours },
      todayOf(ctx.clock),
    );
    const [created] = await tx
      .insert(leaveRequests)
      .values({
        orgId: org.id,
        personId,
        codeId: body.reason,
        status,
        dates: body.dates,
        hours: body.hours,
        days,
        totalHours: totalHours(days),
        startDate: from,
        endDate: to,
        comment: body.comment,
        createdBy: callerId,
      })
      .returning();
    recordLeave(record, 'create', created!);
    return created!;
  });
  if (submit) await emitChanged(ctx, [row], null, callerId, notify);
  return presentOne(ctx, row, callerId, approvesOrgLeave(access.member));
}

/** One request as the caller sees it: its own people and the organisation's approvers see a hidden reason. */
async function presentOne(ctx: AppContext, row: LeaveRow, callerId: string, orgApprover: boolean) {
  const [withPerson] = await leavesWhere(ctx.db, eq(leaveRequests.id, row.id));
  const org = await loadOrg(ctx.db, row.orgId);
  const address = (leave: LeaveRow, fileId: string) => attachmentAddress(linkSigner(ctx), { org: leave.orgId }, leave.id, fileId);
  const viewer = { personId: callerId, approvesOrg: () => orgApprover };
  const files = await attachmentsOf(ctx.db, [row.id]);
  return presentLeave(withPerson!.leave, withPerson!.person, org?.leaveCodes ?? [], viewer, files, address);
}

/** Loads one request the caller may change as its own (its person, its creator) or as the organisation's leave approver. */
async function ownRequest(ctx: AppContext, callerId: string, id: string) {
  const [row] = await ctx.db.select().from(leaveRequests).where(eq(leaveRequests.id, id));
  if (!row) throw leaveNotFound();
  const standing = await standingOn(ctx.db, row, callerId);
  if (!standing.own && !standing.orgApprover) throw standing.missionIds.length > 0 ? leaveNotAllowed() : leaveNotFound();
  const org = requireLeaveLicence(await loadOrg(ctx.db, row.orgId), ctx.clock.now());
  return { row, org, standing };
}

const wrongStatus = (status: LeaveStatus) => appError('leaveWrongStatus', status);

/** `PUT /people-leave/action/update/:id`: a draft or pending request's code, days or comment; checked again whole. */
export async function updateLeave(ctx: AppContext, callerId: string, id: string, body: LeaveUpdate) {
  const { org, standing } = await ownRequest(ctx, callerId, id);
  const row = await runOrgCommand(ctx, org.id, { personId: callerId, apiKeyId: null }, async (tx, record) => {
    const [current] = await lockLeaves(tx, [id]);
    if (!current) throw leaveNotFound();
    if (!leaveTransition(current.status, 'update')) throw wrongStatus(current.status);
    const member = await lockMember(tx, org.id, current.personId);
    const dates = body.dates ?? current.dates;
    // new dates keep the half days and hours asked of the days they still hold
    const kept = current.hours.filter((entry) => dates.some((range) => range.from <= entry.date && entry.date <= range.to));
    const draft = { codeId: body.reason ?? current.codeId, dates, hours: body.hours ?? kept };
    const { days, from, to } = await checkedDays(tx, org, member, draft, todayOf(ctx.clock), id);
    const [updated] = await tx
      .update(leaveRequests)
      .set({
        codeId: draft.codeId,
        dates: draft.dates,
        hours: draft.hours,
        days,
        totalHours: totalHours(days),
        startDate: from,
        endDate: to,
        comment: body.comment ?? current.comment,
      })
      .where(eq(leaveRequests.id, id))
      .returning();
    recordLeave(record, 'update', updated!);
    return updated!;
  });
  // nobody is notified of an edit, but the lists and badges that show its days refresh (rule 230)
  await emitChanged(ctx, [row], row.status, callerId, false);
  return presentOne(ctx, row, callerId, standing.orgApprover);
}

/** `DELETE /people-leave/action/delete/:id`: a draft, rejected or cancelled request (others are cancelled instead). */
export async function deleteLeave(ctx: AppContext, blobs: AttachmentBlobs, callerId: string, id: string) {
  const { org } = await ownRequest(ctx, callerId, id);
  const keys = await runOrgCommand(ctx, org.id, { personId: callerId, apiKeyId: null }, async (tx, record) => {
    const [current] = await lockLeaves(tx, [id]);
    if (!current) throw leaveNotFound();
    if (!leaveTransition(current.status, 'delete')) throw wrongStatus(current.status);
    const files = await attachmentsOf(tx, [id]);
    await tx.delete(leaveRequests).where(eq(leaveRequests.id, id));
    recordLeave(record, 'delete', current);
    return files.map((file) => file.storageKey);
  });
  // its attachments (a doctor's note) go with it, bytes too, once the request is gone
  await removeBlobs(blobs, keys);
  return { deleted: true as const };
}

/**
 * Who may do a status action on a request: submit and cancel are for its own people (its person, its creator) and
 * its reviewers (cancel); approve and reject (first stage) for the owners and project managers of a mission its
 * person is on (rule 212) and the organisation's leave approvers; the final decisions for the organisation's leave
 * approvers. Nobody reviews their own request or one they created (rule 211).
 */
function mayAct(action: LeaveAction, standing: Awaited<ReturnType<typeof standingOn>>, row: LeaveRow, callerId: string): boolean {
  const reviews = mayReviewRequest(callerId, row);
  if (action === 'submit') return standing.own || standing.orgApprover;
  if (action === 'cancel') return standing.own || ((standing.orgApprover || standing.missionIds.length > 0) && reviews);
  if (action === 'approve' || action === 'reject') return reviews && (standing.orgApprover || standing.missionIds.length > 0);
  return reviews && standing.orgApprover;
}

/** The actions that ask for or grant leave: each works the days out again and checks the balance, as they stand then. */
const SPENDS_LEAVE = new Set<LeaveAction>(['submit', 'approve', 'approveFinal']);

/**
 * A request still fits its code's times per year and balance when it is submitted or approved: a draft did not count
 * against the balance, and entitlements, carry-over and other requests change while a request waits. A code without
 * either (or one the organisation no longer has) has nothing to check.
 */
async function checkStillFits(tx: Tx, org: OrgRow, request: LeaveRow, today: string) {
  const code = org.leaveCodes.find((entry) => entry.id === request.codeId);
  if (!code || (!code.fixed && code.timesPerYear === null)) return;
  const member = await lockMember(tx, org.id, request.personId);
  await checkYears(tx, org, member, code, request.days, today, request.id);
}

const REVIEW_ACTION: Partial<Record<LeaveAction, 'accept' | 'reject' | 'update'>> = {
  approve: 'accept',
  approveFinal: 'accept',
  reject: 'reject',
  rejectFinal: 'reject',
};

/**
 * The status calls (`submit`, `approve`, `approve/final`, `reject`, `reject/final`, `cancel`) on several requests:
 * each is checked (seen, allowed, in a status the action starts from) and locked (`FOR UPDATE`), so a concurrent
 * approve and cancel of one request end in one state: the second waits, then finds the status moved and is refused.
 * Requests of several organisations are decided one organisation at a time; all or nothing per organisation.
 */
export async function actOnLeaves(ctx: AppContext, callerId: string, action: LeaveAction, body: LeaveActionBody, notify: boolean) {
  const rows = await ctx.db.select().from(leaveRequests).where(inArray(leaveRequests.id, body.leaveIds));
  if (rows.length !== body.leaveIds.length) throw leaveNotFound();
  const byOrg = new Map<string, LeaveRow[]>();
  const approverOf = new Map<string, boolean>();
  const personOrApprover = new Set<string>();
  for (const row of rows) {
    const standing = await standingOn(ctx.db, row, callerId);
    approverOf.set(row.orgId, standing.orgApprover);
    // its person, not whoever once asked for it on their behalf (who may no longer approve leave)
    if ((standing.own && row.personId === callerId) || standing.orgApprover) personOrApprover.add(row.id);
    if (!standing.own && !standing.orgApprover && standing.missionIds.length === 0) throw leaveNotFound();
    if (!mayAct(action, standing, row, callerId)) throw leaveNotAllowed();
    if (body.payload.mission && action === 'approve' && !standing.orgApprover && !standing.missionIds.includes(body.payload.mission))
      throw leaveNotAllowed();
    byOrg.set(row.orgId, [...(byOrg.get(row.orgId) ?? []), row]);
  }
  const done: LeaveRow[] = [];
  for (const [orgId, list] of byOrg) {
    const org = requireLeaveLicence(await loadOrg(ctx.db, orgId), ctx.clock.now());
    const before = new Map<string, LeaveStatus>();
    const updated = await runOrgCommand(ctx, org.id, { personId: callerId, apiKeyId: null }, async (tx, record) => {
      const locked = await lockLeaves(
        tx,
        list.map((row) => row.id),
      );
      const out: LeaveRow[] = [];
      for (const current of locked) {
        const next = leaveTransition(current.status, action);
        if (!next) throw wrongStatus(current.status);
        // leave the organisation finally approved is undone only by its person or the organisation's approvers, not
        // by a project manager whose stage it has passed (checked on the locked row: an approval may just have landed)
        if (action === 'cancel' && current.status === 'approved' && !personOrApprover.has(current.id)) throw leaveNotAllowed();
        // its days as the holidays stand now (the balance is checked on them, and they are what is approved)
        const days = SPENDS_LEAVE.has(action) ? reworked(org, current) : null;
        if (days) await checkStillFits(tx, org, { ...current, ...days }, todayOf(ctx.clock));
        before.set(current.id, current.status);
        const review = {
          by: callerId,
          action,
          at: ctx.clock.now().toISOString(),
          mission: body.payload.mission ?? null,
          comment: body.payload.comment ?? '',
        };
        const [row] = await tx
          .update(leaveRequests)
          .set({ status: next, reviews: [...current.reviews, review], ...days })
          .where(eq(leaveRequests.id, current.id))
          .returning();
        recordLeave(record, REVIEW_ACTION[action] ?? 'update', current, next);
        out.push(row!);
      }
      return out;
    });
    for (const row of updated) {
      const from = before.get(row.id) ?? null;
      // a draft never reached a reviewer: its own people cancelling it is nobody else's news (the lists still refresh)
      const quiet = from === 'draft' && (row.personId === callerId || row.createdBy === callerId);
      await emitChanged(ctx, [row], from, callerId, notify && !quiet, body.payload.comment ?? '');
    }
    done.push(...updated);
  }
  const presented = await Promise.all(done.map((row) => presentOne(ctx, row, callerId, approverOf.get(row.orgId) ?? false)));
  return { requests: presented };
}

/** The settings a request's days are worked out from (rule 213): when one changes, requests not yet approved follow. */
export const DAY_SETTINGS = ['holidayCountryCode', 'daysPerWeek'] as const;

const sameDays = (a: readonly LeaveDayHours[], b: readonly LeaveDayHours[]) =>
  a.length === b.length && a.every((day, i) => day.date === b[i]!.date && day.hours === b[i]!.hours);

/**
 * Once the organisation's holiday country or working week has changed, its requests not yet approved hold the days
 * they are worked out to now (`reworked`), so their lists and balances show what an approval would grant. A request
 * that no longer fits its code keeps its days until it is changed, or refused when approved. Approved requests keep
 * the days they were approved with. Answers the requests changed.
 */
export async function reworkWaitingDays(ctx: AppContext, orgId: string): Promise<LeaveRow[]> {
  const org = await loadOrg(ctx.db, orgId);
  if (!org) return [];
  return ctx.db.transaction(async (tx) => {
    const waiting = await tx
      .select()
      .from(leaveRequests)
      .where(and(eq(leaveRequests.orgId, orgId), inArray(leaveRequests.status, WAITING)))
      .orderBy(asc(leaveRequests.id))
      .for('update');
    const changed: LeaveRow[] = [];
    for (const row of waiting) {
      const now = fitsStill(org, row);
      if (!now || sameDays(now.days, row.days)) continue;
      const [updated] = await tx.update(leaveRequests).set(now).where(eq(leaveRequests.id, row.id)).returning();
      changed.push(updated!);
    }
    return changed;
  });
}

const WAITING: LeaveStatus[] = ['draft', 'pending_approval', 'pending_final_approval'];

/** `reworked`, or null for a request that would be refused now. */
function fitsStill(org: OrgRow, row: LeaveRow) {
  try {
    return reworked(org, row);
  } catch {
    return null;
  }
}

/** Tells of a request's new status after it committed: notifications follow from this event (rule 210). */
async function emitChanged(ctx: AppContext, rows: LeaveRow[], from: LeaveStatus | null, actorId: string, notify: boolean, comment = '') {
  for (const row of rows)
    await ctx.events.emit('leave.changed', {
      leaveId: row.id,
      orgId: row.orgId,
      personId: row.personId,
      createdBy: row.createdBy,
      codeId: row.codeId,
      startDate: row.startDate,
      endDate: row.endDate,
      status: row.status,
      from,
      actorId,
      comment,
      notify,
    });
}

/** `POST /org/:id/leave/notify`: reminds the reviewers of the caller's pending requests in the organisation (all, or `leaveIds`). */
export async function notifyReviewers(ctx: AppContext, access: OrgAccess, leaveIds: string[] | undefined) {
  requireLeaveLicence(access.org, ctx.clock.now());
  const callerId = access.personId!;
  const rows = (await ctx.db.select().from(leaveRequests).where(eq(leaveRequests.orgId, access.org.id))).filter(
    (row) =>
      (row.personId === callerId || row.createdBy === callerId) &&
      countsForLeave(row.status) &&
      row.status.startsWith('pending') &&
      (!leaveIds || leaveIds.includes(row.id)),
  );
  if (leaveIds && rows.length !== leaveIds.length) throw leaveNotFound();
  for (const row of rows) await emitChanged(ctx, [row], row.status, callerId, true);
  return { notified: rows.length };
}
