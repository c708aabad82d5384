import { describe, expect, it } from 'vitest';
import { DEFAULT_LEAVE_CODES, type LeaveCode } from '../org/settings.ts';
import {
  ANNUAL_LEAVE_DAYS,
  carryOverAmount,
  carryOverDue,
  countryAnnualLeave,
  countryLeaveCodes,
  countryLeaves,
  entitledDays,
  greekAnnualLeave,
  LEAVE_MESSAGES,
  LeaveYearMissingError,
} from './entitlements.ts';

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
});
