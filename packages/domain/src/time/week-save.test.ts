import { describe, expect, it } from 'vitest';
import { TIME_MESSAGES } from './time.ts';
import { WEEK_SAVE_MAX_ROWS, weekSaveSchema } from './week-save.ts';

const mission = '0123456789abcdef01234567';
const role = '0123456789abcdef01234568';
const task = '0123456789abcdef01234569';
const WEEK = [8, 8, 8, 8, 8, 0, 0];
const body = (change: Record<string, unknown> = {}) => ({
  weekStart: '2026-11-23',
  status: 'draft',
  rows: [
    { missionId: mission, planItemId: role, dailyHours: WEEK },
    { missionId: mission, actionItemId: task, dailyHours: [1.25, 0, 0, 0, 0, 0, 0] },
  ],
  ...change,
});
const issueOf = (input: unknown) => {
  const result = weekSaveSchema.safeParse(input);
  const issue = result.error?.issues[0];
  return issue ? [issue.path.join('.'), issue.message] : null;
};

describe('PUT /timesheet/week input names what it refuses', () => {
  it.each<[string, Record<string, unknown>, [string, string] | null]>([
    ['a week of a role and a task, fractions included', {}, null],
    ['submission with notify off', { status: 'submitted', notify: false }, null],
    ['a week not starting on Monday', { weekStart: '2026-11-24' }, ['weekStart', TIME_MESSAGES.notMonday]],
    ['the last week of the calendar', { weekStart: '2999-12-23' }, null],
    ['a week ending after 2999', { weekStart: '2999-12-30' }, ['weekStart', TIME_MESSAGES.outOfCalendar]],
    ['a day after 2999', { weekStart: '3000-01-06' }, ['weekStart', 'Date out of range']],
    ['an unknown status', { status: 'approved' }, ['status', expect.any(String) as unknown as string]],
    ['no status', { status: undefined }, ['status', expect.any(String) as unknown as string]],
    ['no rows', { rows: [] }, ['rows', 'Give at least one row']],
    [
      'too many rows',
      { rows: Array.from({ length: WEEK_SAVE_MAX_ROWS + 1 }, () => ({ missionId: mission, planItemId: role, dailyHours: WEEK })) },
      ['rows', `At most ${WEEK_SAVE_MAX_ROWS} rows`],
    ],
    [
      'negative hours',
      { rows: [{ missionId: mission, planItemId: role, dailyHours: [0, -0.25, 0, 0, 0, 0, 0] }] },
      ['rows.0.dailyHours.1', TIME_MESSAGES.negative],
    ],
    [
      'a day over 24 hours',
      { rows: [{ missionId: mission, planItemId: role, dailyHours: [0, 0, 24.5, 0, 0, 0, 0] }] },
      ['rows.0.dailyHours.2', TIME_MESSAGES.overDay],
    ],
    [
      'six days',
      { rows: [{ missionId: mission, planItemId: role, dailyHours: [8, 8, 8, 8, 8, 0] }] },
      ['rows.0.dailyHours', expect.any(String) as unknown as string],
    ],
    [
      'hours as text',
      { rows: [{ missionId: mission, planItemId: role, dailyHours: ['8', 0, 0, 0, 0, 0, 0] }] },
      ['rows.0.dailyHours.0', expect.any(String) as unknown as string],
    ],
    [
      'neither a role nor a task',
      { rows: [{ missionId: mission, dailyHours: WEEK }] },
      ['rows.0.planItemId', 'Give planItemId (a role) or actionItemId (a task)'],
    ],
    [
      'both a role and a task',
      { rows: [{ missionId: mission, planItemId: role, actionItemId: task, dailyHours: WEEK }] },
      ['rows.0.planItemId', 'Give planItemId (a role) or actionItemId (a task)'],
    ],
    ['an emoji for an id', { rows: [{ missionId: '🚀', planItemId: role, dailyHours: WEEK }] }, ['rows.0.missionId', 'Invalid id']],
    [
      'the same role twice',
      {
        rows: [
          { missionId: mission, planItemId: role, dailyHours: WEEK },
          { missionId: mission, planItemId: role, dailyHours: WEEK },
        ],
      },
      ['rows.1.planItemId', TIME_MESSAGES.twiceInWeek],
    ],
    [
      'the same task twice',
      {
        rows: [
          { missionId: mission, actionItemId: task, dailyHours: WEEK },
          { missionId: mission, actionItemId: task, dailyHours: WEEK },
        ],
      },
      ['rows.1.actionItemId', TIME_MESSAGES.twiceInWeek],
    ],
    ['an unknown field', { extra: 1 }, ['', expect.any(String) as unknown as string]],
  ])('%s', (_name, change, issue) => {
    expect(issueOf(body(change))).toEqual(issue);
  });
});
