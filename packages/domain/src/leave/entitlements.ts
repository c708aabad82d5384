import type { LeaveCode } from '../org/settings.ts';
import { HOURS_PER_LEAVE_DAY } from './hours.ts';
import { leaveBalance, type LeaveBalance, type LeaveForBalance } from './rules.ts';

/** Spec texts of leave (catalog/messages.tsv). */
export const LEAVE_MESSAGES = {
  provideYear: 'Please provide year ...',
  rejectedTitle: 'Oh-oh, a leave request was rejected',
  needsUnlimited: 'Requires an organization with an Unlimited subscription. Start a free trial to test it out',
} as const;

/** Rule 215: an entitlement is always of one year; asking without one is a mistake of the caller. */
export class LeaveYearMissingError extends Error {
  constructor() {
    super(LEAVE_MESSAGES.provideYear);
    this.name = 'LeaveYearMissingError';
  }
}

/** The years the country tables are given for (rule 225). */
export const LEAVE_TABLE_YEARS = [2024, 2025] as const;

/** One statutory leave of a country: days per year and, where the law says so, its hour bounds and times per year. */
export type CountryLeave = {
  id: string;
  description: string;
  days: number | null;
  minHours?: number;
  maxHours?: number;
  timesPerYear?: number;
};

/** Rules 226–228: the statutory leaves of the US, Canada and Greece (the same for 2024 and 2025). */
const COUNTRY_LEAVES: Record<string, readonly CountryLeave[]> = {
  US: [
    { id: 'sick', description: 'Sick leave', days: 5 },
    { id: 'maternity', description: 'Maternity leave', days: 84 },
    { id: 'paternity', description: 'Paternity leave', days: 84 },
    { id: 'bereavement', description: 'Bereavement leave', days: 3 },
    { id: 'family-care', description: 'Family care leave', days: 84 },
  ],
  CA: [
    { id: 'sick', description: 'Sick leave', days: 10 },
    { id: 'maternity', description: 'Maternity leave', days: 119 },
    { id: 'parental', description: 'Parental leave', days: 104 },
    { id: 'bereavement', description: 'Bereavement leave', days: 5 },
    { id: 'compassionate', description: 'Compassionate care leave', days: 28 },
  ],
  GR: [
    { id: 'blood-donation', description: 'Blood donation leave', days: 4, maxHours: 16, timesPerYear: 2 },
    { id: 'marriage', description: 'Marriage leave', days: 5 },
    { id: 'maternity', description: 'Maternity leave', days: 119 },
    { id: 'paternity', description: 'Paternity leave', days: 15 },
    { id: 'parental', description: 'Parental leave', days: 122 },
    { id: 'bereavement', description: 'Bereavement leave', days: 2 },
    { id: 'student', description: 'Student leave', days: 30 },
    { id: 'school-monitoring', description: 'School monitoring leave', days: 4, minHours: 1, maxHours: 8 },
    { id: 'child-care', description: 'Child care leave', days: null, maxHours: 32 },
    { id: 'single-parent', description: 'Single parent leave', days: 6 },
    { id: 'serious-child-illness', description: 'Serious child illness leave', days: 10 },
    { id: 'exclusive-custody', description: 'Exclusive custody leave', days: 6 },
  ],
};

/** Rule 229: statutory annual leave days of the EU countries and GB. */
export const ANNUAL_LEAVE_DAYS: Readonly<Record<string, number>> = {
  AT: 25,
  BE: 20,
  BG: 20,
  HR: 20,
  CY: 20,
  CZ: 20,
  DK: 25,
  EE: 28,
  FI: 30,
  FR: 25,
  DE: 24,
  HU: 20,
  IE: 20,
  IT: 20,
  LV: 20,
  LT: 20,
  LU: 26,
  MT: 24,
  NL: 20,
  PL: 20,
  PT: 22,
  RO: 20,
  SK: 20,
  SI: 20,
  ES: 30,
  SE: 25,
  GB: 28,
};

/**
 * Statutory amounts change rarely: a year after the last one the tables list keeps its amounts (a 2026 request in
 * Britain still has its 28 days); a year before the first has none.
 */
const inTable = (year: number) => year >= LEAVE_TABLE_YEARS[0];

/** The statutory leaves of `country` in `year` (rules 225–228); empty for a country the tables do not hold or a year before them. */
export function countryLeaves(country: string | null | undefined, year: number | undefined): readonly CountryLeave[] {
  if (year === undefined) throw new LeaveYearMissingError();
  if (!country || !inTable(year)) return [];
  return COUNTRY_LEAVES[country] ?? [];
}

/** Statutory annual leave days of `country` in `year` (rule 229), null where the table has none. */
export function countryAnnualLeave(country: string | null | undefined, year: number | undefined): number | null {
  if (year === undefined) throw new LeaveYearMissingError();
  if (!country || !inTable(year)) return null;
  return ANNUAL_LEAVE_DAYS[country] ?? null;
}

/** The country's statutory leaves as leave codes an organisation can add to its own. */
export function countryLeaveCodes(country: string | null | undefined, year: number): LeaveCode[] {
  return countryLeaves(country, year).map((leave) => ({
    id: `${country!.toLowerCase()}-${leave.id}`,
    code: leave.id.slice(0, 3).toUpperCase(),
    description: leave.description,
    fixed: leave.days !== null,
    isProjectLevel: false,
    days: leave.days === null ? [] : LEAVE_TABLE_YEARS.map((y) => ({ year: y, amount: leave.days! })),
    comments: '',
    minHours: leave.minHours ?? null,
    maxHours: leave.maxHours ?? null,
    allowHalfDays: false,
    timesPerYear: leave.timesPerYear ?? null,
    hideReason: false,
  }));
}

/** Years, months and days of service before joining ('3-6-0') as years. */
export function preServiceYears(text: string | null | undefined): number {
  const match = /^(\d{1,4})-(\d{1,2})-(\d{1,2})$/.exec(text ?? '');
  if (!match) return 0;
  return Number(match[1]) + Number(match[2]) / 12 + Number(match[3]) / 365;
}

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
const daysInYear = (year: number) => (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 366 : 365);

/** Whole years from `startDate` to 1 January of `year` (0 in the year the person started). */
function yearsEmployedBefore(startDate: string, year: number): number {
  const start = Number(startDate.slice(0, 4));
  const beforeStartDay = startDate.slice(5) > '01-01' ? 1 : 0;
  return Math.max(0, year - start - beforeStartDay);
}

/** A number rounded to the nearest half day. */
export const toHalfDays = (days: number) => Math.round(days * 2) / 2;

export type GreekAnnualInput = {
  year: number | undefined;
  /** The first day of employment in the organisation (YYYY-MM-DD), or null where it is not known. */
  startDate: string | null;
  yearsOfPreService?: string | null;
  daysPerWeek: number;
};

/**
 * Rules 220–223, annual leave of the Greek style, in days. Five-day week: 20 in the first calendar year, 21 in the
 * second, 22 after; 25 once service (employment plus `yearsOfPreService`) reaches 12 years or employment alone 10;
 * 26 from 25 years. Six-day or longer weeks: 24 in the first year, 25 in the second, 26 after, 30 from the 12-year
 * tier, 31 from 25 years. Other week lengths count as the longer week (24 in the first year). The calendar year the
 * person starts is prorated by the days employed in it, whatever tier their pre-service gives.
 */
export function greekAnnualLeave({ year, startDate, yearsOfPreService, daysPerWeek }: GreekAnnualInput): number {
  if (year === undefined) throw new LeaveYearMissingError();
  const five = daysPerWeek === 5;
  const tiers = five
    ? { first: 20, second: 21, after: 22, twelve: 25, twentyFive: 26 }
    : { first: 24, second: 25, after: 26, twelve: 30, twentyFive: 31 };
  const startYear = startDate ? Number(startDate.slice(0, 4)) : null;
  if (startYear !== null && startYear > year) return 0;
  // Without a start date nothing shows any employment here: only pre-service counts, and the person gets the
  // first-year amount, whole (there is no day to prorate from), never the tiers of long employment.
  const employed = startDate ? yearsEmployedBefore(startDate, year) : 0;
  const service = employed + preServiceYears(yearsOfPreService);
  let full: number = tiers.after;
  if (service >= 25) full = tiers.twentyFive;
  else if (service >= 12 || employed >= 10) full = tiers.twelve;
  else if (startYear === null || startYear === year) full = tiers.first;
  else if (startYear === year - 1) full = tiers.second;
  return prorated(full, startDate, year);
}

/**
 * A year's annual leave for a person who started on `startDate`: nothing in the years before, the days employed
 * of the year the person started (to the half day), the whole amount after and where the start is not known.
 */
export function prorated(full: number, startDate: string | null, year: number): number {
  const startYear = startDate ? Number(startDate.slice(0, 4)) : null;
  if (startYear === null || startYear < year) return full;
  if (startYear > year) return 0;
  const worked = dayNumber(`${year}-12-31`) - dayNumber(startDate!) + 1;
  return toHalfDays((full * worked) / daysInYear(year));
}

export type CarryOverSettings = {
  carryOverAnnualLeaveCutOff: string | null;
  carryOverAnnualLeaveAmount: number | null;
  carryOverAnnualLeaveFx: 'percent' | 'fixed';
};

/**
 * Rule 224: what of the annual leave left at the end of a year carries into the next: a percentage of the remaining
 * balance, or a fixed amount, each capped at it. Nothing without an amount; never negative.
 */
export function carryOverAmount(remainingDays: number, settings: CarryOverSettings): number {
  const amount = settings.carryOverAnnualLeaveAmount;
  if (amount === null || remainingDays <= 0) return 0;
  // to the half day, yet never more than remains: 100 % of three quarters of a day is not a whole day
  if (settings.carryOverAnnualLeaveFx === 'percent')
    return Math.min(remainingDays, toHalfDays((remainingDays * Math.min(amount, 100)) / 100));
  return Math.min(amount, remainingDays);
}

/** Rule 224: the carry-over into `year` is computed once the cut-off month-day of the year before has come. */
export function carryOverDue(settings: CarryOverSettings, year: number | undefined, today: string): boolean {
  if (year === undefined) throw new LeaveYearMissingError();
  if (!settings.carryOverAnnualLeaveCutOff) return false;
  return today >= `${year - 1}-${settings.carryOverAnnualLeaveCutOff}`;
}

/** What the entitlement of a code in a year is computed from. */
export type EntitlementInput = {
  code: LeaveCode;
  year: number | undefined;
  country: string | null;
  daysPerWeek: number;
  person: {
    startDate: string | null;
    yearsOfPreService: string | null;
    leaveAmounts: Record<string, Record<string, { entitled: number; carryOver: number }>>;
  };
};

/** Whether a code is the organisation's annual leave (rule 219's first default code, or a code so named). */
export const isAnnualLeave = (code: LeaveCode) => code.id === 'annual' || /annual/i.test(code.description);

/**
 * The days a person is entitled to of one code in one year, null where nothing sets it: the person's own amount
 * first, then the code's days of that year, then for annual leave the Greek rule (in Greece) or the country's
 * statutory days (rule 229, prorated in the year the person started, as the Greek first year is), then the country's statutory leave of the same name (rules 226–228).
 */
export function entitledDays({ code, year, country, daysPerWeek, person }: EntitlementInput): number | null {
  if (year === undefined) throw new LeaveYearMissingError();
  const own = person.leaveAmounts[code.id]?.[String(year)];
  if (own) return own.entitled;
  const ofCode = code.days.find((entry) => entry.year === year);
  if (ofCode) return ofCode.amount;
  if (isAnnualLeave(code)) {
    if (country === 'GR')
      return greekAnnualLeave({ year, startDate: person.startDate, yearsOfPreService: person.yearsOfPreService, daysPerWeek });
    const statutoryAnnual = countryAnnualLeave(country, year);
    return statutoryAnnual === null ? null : prorated(statutoryAnnual, person.startDate, year);
  }
  const statutory = countryLeaves(country, year).find(
    (leave) => code.id === leave.id || code.id === `${country?.toLowerCase()}-${leave.id}`,
  );
  return statutory?.days ?? null;
}

/**
 * Rule 224: the first year whose remainder can reach `year` through carry-overs, with nothing carried into it. Nobody
 * carries over from before they started: the chain begins in the year the person started. Without a start date
 * nothing is known of the years before: last year's remainder carries, nothing carried into it.
 */
export function carryOverSince(startDate: string | null, year: number): number {
  return startDate ? Math.min(Number(startDate.slice(0, 4)), year) : year - 1;
}

export type BalancesInput = Omit<EntitlementInput, 'code' | 'year'> & {
  codes: readonly LeaveCode[];
  year: number;
  today: string;
  settings: CarryOverSettings;
  requests: readonly LeaveForBalance[];
};

/**
 * Rules 208 and 220–229: a person's balance of each code in `year`. The carry-over into a year is the person's own
 * figure where set, else (annual leave, once the cut-off of the year before has come) what the organisation's rule
 * carries of the year before's remainder, which holds what was carried into that year in turn, back to
 * `carryOverSince`. `requests` must hold the person's requests from that year on.
 */
export function leaveBalances({ codes, year, today, settings, requests, ...facts }: BalancesInput): LeaveBalance[] {
  const balanceIn = (code: LeaveCode, y: number, carriedOver: number) =>
    leaveBalance({ codeId: code.id, year: y, entitled: entitledDays({ ...facts, code, year: y }), carriedOver, requests });
  const since = carryOverSince(facts.person.startDate, year);
  return codes.map((code) => {
    let carried = 0;
    for (let y = since; y <= year; y += 1) {
      const own = facts.person.leaveAmounts[code.id]?.[String(y)];
      if (own) carried = own.carryOver;
      else if (y === since || !isAnnualLeave(code) || !carryOverDue(settings, y, today)) carried = 0;
      else {
        const { remaining } = balanceIn(code, y - 1, carried);
        carried = remaining === null ? 0 : carryOverAmount(remaining, settings);
      }
    }
    return balanceIn(code, year, carried);
  });
}

/** Days of leave as hours (rule 217). */
export const daysToHours = (days: number) => days * HOURS_PER_LEAVE_DAY;
