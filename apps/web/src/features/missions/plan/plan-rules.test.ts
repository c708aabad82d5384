import { describe, expect, it } from 'vitest';
import {
  barSpan,
  budgetUse,
  capacityHeight,
  planPartOf,
  reasonIsLongEnough,
  SEVERITY_COLORS,
  unfilledSeverity,
  weekDailyHours,
  weeksBetween,
} from './plan-rules.ts';

const role = (over: Record<string, unknown> = {}) => ({
  type: 'person' as const,
  person: null,
  startDate: '2031-01-20',
  endDate: '2031-02-20',
  allocation: 100,
  inactive: false,
  wasDeleted: false,
  ...over,
});

describe('capacity bar height (rule 12)', () => {
  it('follows the four bands of hours a day', () => {
    expect(capacityHeight(0)).toBe(0);
    expect(capacityHeight(4)).toBe(25);
    expect(capacityHeight(8)).toBe(25);
    expect(capacityHeight(8.5)).toBe(50);
    expect(capacityHeight(16)).toBe(50);
    expect(capacityHeight(32)).toBe(75);
    expect(capacityHeight(33)).toBe(98);
  });

  it('sums the daily hours of the person roles in a week (8 h × allocation)', () => {
    const items = [role(), role({ allocation: 50 }), role({ type: 'cost' }), role({ startDate: '2031-03-01', endDate: '2031-03-10' })];
    expect(weekDailyHours(items, '2031-01-20')).toBe(12);
  });
});

describe('unfilled role alerts (rule 78)', () => {
  const today = '2031-01-10';
  it('is urgent when the role starts within 5 days or has started', () => {
    expect(unfilledSeverity(role({ startDate: '2031-01-15' }), today)).toBe(3);
    expect(unfilledSeverity(role({ startDate: '2031-01-02' }), today)).toBe(3);
  });
  it('is severity 2 between 5 and 10 days, and no alert further away', () => {
    expect(unfilledSeverity(role({ startDate: '2031-01-16' }), today)).toBe(2);
    expect(unfilledSeverity(role({ startDate: '2031-01-20' }), today)).toBe(2);
    expect(unfilledSeverity(role({ startDate: '2031-01-21' }), today)).toBeNull();
  });
  it('says nothing for a filled role, another type or a removed role', () => {
    expect(unfilledSeverity(role({ person: 'p1', startDate: '2031-01-11' }), today)).toBeNull();
    expect(unfilledSeverity(role({ type: 'phase', startDate: '2031-01-11' }), today)).toBeNull();
    expect(unfilledSeverity(role({ inactive: true, startDate: '2031-01-11' }), today)).toBeNull();
  });
  it('colours severity 3 red and 2 orange', () => {
    expect(SEVERITY_COLORS[3]).toBe('red');
    expect(SEVERITY_COLORS[2]).toBe('orange');
  });
});

describe('the timeline', () => {
  it('lists the Mondays of the plan and where each bar lies', () => {
    const weeks = weeksBetween('2031-01-08', '2031-01-28');
    expect(weeks).toEqual(['2031-01-06', '2031-01-13', '2031-01-20', '2031-01-27']);
    expect(barSpan({ startDate: '2031-01-14', endDate: '2031-01-21' }, weeks)).toEqual({ first: 1, last: 2 });
    expect(barSpan({ startDate: '2032-01-14', endDate: '2032-01-21' }, weeks)).toBeNull();
  });

  it('compares the planned amounts with the budget available', () => {
    const items = [
      { amount: 600, rate: 0, quantity: null, inactive: false, wasDeleted: false },
      { amount: null, rate: 100, quantity: 3, inactive: false, wasDeleted: false },
      { amount: 5000, rate: 0, quantity: null, inactive: false, wasDeleted: true },
    ];
    expect(budgetUse(items, 1000)).toEqual({ planned: 900, available: 1000, percent: 90, over: false });
    expect(budgetUse(items, 800).over).toBe(true);
    expect(budgetUse(items, null).percent).toBeNull();
  });

  it('needs a reason of 5 characters', () => {
    expect(reasonIsLongEnough('abcd')).toBe(false);
    expect(reasonIsLongEnough('  abcd  ')).toBe(false);
    expect(reasonIsLongEnough('abcde')).toBe(true);
  });

  it('opens the part a parameter names', () => {
    expect(planPartOf(new URLSearchParams('mission=1&budget-bar'))).toBe('budget-bar');
    expect(planPartOf(new URLSearchParams('mission=1'))).toBeNull();
  });
});
