import { z } from 'zod';
import { personRefSchema } from '../org/people.ts';
import { idSchema } from '../shared/ids.ts';
import { dateSchema, idListSchema, queryBooleanSchema, textSchema, queryIntSchema } from '../shared/inputs.ts';
import { LEAVE_STATUSES } from './rules.ts';

/** What a request's input may not be, said to the person. */
export const LEAVE_INPUT_MESSAGES = {
  hundredths: 'Give hours to the hundredth at most',
  tooLong: 'A leave request spans at most a year: split longer leave into several requests',
  dayTwice: 'Give the hours of each day once',
} as const;

/** The most calendar days from a request's first day to its last. */
export const LEAVE_MAX_SPAN_DAYS = 366;

const isHundredths = (hours: number) => Math.abs(hours * 100 - Math.round(hours * 100)) < 1e-6;

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Whether the first day to the last day of the ranges are at most `LEAVE_MAX_SPAN_DAYS` (backwards ones are refused elsewhere). */
function withinAYear(ranges: readonly { from: string; to: string }[]): boolean {
  const first = Math.min(...ranges.map((range) => dayMs(range.from)));
  const last = Math.max(...ranges.map((range) => dayMs(range.to)));
  // a malformed day (NaN) passes here: its own check refuses it
  return !((last - first) / 86_400_000 + 1 > LEAVE_MAX_SPAN_DAYS);
}

const leaveCodeIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Invalid leave code');
const rangeSchema = z.object({ from: dateSchema, to: dateSchema }).strict();
// hours to the hundredth, as totals and balances count them: a thousandth of an hour would make a request of 0 hours
const dayHoursSchema = z
  .object({ date: dateSchema, hours: z.number().gt(0).max(24).refine(isHundredths, LEAVE_INPUT_MESSAGES.hundredths) })
  .strict();
/** Hours of single days, each day once: two figures for one day would leave which one counts to chance. */
const hoursListSchema = z
  .array(dayHoursSchema)
  .max(400)
  .refine((entries) => new Set(entries.map((entry) => entry.date)).size === entries.length, LEAVE_INPUT_MESSAGES.dayTwice);
/** A request's ranges, from the first day to the last within a year (a leave is counted day by day). */
const rangesSchema = z.array(rangeSchema).min(1).max(20).refine(withinAYear, LEAVE_INPUT_MESSAGES.tooLong);

/** `POST /people-leave/create[/submit]/:orgId`: a request of one code over one or more ranges of days. */
export const leaveCreateSchema = z
  .object({
    /** Whose leave (default: the caller's); organisation admins and leave approvers may request for others. */
    person: idSchema.optional(),
    reason: leaveCodeIdSchema,
    dates: rangesSchema,
    /** Hours of single days where they are not a full day (half days, or hours for a code measured in hours). */
    hours: hoursListSchema.default([]),
    comment: textSchema(1000).default(''),
  })
  .strict();
export type LeaveCreate = z.output<typeof leaveCreateSchema>;

/** `PUT /people-leave/action/update/:id`: what changes of a draft or pending request. */
export const leaveUpdateSchema = z
  .object({
    reason: leaveCodeIdSchema.optional(),
    dates: rangesSchema.optional(),
    hours: hoursListSchema.optional(),
    comment: textSchema(1000).optional(),
  })
  .strict();
export type LeaveUpdate = z.output<typeof leaveUpdateSchema>;

/** The decision calls: which requests, and what the reviewer says (the mission they review for, a comment). */
export const leaveActionSchema = z
  .object({
    leaveIds: idListSchema(100).pipe(z.array(idSchema).min(1)),
    payload: z
      .object({ mission: idSchema.optional(), comment: textSchema(1000).optional() })
      .strict()
      .default({}),
  })
  .strict();
export type LeaveActionBody = z.output<typeof leaveActionSchema>;

export const leaveActionQuerySchema = z.object({ notify: queryBooleanSchema.optional() }).strict();

export const leaveListQuerySchema = z
  .object({
    year: queryIntSchema(1900, 2999).optional(),
    status: z.enum(LEAVE_STATUSES).optional(),
    person: idSchema.optional(),
  })
  .strict();

export const projectManagerLeaveQuerySchema = z.object({ lastUpdate: z.iso.datetime({ offset: true }).optional() }).strict();

export const leaveNotifySchema = z.object({ leaveIds: idListSchema(100).optional() }).strict();

const reviewSchema = z.object({ by: z.string(), action: z.string(), at: z.string(), mission: z.string().nullable(), comment: z.string() });

export const leaveAttachmentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
  url: z.string().nullable(),
});

/** A leave request as its person, its reviewers and the organisation's admins see it. */
export const leaveRequestSchema = z.object({
  _id: z.string(),
  org: z.string(),
  person: personRefSchema,
  /** The leave code's id; null with `code` where the code hides its reason from this viewer (`seesLeaveReason`). */
  reason: z.string().nullable(),
  code: z.object({ id: z.string(), code: z.string(), description: z.string(), measuredInHours: z.boolean() }).nullable(),
  dates: z.array(z.object({ from: z.string(), to: z.string() })),
  hours: z.array(z.object({ date: z.string(), hours: z.number() })),
  totalHours: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(LEAVE_STATUSES),
  comment: z.string(),
  attachments: z.array(leaveAttachmentSchema),
  createdBy: z.string(),
  reviews: z.array(reviewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LeaveRequestView = z.infer<typeof leaveRequestSchema>;

/** What team mates see of each other's approved or pending leave: that they are away, never why. */
export const leaveAwaySchema = z.object({ person: personRefSchema, startDate: z.string(), endDate: z.string(), days: z.array(z.string()) });
export type LeaveAway = z.infer<typeof leaveAwaySchema>;

export const leaveBalanceSchema = z.object({
  codeId: z.string(),
  year: z.number(),
  entitled: z.number().nullable(),
  carriedOver: z.number(),
  taken: z.number(),
  pending: z.number(),
  remaining: z.number().nullable(),
});

const leaveCodeViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  fixed: z.boolean(),
  isProjectLevel: z.boolean(),
  minHours: z.number().nullable(),
  maxHours: z.number().nullable(),
  allowHalfDays: z.boolean(),
  timesPerYear: z.number().nullable(),
  hideReason: z.boolean(),
  measuredInHours: z.boolean(),
});

const holidaySchema = z.object({ date: z.string(), name: z.string() });

/** `GET /people-leave/list/user`: per organisation its codes, holidays and my balances; and all my requests. */
export const myLeaveSchema = z.object({
  year: z.number(),
  orgs: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      licensed: z.boolean(),
      holidayCountryCode: z.string().nullable(),
      daysPerWeek: z.number(),
      codes: z.array(leaveCodeViewSchema),
      holidays: z.array(holidaySchema),
      balances: z.array(leaveBalanceSchema),
    }),
  ),
  requests: z.array(leaveRequestSchema),
});
export type MyLeave = z.infer<typeof myLeaveSchema>;

/** How a request touches the projects of its person (the review shows it). */
export const leaveImpactSchema = z.object({
  leaveId: z.string(),
  missions: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      roles: z.array(
        z.object({
          planItemId: z.string(),
          title: z.string(),
          hoursLost: z.number(),
          plannedHours: z.number(),
          belowAllocation: z.boolean(),
        }),
      ),
      tasksDue: z.array(z.object({ _id: z.string(), title: z.string(), endDate: z.string() })),
      teamAway: z.array(leaveAwaySchema),
    }),
  ),
});
export type LeaveImpact = z.infer<typeof leaveImpactSchema>;

/** A list of requests to review, with their impact and the badge count (rule 230). */
export const leaveReviewListSchema = z.object({
  requests: z.array(leaveRequestSchema),
  impact: z.array(leaveImpactSchema),
  badge: z.number(),
});
export type LeaveReviewList = z.infer<typeof leaveReviewListSchema>;

/** `GET /people-leave/list/org/:orgId`: requests (all for approvers, else mine), balances per person, who is away. */
export const orgLeaveListSchema = z.object({
  year: z.number(),
  /** the organisation keeps leave (the Unlimited subscription or a running trial, rule 185); else nothing to decide */
  licensed: z.boolean(),
  /** a leave approver of a licensed organisation: the pending requests are theirs to decide */
  canApprove: z.boolean(),
  codes: z.array(leaveCodeViewSchema),
  requests: z.array(leaveRequestSchema),
  impact: z.array(leaveImpactSchema),
  balances: z.array(z.object({ person: personRefSchema, balances: z.array(leaveBalanceSchema) })),
  away: z.array(leaveAwaySchema),
  badge: z.number(),
});
export type OrgLeaveList = z.infer<typeof orgLeaveListSchema>;

/** `GET /people-leave/list/mission/:missionId`: the team's requests for its approvers, and who is away for everyone. */
export const missionLeaveListSchema = z.object({
  canApprove: z.boolean(),
  requests: z.array(leaveRequestSchema),
  impact: z.array(leaveImpactSchema),
  away: z.array(leaveAwaySchema),
});
export type MissionLeaveList = z.infer<typeof missionLeaveListSchema>;

export const leaveActionResultSchema = z.object({ requests: z.array(leaveRequestSchema) });
export const leaveDeletedSchema = z.object({ deleted: z.literal(true) });
export const leaveNotifiedSchema = z.object({ notified: z.number() });

/** `POST /work-from-home`: book a day at home in one of my organisations. */
export const workFromHomeBookSchema = z.object({ org: idSchema, day: dateSchema }).strict();
export const workFromHomeQuerySchema = z.object({ from: dateSchema.optional() }).strict();

const workFromHomeDaySchema = z.object({ _id: z.string(), org: z.string(), person: personRefSchema, day: z.string(), mine: z.boolean() });

/**
 * Work-from-home days of my organisations' people, from a day on (14 days), for the team to see; `later` holds my own
 * days after that window (all of them, by day), so that a day booked far ahead can still be seen and cancelled.
 */
export const workFromHomeListSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(workFromHomeDaySchema),
  later: z.array(workFromHomeDaySchema),
});
export type WorkFromHomeList = z.infer<typeof workFromHomeListSchema>;

/**
 * `GET /people-leave/badge` (rule 230): pending requests I decide that start in the next 3 days: on the board (the
 * missions I own or manage) and per organisation whose leave I approve.
 */
export const leaveBadgesSchema = z.object({
  board: z.number(),
  orgs: z.array(z.object({ _id: z.string(), badge: z.number() })),
});
export type LeaveBadges = z.infer<typeof leaveBadgesSchema>;

/** `GET /people-leave/holiday-countries`: the countries whose public holidays are known, for the holiday setting. */
export const holidayCountriesSchema = z.object({ countries: z.array(z.object({ code: z.string(), name: z.string() })) });
export type HolidayCountries = z.infer<typeof holidayCountriesSchema>;
