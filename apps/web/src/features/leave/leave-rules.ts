import { HOURS_PER_LEAVE_DAY, leaveDays, type LeaveDayHours, type LeaveRange } from '@crewplan/domain/leave/hours';
import { decidesAtStage, type LeaveReviewStage, type LeaveStatus } from '@crewplan/domain/leave/rules';
import { dayIn } from '@crewplan/domain/shared/days';
import type { LeaveImpact, LeaveRequestView, MyLeave, OrgLeaveList, ReviewList } from './api.ts';

/**
 * The decision calls on a request in `status` for a reviewer at `stage`: the first approval from pending_approval
 * (either stage), the final one from pending_final_approval (the organisation's approvers); null when not theirs.
 */
export function reviewCalls(status: LeaveStatus, stage: LeaveReviewStage) {
  if (!decidesAtStage(stage, status)) return null;
  return status === 'pending_final_approval'
    ? ({ approve: 'approve/final', reject: 'reject/final', label: 'Final approve' } as const)
    : ({ approve: 'approve', reject: 'reject', label: 'Approve' } as const);
}

/**
 * The hours a new request sends: none for whole days; otherwise `perDay` hours (a half day, or hours of a code
 * measured in hours) on each working day of the range: weekends and the organisation's public holidays skipped, as
 * the server counts them.
 */
export function requestHours(
  range: LeaveRange,
  perDay: number,
  org: { daysPerWeek: number; holidays: readonly { date: string }[] },
): LeaveDayHours[] {
  if (perDay === HOURS_PER_LEAVE_DAY) return [];
  const holidays = new Set(org.holidays.map((holiday) => holiday.date));
  return leaveDays([range], { daysPerWeek: org.daysPerWeek, isHoliday: (day) => holidays.has(day) }).map(({ date }) => ({
    date,
    hours: perDay,
  }));
}

/** The person's year now (a leave notice looks in it and the next): judged in their time zone, not UTC's or the browser's. */
export const yearIn = (now: Date, timeZone: string): number => Number(dayIn(now, timeZone).slice(0, 4));

export type NoticeReview = { request: LeaveRequestView; impact?: LeaveImpact; stage: LeaveReviewStage };

/**
 * What a leave notice (`leave-notice=<id>`) opens: the request to review from the organisations' lists of the
 * organisations whose leave I approve (both stages), else from the board's list (first stage); else my own request.
 */
export function findNotice(
  id: string,
  lists: { board?: ReviewList; orgs: readonly (OrgLeaveList | undefined)[]; mine?: MyLeave },
): { review: NoticeReview | null; own: LeaveRequestView | null } {
  const impactIn = (list: { impact: LeaveImpact[] }) => list.impact.find((entry) => entry.leaveId === id);
  const own = lists.mine?.requests.find((entry) => entry._id === id) ?? null;
  for (const list of lists.orgs) {
    const request = list?.canApprove ? list.requests.find((entry) => entry._id === id) : undefined;
    if (request) return { review: { request, impact: impactIn(list!), stage: 'org' }, own };
  }
  const onBoard = lists.board?.requests.find((entry) => entry._id === id);
  return { review: onBoard ? { request: onBoard, impact: impactIn(lists.board!), stage: 'mission' } : null, own };
}

/**
 * Whether a request has days in `year`: the organisation's list of a year also holds the pending requests of other
 * years for its approvers to decide, which its table of the year leaves out.
 */
export const touchesYear = (request: Pick<LeaveRequestView, 'startDate' | 'endDate'>, year: number) =>
  request.startDate <= `${year}-12-31` && request.endDate >= `${year}-01-01`;
