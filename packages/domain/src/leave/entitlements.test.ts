import { describe, expect, it } from 'vitest';
import { DEFAULT_LEAVE_CODES, type LeaveCode } from '../org/settings.ts';
import {
  ANNUAL_LEAVE_DAYS,
  carryOverAmount,
  carryOverDue,
  carryOverSince,
  countryAnnualLeave,
  countryLeaveCodes,
  countryLeaves,
  entitledDays,
  greekAnnualLeave,
  LEAVE_MESSAGES,
  leaveBalances,
  LeaveYearMissingError,
} from './entitlements.ts';
import type { LeaveForBalance } from './rules.ts';

const days = (country: string, year: number) => Object.fromEntries(countryLeaves(country, year).map((leave) => [leave.id, leave.days]));

describe('country entitlements (rules 225–229)', () => {
  it.each([2024, 2025])('US in %i: sick 5, maternity 84, paternity 84, bereavement 3, family care 84 (rule 226)', (year) => {
    expect(days('US', year)).toEqual({ sick: 5, maternity: 84, paternity: 84, bereavement: 3, 'family-care': 84 });
  });

  it.each([2024, 2025])('CA in %i: sick 10, maternity 119, parental 104, bereavement 5, compassionate 28 (rule 227)', (year) => {
    expect(days('CA', year)).toEqual({ sick: 10, maternity: 119, parental: 104, bereavement: 5, compassionate: 28 });
  });

  it.each([2024, 2025])('GR in %i: the twelve statutory leaves with their hour bounds (rule 228)', (year) => {
    expect(days('GR', year)).toEqual({
      'blood-donation': 4,
      marriage: 5,
      maternity: 119,
      paternity: 15,
      parental: 122,
      bereavement: 2,
      student: 30,
      'school-monitoring': 4,
      'child-care': null,
      'single-parent': 6,
      'serious-child-illness': 10,
      'exclusive-custody': 6,
    });
    const byId = Object.fromEntries(countryLeaves('GR', year).map((leave) => [leave.id, leave]));
    expect(byId['blood-donation']).toMatchObject({ maxHours: 16, timesPerYear: 2 });
    expect(byId['school-monitoring']).toMatchObject({ minHours: 1, maxHours: 8 });
    expect(byId['child-care']).toMatchObject({ maxHours: 32 });
  });

  it.each([
    ['AT', 25],
    ['BE', 20],
    ['BG', 20],
    ['HR', 20],
    ['CY', 20],
    ['CZ', 20],
    ['DK', 25],
    ['EE', 28],
    ['FI', 30],
    ['FR', 25],
    ['DE', 24],
    ['HU', 20],
    ['IE', 20],
    ['IT', 20],
    ['LV', 20],
    ['LT', 20],
    ['LU', 26],
    ['MT', 24],
    ['NL', 20],
    ['PL', 20],
    ['PT', 22],
    ['RO', 20],
    ['SK', 20],
    ['SI', 20],
    ['ES', 30],
    ['SE', 25],
    ['GB', 28],
  ])('annual leave in %s is %i days in 2024 and 2025 (rule 229)', (country, amount) => {
    expect(countryAnnualLeave(country, 2024)).toBe(amount);
    expect(countryAnnualLeave(country, 2025)).toBe(amount);
  });

  it('holds exactly the 27 countries of rule 229, nothing before 2024 or for other countries; later years keep 2025', () => {
    expect(Object.keys(ANNUAL_LEAVE_DAYS)).toHaveLength(27);
    expect(countryAnnualLeave('US', 2025)).toBeNull();
    expect(countryAnnualLeave('DE', 2023)).toBeNull();
    expect(countryAnnualLeave('GB', 2026)).toBe(28);
    expect(countryLeaves('US', 2026)).toEqual(countryLeaves('US', 2025));
    expect(countryLeaves('US', 2023)).toEqual([]);
    expect(countryLeaves('JP', 2025)).toEqual([]);
  });

  it('offers the statutory leaves as leave codes, measured by their bounds', () => {
    const codes = countryLeaveCodes('GR', 2025);
    expect(codes.find((code) => code.id === 'gr-blood-donation')).toMatchObject({
      maxHours: 16,
      timesPerYear: 2,
      fixed: true,
      days: [
        { year: 2024, amount: 4 },
        { year: 2025, amount: 4 },
      ],
    });
    expect(codes.find((code) => code.id === 'gr-child-care')).toMatchObject({ fixed: false, maxHours: 32, days: [] });
  });
});

describe('Greek-style annual leave (rules 220–223)', () => {
  const greek = (daysPerWeek: number, startDate: string | null, year: number, yearsOfPreService: string | null = null) =>
    greekAnnualLeave({ year, startDate, yearsOfPreService, daysPerWeek });

  it.each([
    // five-day week (rule 220)
    [5, '2025-01-01', 2025, null, 20],
    [5, '2025-07-02', 2025, null, 10],
    [5, '2024-03-01', 2025, null, 21],
    [5, '2023-03-01', 2025, null, 22],
    [5, '2020-01-01', 2025, '7-0-0', 25],
    [5, '2020-01-01', 2025, '20-0-0', 26],
    // ten years of employment count toward the 12-year tier (rule 223)
    [5, '2015-01-01', 2025, null, 25],
    [5, '2016-01-01', 2025, null, 22],
    // six-day or longer week (rule 221): 25 or 26, then 30, then 31
    [6, '2024-03-01', 2025, null, 25],
    [6, '2022-03-01', 2025, null, 26],
    [6, '2015-01-01', 2025, null, 30],
    [7, '2000-01-01', 2025, null, 31],
    // other week lengths: 24 in the first year (rule 222)
    [6, '2025-01-01', 2025, null, 24],
    [4, '2025-01-01', 2025, null, 24],
    // the year the person starts is prorated whatever the tier: 25 × 183 of 365 days = 12.53, to the half day 12.5
    [5, '2025-07-02', 2025, '15-0-0', 12.5],
    [5, '2024-07-01', 2024, null, 10],
    // without a start date: the first-year amount, whole; only pre-service lifts it
    [5, null, 2025, null, 20],
    [6, null, 2025, null, 24],
    [5, null, 2025, '12-0-0', 25],
    [5, null, 2025, '25-0-0', 26],
  ])('%i-day week, started %s, in %i with pre-service %s: %d days', (daysPerWeek, startDate, year, pre, expected) => {
    expect(greek(daysPerWeek, startDate, year, pre)).toBe(expected);
  });

  it('gives nothing before the person starts', () => {
    expect(greek(5, '2026-02-01', 2025)).toBe(0);
  });

  it("refuses without a year with the spec's text (rule 215)", () => {
    expect(() => greekAnnualLeave({ year: undefined, startDate: null, daysPerWeek: 5 })).toThrow(LeaveYearMissingError);
    expect(() => countryLeaves('US', undefined)).toThrow(LEAVE_MESSAGES.provideYear);
    expect(LEAVE_MESSAGES.provideYear).toBe('Please provide year ...');
  });
});

describe('carry-over of annual leave (rule 224)', () => {
  const settings = (fx: 'percent' | 'fixed', amount: number | null, cutOff: string | null = '12-31') => ({
    carryOverAnnualLeaveFx: fx,
    carryOverAnnualLeaveAmount: amount,
    carryOverAnnualLeaveCutOff: cutOff,
  });

  it.each([
    ['percent', 50, 10, 5],
    ['percent', 25, 7, 2],
    ['percent', 100, 3, 3],
    ['percent', 100, 0.75, 0.75],
    ['percent', 100, 0.25, 0.25],
    ['percent', 90, 0.3, 0.3],
    ['fixed', 5, 10, 5],
    ['fixed', 5, 3, 3],
    ['fixed', 5, 0, 0],
    ['fixed', 5, -2, 0],
    ['fixed', null, 10, 0],
  ] as const)('%s %s of %d remaining carries %d', (fx, amount, remaining, expected) => {
    expect(carryOverAmount(remaining, settings(fx, amount))).toBe(expected);
  });

  it('is computed once the cut-off month-day of the year before has come', () => {
    expect(carryOverDue(settings('fixed', 5, '11-30'), 2026, '2025-11-29')).toBe(false);
    expect(carryOverDue(settings('fixed', 5, '11-30'), 2026, '2025-11-30')).toBe(true);
    expect(carryOverDue(settings('fixed', 5, null), 2026, '2026-06-01')).toBe(false);
  });
});

describe('carry-over along the years (rule 224)', () => {
  const annual = DEFAULT_LEAVE_CODES[0]!;
  const taken = (dates: string[]): LeaveForBalance => ({
    codeId: 'annual',
    status: 'approved',
    days: dates.map((date) => ({ date, hours: 8 })),
  });
  /** Five working days of September 2024. */
  const week2024 = taken(['2024-09-02', '2024-09-03', '2024-09-04', '2024-09-05', '2024-09-06']);
  const balance2025 = (input: {
    country: string;
    fx: 'percent' | 'fixed';
    amount: number;
    startDate: string | null;
    requests?: LeaveForBalance[];
    leaveAmounts?: Record<string, Record<string, { entitled: number; carryOver: number }>>;
  }) =>
    leaveBalances({
      codes: [annual],
      year: 2025,
      today: '2025-04-01',
      country: input.country,
      daysPerWeek: 5,
      settings: { carryOverAnnualLeaveCutOff: '01-01', carryOverAnnualLeaveAmount: input.amount, carryOverAnnualLeaveFx: input.fx },
      person: { startDate: input.startDate, yearsOfPreService: null, leaveAmounts: input.leaveAmounts ?? {} },
      requests: input.requests ?? [],
    })[0]!;

  it.each([
    ['2020-03-01', 2025, 2020],
    ['2025-06-01', 2025, 2025],
    ['2026-01-01', 2025, 2025],
    [null, 2025, 2024],
  ] as const)('a person started %s: carry-overs into %i start from %i', (startDate, year, expected) => {
    expect(carryOverSince(startDate, year)).toBe(expected);
  });

  const days24 = taken(Array.from({ length: 24 }, (_, i) => `2024-10-${String(i + 1).padStart(2, '0')}`));
  it.each([
    // Greek, started 2023: 20 in 2023 → 10 carried; 2024: 21 + 10 = 31 → 15.5 carried; 2025: 22 + 15.5
    {
      name: 'GR 50 % since 2023',
      country: 'GR',
      fx: 'percent',
      amount: 50,
      startDate: '2023-01-01',
      requests: [],
      entitled: 22,
      carriedOver: 15.5,
      remaining: 37.5,
    },
    // the same with a week of 2024 taken: 21 + 10 − 5 = 26 → 13 carried
    {
      name: 'GR 50 % since 2023, a week of 2024 taken',
      country: 'GR',
      fx: 'percent',
      amount: 50,
      startDate: '2023-01-01',
      requests: [week2024],
      entitled: 22,
      carriedOver: 13,
      remaining: 35,
    },
    // Greek 100 % since 2023: 20 → 20 carried; 2024: 21 + 20 = 41, all carried
    {
      name: 'GR 100 % since 2023',
      country: 'GR',
      fx: 'percent',
      amount: 100,
      startDate: '2023-01-01',
      requests: [],
      entitled: 22,
      carriedOver: 41,
      remaining: 63,
    },
    // Greek since 2020, fixed 5: 5 carried into 2024; 22 + 5 − 24 taken = 3 left → 3 carried (not 0)
    {
      name: 'GR fixed 5 since 2020, 24 days of 2024 taken',
      country: 'GR',
      fx: 'fixed',
      amount: 5,
      startDate: '2020-01-01',
      requests: [days24],
      entitled: 22,
      carriedOver: 3,
      remaining: 25,
    },
    // France, started 2025: nothing carried from 2024, when the person was not employed (though France gives 25
    // then), and 2025's 25 days prorated: 306 of 365 days employed, 20.96
    {
      name: 'FR fixed 5, started 2025',
      country: 'FR',
      fx: 'fixed',
      amount: 5,
      startDate: '2025-03-01',
      requests: [],
      entitled: 21,
      carriedOver: 0,
      remaining: 21,
    },
    // France, started mid-2024: 25 days of 2024 carry 5
    {
      name: 'FR fixed 5, started 2024',
      country: 'FR',
      fx: 'fixed',
      amount: 5,
      startDate: '2024-07-01',
      requests: [],
      entitled: 25,
      carriedOver: 5,
      remaining: 30,
    },
    // France 100 % since 2023: the tables give nothing before 2024, so only 2024's 25 carry
    {
      name: 'FR 100 % since 2023',
      country: 'FR',
      fx: 'percent',
      amount: 100,
      startDate: '2023-01-01',
      requests: [],
      entitled: 25,
      carriedOver: 25,
      remaining: 50,
    },
    // no start date: last year's remainder only (20 in Greece), nothing carried into it
    {
      name: 'GR 50 %, no start date',
      country: 'GR',
      fx: 'percent',
      amount: 50,
      startDate: null,
      requests: [],
      entitled: 20,
      carriedOver: 10,
      remaining: 30,
    },
  ] as const)(
    '$name: entitled $entitled, carried over $carriedOver, remaining $remaining in 2025',
    ({ entitled, carriedOver, remaining, requests, ...input }) => {
      expect(balance2025({ ...input, requests: [...requests] })).toMatchObject({ entitled, carriedOver, remaining });
    },
  );

  it('the person’s own carry-over of a year stands and the chain goes on from it', () => {
    // own 2024: 22 entitled, 0 carried in; nothing taken → 22 left, 5 carried into 2025
    const own = { annual: { '2024': { entitled: 22, carryOver: 0 } } };
    expect(balance2025({ country: 'GR', fx: 'fixed', amount: 5, startDate: '2020-01-01', leaveAmounts: own })).toMatchObject({
      carriedOver: 5,
    });
    // own 2024 carry-over of 3 with 20 entitled and 24 days taken: 20 + 3 − 24 < 0 → nothing carried into 2025
    const short = { annual: { '2024': { entitled: 20, carryOver: 3 } } };
    expect(
      balance2025({ country: 'GR', fx: 'fixed', amount: 5, startDate: '2020-01-01', leaveAmounts: short, requests: [days24] }),
    ).toMatchObject({ carriedOver: 0 });
    // own 2025 figures win outright
    const own2025 = { annual: { '2025': { entitled: 30, carryOver: 7 } } };
    expect(balance2025({ country: 'GR', fx: 'fixed', amount: 5, startDate: '2020-01-01', leaveAmounts: own2025 })).toMatchObject({
      entitled: 30,
      carriedOver: 7,
      remaining: 37,
    });
  });

  it('carries nothing into a year whose cut-off has not come, nor without a cut-off', () => {
    const notYet = leaveBalances({
      codes: [annual],
      year: 2026,
      today: '2025-04-01',
      country: 'FR',
      daysPerWeek: 5,
      settings: { carryOverAnnualLeaveCutOff: '12-31', carryOverAnnualLeaveAmount: 5, carryOverAnnualLeaveFx: 'fixed' },
      person: { startDate: '2020-01-01', yearsOfPreService: null, leaveAmounts: {} },
      requests: [],
    })[0]!;
    expect(notYet.carriedOver).toBe(0);
    const none = leaveBalances({
      codes: [annual],
      year: 2025,
      today: '2025-04-01',
      country: 'FR',
      daysPerWeek: 5,
      settings: { carryOverAnnualLeaveCutOff: null, carryOverAnnualLeaveAmount: 5, carryOverAnnualLeaveFx: 'fixed' },
      person: { startDate: '2020-01-01', yearsOfPreService: null, leaveAmounts: {} },
      requests: [],
    })[0]!;
    expect(none.carriedOver).toBe(0);
  });
});

describe('entitled days of a code', () => {
  const annual = DEFAULT_LEAVE_CODES[0]!;
  const person = { startDate: '2020-01-01', yearsOfPreService: null, leaveAmounts: {} };
  const code = (extra: Partial<LeaveCode>): LeaveCode => ({ ...annual, id: 'x', description: 'X', ...extra });

  it('takes the person’s own amount, then the code’s days, then the country', () => {
    expect(
      entitledDays({
        code: annual,
        year: 2025,
        country: 'GR',
        daysPerWeek: 5,
        person: { ...person, leaveAmounts: { annual: { '2025': { entitled: 30, carryOver: 0 } } } },
      }),
    ).toBe(30);
    expect(
      entitledDays({ code: { ...annual, days: [{ year: 2025, amount: 27 }] }, year: 2025, country: 'GR', daysPerWeek: 5, person }),
    ).toBe(27);
    expect(entitledDays({ code: annual, year: 2025, country: 'GR', daysPerWeek: 5, person })).toBe(22);
    expect(entitledDays({ code: annual, year: 2025, country: 'FR', daysPerWeek: 5, person })).toBe(25);
    expect(entitledDays({ code: annual, year: 2025, country: 'US', daysPerWeek: 5, person })).toBeNull();
    expect(entitledDays({ code: code({ id: 'sick', description: 'Sick' }), year: 2025, country: 'CA', daysPerWeek: 5, person })).toBe(10);
    expect(
      entitledDays({ code: code({ id: 'training', description: 'Training' }), year: 2025, country: 'CA', daysPerWeek: 5, person }),
    ).toBeNull();
  });

  // 2025 has 365 days; FR's statutory 25 days, prorated the way the Greek first year is
  it.each([
    { startDate: '2025-01-01', days: 25 },
    { startDate: '2025-07-02', days: 12.5 }, // 183 days: 12.53
    { startDate: '2025-11-01', days: 4 }, // 61 days: 4.18
    { startDate: '2025-12-31', days: 0 }, // one day: 0.07
    { startDate: '2024-11-01', days: 25 },
    { startDate: '2026-01-05', days: 0 },
    { startDate: null, days: 25 },
  ])('prorates statutory annual leave in the year the person started ($startDate: $days)', ({ startDate, days }) => {
    expect(entitledDays({ code: annual, year: 2025, country: 'FR', daysPerWeek: 5, person: { ...person, startDate } })).toBe(days);
  });

  it('prorates only annual leave: other statutory leave is whole in the first year', () => {
    const sick = code({ id: 'sick', description: 'Sick' });
    expect(entitledDays({ code: sick, year: 2025, country: 'CA', daysPerWeek: 5, person: { ...person, startDate: '2025-11-01' } })).toBe(
      10,
    );
  });
});
