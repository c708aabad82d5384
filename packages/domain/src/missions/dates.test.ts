import fc from 'fast-check';
import { isValid, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { dateSchema } from '../shared/inputs.ts';
import {
  DEFAULT_PROJECT_MONTHS,
  PLAN_ITEM_END_FIX_DAYS,
  PROJECT_END_FIX_WEEKS,
  START_SHIFT_MIN_DAYS,
  TIME_SHIFT_MAX_WORKING_DAYS,
  fixPlanItemEnd,
  fixProjectEndOnUpdate,
  isIsoDay,
  isShortening,
  mondayOf,
  movePlan,
  pinnedDates,
  planStartChange,
  repairMissionDates,
  shiftItemDates,
  shortenEnd,
  workingDaysBetween,
  type DatedItem,
} from './dates.ts';

describe('constants (§9)', () => {
  it('match the spec numbers', () => {
    expect([
      DEFAULT_PROJECT_MONTHS,
      PLAN_ITEM_END_FIX_DAYS,
      PROJECT_END_FIX_WEEKS,
      START_SHIFT_MIN_DAYS,
      TIME_SHIFT_MAX_WORKING_DAYS,
    ]).toEqual([3, 5, 1, 5, 7]);
  });
});

describe('isIsoDay', () => {
  it.each([
    ['2025-03-10', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-02-30', false],
    ['2025-13-01', false],
    ['2025-3-10', false],
    ['2025-03-10T00:00:00Z', false],
    ['', false],
    ['garbage', false],
    [null, false],
  ] as const)('%s → %s', (value, expected) => {
    expect(isIsoDay(value)).toBe(expected);
  });

  it('agrees with dateSchema on every day-shaped text', () => {
    const digits = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
    const dayShaped = fc.oneof(
      fc.tuple(digits(4), digits(2), digits(2)).map(([y, m, d]) => `${y}-${m}-${d}`),
      fc
        .date({ min: new Date('1890-01-01'), max: new Date('3010-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10)),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(dayShaped, (value) => {
        expect(isIsoDay(value)).toBe(dateSchema.safeParse(value).success && isValid(parseISO(value)));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('repairMissionDates (rule 24)', () => {
  const today = '2025-03-10';
  it.each([
    ['both missing: today + 3 months', null, null, '2025-03-10', '2025-06-10', true],
    ['both unparsable', 'soon', '2025-02-30', '2025-03-10', '2025-06-10', true],
    ['only start: end 2 months later', '2025-01-15', null, '2025-01-15', '2025-03-15', true],
    ['only start, end unparsable', '2025-01-15', 'n/a', '2025-01-15', '2025-03-15', true],
    ['only end: start 2 months earlier', null, '2025-05-20', '2025-03-20', '2025-05-20', true],
    ['only end, start unparsable', '', '2025-05-20', '2025-03-20', '2025-05-20', true],
    ['end before start: start + 3 months', '2025-04-01', '2025-03-01', '2025-04-01', '2025-07-01', true],
    ['valid dates unchanged', '2025-01-01', '2025-02-01', '2025-01-01', '2025-02-01', false],
    ['equal dates unchanged', '2025-01-01', '2025-01-01', '2025-01-01', '2025-01-01', false],
    ['month end clamps (31 Jan + 2 months)', '2025-12-31', null, '2025-12-31', '2026-02-28', true],
    ['leap day clamps', null, '2024-04-30', '2024-02-29', '2024-04-30', true],
    ['an end past the last storable day stops on it', '2999-12-20', null, '2999-12-20', '2999-12-31', true],
    ['an inverted pair near the last day', '2999-12-20', '2999-12-01', '2999-12-20', '2999-12-31', true],
    ['a start before the first storable day starts on it', null, '1900-01-20', '1900-01-01', '1900-01-20', true],
  ] as const)('%s', (_name, planStartDate, planEndDate, start, end, repaired) => {
    expect(repairMissionDates({ planStartDate, planEndDate }, today)).toEqual({ planStartDate: start, planEndDate: end, repaired });
  });

  it('today defaults across a year end', () => {
    expect(repairMissionDates({ planStartDate: null, planEndDate: null }, '2025-11-30')).toEqual({
      planStartDate: '2025-11-30',
      planEndDate: '2026-02-28',
      repaired: true,
    });
  });

  it('refuses an invalid today', () => {
    expect(() => repairMissionDates({ planStartDate: null, planEndDate: null }, 'today')).toThrow(RangeError);
  });
});

describe('fixProjectEndOnUpdate (rule 25: 1 week)', () => {
  it.each([
    ['end before start', '2025-03-10', '2025-03-01', '2025-03-17'],
    ['end one day before start', '2025-03-10', '2025-03-09', '2025-03-17'],
    ['end equal to start is kept', '2025-03-10', '2025-03-10', '2025-03-10'],
    ['end after start is kept', '2025-03-10', '2025-04-01', '2025-04-01'],
    ['across a month end', '2025-01-28', '2025-01-01', '2025-02-04'],
    ['stops on the last storable day', '2999-12-29', '2999-12-01', '2999-12-31'],
  ])('%s', (_name, start, end, expected) => {
    expect(fixProjectEndOnUpdate(start, end)).toBe(expected);
  });
});

describe('fixPlanItemEnd (§5: 5 days)', () => {
  it.each([
    ['end before start', '2025-03-10', '2025-03-01', '2025-03-15'],
    ['end equal to start', '2025-03-10', '2025-03-10', '2025-03-15'],
    ['end one day after start is kept', '2025-03-10', '2025-03-11', '2025-03-11'],
    ['across February', '2025-02-26', '2025-02-01', '2025-03-03'],
    ['across the US clock change (9 March)', '2025-03-07', '2025-03-01', '2025-03-12'],
    ['across the EU clock change (30 March)', '2025-03-28', '2025-03-28', '2025-04-02'],
    ['stops on the last storable day', '2999-12-29', '2999-12-01', '2999-12-31'],
  ])('%s', (_name, start, end, expected) => {
    expect(fixPlanItemEnd(start, end)).toBe(expected);
  });
});

describe('isShortening', () => {
  it.each([
    ['2025-06-30', '2025-06-01', true],
    ['2025-06-30', '2025-06-29', true],
    ['2025-06-30', '2025-06-30', false],
    ['2025-06-30', '2025-07-15', false],
  ])('%s → %s: %s', (oldEnd, newEnd, expected) => {
    expect(isShortening(oldEnd, newEnd)).toBe(expected);
  });
});

describe('shortenEnd (rule 26)', () => {
  const newEnd = '2025-06-15';
  it.each([
    ['inside the new end: unchanged', '2025-06-01', '2025-06-10', '2025-06-01', '2025-06-10'],
    ['ending after: end clamped', '2025-06-01', '2025-06-30', '2025-06-01', '2025-06-15'],
    ['ending on the new end: unchanged', '2025-06-01', '2025-06-15', '2025-06-01', '2025-06-15'],
    ['starting after: both at the new end', '2025-06-20', '2025-06-30', '2025-06-15', '2025-06-15'],
    ['open dates stay open', null, null, null, null],
    ['open start, late end', null, '2025-07-01', null, '2025-06-15'],
  ] as const)('section tag %s', (_name, from, to, expectedFrom, expectedTo) => {
    const result = shortenEnd({ newEnd, sectionTags: [{ _id: 't', from, to, title: 'Phase' }], actionItems: [] });
    expect(result.sectionTags).toEqual([{ _id: 't', from: expectedFrom, to: expectedTo, title: 'Phase' }]);
  });

  it('leaves a catch-all tag alone (rule 34)', () => {
    const tag = { _id: 'all', from: '2025-01-01', to: '2025-12-31', catchAll: true };
    expect(shortenEnd({ newEnd, sectionTags: [tag], actionItems: [] }).sectionTags[0]).toBe(tag);
  });

  it.each([
    ['end after the new end', '2025-06-16', null, true],
    ['end on the new end', '2025-06-15', null, false],
    ['end before', '2025-06-01', null, false],
    ['week starting after the new end', null, '2025-06-16', true],
    ['week holding the new end (Monday before it)', null, '2025-06-09', false],
    ['no dates', null, null, false],
    ['unparsable end', 'someday', null, false],
    ['early end but late week', '2025-06-01', '2025-06-23', true],
  ] as const)('action item: %s → cleared %s', (_name, endDate, week, cleared) => {
    const result = shortenEnd({ newEnd, sectionTags: [], actionItems: [{ _id: 'a', endDate, week }] });
    expect(result.clearedActionItemIds).toEqual(cleared ? ['a'] : []);
  });
});

describe('workingDaysBetween', () => {
  it.each([
    ['Mon → Mon', '2025-03-10', '2025-03-17', 5],
    ['Mon → Fri', '2025-03-10', '2025-03-14', 4],
    ['Fri → Mon', '2025-03-14', '2025-03-17', 1],
    ['Sat → Sun', '2025-03-15', '2025-03-16', 0],
    ['same day', '2025-03-10', '2025-03-10', 0],
    ['Mon → Wed next week', '2025-03-10', '2025-03-19', 7],
    ['Mon → Thu next week', '2025-03-10', '2025-03-20', 8],
    ['back Mon → previous Fri', '2025-03-17', '2025-03-14', -1],
    ['back two weeks', '2025-03-24', '2025-03-10', -10],
  ])('%s', (_name, from, to, expected) => {
    expect(workingDaysBetween(from, to)).toBe(expected);
  });
});

describe('planStartChange (§4)', () => {
  // 2025-03-10 is a Monday.
  it.each([
    ['1 day forward is pushed to 5', '2025-03-10', '2025-03-11', 5, true, '2025-03-15', 0, 4, true],
    ['4 days forward is pushed to 5', '2025-03-10', '2025-03-14', 5, true, '2025-03-15', 0, 4, true],
    ['Thursday +1 pushed over the weekend', '2025-03-13', '2025-03-14', 5, true, '2025-03-18', 1, 3, true],
    ['5 days forward is kept', '2025-03-10', '2025-03-15', 5, false, '2025-03-15', 0, 4, true],
    ['a week forward', '2025-03-10', '2025-03-17', 7, false, '2025-03-17', 1, 5, true],
    ['9 days forward: 7 working days, allowed', '2025-03-10', '2025-03-19', 9, false, '2025-03-19', 1, 7, true],
    ['10 days forward: 8 working days, refused', '2025-03-10', '2025-03-20', 10, false, '2025-03-20', 1, 8, false],
    ['two weeks forward: refused', '2025-03-10', '2025-03-24', 14, false, '2025-03-24', 2, 10, false],
    ['no change', '2025-03-10', '2025-03-10', 0, false, '2025-03-10', 0, 0, true],
    ['a week back: refused (negative)', '2025-03-17', '2025-03-10', -7, false, '2025-03-10', -1, -5, false],
    ['2 days back is not pushed', '2025-03-12', '2025-03-10', -2, false, '2025-03-10', 0, -2, false],
    ['from a Saturday: weekend not counted', '2025-03-15', '2025-03-20', 5, false, '2025-03-20', 1, 4, true],
  ] as const)('%s', (_name, oldStart, newStart, offsetDays, pushedForward, effectiveStart, weeks, workingDays, timeShiftAllowed) => {
    expect(planStartChange({ oldStart, newStart, shift: true })).toEqual({
      offsetDays,
      pushedForward,
      effectiveStart,
      weeks,
      workingDays,
      timeShiftAllowed,
      shiftsItems: timeShiftAllowed && weeks !== 0,
    });
  });

  it('without the shift option nothing shifts by weeks', () => {
    expect(planStartChange({ oldStart: '2025-03-10', newStart: '2025-03-17', shift: false })).toMatchObject({
      weeks: 1,
      shiftsItems: false,
    });
  });

  it('a pushed start stops on the last storable day', () => {
    expect(planStartChange({ oldStart: '2999-12-27', newStart: '2999-12-28', shift: true })).toMatchObject({
      effectiveStart: '2999-12-31',
      offsetDays: 4,
      pushedForward: true,
    });
  });

  it('Mondays', () => {
    expect(['2025-03-10', '2025-03-12', '2025-03-16'].map(mondayOf)).toEqual(['2025-03-10', '2025-03-10', '2025-03-10']);
  });
});

describe('shiftItemDates', () => {
  const newStart = '2025-03-17';
  it.each([
    ['one week forward', 1, '2025-03-18', '2025-03-25', '2025-03-25', '2025-04-01'],
    ['two weeks forward', 2, '2025-03-18', '2025-03-25', '2025-04-01', '2025-04-08'],
    ['start before the new start is clamped, duration kept', 1, '2025-03-05', '2025-03-12', '2025-03-17', '2025-03-24'],
    ['shift back clamped to the new start', -1, '2025-03-20', '2025-03-30', '2025-03-17', '2025-03-27'],
    ['shift back within range', -1, '2025-03-28', '2025-04-02', '2025-03-21', '2025-03-26'],
    ['end only, shifted', 1, null, '2025-03-20', null, '2025-03-27'],
    ['end only, clamped', 0, null, '2025-03-10', null, '2025-03-17'],
    ['start only', 1, '2025-03-20', null, '2025-03-27', null],
  ] as const)('%s', (_name, weeks, startDate, endDate, expectedStart, expectedEnd) => {
    expect(shiftItemDates([{ _id: 'i', startDate, endDate }], weeks, newStart)).toEqual([
      { _id: 'i', startDate: expectedStart, endDate: expectedEnd },
    ]);
  });

  it('never shifts past the last storable day', () => {
    expect(shiftItemDates([{ _id: 'i', startDate: '2999-12-20', endDate: '2999-12-28' }], 1, '2999-12-13')).toEqual([
      { _id: 'i', startDate: '2999-12-27', endDate: '2999-12-31' },
    ]);
  });

  it.each<[string, DatedItem[], number]>([
    ['done items stay', [{ _id: 'd', startDate: '2025-03-18', endDate: '2025-03-20', done: true }], 1],
    ['no shift and in range', [{ _id: 'k', startDate: '2025-03-18', endDate: '2025-03-20' }], 0],
    ['no dates', [{ _id: 'n', startDate: null, endDate: null }], 3],
    ['unparsable dates', [{ _id: 'u', startDate: 'x', endDate: 'y' }], 1],
  ])('unchanged: %s', (_name, items, weeks) => {
    expect(shiftItemDates(items, weeks, newStart)).toEqual([]);
  });

  it('returns only changed items and keeps other fields out', () => {
    const items = [
      { _id: 'a', startDate: '2025-03-18', endDate: '2025-03-19', done: false, title: 'A' },
      { _id: 'b', startDate: '2025-03-18', endDate: '2025-03-19', done: true, title: 'B' },
    ];
    expect(shiftItemDates(items, 1, newStart)).toEqual([{ _id: 'a', startDate: '2025-03-25', endDate: '2025-03-26' }]);
  });
});

describe('pinnedDates (rule 28)', () => {
  const mission = { start: '2025-04-01', end: '2025-06-30' };
  it.each([
    ['entireMission', 'entireMission', '2025-03-01', '2025-03-20', '2025-04-01', '2025-06-30'],
    ['startend', 'startend', null, null, '2025-04-01', '2025-06-30'],
    ['startOfMission keeps a later end', 'startOfMission', '2025-03-01', '2025-05-01', '2025-04-01', '2025-05-01'],
    ['startOfMission fixes an end before the start (+5 days)', 'startOfMission', '2025-03-01', '2025-03-20', '2025-04-01', '2025-04-06'],
    ['startOfMission with no end', 'startOfMission', null, null, '2025-04-01', '2025-04-06'],
    ['endOfMission keeps an earlier start', 'endOfMission', '2025-05-01', '2025-05-10', '2025-05-01', '2025-06-30'],
    ['endOfMission with a start after the end (−5 days)', 'endOfMission', '2025-07-10', '2025-07-20', '2025-06-25', '2025-06-30'],
    ['end with a start on the end', 'end', '2025-06-30', null, '2025-06-25', '2025-06-30'],
    ['end with no start', 'end', null, null, '2025-06-25', '2025-06-30'],
    ['not pinned', null, '2025-03-01', '2025-03-20', '2025-03-01', '2025-03-20'],
  ] as const)('%s', (_name, pinnedTo, startDate, endDate, expectedStart, expectedEnd) => {
    expect(pinnedDates(pinnedTo, mission, { startDate, endDate })).toEqual({ startDate: expectedStart, endDate: expectedEnd });
  });

  it('stays within the storable days (1900–2999)', () => {
    expect(pinnedDates('startOfMission', { start: '2999-12-29', end: '2999-12-31' }, { startDate: null, endDate: null })).toEqual({
      startDate: '2999-12-29',
      endDate: '2999-12-31',
    });
    expect(pinnedDates('end', { start: '1900-01-01', end: '1900-01-03' }, { startDate: null, endDate: null })).toEqual({
      startDate: '1900-01-01',
      endDate: '1900-01-03',
    });
  });

  it('movePlan changes only pinned items whose dates differ', () => {
    const items = [
      { _id: 'pm', startDate: '2025-03-01', endDate: '2025-05-31', pinnedTo: 'entireMission' as const },
      { _id: 'free', startDate: '2025-03-01', endDate: '2025-03-20', pinnedTo: null },
      { _id: 'same', startDate: '2025-04-01', endDate: '2025-06-30', pinnedTo: 'startend' as const },
    ];
    expect(movePlan(mission, items)).toEqual([{ _id: 'pm', startDate: '2025-04-01', endDate: '2025-06-30' }]);
  });
});
