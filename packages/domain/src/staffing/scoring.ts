import { calendarDays, isWeekend } from '../leave/hours.ts';
import { roleBookedHours, type BookedRole } from '../availability/availability.ts';

/**
 * Ranking people for a role (spec 3 §2 "Person recommendation row", §3 Recommendation, rules 258–259), written once
 * and without side effects: the server gives each candidate's days from the availability ledger and the facts of
 * fit it read; these rules turn them into the three percentages, one score and an order anyone can explain.
 */

/** One day of a person as the availability ledger gives it (only the fields the ranking reads). */
export type StaffingDay = {
  day: string;
  contractHours: number;
  availableHours: number;
  leaveApprovedHours: number;
  leavePendingHours: number;
  holidayName: string | null;
};

/**
 * The role to fill: its working days (inside the organisation's working week, public holidays left out), the public
 * holidays on its working week, and the hours it needs on each day, as the planner books the role.
 */
export type RoleNeed = { days: readonly string[]; holidays: number; hoursByDay: ReadonlyMap<string, number> };

/** The calendar days of a span inside the organisation's working week (weeks start Monday). */
export const workingWeekDays = (span: { startDate: string; endDate: string }, daysPerWeek: number) =>
  calendarDays(span.startDate, span.endDate).filter((day) => !isWeekend(day, daysPerWeek));

/**
 * What a role needs, by the planner's own rules (`roleBookedHours`): none on a public holiday, its own hours (a
 * day's, or a week's lump) where it keeps them, else 8 h × the allocation on each working day.
 */
export function roleNeed(
  role: BookedRole & { startDate: string; endDate: string },
  calendar: { daysPerWeek: number; isHoliday: (day: string) => boolean },
): RoleNeed {
  const week = workingWeekDays(role, calendar.daysPerWeek);
  const days = week.filter((day) => !calendar.isHoliday(day));
  const hoursByDay = roleBookedHours(role, { from: role.startDate, to: role.endDate }, calendar);
  return { days, holidays: week.length - days.length, hoursByDay };
}

/** What the organisation's structure and history say about a person and the role. */
export type FitFacts = {
  /** The person's organisation role is the role's (by id, or by name). */
  sameRole: boolean;
  /** Words of the role's name found in the person's organisation role and departments (0–1). */
  skillOverlap: number;
  /** The person is in one of the project's departments. */
  sameDepartment: boolean;
  /** The person is in one of the project's offices. */
  sameOffice: boolean;
  /** Roles of the same name the person held on other projects. */
  similarRoles: number;
  /** Roles the person held on other projects of the same client. */
  clientRoles: number;
};

/** How much each part of fit weighs (they add up to 1). */
export const FIT_WEIGHTS = {
  sameRole: 0.3,
  skills: 0.15,
  department: 0.15,
  office: 0.1,
  similarRoles: 0.15,
  client: 0.15,
} as const;
/** Similar roles that count fully toward fit (more count the same). */
export const SIMILAR_ROLES_FULL = 3;
/** Roles for the same client that count fully toward fit. */
export const CLIENT_ROLES_FULL = 2;

/** How much availability, the absence of leave, and fit weigh in the score (they add up to 1). */
export const SCORE_WEIGHTS = { availability: 0.45, noLeave: 0.2, fit: 0.35 } as const;

/** Rule 258: with this many candidates or fewer no language model is asked; the plain list is the answer. */
export const PLAIN_LIST_MAX_CANDIDATES = 8;

/** Half up at `decimals`, on the decimal value: 0.0055 × 1000 is 5.4999… in binary, yet 0.6 percent is meant. */
const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(Number((value * factor).toPrecision(12))) / factor;
};
/** A share 0–1 as a percent with one decimal (rule 259: 100 × the score, one decimal). */
export const percentOf = (share: number) => round(Math.min(1, Math.max(0, share)) * 100, 1);

export type RoleAvailability = {
  neededHours: number;
  freeHours: number;
  /** Share 0–1 of the needed hours the person is free for. */
  share: number;
  workingDays: number;
  daysAway: number;
  /** Share 0–1 of the role's working days the person has leave on (approved or asked for). */
  leaveShare: number;
  holidays: number;
};

/**
 * The person's availability for the role: each working day of the role needs its hours (`roleNeed`); the person is free for
 * up to what the ledger says is still available that day (a day they are not in the ledger, nothing). Leave conflict
 * counts the role's days with any leave, approved or waiting for approval.
 */
export function availabilityFor(role: RoleNeed, days: readonly StaffingDay[]): RoleAvailability {
  const byDay = new Map(days.map((entry) => [entry.day, entry]));
  let freeHours = 0;
  let neededHours = 0;
  let daysAway = 0;
  for (const day of role.days) {
    const need = role.hoursByDay.get(day) ?? 0;
    neededHours += need;
    const entry = byDay.get(day);
    if (!entry) continue;
    freeHours += Math.min(need, Math.max(0, entry.availableHours));
    if (entry.leaveApprovedHours + entry.leavePendingHours > 0) daysAway += 1;
  }
  const workingDays = role.days.length;
  return {
    neededHours: round(neededHours, 2),
    freeHours: round(freeHours, 2),
    share: neededHours > 0 ? freeHours / neededHours : 0,
    workingDays,
    daysAway,
    leaveShare: workingDays > 0 ? daysAway / workingDays : 0,
    holidays: role.holidays,
  };
}

/** Fit 0–1 from the organisation's structure and the person's past work. */
export function fitOf(facts: FitFacts): number {
  const w = FIT_WEIGHTS;
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  return (
    (facts.sameRole ? w.sameRole : 0) +
    clamp(facts.skillOverlap) * w.skills +
    (facts.sameDepartment ? w.department : 0) +
    (facts.sameOffice ? w.office : 0) +
    clamp(facts.similarRoles / SIMILAR_ROLES_FULL) * w.similarRoles +
    clamp(facts.clientRoles / CLIENT_ROLES_FULL) * w.client
  );
}

/** The score 0–1 (four decimals): availability, being there (no leave), and fit, by `SCORE_WEIGHTS`. */
export function scoreOf(availability: Pick<RoleAvailability, 'share' | 'leaveShare'>, fit: number): number {
  const w = SCORE_WEIGHTS;
  return round(w.availability * availability.share + w.noLeave * (1 - availability.leaveShare) + w.fit * fit, 4);
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2);

/**
 * Skills from the organisation's structure: the share of the role name's words (longer than two letters) found in
 * what the organisation calls the person (their role's name and their departments' titles). Words match when one
 * starts with the other ('develop' and 'developer').
 */
export function skillOverlap(roleName: string, personLabels: readonly string[]): { share: number; matched: string[] } {
  const wanted = [...new Set(words(roleName))];
  if (wanted.length === 0) return { share: 0, matched: [] };
  const have = new Set(personLabels.flatMap(words));
  const matched = wanted.filter((word) => [...have].some((other) => other.startsWith(word) || word.startsWith(other)));
  return { share: matched.length / wanted.length, matched };
}

export type Candidate = { personId: string; name: string; fit: FitFacts; days: readonly StaffingDay[] };

export type RankedCandidate = {
  personId: string;
  name: string;
  score: number;
  availability: RoleAvailability;
  fit: number;
  fitFacts: FitFacts;
  /** The three figures of the row (rule 259), percents with one decimal. */
  availabilityPercent: number;
  leaveConflictPercent: number;
  fitPercent: number;
};

/** Scores one candidate for the role. */
export function scoreCandidate(role: RoleNeed, candidate: Candidate): RankedCandidate {
  const availability = availabilityFor(role, candidate.days);
  const fit = fitOf(candidate.fit);
  const score = scoreOf(availability, fit);
  return {
    personId: candidate.personId,
    name: candidate.name,
    score,
    availability,
    fit,
    fitFacts: candidate.fit,
    availabilityPercent: percentOf(availability.share),
    leaveConflictPercent: percentOf(availability.leaveShare),
    fitPercent: percentOf(score),
  };
}

/**
 * The deterministic order: higher score first; then more availability, less leave, the name, the id — so two equal
 * people always come in the same order.
 */
export function compareRanked(a: RankedCandidate, b: RankedCandidate): number {
  return (
    b.score - a.score ||
    b.availability.share - a.availability.share ||
    a.availability.leaveShare - b.availability.leaveShare ||
    a.name.localeCompare(b.name) ||
    (a.personId < b.personId ? -1 : a.personId > b.personId ? 1 : 0)
  );
}

/** Every candidate scored and ranked, best first. */
export function rankCandidates(role: RoleNeed, candidates: readonly Candidate[]): RankedCandidate[] {
  return candidates.map((candidate) => scoreCandidate(role, candidate)).sort(compareRanked);
}

/**
 * Puts the ranked list in the order a language model proposed, keeping only ids it was given: ids it did not name
 * follow in their deterministic order; unknown or repeated ids are ignored.
 */
export function applyProposedOrder(ranked: readonly RankedCandidate[], proposed: readonly string[]): RankedCandidate[] {
  const byId = new Map(ranked.map((row) => [row.personId, row]));
  const out: RankedCandidate[] = [];
  for (const id of proposed) {
    const row = byId.get(id);
    if (row) {
      out.push(row);
      byId.delete(id);
    }
  }
  return [...out, ...ranked.filter((row) => byId.has(row.personId))];
}

/** Rule 258: whether a language model may be asked for this many candidates. */
export const mayAskModel = (candidates: number) => candidates > PLAIN_LIST_MAX_CANDIDATES;

export type Booking = { personId: string; days: readonly string[] };

/**
 * A session's bookings keep one person from being booked twice: a person booked on a role that shares a working
 * day with this one is no candidate for it.
 */
export function bookedElsewhere(role: RoleNeed, bookings: readonly Booking[]): Set<string> {
  const days = new Set(role.days);
  return new Set(bookings.filter((booking) => booking.days.some((day) => days.has(day))).map((booking) => booking.personId));
}
