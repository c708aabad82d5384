import { describe, expect, it } from 'vitest';
import { DEFAULT_LEAVE_CODES, type LeaveCode } from '../org/settings.ts';
import { checkLeaveHours, leaveDays, measuredInHours, totalHours } from './hours.ts';

const annual = DEFAULT_LEAVE_CODES[0]!;
const code = (extra: Partial<LeaveCode>): LeaveCode => ({ ...annual, allowHalfDays: false, ...extra });

describe('rule 214: hours or days', () => {
  it.each([
    [null, null, false],
    [4, 8, false],
    [null, 16, false],
    [null, 32, false],
    [1, 8, true],
    [null, 6, true],
    [2, null, true],
    [0, 12, false],
  ])('minHours %s, maxHours %s: measured in hours %s', (minHours, maxHours, expected) => {
    expect(measuredInHours({ minHours, maxHours })).toBe(expected);
  });
});

describe('rule 213: counted days skip weekends and public holidays', () => {
  // 2025-04-18 Good Friday and 2025-04-21 Easter Monday are Greek public holidays
  const greekHolidays = new Set(['2025-04-18', '2025-04-21']);
  const isHoliday = (day: string) => greekHolidays.has(day);

  it('three days over a public holiday count two', () => {
    const days = leaveDays([{ from: '2025-04-16', to: '2025-04-18' }], { daysPerWeek: 5, isHoliday });
    expect(days).toEqual([
      { date: '2025-04-16', hours: 8 },
      { date: '2025-04-17', hours: 8 },
    ]);
  });

  it('a week over a weekend and a holiday', () => {
    const days = leaveDays([{ from: '2025-04-17', to: '2025-04-23' }], { daysPerWeek: 5, isHoliday });
    expect(days.map((day) => day.date)).toEqual(['2025-04-17', '2025-04-22', '2025-04-23']);
  });

  it('a six-day week keeps Saturday; overlapping ranges count a day once; given hours replace 8', () => {
    const days = leaveDays(
      [
        { from: '2025-05-02', to: '2025-05-04' },
        { from: '2025-05-03', to: '2025-05-03' },
      ],
      { daysPerWeek: 6, isHoliday: () => false, hours: [{ date: '2025-05-03', hours: 4 }] },
    );
    expect(days).toEqual([
      { date: '2025-05-02', hours: 8 },
      { date: '2025-05-03', hours: 4 },
    ]);
    expect(totalHours(days)).toBe(12);
  });

  it.each([
    [[0.1, 0.1, 0.1], 0.3],
    [[0.1, 0.2], 0.3],
    [[1.25, 2.5, 0.75], 4.5],
    [[0.7, 0.1], 0.8],
  ])('totals %j hours as %d, to hundredths without float noise', (hours, expected) => {
    expect(totalHours(hours.map((h, i) => ({ date: `2025-06-0${i + 2}`, hours: h })))).toBe(expected);
  });

  it('a code of at most 0.3 hours takes three days of 0.1 hours', () => {
    const tenths = ['2025-06-02', '2025-06-03', '2025-06-04'].map((date) => ({ date, hours: 0.1 }));
    expect(checkLeaveHours(code({ maxHours: 0.3 }), [{ from: '2025-06-02', to: '2025-06-04' }], tenths)).toBeNull();
  });
});

describe('checking a request against its code', () => {
  const day = (date: string, hours = 8) => ({ date, hours });
  const range = [{ from: '2025-05-05', to: '2025-05-06' }];

  it.each([
    ['backwards dates', code({}), [{ from: '2025-05-06', to: '2025-05-05' }], [day('2025-05-05')], { field: 'dates', reason: 'backwards' }],
    ['only weekend days', code({}), [{ from: '2025-05-03', to: '2025-05-04' }], [], { field: 'dates', reason: 'empty' }],
    ['half day where not allowed', code({}), range, [day('2025-05-05', 4)], { field: 'hours', reason: 'halfDaysNotAllowed' }],
    ['half day where allowed', code({ allowHalfDays: true }), range, [day('2025-05-05', 4)], null],
    [
      'two hours of a code in days',
      code({ allowHalfDays: true }),
      range,
      [day('2025-05-05', 2)],
      { field: 'hours', reason: 'wholeDaysOnly' },
    ],
    ['two hours of a code in hours', code({ minHours: 1, maxHours: 8 }), range, [day('2025-05-05', 2)], null],
    [
      'more than the code allows',
      code({ maxHours: 16 }),
      range,
      [day('2025-05-05'), day('2025-05-06'), day('2025-05-07')],
      { field: 'hours', reason: 'aboveMax' },
    ],
    [
      'less than the code needs',
      code({ minHours: 1, maxHours: 8 }),
      range,
      [day('2025-05-05', 0.5)],
      { field: 'hours', reason: 'belowMin' },
    ],
  ] as const)('%s', (_, leaveCode, ranges, days, expected) => {
    expect(checkLeaveHours(leaveCode, ranges, days)).toEqual(expected);
  });

  it('refuses overlapping ranges and hours on a day that is not counted', () => {
    expect(checkLeaveHours(code({}), [range[0]!, { from: '2025-05-06', to: '2025-05-07' }], [day('2025-05-05')])).toEqual({
      field: 'dates',
      reason: 'overlapping',
    });
    expect(checkLeaveHours(code({}), range, [day('2025-05-05')], [{ date: '2025-05-10', hours: 4 }])).toEqual({
      field: 'hours',
      reason: 'notAWorkingDay',
    });
  });
});
