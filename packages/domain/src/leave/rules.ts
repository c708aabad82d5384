import { HOURS_PER_LEAVE_DAY, roundHours, totalHours, type LeaveDayHours } from './hours.ts';

/** Rule 206: the statuses of a leave request; 'draft' is the initial state. */
export const LEAVE_STATUSES = ['draft', 'pending_approval', 'pending_final_approval', 'approved', 'rejected', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

/** Rule 207: what is done to a request once it exists. */
export const LEAVE_ACTIONS = ['submit', 'approve', 'approveFinal', 'reject', 'rejectFinal', 'cancel', 'update', 'delete'] as const;
export type LeaveAction = (typeof LEAVE_ACTIONS)[number];

const PENDING: readonly LeaveStatus[] = ['pending_approval', 'pending_final_approval'];
export const isPendingLeave = (status: LeaveStatus) => PENDING.includes(status);

/**
 * From which statuses each action may start, and where it leaves the request. Approval has two stages: the final
 * approval starts only from pending_final_approval, so no single call skips the first (rule 209).
 */
const TRANSITIONS: Record<LeaveAction, { from: readonly LeaveStatus[]; to: LeaveStatus | null }> = {
  submit: { from: ['draft'], to: 'pending_approval' },
  approve: { from: ['pending_approval'], to: 'pending_final_approval' },
  approveFinal: { from: ['pending_final_approval'], to: 'approved' },
  reject: { from: ['pending_approval'], to: 'rejected' },
  rejectFinal: { from: PENDING, to: 'rejected' },
  cancel: { from: ['draft', 'pending_approval', 'pending_final_approval', 'approved'], to: 'cancelled' },
  update: { from: ['draft', 'pending_approval'], to: null },
  delete: { from: ['draft', 'rejected', 'cancelled'], to: null },
};

/** The status after `action`, the same status for update and delete, or null when the action cannot start there. */
export function leaveTransition(status: LeaveStatus, action: LeaveAction): LeaveStatus | null {
  const transition = TRANSITIONS[action];
  if (!transition.from.includes(status)) return null;
  return transition.to ?? status;
}

/** Rule 208: requests that count for anything (cancelled and rejected ones are ignored). */
export const countsForLeave = (status: LeaveStatus) => status !== 'cancelled' && status !== 'rejected';

export type LeaveForBalance = { codeId: string; status: LeaveStatus; days: readonly LeaveDayHours[] };

export type LeaveBalance = {
  codeId: string;
  year: number;
  /** Days (rule 217: 8 hours each). Null entitled: the code has no entitlement that year (not counted against one). */
  entitled: number | null;
  carriedOver: number;
  taken: number;
  pending: number;
  /** entitled + carried over − taken − pending; null without an entitlement. */
  remaining: number | null;
};

const hoursInYear = (days: readonly LeaveDayHours[], year: number) => totalHours(days.filter((day) => day.date.startsWith(`${year}-`)));

/** Rule 208: a person's balance of one code in one year, from their requests: approved taken, pending pending. */
export function leaveBalance(input: {
  codeId: string;
  year: number;
  entitled: number | null;
  carriedOver: number;
  requests: readonly LeaveForBalance[];
}): LeaveBalance {
  let taken = 0;
  let pending = 0;
  for (const request of input.requests) {
    if (request.codeId !== input.codeId) continue;
    const hours = hoursInYear(request.days, input.year);
    if (request.status === 'approved') taken += hours;
    else if (isPendingLeave(request.status)) pending += hours;
  }
  const takenDays = roundHours(taken) / HOURS_PER_LEAVE_DAY;
  const pendingDays = roundHours(pending) / HOURS_PER_LEAVE_DAY;
  // counted in hours to the hundredth, then into days (÷ 8 is exact): remaining × 8 is exactly the hours left to ask,
  // not 15.899999999999999 of 15.9, which would refuse the last of it
  const remaining =
    input.entitled === null
      ? null
      : roundHours((input.entitled + input.carriedOver) * HOURS_PER_LEAVE_DAY - roundHours(taken) - roundHours(pending)) /
        HOURS_PER_LEAVE_DAY;
  return {
    codeId: input.codeId,
    year: input.year,
    entitled: input.entitled,
    carriedOver: input.carriedOver,
    taken: takenDays,
    pending: pendingDays,
    remaining,
  };
}

/** How many requests of a code touch a year (rule 208: cancelled and rejected ones do not count), for timesPerYear. */
export function requestsInYear(requests: readonly LeaveForBalance[], codeId: string, year: number): number {
  return requests.filter(
    (request) => request.codeId === codeId && countsForLeave(request.status) && request.days.some((day) => day.date.startsWith(`${year}-`)),
  ).length;
}

/** Rule 230: the review window, in days. */
export const LEAVE_REVIEW_WINDOW_DAYS = 3;

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Who decides at which stage: a mission's owners and project managers give the first approval (pending_approval
 * only, rule 212); the organisation's leave approvers decide both pending statuses (the final approval, rule 209).
 */
export type LeaveReviewStage = 'mission' | 'org';
const DECIDED_AT: Record<LeaveReviewStage, readonly LeaveStatus[]> = { mission: ['pending_approval'], org: PENDING };

/** Whether a reviewer at `stage` decides a request in `status`. */
export const decidesAtStage = (stage: LeaveReviewStage, status: LeaveStatus) => DECIDED_AT[stage].includes(status);

/**
 * Rule 230: the next 3 days are today and the two days after it (first and last included); a request starting later,
 * or that started before today, is outside.
 */
export function leaveBadgeWindow(today: string): { first: string; last: string } {
  return { first: today, last: addDays(today, LEAVE_REVIEW_WINDOW_DAYS - 1) };
}

/**
 * Rule 230: the Leaves badge counts the pending requests the viewer decides at `stage` that start in the next 3 days.
 * The caller passes only requests the viewer may review (never their own or ones they created, rule 211).
 */
export function leaveBadgeCount(
  requests: readonly { status: LeaveStatus; startDate: string }[],
  today: string,
  stage: LeaveReviewStage,
): number {
  const { first, last } = leaveBadgeWindow(today);
  return requests.filter((request) => decidesAtStage(stage, request.status) && request.startDate >= first && request.startDate <= last)
    .length;
}
