import { describe, expect, it } from 'vitest';
import { daysFrom, pickPublished, rateDayFor, rateMonthsToFetch, rollWeekend, ROLL_FORWARD_DAYS } from './exchange-days.ts';

// March 2026: Monday 2, 9 and 16; Friday 6 and 13; Saturday 7 and 14.
const WEDNESDAY = '2026-03-11';

describe('which day rate converts money of a day (rule 193)', () => {
  it.each([
    // day, today, rate day (null: the latest rate)
    [WEDNESDAY, WEDNESDAY, WEDNESDAY, 'today takes the rate of the day'],
    ['2026-03-10', WEDNESDAY, '2026-03-11', 'a past day takes the rate of tomorrow'],
    ['2026-03-09', WEDNESDAY, '2026-03-10', 'a past Monday takes Tuesday'],
    ['2026-03-05', WEDNESDAY, '2026-03-06', 'a past Thursday takes Friday'],
    ['2026-03-06', WEDNESDAY, '2026-03-09', 'a past Friday rolls forward 3 days to Monday'],
    ['2026-03-07', WEDNESDAY, '2026-03-09', 'a past Saturday rolls forward to Monday'],
    ['2026-03-08', WEDNESDAY, '2026-03-09', 'a past Sunday takes Monday'],
    ['2026-03-06', '2026-03-09', '2026-03-09', "last Friday, on Monday, takes today's rate"],
    ['2026-03-12', WEDNESDAY, null, 'tomorrow takes the latest rate'],
    ['2027-01-04', WEDNESDAY, null, 'next year takes the latest rate'],
    ['2026-03-14', '2026-03-14', null, "a Saturday, today, would take Monday's: not published yet, so the latest"],
    ['2026-03-13', '2026-03-14', null, "yesterday's Friday on a Saturday: Monday is not published yet, so the latest"],
    ['2026-03-10', '2026-03-10', '2026-03-10', 'a Tuesday, today, takes its own rate'],
    ['2025-12-31', '2026-03-11', '2026-01-01', "New Year's Eve takes New Year's Day (then rolls to the next published rate)"],
  ])('%s on %s → %s (%s)', (day, today, rateDay, _why) => {
    expect(rateDayFor(day, today)).toBe(rateDay);
  });

  it.each([
    ['2026-03-07', '2026-03-09'],
    ['2026-03-08', '2026-03-09'],
    ['2026-03-09', '2026-03-09'],
    ['2026-03-13', '2026-03-13'],
  ])('the weekend rolls %s forward to %s', (day, monday) => {
    expect(rollWeekend(day)).toBe(monday);
  });
});

describe('the published rate that serves a rate day', () => {
  // Easter 2026: Good Friday 3 April and Easter Monday 6 April have no reference rates.
  const published = ['2026-04-01', '2026-04-02', '2026-04-07', '2026-04-08'].map((day) => ({ day }));

  it.each([
    ['2026-04-02', '2026-04-02', 'the day itself'],
    ['2026-04-03', '2026-04-07', 'a holiday rolls forward to the next published day'],
    ['2026-04-06', '2026-04-07', 'Easter Monday too'],
    ['2026-04-09', '2026-04-08', 'after the last published day: the latest'],
    ['2026-03-25', '2026-04-01', `at most ${ROLL_FORWARD_DAYS} days before the first: rolls forward`],
    ['2026-03-20', null, 'long before the first published day: none'],
  ])('%s → %s (%s)', (rateDay, day, _why) => {
    expect(pickPublished(rateDay, published)?.day ?? null).toBe(day);
  });

  it('the latest when no day is asked for; none when nothing is published', () => {
    expect(pickPublished(null, published)?.day).toBe('2026-04-08');
    expect(pickPublished('2026-04-02', [])).toBeNull();
    expect(pickPublished(null, [])).toBeNull();
  });
});

describe('days of a range', () => {
  it('lists every day, both ends included, across a month end', () => {
    expect(daysFrom('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysFrom('2026-03-02', '2026-03-02')).toEqual(['2026-03-02']);
  });
});

describe('fetching rates a month at a time (rule 194)', () => {
  it('fetches each month of the days once, keyed by base currency and month', () => {
    expect(rateMonthsToFetch('EUR', ['USD', 'EUR'], ['2026-03-02', '2024-02-10', '2026-03-31', '2024-02-29'])).toEqual([
      { key: 'EUR:2024-02', query: { base: 'EUR', startDate: '2024-02-01', endDate: '2024-02-29' } },
      { key: 'EUR:2026-03', query: { base: 'EUR', startDate: '2026-03-01', endDate: '2026-03-31' } },
    ]);
    expect(rateMonthsToFetch('USD', ['GBP'], ['2026-02-14'])[0]!.query).toEqual({
      base: 'USD',
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
  });

  it('fetches nothing when every currency is the base', () => {
    expect(rateMonthsToFetch('USD', ['USD', 'USD'], ['2026-03-02'])).toEqual([]);
    expect(rateMonthsToFetch('USD', [], ['2026-03-02'])).toEqual([]);
  });
});
