import { z } from 'zod';
import { countryCodeSchema, currencySchema, textSchema } from '../shared/inputs.ts';
import { HOURS_PER_LEAVE_DAY } from '../leave/hours.ts';
import { ANY_DOMAIN, DOMAIN_PATTERN } from './rules.ts';

/** Rate time units of roles and plan items (spec 2 §3); roleDefaultRateTime picks one for new roles. */
export const RATE_TIMES = ['Hourly', 'Daily', 'Weekly', 'Monthly', 'Yearly', 'One time'] as const;
export type RateTime = (typeof RATE_TIMES)[number];

/** Overtime is counted per day or per week (spec 2 §9: 8 hours a day or 40 a week, daily by default). */
export const OVERTIME_MODES = ['day', 'week'] as const;
export const OVERTIME_DEFAULTS = { day: 8, week: 40 } as const;
export type OvertimeModeName = (typeof OVERTIME_MODES)[number];

/** A day holds at most 24 hours: a daily threshold above it could never be reached. */
const DAY_HOURS_AT_MOST = 24;

/**
 * The overtime threshold once the mode changes from `from` to `to` with no threshold given: one left at the old mode's
 * default takes the new mode's (8 a day becomes 40 a week, rule 177); one a person chose stays, unless no day could
 * reach it (45 a week becomes the day's 8).
 */
export function overtimeAfterForMode(hours: number, from: OvertimeModeName, to: OvertimeModeName): number {
  if (from === to) return hours;
  if (hours === OVERTIME_DEFAULTS[from]) return OVERTIME_DEFAULTS[to];
  return to === 'day' && hours > DAY_HOURS_AT_MOST ? OVERTIME_DEFAULTS.day : hours;
}

export const CARRY_OVER_MODES = ['percent', 'fixed'] as const;

const leaveCodeId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Invalid leave code id');

/**
 * The most hours a code's bounds may name: a request's hours over a whole year of working days. The bounds are the
 * hours of a whole request (rule 228: child care at most 32 hours), not of a day.
 */
export const LEAVE_CODE_MAX_HOURS = HOURS_PER_LEAVE_DAY * 366;
const codeHoursSchema = z.number().min(0, 'Hours cannot be negative.').max(LEAVE_CODE_MAX_HOURS, `At most ${LEAVE_CODE_MAX_HOURS} hours.`);
export const LEAVE_SETTINGS_MESSAGES = {
  minAboveMax: 'The fewest hours must not be more than the most hours.',
  unknownHolidayCountry: 'The public holidays of this country are not known.',
  cutOffNotADay: 'This month has no such day.',
  carryOverAtMost: 'At most 100: a percentage of what remains, or days.',
} as const;

/** Days of each month in a leap year: a cut-off is a month-day some year has (29 February included). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isMonthDay = (monthDay: string) => Number(monthDay.slice(3)) <= (MONTH_DAYS[Number(monthDay.slice(0, 2)) - 1] ?? 0);

/** A leave code as the organisation stores it (spec 2 §3); its fewest hours are not more than its most. */
export const leaveCodeSchema = z
  .object({
    id: leaveCodeId,
    code: textSchema(20).default(''),
    description: textSchema(200, 1),
    fixed: z.boolean().default(false),
    isProjectLevel: z.boolean().default(false),
    days: z
      .array(z.object({ year: z.number().int().min(1900).max(2999), amount: z.number().min(0).max(366) }).strict())
      .max(100)
      .default([]),
    comments: textSchema(1000).default(''),
    minHours: codeHoursSchema.nullable().default(null),
    maxHours: codeHoursSchema.nullable().default(null),
    allowHalfDays: z.boolean().default(false),
    timesPerYear: z.number().int().min(0).max(366).nullable().default(null),
    hideReason: z.boolean().default(false),
  })
  .strict()
  .refine((code) => code.minHours === null || code.maxHours === null || code.minHours <= code.maxHours, {
    message: LEAVE_SETTINGS_MESSAGES.minAboveMax,
    path: ['maxHours'],
  });
export type LeaveCode = z.output<typeof leaveCodeSchema>;

const leaveCode = (id: string, code: string, description: string, extra: Partial<LeaveCode> = {}): LeaveCode => ({
  id,
  code,
  description,
  fixed: false,
  isProjectLevel: false,
  days: [],
  comments: '',
  minHours: null,
  maxHours: null,
  allowHalfDays: false,
  timesPerYear: null,
  hideReason: false,
  ...extra,
});

/** Rule 219: annual leave (fixed and project-level), and training, personal and medical, in a new organisation. */
export const DEFAULT_LEAVE_CODES: LeaveCode[] = [
  leaveCode('annual', 'AL', 'Annual leave', { fixed: true, isProjectLevel: true, allowHalfDays: true }),
  leaveCode('training', 'TR', 'Training'),
  leaveCode('personal', 'PL', 'Personal leave'),
  leaveCode('medical', 'ML', 'Medical leave', { hideReason: true }),
];

/** A deadline offered on proposals (the spec names the setting only): a title and how many days it gives. */
export const proposalDeadlineSchema = z.object({ title: textSchema(100, 1), days: z.number().int().min(0).max(3650) }).strict();

/** An approved invite domain, or 'ANY' (any case) for all. */
export const inviteDomainSchema = z
  .string()
  .trim()
  .max(253)
  .transform((value) => (value.toUpperCase() === ANY_DOMAIN ? ANY_DOMAIN : value.toLowerCase().replace(/^@/, '')))
  .pipe(z.string().refine((value) => value === ANY_DOMAIN || DOMAIN_PATTERN.test(value), 'Sorry but that domain may be invalid…'));

/** Every setting of an organisation the spec names, with its kind and bounds. */
export const orgSettingsShape = {
  title: textSchema(100, 1),
  currency: currencySchema,
  roleDefaultRateTime: z.enum(RATE_TIMES),
  proposalDeadlines: z.array(proposalDeadlineSchema).max(20),
  leaveCodes: z
    .array(leaveCodeSchema)
    .max(50)
    .refine((codes) => new Set(codes.map((c) => c.id)).size === codes.length, 'Leave code ids must be unique'),
  holidayCountryCode: countryCodeSchema.nullable(),
  daysPerWeek: z.number().int().min(1).max(7),
  carryOverAnnualLeaveCutOff: z
    .string()
    .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Use MM-DD')
    .refine(isMonthDay, LEAVE_SETTINGS_MESSAGES.cutOffNotADay)
    .nullable(),
  // rule 224: a percentage of the remainder (0–100), or days capped at it (a year's remainder is far below 100)
  carryOverAnnualLeaveAmount: z.number().min(0).max(100, LEAVE_SETTINGS_MESSAGES.carryOverAtMost).nullable(),
  carryOverAnnualLeaveFx: z.enum(CARRY_OVER_MODES),
  inviteDomains: z
    .array(inviteDomainSchema)
    .max(50)
    .transform((domains) => [...new Set(domains)]),
  overTimeAfterDayOrWeek: z.enum(OVERTIME_MODES),
  overTimeAfter: z.number().min(0).max(168),
  isMFARequired: z.boolean(),
  rolesNeedApproval: z.boolean(),
  canProjectManagersApproveRoles: z.boolean(),
  projectCreationRestricted: z.boolean(),
  invoicingDisabled: z.boolean(),
};

const leaveCodeOutputSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  fixed: z.boolean(),
  isProjectLevel: z.boolean(),
  days: z.array(z.object({ year: z.number(), amount: z.number() })),
  comments: z.string(),
  minHours: z.number().nullable(),
  maxHours: z.number().nullable(),
  allowHalfDays: z.boolean(),
  timesPerYear: z.number().nullable(),
  hideReason: z.boolean(),
});

/** The settings as the server sends them. */
export const orgSettingsOutputShape = {
  title: z.string(),
  currency: z.string(),
  roleDefaultRateTime: z.enum(RATE_TIMES),
  proposalDeadlines: z.array(z.object({ title: z.string(), days: z.number() })),
  leaveCodes: z.array(leaveCodeOutputSchema),
  holidayCountryCode: z.string().nullable(),
  daysPerWeek: z.number(),
  carryOverAnnualLeaveCutOff: z.string().nullable(),
  carryOverAnnualLeaveAmount: z.number().nullable(),
  carryOverAnnualLeaveFx: z.enum(CARRY_OVER_MODES),
  inviteDomains: z.array(z.string()),
  overTimeAfterDayOrWeek: z.enum(OVERTIME_MODES),
  overTimeAfter: z.number(),
  isMFARequired: z.boolean(),
  rolesNeedApproval: z.boolean(),
  canProjectManagersApproveRoles: z.boolean(),
  projectCreationRestricted: z.boolean(),
  invoicingDisabled: z.boolean(),
};

/** Licence state, set by billing (never by the settings form). */
export const orgLicenceShape = {
  isLicensed: z.boolean(),
  isKeyLicensed: z.boolean(),
  isOrgLicensed: z.boolean(),
  isLicensedActive: z.boolean(),
  trialStartedOn: z.string().nullable(),
};
