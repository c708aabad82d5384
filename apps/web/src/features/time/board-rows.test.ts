import { describe, expect, it } from 'vitest';
import type { RoleWeekCell, Timesheet } from '@crewplan/domain/time/time';
import type { Names } from './approvals.ts';
import { allRows, cellCounts, decidable, filterChoices, reopenable, shownRows, type BoardFilters, type BoardRow } from './board-rows.ts';
import { testTimesheet } from './test-timesheet.ts';

const names: Names = {
  people: new Map([
    ['ada', 'Ada Lovelace'],
    ['max', 'Max Member'],
  ]),
  missions: new Map([['cabins', 'Harbour cabins']]),
};

const sheet = (over: Partial<Timesheet>): Timesheet =>
  testTimesheet({
    mission: 'cabins',
    planItemId: 'designer',
    person: 'max',
    weekStart: '2026-11-16',
    weekEnd: '2026-11-22',
    status: 'submitted',
    dailyHours: [8, 8, 8, 8, 8, 0, 0],
    ...over,
  });

const cell = (over: Partial<RoleWeekCell>): RoleWeekCell => ({
  mission: 'cabins',
  missionTitle: 'Harbour cabins',
  planItemId: 'tester',
  title: 'Tester',
  person: null,
  personName: null,
  weekStart: '2026-11-16',
  kind: 'unfilled',
  label: 'Unfilled role',
  draft: null,
  ...over,
});

const ALL: BoardFilters = { mission: null, person: null, status: null, week: null };
const describeRow = (row: BoardRow) => (row.type === 'sheet' ? `sheet ${row.sheet._id}` : `${row.cell.label}: ${row.cell.title}`);

describe("the board's Timesheets rows", () => {
  const draftSheet = sheet({ _id: 'draft', planItemId: 'writer', person: 'ada', status: 'draft', weekStart: '2026-11-23' });
  const rows = allRows(
    [sheet({ _id: 'older', weekStart: '2026-11-09' }), sheet({ _id: 'decide' }), draftSheet],
    [
      cell({}),
      cell({ planItemId: 'analyst', title: 'Analyst', kind: 'needsAssignment', label: 'Needs assignment' }),
      cell({
        planItemId: 'writer',
        title: 'Writer',
        person: 'ada',
        personName: 'Ada L.',
        weekStart: '2026-11-23',
        kind: 'draft',
        label: 'Not submitted yet (Draft)',
        draft: { _id: 'draft', totalHours: 9.5 },
      }),
    ],
  );

  it("shows a draft sheet once, as its role's cell; newest week first, weeks to decide before cells", () => {
    expect(shownRows(rows, ALL, names).map(describeRow)).toEqual([
      'Not submitted yet (Draft): Writer',
      'sheet decide',
      'Needs assignment: Analyst',
      'Unfilled role: Tester',
      'sheet older',
    ]);
  });

  it.each([
    ['submitted weeks', { status: 'submitted' }, ['sheet decide', 'sheet older']],
    ['unfilled roles', { status: 'unfilled' }, ['Unfilled role: Tester']],
    ['roles needing assignment', { status: 'needsAssignment' }, ['Needs assignment: Analyst']],
    ['weeks not submitted', { status: 'draft' }, ['Not submitted yet (Draft): Writer']],
    ["one person's rows (roles nobody holds are not theirs)", { person: 'ada' }, ['Not submitted yet (Draft): Writer']],
    ['one week', { week: '2026-11-16' }, ['sheet decide', 'Needs assignment: Analyst', 'Unfilled role: Tester']],
    ['another mission', { mission: 'elsewhere' }, []],
  ] as const)('filters %s', (_name, filter, expected) => {
    expect(shownRows(rows, { ...ALL, ...filter }, names).map(describeRow)).toEqual(expected);
  });

  it('counts the cells in scope of the other filters', () => {
    expect(cellCounts(rows, { ...ALL, status: 'submitted' })).toEqual({ unfilled: 1, needsAssignment: 1, draft: 1 });
    expect(cellCounts(rows, { ...ALL, week: '2026-11-23' })).toEqual({ unfilled: 0, needsAssignment: 0, draft: 1 });
  });

  it("offers every person, mission and week of the rows, by the workspace's names", () => {
    const choices = filterChoices(rows, names, (monday) => `week ${monday}`);
    expect(choices.people).toEqual([
      { value: 'ada', label: 'Ada Lovelace' },
      { value: 'max', label: 'Max Member' },
    ]);
    expect(choices.missions).toEqual([{ value: 'cabins', label: 'Harbour cabins' }]);
    expect(choices.weeks.map((week) => week.value)).toEqual(['2026-11-23', '2026-11-16', '2026-11-09']);
  });
});

describe('decidable', () => {
  it.each([
    ['a submitted week of somebody else', { status: 'submitted' as const, person: 'max' }, 'ada', true],
    ['my own submitted week', { status: 'submitted' as const, person: 'ada' }, 'ada', false],
    ['before I am known', { status: 'submitted' as const, person: 'max' }, null, false],
    ['an approved week', { status: 'approved' as const, person: 'max' }, 'ada', false],
    ['a rejected week', { status: 'rejected' as const, person: 'max' }, 'ada', false],
  ])('%s → %s', (_name, over, selfId, expected) => {
    expect(decidable(sheet(over), selfId)).toBe(expected);
  });
});

describe('reopenable', () => {
  it.each([
    ['an approved week of somebody else', { status: 'approved' as const, person: 'max' }, 'ada', true],
    ['my own approved week (somebody else reopens it)', { status: 'approved' as const, person: 'ada' }, 'ada', false],
    ['before I am known', { status: 'approved' as const, person: 'max' }, null, false],
    ['a submitted week (decided, not reopened)', { status: 'submitted' as const, person: 'max' }, 'ada', false],
    ['a rejected week', { status: 'rejected' as const, person: 'max' }, 'ada', false],
    ['a draft week', { status: 'draft' as const, person: 'max' }, 'ada', false],
  ])('%s → %s', (_name, over, selfId, expected) => {
    expect(reopenable(sheet(over), selfId)).toBe(expected);
  });
});
