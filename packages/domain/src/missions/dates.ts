import { addDays, addMonths, addWeeks, differenceInCalendarDays, isValid, isWeekend, parseISO, startOfISOWeek } from 'date-fns';

/**
 * Date rules of missions (projects): repair on load, fixes on update, shortening the end and moving the start
 * (1-planning-workspace §4, §5, §9; rules 23–28).
 *
 * Every date is a calendar day 'YYYY-MM-DD' without a time zone. The functions are pure: "today" is a parameter.
 * Internally a day is parsed to local midnight with `parseISO` and written back from its local parts, so no time
 * zone can move a day.
 */

/** Default project length in months (rule 23): a new or repaired project ends 3 months after it starts. */
export const DEFAULT_PROJECT_MONTHS = 3;
/** Months between the two dates when only one of them is known at repair (rule 24: "roughly two months"). */
export const DERIVED_PROJECT_MONTHS = 2;
/** A plan item whose end is not after its start ends 5 days after the start (§5). */
export const PLAN_ITEM_END_FIX_DAYS = 5;
/** A project updated with its end before its start ends 1 week after the start (rule 25). */
export const PROJECT_END_FIX_WEEKS = 1;
/** Start shifts of fewer than 5 days are pushed forward to 5 days (§4). */
export const START_SHIFT_MIN_DAYS = 5;
/** Time shifting works only when the offset is within 0 to 7 working days (§4). */
export const TIME_SHIFT_MAX_WORKING_DAYS = 7;

/**
 * Whether a value is a real calendar day written 'YYYY-MM-DD' (years 1900–2999, as `dateSchema`). Written without the
 * schema so that screens showing dates do not load the validation library.
 */
export function isIsoDay(value: string | null | undefined): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '1900-01-01' || value > '2999-12-31') return false;
  const parsed = parseISO(value);
  return isValid(parsed) && iso(parsed) === value;
}

/** The first and last days a date may be (as `dateSchema`). */
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '2999-12-31';

/**
 * A computed day kept within the storable days: an end a month or a week after a start near the last day stops on
 * it, where it would otherwise be a day no rule can read again (a 500, or a repair on every read).
 */
const storable = (value: string) => (value < FIRST_DAY ? FIRST_DAY : value > LAST_DAY ? LAST_DAY : value);

/** Parses a day that must be valid; a programming error otherwise. */
function day(value: string): Date {
  if (!isIsoDay(value)) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${value}`);
  return parseISO(value);
}

/** Writes a parsed day back as 'YYYY-MM-DD' (by hand: date-fns' `format` would bring its locale to every screen). */
function iso(value: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(value.getFullYear()).padStart(4, '0')}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** `value` plus `days` calendar days (negative goes back). */
export function addIsoDays(value: string, days: number): string {
  return iso(addDays(day(value), days));
}

/** `value` plus `months` calendar months; the day is clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addIsoMonths(value: string, months: number): string {
  return iso(addMonths(day(value), months));
}

/** Calendar days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(day(to), day(from));
}

/** The Monday of the ISO week (weeks start on Monday) that holds `value`. */
export function mondayOf(value: string): string {
  return iso(startOfISOWeek(day(value)));
}

// ---------------------------------------------------------------------------------------------------------------
// Repair on load (rule 24)

export interface MissionDates {
  planStartDate: string | null;
  planEndDate: string | null;
}

export interface RepairedMissionDates {
  planStartDate: string;
  planEndDate: string;
  /** True when at least one date was defaulted or changed (the caller saves the repair). */
  repaired: boolean;
}

/**
 * Repairs a mission's plan dates on load (rule 24). An unparsable date counts as missing.
 * - both missing: start today, end 3 months later;
 * - only the start: end 2 months after it; only the end: start 2 months before it ("roughly two months");
 * - end before start: end 3 months after the start (an end equal to the start is left as it is);
 * - otherwise unchanged, with `repaired` false.
 */
export function repairMissionDates(dates: MissionDates, today: string): RepairedMissionDates {
  const start = isIsoDay(dates.planStartDate) ? dates.planStartDate : null;
  const end = isIsoDay(dates.planEndDate) ? dates.planEndDate : null;
  if (start === null && end === null) {
    const startDay = iso(day(today));
    return { planStartDate: startDay, planEndDate: storable(addIsoMonths(startDay, DEFAULT_PROJECT_MONTHS)), repaired: true };
  }
  if (end === null) {
    const startDay = start ?? iso(day(today));
    return { planStartDate: startDay, planEndDate: storable(addIsoMonths(startDay, DERIVED_PROJECT_MONTHS)), repaired: true };
  }
  if (start === null) return { planStartDate: storable(addIsoMonths(end, -DERIVED_PROJECT_MONTHS)), planEndDate: end, repaired: true };
  if (end < start) return { planStartDate: start, planEndDate: storable(addIsoMonths(start, DEFAULT_PROJECT_MONTHS)), repaired: true };
  return { planStartDate: start, planEndDate: end, repaired: false };
}

// ---------------------------------------------------------------------------------------------------------------
// Fixes on update (§5)

/** Project update (rule 25): an end before the start becomes the start plus 1 week; otherwise the end is kept. */
export function fixProjectEndOnUpdate(start: string, end: string): string {
  return daysBetween(start, end) < 0 ? storable(iso(addWeeks(day(start), PROJECT_END_FIX_WEEKS))) : end;
}

/** Plan item update (§5): an end not after the start (equal or earlier) becomes the start plus 5 days. */
export function fixPlanItemEnd(start: string, end: string): string {
  return daysBetween(start, end) <= 0 ? storable(addIsoDays(start, PLAN_ITEM_END_FIX_DAYS)) : end;
}

// ---------------------------------------------------------------------------------------------------------------
// Shortening the end (rule 26)

/** Whether moving the end from `oldEnd` to `newEnd` shortens the mission (the UI then asks for confirmation). */
export function isShortening(oldEnd: string, newEnd: string): boolean {
  return daysBetween(oldEnd, newEnd) < 0;
}

export interface SectionTagDates {
  _id: string;
  from: string | null;
  to: string | null;
  /** A 'catch-all' section tag cannot be updated (rule 34); it is returned unchanged. */
  catchAll?: boolean;
}

export interface ActionItemDates {
  _id: string;
  endDate: string | null;
  /** The Monday of the week the item is planned in. */
  week: string | null;
}

export interface ShortenEndInput<T extends SectionTagDates> {
  newEnd: string;
  sectionTags: T[];
  actionItems: ActionItemDates[];
}

export interface ShortenEndResult<T extends SectionTagDates> {
  /** Every tag, in order; `from` and `to` after the new end are clamped to it (a tag starting after it gets from = to = newEnd). */
  sectionTags: T[];
  /** Action items that lose their end date and week and return to the planning board. */
  clearedActionItemIds: string[];
}

const after = (value: string | null, limit: string) => isIsoDay(value) && daysBetween(limit, value) > 0;

/**
 * Applies a shortened mission end (rule 26): section tags are moved inside the new end, and action items whose end
 * date, or whose week (its Monday), falls after the new end are listed for clearing. Unparsable dates are left alone;
 * catch-all tags are never changed (rule 34).
 */
export function shortenEnd<T extends SectionTagDates>(input: ShortenEndInput<T>): ShortenEndResult<T> {
  const { newEnd } = input;
  day(newEnd);
  const sectionTags = input.sectionTags.map((tag) => {
    if (tag.catchAll === true) return tag;
    const from = after(tag.from, newEnd) ? newEnd : tag.from;
    const to = after(tag.to, newEnd) ? newEnd : tag.to;
    return from === tag.from && to === tag.to ? tag : { ...tag, from, to };
  });
  const clearedActionItemIds = input.actionItems
    .filter((item) => after(item.endDate, newEnd) || after(item.week, newEnd))
    .map((item) => item._id);
  return { sectionTags, clearedActionItemIds };
}

// ---------------------------------------------------------------------------------------------------------------
// Changing the start (rule 27, §4)

export interface StartChangeInput {
  oldStart: string;
  newStart: string;
  /** The "shift all dates" option; without it the plan moves and only pinned items follow (see `movePlan`). */
  shift: boolean;
  workingDaysOffset?: never;
}

export interface StartChange {
  /** Calendar days from the old start to the effective new start (after the 5-day push). */
  offsetDays: number;
  /** True when a forward move of 1–4 days was pushed to 5 days. */
  pushedForward: boolean;
  /** The new start after the push (equal to `newStart` when not pushed). */
  effectiveStart: string;
  /** Whole weeks from the Monday of the old start to the Monday of the effective new start (negative when earlier). */
  weeks: number;
  /** The offset in working days (Mon–Fri): weekdays after the old start up to the new start, negative going back. */
  workingDays: number;
  /** Time shifting is possible: the working-day offset is within 0..7 inclusive. */
  timeShiftAllowed: boolean;
  /** Items are to be shifted by `weeks` (`shiftItemDates`): the shift option is set, allowed, and `weeks` is not 0. */
  shiftsItems: boolean;
}

/**
 * Weekdays (Mon–Fri) strictly after `from` up to and including `to`; negative (the same count, reversed) when `to`
 * is earlier. Mon → next Mon is 5; Fri → Mon is 1; Sat → Sun is 0.
 */
export function workingDaysBetween(from: string, to: string): number {
  const total = daysBetween(from, to);
  const low = day(total < 0 ? to : from);
  const span = Math.abs(total);
  const fullWeeks = Math.floor(span / 7);
  let count = fullWeeks * 5;
  for (let i = fullWeeks * 7 + 1; i <= span; i += 1) if (!isWeekend(addDays(low, i))) count += 1;
  return total < 0 ? -count : count;
}

/**
 * Plans a change of the mission start (§4). Interpretation of the spec:
 * - the raw offset is `newStart − oldStart` in calendar days;
 * - "start shifts under 5 days from the plan start are pushed forward 5 days": a forward offset of 1–4 days becomes
 *   5 days (`pushedForward`); a backward move or a move of 5 days or more is kept;
 * - shifts are by whole weeks with weeks starting on Monday: `weeks` compares the Mondays of the two starts;
 * - "time shifting works only when the offset is within 0 to 7 working days": `timeShiftAllowed`.
 */
export function planStartChange(input: StartChangeInput): StartChange {
  const raw = daysBetween(input.oldStart, input.newStart);
  const pushedForward = raw > 0 && raw < START_SHIFT_MIN_DAYS;
  const effectiveStart = storable(addIsoDays(input.oldStart, pushedForward ? START_SHIFT_MIN_DAYS : raw));
  const offsetDays = daysBetween(input.oldStart, effectiveStart);
  const weeks = Math.round(daysBetween(mondayOf(input.oldStart), mondayOf(effectiveStart)) / 7);
  const workingDays = workingDaysBetween(input.oldStart, effectiveStart);
  const timeShiftAllowed = workingDays >= 0 && workingDays <= TIME_SHIFT_MAX_WORKING_DAYS;
  return {
    offsetDays,
    pushedForward,
    effectiveStart,
    weeks,
    workingDays,
    timeShiftAllowed,
    shiftsItems: input.shift && timeShiftAllowed && weeks !== 0,
  };
}

export interface DatedItem {
  _id: string;
  startDate: string | null;
  endDate: string | null;
  done?: boolean;
}

export interface ItemDates {
  _id: string;
  startDate: string | null;
  endDate: string | null;
}

/**
 * Shifts unfinished items (plan items, actions, milestones; `done !== true`) by whole weeks (7 × `weeks` days),
 * never earlier than `newStart`: a start that would fall before it is set to `newStart` and the end keeps the
 * duration; an item with only an end has that end kept on or after `newStart`. Unparsable dates are left alone.
 * Returns only the items whose dates changed.
 */
export function shiftItemDates<T extends DatedItem>(items: T[], weeks: number, newStart: string): ItemDates[] {
  day(newStart);
  const changed: ItemDates[] = [];
  for (const item of items) {
    if (item.done === true) continue;
    const start = isIsoDay(item.startDate) ? item.startDate : null;
    const end = isIsoDay(item.endDate) ? item.endDate : null;
    let startDate = item.startDate;
    let endDate = end === null ? item.endDate : storable(addIsoDays(end, 7 * weeks));
    if (start !== null) {
      startDate = storable(addIsoDays(start, 7 * weeks));
      if (daysBetween(newStart, startDate) < 0) {
        startDate = newStart;
        if (end !== null) endDate = storable(addIsoDays(newStart, daysBetween(start, end)));
      }
    } else if (endDate !== null && end !== null && daysBetween(newStart, endDate) < 0) {
      endDate = newStart;
    }
    if (startDate !== item.startDate || endDate !== item.endDate) changed.push({ _id: item._id, startDate, endDate });
  }
  return changed;
}

/** What a plan item is pinned to; pinned items follow the project dates (rule 28). */
export const PIN_TARGETS = ['entireMission', 'startend', 'startOfMission', 'endOfMission', 'end'] as const;
export type PinTarget = (typeof PIN_TARGETS)[number];

/**
 * The dates of a plan item pinned to the mission, for the mission's current dates (rule 28):
 * - entireMission / startend: both dates follow the mission;
 * - startOfMission: the start is the mission start, the end is kept (fixed with `fixPlanItemEnd`; a missing end
 *   becomes start + 5 days);
 * - endOfMission / end: the end is the mission end, the start is kept unless missing or not before the end, then it
 *   is the end − 5 days;
 * - null (not pinned): unchanged.
 */
export function pinnedDates(
  pinnedTo: PinTarget | null,
  mission: { start: string; end: string },
  item: { startDate: string | null; endDate: string | null },
): { startDate: string | null; endDate: string | null } {
  switch (pinnedTo) {
    case 'entireMission':
    case 'startend':
      return { startDate: mission.start, endDate: mission.end };
    case 'startOfMission': {
      const end = isIsoDay(item.endDate) ? item.endDate : mission.start;
      return { startDate: mission.start, endDate: fixPlanItemEnd(mission.start, end) };
    }
    case 'endOfMission':
    case 'end': {
      const start = isIsoDay(item.startDate) && daysBetween(item.startDate, mission.end) > 0 ? item.startDate : null;
      return { startDate: start ?? storable(addIsoDays(mission.end, -PLAN_ITEM_END_FIX_DAYS)), endDate: mission.end };
    }
    default:
      return { startDate: item.startDate, endDate: item.endDate };
  }
}

/**
 * Moving the mission without the shift option (rule 27): items keep their dates except pinned ones, which take
 * `pinnedDates` for the mission's new dates. Returns only the items whose dates changed.
 */
export function movePlan<T extends ItemDates & { pinnedTo: PinTarget | null }>(
  mission: { start: string; end: string },
  items: T[],
): ItemDates[] {
  const changed: ItemDates[] = [];
  for (const item of items) {
    const next = pinnedDates(item.pinnedTo, mission, item);
    if (next.startDate !== item.startDate || next.endDate !== item.endDate) changed.push({ _id: item._id, ...next });
  }
  return changed;
}
