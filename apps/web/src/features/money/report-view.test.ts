import { describe, expect, it } from 'vitest';
import type { CostTrackerRow, MoneyActual, MoneyReport, MoneyRow } from '@crewplan/domain/money/report';
import { currencyChoices, FIRST_CURRENCIES } from './currencies.ts';
import { formatHours, monthLabel } from './format.ts';
import {
  actualsOf,
  burnData,
  byRisk,
  drillable,
  EMPTY_FIGURES,
  flashOf,
  measureOf,
  monthTotals,
  riskLevel,
  sortedRows,
  trackerNotice,
  unconvertedNotice,
} from './report-view.ts';

const figures = (values: Partial<typeof EMPTY_FIGURES>) => ({ ...EMPTY_FIGURES, ...values });
const row = (title: string, kind: MoneyRow['kind'], months: MoneyRow['months'] = {}): MoneyRow => ({
  planItemId: null,
  kind,
  title,
  personName: null,
  months,
  total: EMPTY_FIGURES,
});

describe('the Plan vs actual table', () => {
  it('adds up each month over the rows to the cent (no binary drift), months without figures count zero', () => {
    const totals = monthTotals({
      months: ['2026-01', '2026-02'],
      rows: [
        row('Designer', 'person', { '2026-01': figures({ plannedHours: 10.25, actualCost: 0.1, margin: -0.1 }) }),
        row('Developer', 'person', {
          '2026-01': figures({ plannedHours: 20.5, actualCost: 0.2, margin: 0.3 }),
          '2026-02': figures({ approvedHours: 8 }),
        }),
      ],
    });
    expect(totals['2026-01']).toEqual(figures({ plannedHours: 30.75, actualCost: 0.3, margin: 0.2 }));
    expect(totals['2026-02']).toEqual(figures({ approvedHours: 8 }));
  });

  it('adds hours at their 4 decimals: three rows of 20 minutes make an hour, not 0.99', () => {
    const third = (title: string) => row(title, 'person', { '2026-03': figures({ approvedHours: 0.3333 }) });
    const totals = monthTotals({ months: ['2026-03'], rows: [third('A'), third('B'), third('C')] });
    expect(formatHours(totals['2026-03']!.approvedHours)).toBe('1 h');
  });

  it('lists roles first, then cost items, milestones and expenses, by title within each', () => {
    const rows = sortedRows([
      row('Expenses', 'expenses'),
      row('Launch', 'milestone'),
      row('Servers', 'cost'),
      row('Tester', 'person'),
      row('Designer', 'person'),
    ]);
    expect(rows.map((r) => r.title)).toEqual(['Designer', 'Tester', 'Servers', 'Launch', 'Expenses']);
  });

  it('shows cost unless another measure is chosen; drills only into actual figures that are not zero', () => {
    expect(measureOf(null).value).toBe('cost');
    expect(measureOf('nonsense').value).toBe('cost');
    expect(measureOf('hours')).toMatchObject({ actual: 'approvedHours', planned: 'plannedHours', money: false });
    expect(drillable(measureOf('hours'), figures({ approvedHours: 4 }))).toBe(true);
    expect(drillable(measureOf('hours'), figures({ plannedHours: 4 }))).toBe(false);
    expect(drillable(measureOf('margin'), figures({ margin: 100 }))).toBe(false);
    expect(drillable(measureOf('cost'), undefined)).toBe(false);
  });
});

describe('the burn chart and the flash row', () => {
  const report: Pick<MoneyReport, 'burn' | 'budget' | 'total' | 'earnedValue'> = {
    burn: [
      { month: '2026-02', pv: 2000, ev: 1500, ac: 1800 },
      { month: '2026-01', pv: 1000, ev: 800, ac: 900 },
    ],
    budget: 5000,
    total: figures({ actualCost: 1800.1, margin: 200 }),
    earnedValue: { asOf: '2026-02-28', pv: 2000, ev: 1500, ac: 1800, cpi: 0.83, spi: 0.75, eac: 6000 },
  };

  it('plots cumulative planned value, earned value and actual cost month by month, in order', () => {
    expect(burnData(report, monthLabel)).toEqual([
      { month: 'Jan 2026', 'Planned value': 1000, 'Earned value': 800, 'Actual cost': 900 },
      { month: 'Feb 2026', 'Planned value': 2000, 'Earned value': 1500, 'Actual cost': 1800 },
    ]);
  });

  it('shows budget, spent, remaining (exact), forecast at completion and margin', () => {
    expect(flashOf(report)).toEqual({ budget: 5000, spent: 1800.1, remaining: 3199.9, forecast: 6000, margin: 200 });
    expect(flashOf({ ...report, budget: null })).toMatchObject({ budget: null, remaining: null });
  });
});

describe('the cost tracker', () => {
  const tracked = (title: string, risk: number | null): CostTrackerRow => ({
    missionId: '0123456789abcdef01234567',
    title,
    currency: 'USD',
    budget: risk === null ? null : 100,
    spent: 0,
    remaining: null,
    forecastAtCompletion: null,
    margin: 0,
    risk,
  });

  it('sorts the riskiest first, missions without a budget last, by title on a tie', () => {
    const rows = byRisk([
      tracked('No budget B', null),
      tracked('Calm', 0.5),
      tracked('No budget A', null),
      tracked('Over', 1.4),
      tracked('Also over', 1.4),
    ]);
    expect(rows.map((r) => r.title)).toEqual(['Also over', 'Over', 'Calm', 'No budget A', 'No budget B']);
  });

  it('names the risk: over above the budget, at risk from 90% of it; no budget, or no forecast yet', () => {
    const budgeted = (risk: number | null) => ({ budget: 1000, risk });
    expect(riskLevel({ budget: null, risk: null })).toBe('no-budget');
    expect(riskLevel(budgeted(null))).toBe('no-forecast');
    expect(riskLevel(budgeted(0.5))).toBe('on-track');
    expect(riskLevel(budgeted(0.9))).toBe('watch');
    expect(riskLevel(budgeted(1))).toBe('watch');
    expect(riskLevel(budgeted(1.01))).toBe('over');
  });
});

describe('drill-down and currencies', () => {
  const actual = (kind: MoneyActual['kind'], date: string, personName: string | null): MoneyActual => ({
    kind,
    id: '0123456789abcdef01234567',
    planItemId: null,
    personName,
    date,
    hours: 0,
    cost: 0,
    revenue: 0,
  });

  it('lists the newest first, and only expenses behind the expenses row', () => {
    const all = [actual('timesheet', '2026-01-05', 'Bo'), actual('expense', '2026-01-20', null), actual('timesheet', '2026-01-05', 'Al')];
    expect(actualsOf(all, null).map((a) => `${a.date} ${a.personName}`)).toEqual(['2026-01-20 null', '2026-01-05 Al', '2026-01-05 Bo']);
    expect(actualsOf(all, { kind: 'expenses' }).map((a) => a.kind)).toEqual(['expense']);
  });

  it('lists only the task weeks of no role behind the Tasks row, as its figures count them', () => {
    const role = { ...actual('timesheet', '2026-01-12', 'Al'), planItemId: 'abcdef0123456789abcdef01' };
    const all = [actual('timesheet', '2026-01-05', 'Bo'), actual('expense', '2026-01-20', null), role, actual('cost', '2026-01-09', null)];
    const tasks = { kind: 'person', planItemId: null } as const;
    expect(actualsOf(all, tasks).map((a) => `${a.kind} ${a.date} ${a.personName}`)).toEqual(['timesheet 2026-01-05 Bo']);
    // a role's row is asked of the server by its plan item: all it answers is shown
    expect(actualsOf([role], { kind: 'person', planItemId: role.planItemId })).toEqual([role]);
  });

  it('offers USD, EUR, CAD, GBP, YEN, INR, CNY, BTC first (rule 192), then the rest, and keeps a currency chosen elsewhere', () => {
    const codes = (choices: { value: string }[]) => choices.map((choice) => choice.value);
    const all = currencyChoices();
    expect(codes(all).slice(0, 8)).toEqual(['USD', 'EUR', 'CAD', 'GBP', 'YEN', 'INR', 'CNY', 'BTC']);
    expect(FIRST_CURRENCIES).toHaveLength(8);
    expect(all.length).toBeGreaterThan(100);
    expect(all.find((choice) => choice.value === 'CHF')?.label).toBe('CHF · Swiss Franc');
    expect(codes(currencyChoices('EUR', null))).toEqual(codes(all));
    expect(codes(currencyChoices('ZZZ', 'ZZZ'))).toEqual([...codes(all), 'ZZZ']);
  });
});

describe('the missions an organisation report leaves out', () => {
  const id = (n: number) => String(n).repeat(24);
  it.each([
    [undefined, null],
    [[], null],
    [[{ missionId: id(1), title: 'Dubai office', currency: 'AED' }], 'Not counted, no exchange rate into EUR: Dubai office (AED).'],
    [
      [
        { missionId: id(1), title: 'Dubai office', currency: 'AED' },
        { missionId: id(2), title: 'Lagos', currency: 'NGN' },
      ],
      'Not counted, no exchange rate into EUR: Dubai office (AED), Lagos (NGN).',
    ],
  ] as const)('%j → %s', (unconverted, notice) => {
    expect(unconvertedNotice({ currency: 'EUR', unconverted: unconverted && [...unconverted] })).toBe(notice);
  });
});

describe('the missions the cost tracker cannot count', () => {
  const row = (title: string, unconverted?: string) => ({ title, ...(unconverted ? { unconverted } : {}) });
  it.each([
    [[], null],
    [[row('Calm')], null],
    [[row('Calm'), row('Dubai office', 'AED')], 'Spending not counted, no exchange rate: Dubai office (AED).'],
    [[row('Dubai office', 'AED'), row('Lagos', 'NGN')], 'Spending not counted, no exchange rate: Dubai office (AED), Lagos (NGN).'],
  ])('%j → %s', (rows, notice) => {
    expect(trackerNotice(rows)).toBe(notice);
  });
});
