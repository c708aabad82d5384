import { COMMENT_MESSAGES } from '../comments/comments.ts';
import { EXPENSE_MESSAGES } from '../expenses/expenses.ts';
import { FILE_MESSAGES } from '../files/files.ts';
import { INVOICE_MESSAGES } from '../invoices/invoices.ts';
import { FLOATING_MESSAGES, MISSION_MESSAGES, ORG_MESSAGES, SHELL_MESSAGES } from '../messages/index.ts';
import { PLAN_MESSAGES } from '../plan/plan.ts';
import { TIME_MESSAGES } from '../time/time.ts';

/**
 * The API's known failures, one entry each: the stable `code` clients match on, the HTTP status, and the exact text
 * the person reads (the spec's messages keep their text; a text with a value in it is a function of that value).
 * `fields` name what is wrong where a form shows it. A code keeps one status; some codes carry several texts
 * (each its own entry), e.g. `comment/forbidden`.
 */
type Entry = {
  code: string;
  status: number;
  message: string | ((...args: never[]) => string);
  fields?: Readonly<Record<string, string>>;
};

export const ERRORS = {
  // The route gate and plain refusals
  unauthenticated: { code: 'auth/unauthenticated', status: 401, message: 'Please sign in.' },
  forbidden: { code: 'forbidden', status: 403, message: 'You do not have permission to do this.' },
  notFound: { code: 'not_found', status: 404, message: 'Not found.' },
  orgNotFound: { code: 'org/not-found', status: 404, message: ORG_MESSAGES.notFound },
  missionNotFound: { code: 'mission/not-found', status: 404, message: MISSION_MESSAGES.notFound },
  missionInvitePending: { code: 'mission/invite-pending', status: 403, message: MISSION_MESSAGES.loadFailed },
  missionWithheld: {
    code: 'auth/mfa-required',
    status: 403,
    message: 'This organization requires two-factor authentication. Please set it up to see its projects.',
  },
  accountLimit: { code: 'account_limit', status: 402, message: MISSION_MESSAGES.accountLimit },
  // What a mission route names, when it is not there
  fileNotFound: { code: 'file/not-found', status: 404, message: 'Sorry that file was not found. It may have been deleted.' },
  commentNotFound: { code: 'comment/not-found', status: 404, message: 'Sorry that message was not found. It may have been deleted.' },
  taskNotFound: { code: 'task/not-found', status: 404, message: SHELL_MESSAGES.unknownTask },
  actionNotFound: { code: 'action/not-found', status: 404, message: 'Sorry that action was not found. It may have been deleted.' },
  planItemNotFound: {
    code: 'plan-item/not-found',
    status: 404,
    message: 'Sorry that role or plan item was not found. It may have been deleted.',
  },
  sectionTagNotFound: {
    code: 'mission/section-tag-not-found',
    status: 404,
    message: 'Sorry that section was not found. Please refresh and try again.',
  },
  kpiNotFound: { code: 'mission/kpi-not-found', status: 404, message: 'Sorry that KPI was not found. Please refresh and try again.' },
  templateNotFound: { code: 'template/not-found', status: 404, message: 'Sorry that template was not found.' },
  // Tasks
  actionDates: { code: 'action/invalid-dates', status: 400, message: 'Sorry was not able to create...' },
  taskCircular: { code: 'task/circular-dependency', status: 400, message: 'Circular dependency' },
  notPartOfMission: { code: 'not_part_of_mission', status: 409, message: 'This person is not part of the mission yet.' },
  taskClosed: { code: 'task/closed', status: 403, message: 'This action is done and closed. Reopen it first.' },
  taskRefused: { code: 'task/forbidden', status: 403, message: 'You do not have permission to do this.' },
  taskCopyNotReady: {
    code: 'task/copy-not-ready',
    status: 409,
    message: 'Tasks can be copied once a project manager or admin has opened the project.',
  },
  taskEndBeforeStart: {
    code: 'validation',
    status: 400,
    message: 'The end date must be after the start date.',
    fields: { endDate: 'Before start' },
  },
  // Plan
  planReasonTooShort: {
    code: 'plan/reason-too-short',
    status: 400,
    message: PLAN_MESSAGES.longerDescription,
    fields: { reason: 'Too short' },
  },
  planNotOnTeam: { code: 'plan/not-on-team', status: 400, message: PLAN_MESSAGES.notOnTeam, fields: { person: 'Not on the team' } },
  planObserver: { code: 'plan/observer', status: 400, message: PLAN_MESSAGES.observerNotCandidate, fields: { person: 'Observer' } },
  planDepartmentClosed: {
    code: 'plan/department-closed',
    status: 400,
    message: PLAN_MESSAGES.departmentClosed,
    fields: { person: 'Department does not share' },
  },
  planScheduleNotFound: { code: 'plan/schedule-not-found', status: 404, message: PLAN_MESSAGES.scheduleNotFound },
  planScheduleOutside: {
    code: 'plan/schedule-outside',
    status: 400,
    message: PLAN_MESSAGES.scheduleOutside,
    fields: { startDate: 'Outside the role', endDate: 'Outside the role' },
  },
  // Files
  fileRefused: { code: 'file/forbidden', status: 403, message: 'You do not have permission to do this.' },
  fileContentMissing: { code: 'file/content-missing', status: 404, message: 'Sorry the contents of this file are missing.' },
  fileLinkInvalid: { code: 'file/link-invalid', status: 403, message: 'This file link is not valid or has expired.' },
  fileTooLarge: { code: 'LIMIT_FILE_SIZE', status: 413, message: (limitMb: number) => FILE_MESSAGES.fileTooLarge(limitMb) },
  tooManyFiles: { code: 'LIMIT_FILE', status: 400, message: (count: number) => FILE_MESSAGES.tooManyFiles(count) },
  noFiles: { code: 'file/missing', status: 400, message: 'Send the files as multipart form data.' },
  // Chat
  commentEmpty: { code: 'comment/empty', status: 400, message: COMMENT_MESSAGES.emptyText, fields: { text: 'Empty' } },
  commentUnknownTopic: {
    code: 'comment/unknown-topic',
    status: 400,
    message: COMMENT_MESSAGES.unknownTopic,
    fields: { topic: 'Not a subtask of this task' },
  },
  commentUnknownReply: {
    code: 'comment/unknown-reply',
    status: 400,
    message: COMMENT_MESSAGES.unknownReply,
    fields: { replyTo: 'Not in this chat' },
  },
  commentMayNotPost: { code: 'comment/forbidden', status: 403, message: COMMENT_MESSAGES.mayNotPost },
  commentNotAuthor: { code: 'comment/forbidden', status: 403, message: COMMENT_MESSAGES.onlyAuthorEdits },
  commentMayNotDelete: { code: 'comment/forbidden', status: 403, message: COMMENT_MESSAGES.mayNotDelete },
  // Client invoices
  invoiceNotFound: { code: 'invoice/not-found', status: 404, message: INVOICE_MESSAGES.notFound },
  invoiceNumberBackwards: {
    code: 'invoice/number-backwards',
    status: 409,
    message: (floor: string) => INVOICE_MESSAGES.numberBackwards(floor),
  },
  invoiceNotDraft: { code: 'invoice/not-draft', status: 409, message: INVOICE_MESSAGES.notDraft },
  invoiceBadStatus: {
    code: 'invoice/bad-status',
    status: 409,
    message: (from: string, to: string) => INVOICE_MESSAGES.badStatus(from, to),
  },
  invoiceAlreadyInvoiced: { code: 'invoice/already-invoiced', status: 409, message: INVOICE_MESSAGES.alreadyInvoiced },
  invoiceNotBillable: { code: 'invoice/not-billable', status: 409, message: INVOICE_MESSAGES.notBillable },
  invoiceNothingToPay: { code: 'invoice/nothing-to-pay', status: 400, message: INVOICE_MESSAGES.nothingToPay },
  invoiceNoEmail: { code: 'invoice/no-email', status: 400, message: INVOICE_MESSAGES.noEmail, fields: { to: INVOICE_MESSAGES.noEmail } },
  invoicingDisabled: { code: 'invoice/disabled', status: 403, message: INVOICE_MESSAGES.invoicingDisabled },
  invoiceNotPdf: { code: 'invoice/not-pdf', status: 415, message: INVOICE_MESSAGES.notPdf },
  // Currencies
  noExchangeRate: {
    code: 'currency/no-rate',
    status: 422,
    message: (currency: string, day: string) => `No exchange rate for ${currency} on ${day}`,
  },
  // Time
  timeNotLicensed: { code: 'time/not-licensed', status: 403, message: TIME_MESSAGES.noEligibleOrg },
  timeNotAllowed: { code: 'time/not-allowed', status: 403, message: TIME_MESSAGES.notAllowed },
  timesheetNotFound: { code: 'time/not-found', status: 404, message: TIME_MESSAGES.notFound },
  timesheetLocked: { code: 'time/locked', status: 409, message: TIME_MESSAGES.locked },
  noTimesheets: { code: 'time/no-timesheets', status: 409, message: TIME_MESSAGES.noTimesheets },
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
  expenseAttachmentNotFound: { code: 'expense/attachment-not-found', status: 404, message: EXPENSE_MESSAGES.attachmentNotFound },
  expenseReceiptType: { code: 'expense/receipt-type', status: 415, message: EXPENSE_MESSAGES.receiptType },
  // Leave
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
    message: (left: number) => `Not enough leave left: ${left} days remain.`,
    fields: { dates: 'More than remains' },
  },
  leaveTimesPerYear: {
    code: 'leave/times-per-year',
    status: 422,
    message: (times: number) => `This leave can be requested ${times} times a year.`,
    fields: { reason: 'Too many times this year' },
  },
  leaveNotAMember: {
    code: 'validation',
    status: 400,
    message: 'This person is not part of the organization.',
    fields: { person: 'Not in the organization' },
  },
} as const satisfies Record<string, Entry>;

export type ErrorName = keyof typeof ERRORS;
export type ErrorCode = (typeof ERRORS)[ErrorName]['code'];
/** The values a text with values in it needs (none for a fixed text). */
export type ErrorArgs<N extends ErrorName> = (typeof ERRORS)[N]['message'] extends (...args: infer A) => string ? A : [];

export type ErrorBody = { code: ErrorCode; status: number; message: string; fields?: Readonly<Record<string, string>> };

/** One failure of the catalogue, its text filled in. */
export function errorOf<N extends ErrorName>(name: N, ...args: ErrorArgs<N>): ErrorBody {
  const entry: Entry = ERRORS[name];
  const message = typeof entry.message === 'function' ? (entry.message as (...a: unknown[]) => string)(...args) : entry.message;
  return { code: entry.code as ErrorCode, status: entry.status, message, ...(entry.fields ? { fields: entry.fields } : {}) };
}
