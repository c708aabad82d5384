import { describe, expect, it } from 'vitest';
import {
  assignableLevels,
  confirmsName,
  endDateError,
  firstEndDay,
  formatPreService,
  goalParamProblem,
  leaveRowsOf,
  orderBody,
  orderFormError,
  pageCount,
  parsePreService,
  peopleOptions,
  rangeText,
  withLeaveRows,
  type MyMembership,
} from './org-edit-rules.ts';

const me = (level: MyMembership['level']): MyMembership => ({
  level,
  canApproveRoles: false,
  canApproveLeaves: false,
  canManageGoals: false,
  canCreateProjects: false,
  accessibleDepartments: [],
  accessibleOffices: [],
});

describe('levels an editor may hand out', () => {
  it('follows the server policy for each level', () => {
    expect(assignableLevels(me('ADMIN'))).toEqual([
      'MEMBER',
      'MANAGER',
      'MANAGER_LIMITED',
      'ADMIN',
      'OBSERVER_ORG',
      'OBSERVER_ORG_LIMITED',
    ]);
    expect(assignableLevels(me('MANAGER'))).not.toContain('ADMIN');
    expect(assignableLevels(me('MANAGER_LIMITED'))).toEqual(['MEMBER', 'OBSERVER_ORG', 'OBSERVER_ORG_LIMITED']);
    expect(assignableLevels(me('MEMBER'))).toEqual([]);
  });

  it("keeps the person's current level so the picker can show it", () => {
    expect(assignableLevels(me('MANAGER_LIMITED'), 'MANAGER')).toEqual(['MEMBER', 'MANAGER', 'OBSERVER_ORG', 'OBSERVER_ORG_LIMITED']);
    expect(assignableLevels(null, 'ADMIN')).toEqual(['ADMIN']);
    expect(assignableLevels(null)).toEqual([]);
  });
});

describe('people pages', () => {
  it('counts pages and says which rows show', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(pageCount(240, 100)).toBe(3);
    expect(rangeText(50, 50, 240)).toBe('Showing 51–100 of 240');
    expect(rangeText(0, 0, 0)).toBe('Showing 0 of 0');
  });
});

describe('scheduled end date', () => {
  const today = new Date(2026, 11, 31);
  it('starts tomorrow, across a year end', () => {
    expect(firstEndDay(today)).toBe('2027-01-01');
  });
  it('refuses today, the past and blanks', () => {
    expect(endDateError('2026-12-31', today)).toBe('The end date must be after today.');
    expect(endDateError('2026-01-01', today)).toBe('The end date must be after today.');
    expect(endDateError('', today)).toBe('Choose the day they leave.');
    expect(endDateError('2027-01-01', today)).toBeNull();
  });
});

describe('years of pre-service', () => {
  it('reads and writes years-months-days', () => {
    expect(parsePreService('3-6-0')).toEqual({ years: 3, months: 6, days: 0 });
    expect(parsePreService(null)).toEqual({ years: 0, months: 0, days: 0 });
    expect(parsePreService('nonsense')).toEqual({ years: 0, months: 0, days: 0 });
    expect(formatPreService({ years: 3, months: 6, days: 0 })).toBe('3-6-0');
    expect(formatPreService({ years: 0, months: 0, days: 0 })).toBeNull();
    expect(formatPreService({ years: 2.7, months: -1, days: Number.NaN })).toBe('2-0-0');
  });
});

describe('leave amounts', () => {
  const codes = [
    { id: 'annual', description: 'Annual leave' },
    { id: 'training', description: 'Training' },
  ];
  const amounts = { annual: { '2025': { entitled: 20, carryOver: 0 }, '2026': { entitled: 25, carryOver: 3 } } };

  it('shows one row per leave code for the year, blank when unset', () => {
    expect(leaveRowsOf(amounts, codes, '2026')).toEqual([
      { code: 'annual', label: 'Annual leave', entitled: 25, carryOver: 3 },
      { code: 'training', label: 'Training', entitled: null, carryOver: null },
    ]);
  });

  it('writes a year in, keeping other years; a blank row removes its year', () => {
    const rows = leaveRowsOf(amounts, codes, '2026').map((row) =>
      row.code === 'training' ? { ...row, entitled: 5 } : { ...row, entitled: null, carryOver: null },
    );
    expect(withLeaveRows(amounts, '2026', rows)).toEqual({
      annual: { '2025': { entitled: 20, carryOver: 0 } },
      training: { '2026': { entitled: 5, carryOver: 0 } },
    });
    // the input is left as it was
    expect(amounts.annual['2026']).toEqual({ entitled: 25, carryOver: 3 });
    expect(withLeaveRows(null, '2026', leaveRowsOf(null, codes, '2026'))).toEqual({});
  });
});

describe('deleting the organisation', () => {
  it('needs its exact name typed', () => {
    expect(confirmsName('Acme', 'Acme')).toBe(true);
    expect(confirmsName('  Acme ', 'Acme')).toBe(true);
    expect(confirmsName('acme', 'Acme')).toBe(false);
    expect(confirmsName('', '')).toBe(false);
  });
});

describe('client orders', () => {
  const form = { code: ' po-1 ', title: ' Phase one ', amount: '1,250.50', currency: 'eur', startDate: '2026-01-01', endDate: '' };
  it('sends blanks as null, amounts as numbers and currencies upper case', () => {
    expect(orderBody(form)).toEqual({
      code: 'po-1',
      title: 'Phase one',
      amount: 1250.5,
      currency: 'EUR',
      startDate: '2026-01-01',
      endDate: null,
    });
    expect(orderBody({ ...form, amount: '', currency: ' ' })).toMatchObject({ amount: null, currency: null });
  });
  it('asks for a code and an end after the start', () => {
    expect(orderFormError({ ...form, code: ' ' })).toBe('Enter the order code.');
    expect(orderFormError({ ...form, endDate: '2025-12-31' })).toBe('The end date is before the start date');
    expect(orderFormError(form)).toBeNull();
  });
});

describe('goals', () => {
  it('says so when the goal of the URL is not visible', () => {
    const goals = [{ _id: 'g1' }];
    expect(goalParamProblem(null, goals)).toBeNull();
    expect(goalParamProblem('g1', goals)).toBeNull();
    expect(goalParamProblem('g2', goals)).toBe('Sorry that goal is not available to you. Maybe removed?');
  });

  it('names people for the pickers, by email when they have no name', () => {
    expect(
      peopleOptions([
        { ref: { _id: 'p1', firstName: 'Ada', lastName: 'Lovelace' }, email: 'ada@x.test' },
        { ref: { _id: 'p2', firstName: '', lastName: '' }, email: 'who@x.test' },
      ]),
    ).toEqual([
      { value: 'p1', label: 'Ada Lovelace' },
      { value: 'p2', label: 'who@x.test' },
    ]);
  });
});
