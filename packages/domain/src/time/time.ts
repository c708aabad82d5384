import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { OVERTIME_MODES } from '../org/settings.ts';
import { dateSchema, dateTimeSchema, queryBooleanSchema, textSchema } from '../shared/inputs.ts';
import { isIsoDay } from '../missions/dates.ts';
import { spanInCalendar } from '../staffing/what-if.ts';
import { DAYS_PER_WEEK } from './week.ts';

/**
 * Weekly timesheets (spec 2 §§2–9; rules 171–181): one sheet per person per week per role (plan item) or, for work
 * of the organisation itself, per organisation. A sheet in role form holds seven daily hours; in task form it holds
 * tasks (action items), each with seven daily hours. Hours are exact: stored as whole minutes, never floats.
 */

/** Rule 171. */
export const TIMESHEET_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

/** Rule 7: a week holds 7 days, Monday first (rule 4). */
export { DAYS_PER_WEEK } from './week.ts';
export const MAX_HOURS_PER_DAY = 24;
export const MINUTES_PER_HOUR = 60;
export type OvertimeMode = (typeof OVERTIME_MODES)[number];
/** Rule 178: the missing-timesheets notice looks back three weeks. */
export const MISSING_TIMESHEET_WEEKS = 3;
/** Rule 179: the project-manager list starts 30 days back unless told otherwise. */
export const PROJECT_MANAGER_LOOKBACK_DAYS = 30;
/** A rejection says why, like role requests (at least 5 characters). */
export const REJECTION_REASON_MIN = 5;

/** Exact spec texts (catalog/messages.tsv) and the module's own. */
export const TIME_MESSAGES = {
  noEligibleOrg: 'There are no eligible organizations for Time Tracking.',
  unfilledRole: 'Unfilled role',
  needsAssignment: 'Needs assignment',
  notSubmittedDraft: 'Not submitted yet (Draft)',
  /** Tooltips of the grid and the approvers' lists: a role without its person, a role or project with no name to show. */
  roleNotAssigned: 'Role not assigned',
  unspecifiedRole: 'Unspecified role',
  projectNotFound: 'Project not found...',
  /** A day's tooltip when the organisation has no holiday country: its public holidays are not known. */
  locationNotSet: 'Location not set yet',
  noProjectRole: 'Just FYI: Not assigned a project role so timesheets cannot be submitted and allocation tracked',
  notFound: 'Sorry that timesheet was not found. It may have been deleted.',
  locked: 'This week has been submitted or approved and can no longer be changed.',
  noTimesheets: 'This project does not track timesheets.',
  notAllowed: 'Sorry but you are not allowed to do this with this timesheet.',
  transition: 'This timesheet cannot move to that status.',
  notMonday: 'Weeks start on Monday',
  outOfCalendar: 'The week must stay between the years 1900 and 2999',
  negative: 'Hours cannot be negative',
  overDay: 'A day holds at most 24 hours',
  notYourRole: 'Not your role on this project',
  unknownRole: 'Unknown role on this project',
  unknownTask: 'Unknown task on this project',
  notYourTask: 'This task is not assigned to you',
  taskOutsideWeek: 'This task is not planned in this week',
  twiceInWeek: 'This row is already in the week',
  outsideRole: 'The week is outside the dates of the role',
  roleInactive: 'The role is inactive',
  reasonNeeded: 'Please give a reason of at least 5 characters',
  daysFormat: 'Days are seven decimal numbers separated by commas',
  keptPerTask: 'This week is kept per task: change the hours of its tasks',
  invoiced: (invoice: string, status: string) =>
    `This week is billed on invoice ${invoice}, which is ${status}: it can no longer be changed. Void the invoice to change it.`,
} as const;

const isMonday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1;

/** The week's Monday, 'YYYY-MM-DD'. */
export const weekStartSchema = dateSchema.refine(isMonday, TIME_MESSAGES.notMonday);

/**
 * The Monday of a week hours are kept in: its Sunday too lies inside the calendar the product keeps (1900–2999, as
 * `dateSchema`), so 2999-12-30 is refused. A value that is not a day is left to `dateSchema`'s own message.
 */
export const keptWeekStartSchema = weekStartSchema.refine(
  (day) => !isIsoDay(day) || spanInCalendar({ from: day, to: day }, 0, DAYS_PER_WEEK - 1),
  TIME_MESSAGES.outOfCalendar,
);

/** Hours of one day: 0–24, any fraction (kept to the minute). */
export const dayHoursSchema = z.number().finite().min(0, TIME_MESSAGES.negative).max(MAX_HOURS_PER_DAY, TIME_MESSAGES.overDay);

/** Seven daily hours, Monday to Sunday. */
export const weekHoursSchema = z.array(dayHoursSchema).length(DAYS_PER_WEEK, 'Seven daily values, Monday to Sunday');

/** A day's hours as text: plain decimal digits ('8', '7.5', '.25'), never JavaScript's other numbers ('0x10', '1e1', 'Infinity'). */
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Task form: the spec writes a task's days as seven comma-separated values; an array of seven numbers is taken too. */
export const taskDaysSchema = z.union([
  weekHoursSchema,
  z
    .string()
    .max(200)
    .transform((text, ctx) => {
      const parts = text.split(',').map((part) => part.trim());
      if (parts.some((part) => part !== '' && !DECIMAL.test(part))) {
        ctx.addIssue({ code: 'custom', message: TIME_MESSAGES.daysFormat });
        return z.NEVER;
      }
      const hours = parts.map((part) => (part === '' ? 0 : Number(part)));
      const parsed = weekHoursSchema.safeParse(hours);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid days' });
        return z.NEVER;
      }
      return parsed.data;
    }),
]);

export const timesheetTaskInputSchema = z.object({ _id: idSchema, days: taskDaysSchema }).strict();

/** A lone UTF-16 surrogate: PostgreSQL's jsonb refuses it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storableText = (max: number) => textSchema(max).refine((value) => !LONE_SURROGATE.test(value), 'Invalid characters');

/** What the person saw when saving (role and project names…): small, flat, storable. */
const snapshotSchema = z
  .record(
    z.string().regex(/^[A-Za-z0-9_.-]{1,60}$/, 'Invalid key'),
    z.union([storableText(500), z.number().finite(), z.boolean(), z.null()]),
  )
  .refine((value) => Object.keys(value).length <= 30, 'At most 30 entries');

/** What a person writes into a week: role form (dailyHours) or task form (actionItems), not both. */
const weekContentShape = {
  dailyHours: weekHoursSchema.optional(),
  actionItems: z.array(timesheetTaskInputSchema).max(100).optional(),
  snapshot: snapshotSchema.optional(),
};

const oneForm = (value: { dailyHours?: unknown; actionItems?: unknown }) => !(value.dailyHours && value.actionItems);
const oneFormError = { message: 'Give dailyHours (role form) or actionItems (task form), not both', path: ['actionItems'] };

/**
 * Tasks of one week together hold at most 24 hours a day. Adding decimals leaves float noise past an exact 24
 * (0.01 + 16.46 + 7.53 is 24.000000000000004), far below the shortest real excess (a second is 0.0003 h).
 */
const HOURS_NOISE = 1e-9;
const tasksFitDays = (value: { actionItems?: { days: number[] }[] | undefined }) =>
  Array.from({ length: DAYS_PER_WEEK }, (_, day) => (value.actionItems ?? []).reduce((sum, task) => sum + (task.days[day] ?? 0), 0)).every(
    (total) => total <= MAX_HOURS_PER_DAY + HOURS_NOISE,
  );
const tasksFitDaysError = { message: TIME_MESSAGES.overDay, path: ['actionItems'] };

/** A task is one line of its week: a second line of it would count its hours twice. */
const tasksOnce = (value: { actionItems?: { _id: string }[] | undefined }, ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  (value.actionItems ?? []).forEach((task, i) => {
    if (seen.has(task._id)) ctx.addIssue({ code: 'custom', message: TIME_MESSAGES.twiceInWeek, path: ['actionItems', i, '_id'] });
    seen.add(task._id);
  });
};

/** Status a person asks for when saving (submission is the update call too, rule 176). */
export const saveStatusSchema = z.enum(['draft', 'submitted']);

/** `POST /timesheet/mission/:id`: the caller's week on one of their roles. */
export const missionTimesheetCreateSchema = z
  .object({
    missionPlanId: idSchema,
    payload: z
      .object({ weekStart: keptWeekStartSchema, status: saveStatusSchema.optional(), ...weekContentShape })
      .strict()
      .refine(oneForm, oneFormError)
      .refine(tasksFitDays, tasksFitDaysError)
      .superRefine(tasksOnce),
  })
  .strict();
export type MissionTimesheetCreate = z.infer<typeof missionTimesheetCreateSchema>;

/** `POST /timesheet/org/:orgId`: the caller's week of organisation work, optionally on one organisation role. */
export const orgTimesheetCreateSchema = z
  .object({
    payload: z
      .object({
        weekStart: keptWeekStartSchema,
        orgRole: idSchema.nullable().optional(),
        status: saveStatusSchema.optional(),
        ...weekContentShape,
      })
      .strict()
      .refine((value) => !value.actionItems, { message: 'Organisation timesheets hold daily hours only', path: ['actionItems'] }),
    /** Accepted for the accounting export of the organisation area (not part of this foundation). */
    qbo: z.boolean().optional(),
  })
  .strict();
export type OrgTimesheetCreate = z.infer<typeof orgTimesheetCreateSchema>;

/** `PUT …/timesheet/:id`: new hours (owner), and/or a status change (owner submits or recalls; approvers decide). */
export const timesheetUpdateSchema = z
  .object({
    payload: z
      .object({
        status: z.enum(TIMESHEET_STATUSES).optional(),
        reason: storableText(2000).optional(),
        ...weekContentShape,
      })
      .strict()
      .refine(oneForm, oneFormError)
      .refine(tasksFitDays, tasksFitDaysError)
      .superRefine(tasksOnce),
  })
  .strict();
export type TimesheetUpdate = z.infer<typeof timesheetUpdateSchema>;

export const timesheetNotifyQuerySchema = z.object({ notify: queryBooleanSchema.optional() }).strict();

export const orgTimesheetListQuerySchema = z
  .object({
    giveOrgOnly: queryBooleanSchema.optional(),
    giveMissionOnly: queryBooleanSchema.optional(),
    from: weekStartSchema.optional(),
    to: weekStartSchema.optional(),
  })
  .strict();

export const timesheetWeeksQuerySchema = z.object({ from: weekStartSchema.optional(), to: weekStartSchema.optional() }).strict();

/** `GET /timesheet`: weeks from `from` to `to`, and the tasks of the week starting `week` (one that can be kept). */
export const myTimesheetsQuerySchema = z
  .object({ from: weekStartSchema.optional(), to: weekStartSchema.optional(), week: keptWeekStartSchema.optional() })
  .strict();

export const projectManagerTimesheetQuerySchema = z.object({ updatedAt: dateTimeSchema.optional() }).strict();

/** The organisation-level role cells of a week (rule 80; `role-cells.ts` says which applies). */
export const ROLE_CELL_KINDS = ['unfilled', 'needsAssignment', 'draft'] as const;
export type RoleCellKind = (typeof ROLE_CELL_KINDS)[number];

/** The weeks the role cells cover at most. */
export const ROLE_CELL_MAX_WEEKS = 26;

/** `GET /timesheet/project-manager/roles`: from and to are Mondays (default: the weeks of the last 30 days, rule 179). */
export const managedRoleCellsQuerySchema = z
  .object({ from: weekStartSchema.optional(), to: weekStartSchema.optional() })
  .strict()
  .refine((value) => !value.from || !value.to || value.from <= value.to, { message: 'The end comes before the start', path: ['to'] })
  .refine((value) => !value.from || !value.to || Date.parse(value.to) - Date.parse(value.from) < ROLE_CELL_MAX_WEEKS * 7 * 86_400_000, {
    message: `At most ${ROLE_CELL_MAX_WEEKS} weeks at a time`,
    path: ['to'],
  });

/** A role of a mission I manage in a week without a submitted, approved or rejected sheet (rule 80). */
export const roleWeekCellSchema = z.object({
  mission: z.string(),
  missionTitle: z.string(),
  planItemId: z.string(),
  title: z.string(),
  person: z.string().nullable(),
  personName: z.string().nullable(),
  weekStart: z.string(),
  kind: z.enum(ROLE_CELL_KINDS),
  /** The spec's text of the cell. */
  label: z.string(),
  /** The week as far as its person has typed it (a draft), if they have. */
  draft: z.object({ _id: z.string(), totalHours: z.number() }).nullable(),
});
export type RoleWeekCell = z.infer<typeof roleWeekCellSchema>;

export const managedRoleCellsSchema = z.object({ weeks: z.array(z.string()), cells: z.array(roleWeekCellSchema) });
export type ManagedRoleCells = z.infer<typeof managedRoleCellsSchema>;

/** `POST /orgPersonMetrics/missionTimesheetDailyMetrics/list/org/:id`. */
export const dailyMetricsQuerySchema = z
  .object({
    start: dateSchema,
    end: dateSchema,
    people: z.array(idSchema).max(500).optional(),
    missions: z.array(idSchema).max(500).optional(),
  })
  .strict()
  .refine((value) => value.start <= value.end, { message: 'The end comes before the start', path: ['end'] })
  .refine((value) => Date.parse(value.end) - Date.parse(value.start) <= 366 * 86_400_000, {
    message: 'At most one year at a time',
    path: ['end'],
  });

/** `GET /timesheet/org/:orgId/overtime`: the overtime report of the organisation area (otPeriodStart, otPeriodEnd). */
export const overtimeQuerySchema = z
  .object({ otPeriodStart: weekStartSchema, otPeriodEnd: dateSchema })
  .strict()
  .refine((value) => value.otPeriodStart <= value.otPeriodEnd, { message: 'The end comes before the start', path: ['otPeriodEnd'] })
  .refine((value) => Date.parse(value.otPeriodEnd) - Date.parse(value.otPeriodStart) <= 366 * 86_400_000, {
    message: 'At most one year at a time',
    path: ['otPeriodEnd'],
  });

/** A task's line of a week; `title` is the task's title now, null once the task is deleted. */
export const timesheetTaskSchema = z.object({
  _id: z.string(),
  title: z.string().nullable(),
  days: z.string(),
  hours: z.array(z.number()),
});

export const timesheetSchema = z.object({
  _id: z.string(),
  org: z.string(),
  mission: z.string().nullable(),
  planItemId: z.string().nullable(),
  orgRole: z.string().nullable(),
  person: z.string(),
  belongsToOrg: z.boolean(),
  weekStart: z.string(),
  weekEnd: z.string(),
  status: z.enum(TIMESHEET_STATUSES),
  form: z.enum(['role', 'task']),
  dailyHours: z.array(z.number()),
  totalHours: z.number(),
  actionItems: z.array(timesheetTaskSchema),
  snapshot: z.record(z.string(), z.unknown()),
  rejectionReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

export const timesheetListSchema = z.array(timesheetSchema);

export const missingTimesheetSchema = z.object({ mission: z.string(), planItemId: z.string(), title: z.string(), weekStart: z.string() });

/** A role (plan item) of mine that keeps timesheets: one row of my weekly grid. */
export const myTimesheetRoleSchema = z.object({
  planItemId: z.string(),
  mission: z.string(),
  missionTitle: z.string(),
  title: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Percent of an 8-hour working day the plan gives the role (rule 10): what 'Fill from plan' spreads. */
  allocation: z.number(),
});
export type MyTimesheetRole = z.infer<typeof myTimesheetRoleSchema>;

/**
 * A role nobody holds yet for which a request names me and waits for approval: my grid shows it as its
 * organisation-level cell 'Needs assignment' (rule 80), without hours until the role is mine.
 */
export const myRequestedRoleSchema = myTimesheetRoleSchema.omit({ allocation: true });
export type MyRequestedRole = z.infer<typeof myRequestedRoleSchema>;

/** A task assigned to me whose dates touch the week asked for (or a task of my week): one task row of my weekly grid. */
export const myTimesheetTaskSchema = z.object({
  actionItemId: z.string(),
  mission: z.string(),
  missionTitle: z.string(),
  title: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type MyTimesheetTask = z.infer<typeof myTimesheetTaskSchema>;

/**
 * `GET /timesheet`: my weeks, my roles and tasks (the grid's rows: tasks of the week `week`, this week by default),
 * and my roles' weeks missing over the last three weeks (rule 178).
 */
export const myTimesheetsSchema = z.object({
  timesheets: timesheetListSchema,
  roles: z.array(myTimesheetRoleSchema),
  requested: z.array(myRequestedRoleSchema),
  tasks: z.array(myTimesheetTaskSchema),
  missing: z.array(missingTimesheetSchema),
});
export type MyTimesheets = z.infer<typeof myTimesheetsSchema>;

/**
 * `GET /timesheet/orgs`: the organisations I may keep weeks in now (rule 180): those I belong to that track time
 * (`missions` null: all their work), and those whose licensed projects I work on as a team member invited from
 * outside (`missions`: only those projects; nothing else of the organisation is shown).
 */
export const timeTrackingOrgSchema = z.object({ _id: z.string(), missions: z.array(z.string()).nullable() });
export const timeTrackingOrgsSchema = z.array(timeTrackingOrgSchema);
export type TimeTrackingOrg = z.infer<typeof timeTrackingOrgSchema>;

export const timesheetDeletedSchema = z.object({ deleted: z.array(z.string()) });

export const dailyMetricsSchema = z.object({
  days: z.array(
    z.object({
      person: z.string(),
      mission: z.string().nullable(),
      day: z.string(),
      /** Hours of submitted and approved weeks. */
      hours: z.number(),
      /** Rule 173: only approved hours are actual hours. */
      approvedHours: z.number(),
      /** Approved hours of the day beyond the threshold of the row's mission (its own, else the organisation's; rule 177). */
      overtimeHours: z.number(),
      overtimeAfter: z.number(),
      overtimeMode: z.enum(OVERTIME_MODES),
    }),
  ),
});

const overtimeFigures = { hours: z.number(), overtimeHours: z.number(), after: z.number(), mode: z.enum(OVERTIME_MODES) };

export const overtimeReportSchema = z.object({
  start: z.string(),
  end: z.string(),
  people: z.array(
    z.object({
      person: z.string(),
      /**
       * The person's name where the organisation's people do not tell it: a team member from outside it (null for
       * somebody who left it, or without a name).
       */
      name: z.string().nullable(),
      ...overtimeFigures,
      /**
       * `title`: the mission's title, whatever the screen lists of the organisation's missions (an archived mission's
       * approved hours stay in the report); null for a mission no longer kept.
       */
      missions: z.array(z.object({ mission: z.string(), title: z.string().nullable(), ...overtimeFigures })),
    }),
  ),
});
