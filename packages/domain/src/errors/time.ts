import { EXPENSE_MESSAGES } from '../expenses/expenses.ts';
import { HOURS_PER_LEAVE_DAY, roundHours, type LeaveHoursRefusal } from '../leave/hours.ts';
import { FLOATING_MESSAGES } from '../messages/index.ts';
import { TIME_MESSAGES } from '../time/time.ts';
import { atField, type ErrorEntry } from './entry.ts';

/** Why the days or hours of a leave request do not fit its code, said to the person. */
const LEAVE_HOURS_MESSAGES: Record<LeaveHoursRefusal['reason'], string> = {
  backwards: 'The end date must be after the start date.',
  empty: 'These dates hold no working day.',
  overlapping: 'The ranges of days overlap.',
  notAWorkingDay: 'Hours are given for a day that is not a working day of the request.',
  halfDaysNotAllowed: 'This leave cannot be taken in half days.',
  wholeDaysOnly: 'This leave is taken in whole or half days.',
  dayTooLong: 'A day of leave is at most 8 hours.',
  belowMin: 'Fewer hours than this leave needs.',
  aboveMax: 'More hours than this leave allows.',
};

/** What remains of a leave (kept in days), in its code's unit (rule 214): '1 day remains', '2.5 hours remain'. */
function leftText(days: number, inHours: boolean): string {
  const amount = inHours ? roundHours(days * HOURS_PER_LEAVE_DAY) : days;
  const unit = inHours ? 'hour' : 'day';
  return amount === 1 ? `1 ${unit} remains` : `${amount} ${unit}s remain`;
}

/** A refusal of the time module naming the field given at runtime. */
const timeField = (code: 'validation' | 'time/not-allowed', text: string) =>
  ({ code, status: code === 'validation' ? 400 : 403, message: text, fields: atField(text) }) as const;

export const TIME_ERRORS = {
  // Time
  timeNotLicensed: { code: 'time/not-licensed', status: 403, message: TIME_MESSAGES.noEligibleOrg },
  timeNotAllowed: { code: 'time/not-allowed', status: 403, message: TIME_MESSAGES.notAllowed },
  timesheetNotFound: { code: 'time/not-found', status: 404, message: TIME_MESSAGES.notFound },
  timesheetLocked: { code: 'time/locked', status: 409, message: TIME_MESSAGES.locked },
  timesheetInvoiced: {
    code: 'time/invoiced',
    status: 409,
    message: (invoice: string, status: string) => TIME_MESSAGES.invoiced(invoice, status),
  },
  noTimesheets: { code: 'time/no-timesheets', status: 409, message: TIME_MESSAGES.noTimesheets },
  timeTransition: {
    code: 'time/transition',
    status: 409,
    message: TIME_MESSAGES.transition,
    fields: { 'payload.status': TIME_MESSAGES.transition },
  },
  timeReasonNeeded: {
    code: 'validation',
    status: 400,
    message: TIME_MESSAGES.reasonNeeded,
    fields: { 'payload.reason': TIME_MESSAGES.reasonNeeded },
  },
  timeUnknownOrgRole: {
    code: 'validation',
    status: 400,
    message: 'Unknown role of this organization',
    fields: { 'payload.orgRole': 'Unknown role of this organization' },
  },
  timeOverDay: {
    code: 'validation',
    status: 400,
    message: TIME_MESSAGES.overDay,
    fields: (day: number) => ({ [`dailyHours.${day}`]: TIME_MESSAGES.overDay }),
  },
  timeUnknownTask: timeField('validation', TIME_MESSAGES.unknownTask),
  timeTaskOutsideWeek: timeField('validation', TIME_MESSAGES.taskOutsideWeek),
  timeUnknownRole: timeField('validation', TIME_MESSAGES.unknownRole),
  timeRoleInactive: timeField('validation', TIME_MESSAGES.roleInactive),
  timeOutsideRole: timeField('validation', TIME_MESSAGES.outsideRole),
  timeNotYourTask: timeField('time/not-allowed', TIME_MESSAGES.notYourTask),
  timeNotYourRole: timeField('time/not-allowed', TIME_MESSAGES.notYourRole),
  timeNoProjectRole: timeField('time/not-allowed', TIME_MESSAGES.noProjectRole),
  /** Named at the field of the days sent (`atField` of the server). */
  timeKeptPerTask: { code: 'validation', status: 400, message: TIME_MESSAGES.keptPerTask },
  missionOvertimeTooLong: {
    code: 'validation',
    status: 400,
    message: TIME_MESSAGES.overDay,
    fields: { overTimeAfter: TIME_MESSAGES.overDay },
  },
  // Expenses
  expenseNotLicensed: { code: 'expense/not-licensed', status: 403, message: EXPENSE_MESSAGES.needsUnlimited },
  expenseNotFound: { code: 'expense/not-found', status: 404, message: EXPENSE_MESSAGES.notFound },
  expenseNotAllowed: { code: 'expense/not-allowed', status: 403, message: EXPENSE_MESSAGES.notAllowed },
  expenseLocked: { code: 'expense/locked', status: 409, message: EXPENSE_MESSAGES.locked },
  expenseTransition: {
    code: 'expense/transition',
    status: 409,
    message: EXPENSE_MESSAGES.transition,
    fields: { 'payload.status': EXPENSE_MESSAGES.transition },
  },
  expenseReasonNeeded: {
    code: 'validation',
    status: 400,
    message: EXPENSE_MESSAGES.reasonNeeded,
    fields: { 'payload.reason': EXPENSE_MESSAGES.reasonNeeded },
  },
  expenseDayAhead: {
    code: 'validation',
    status: 400,
    message: EXPENSE_MESSAGES.dayAhead,
    fields: { 'payload.date': EXPENSE_MESSAGES.dayAhead },
  },
  /** Named at the amount's field by the server (`atField`). */
  expenseWholeUnits: { code: 'validation', status: 400, message: EXPENSE_MESSAGES.wholeUnits },
  expenseAttachmentNotFound: { code: 'expense/attachment-not-found', status: 404, message: EXPENSE_MESSAGES.attachmentNotFound },
  expenseReceiptType: { code: 'expense/receipt-type', status: 415, message: EXPENSE_MESSAGES.receiptType },
  // Leave and working from home
  leaveNotLicensed: { code: 'leave/not-licensed', status: 403, message: FLOATING_MESSAGES.needsUnlimited },
  leaveNotFound: { code: 'leave/not-found', status: 404, message: 'Sorry that leave request was not found. It may have been deleted.' },
  leaveNotAllowed: { code: 'leave/not-allowed', status: 403, message: 'You do not have permission to do this.' },
  leaveWrongStatus: {
    code: 'leave/wrong-status',
    status: 409,
    message: (status: string) => `This leave request is ${status.replace(/_/g, ' ')} and cannot be changed that way.`,
  },
  leaveOverlap: {
    code: 'leave/overlap',
    status: 409,
    message: 'There is already a leave request on some of these days.',
    fields: { dates: 'Overlaps another request' },
  },
  leaveUnknownCode: { code: 'validation', status: 400, message: 'Unknown leave code.', fields: { reason: 'Unknown leave code' } },
  leaveNoEntitlement: {
    code: 'leave/no-entitlement',
    status: 422,
    message: (year: number) => `There is no entitlement for this leave in ${year}.`,
    fields: { reason: 'No entitlement that year' },
  },
  leaveNotEnough: {
    code: 'leave/not-enough',
    status: 422,
    message: (left: number, inHours = false) => `Not enough leave left: ${leftText(left, inHours)}.`,
    fields: { dates: 'More than remains' },
  },
  leaveTimesPerYear: {
    code: 'leave/times-per-year',
    status: 422,
    message: (times: number) => `This leave can be requested ${times === 1 ? 'once' : `${times} times`} a year.`,
    fields: { reason: 'Too many times this year' },
  },
  leaveNotAMember: {
    code: 'validation',
    status: 400,
    message: 'This person is not part of the organization.',
    fields: { person: 'Not in the organization' },
  },
  leaveHours: {
    code: 'validation',
    status: 400,
    message: (found: LeaveHoursRefusal) => LEAVE_HOURS_MESSAGES[found.reason],
    fields: (found: LeaveHoursRefusal) => ({ [found.field]: LEAVE_HOURS_MESSAGES[found.reason] }),
  },
  workFromHomeNoOrg: { code: 'org/not-found', status: 404, message: FLOATING_MESSAGES.noOrgForWorkFromHome },
  workFromHomePast: { code: 'validation', status: 400, message: 'Book today or a later day.', fields: { day: 'In the past' } },
  // The planner
  plannerDatesBackwards: {
    code: 'validation',
    status: 400,
    message: 'The end date must not be before the start date',
    fields: atField('The end date must not be before the start date'),
  },
  plannerNotInOrg: {
    code: 'validation',
    status: 400,
    message: 'This person is not in the organisation.',
    fields: { personId: 'This person is not in the organisation.' },
  },
} as const satisfies Record<string, ErrorEntry>;
