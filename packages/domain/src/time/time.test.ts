import { describe, expect, it } from 'vitest';
import { missionTimesheetCreateSchema, orgTimesheetCreateSchema, overtimeQuerySchema, timesheetUpdateSchema } from './time.ts';

const id = '0123456789abcdef01234567';
const week = [8, 8, 8, 8, 8, 0, 0];
const fieldOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues[0]?.path.join('.');

describe('timesheet inputs name the field they refuse', () => {
  it.each([
    ['a role-form week', { missionPlanId: id, payload: { weekStart: '2026-11-23', dailyHours: week } }, undefined],
    [
      'quarter and odd fractions',
      { missionPlanId: id, payload: { weekStart: '2026-11-23', dailyHours: [0.25, 7.75, 1 / 3, 0, 0, 0, 0] } },
      undefined,
    ],
    [
      'a task-form week (comma text)',
      { missionPlanId: id, payload: { weekStart: '2026-11-23', actionItems: [{ _id: id, days: '1,2,0,0,0,0,0' }] } },
      undefined,
    ],
    [
      'a task-form week (numbers)',
      { missionPlanId: id, payload: { weekStart: '2026-11-23', actionItems: [{ _id: id, days: week }] } },
      undefined,
    ],
    ['a week not starting on Monday', { missionPlanId: id, payload: { weekStart: '2026-11-24', dailyHours: week } }, 'payload.weekStart'],
    ['not a day', { missionPlanId: id, payload: { weekStart: '2026-13-01', dailyHours: week } }, 'payload.weekStart'],
    ['a week ending after 2999', { missionPlanId: id, payload: { weekStart: '2999-12-30', dailyHours: week } }, 'payload.weekStart'],
    ['the first week of the calendar', { missionPlanId: id, payload: { weekStart: '1900-01-01', dailyHours: week } }, undefined],
    [
      'negative hours',
      { missionPlanId: id, payload: { weekStart: '2026-11-23', dailyHours: [8, -1, 0, 0, 0, 0, 0] } },
      'payload.dailyHours.1',
    ],
    [
      'more than 24 hours in a day',
      { missionPlanId: id, payload: { weekStart: '2026-11-23', dailyHours: [8, 0, 24.25, 0, 0, 0, 0] } },
      'payload.dailyHours.2',
    ],
    ['six days', { missionPlanId: id, payload: { weekStart: '2026-11-23', dailyHours: [8, 8, 8, 8, 8, 0] } }, 'payload.dailyHours'],
    [
      'a bad task day',
      { missionPlanId: id, payload: { weekStart: '2026-11-23', actionItems: [{ _id: id, days: '1,x,0,0,0,0,0' }] } },
      'payload.actionItems.0.days',
    ],
    [
      'tasks over 24 hours on one day',
      {
        missionPlanId: id,
        payload: {
          weekStart: '2026-11-23',
          actionItems: [
            { _id: id, days: [13, 0, 0, 0, 0, 0, 0] },
            { _id: id, days: [12, 0, 0, 0, 0, 0, 0] },
          ],
        },
      },
      'payload.actionItems',
    ],
    [
      'tasks of exactly 24 hours on one day, summed with float noise',
      {
        missionPlanId: id,
        payload: {
          weekStart: '2026-11-23',
          actionItems: [0.01, 16.46, 7.53].map((hours, i) => ({ _id: `${id.slice(0, -1)}${i}`, days: [hours, 0, 0, 0, 0, 0, 0] })),
        },
      },
      undefined,
    ],
    [
      'tasks a minute over 24 hours on one day',
      {
        missionPlanId: id,
        payload: {
          weekStart: '2026-11-23',
          actionItems: [
            { _id: id, days: [0.125, 0, 0, 0, 0, 0, 0] },
            { _id: `${id.slice(0, -1)}8`, days: [23.9, 0, 0, 0, 0, 0, 0] },
          ],
        },
      },
      'payload.actionItems',
    ],
    ['both forms', { missionPlanId: id, payload: { weekStart: '2026-11-23', dailyHours: week, actionItems: [] } }, 'payload.actionItems'],
    ['no plan item', { payload: { weekStart: '2026-11-23', dailyHours: week } }, 'missionPlanId'],
    [
      'an approved status from the person',
      { missionPlanId: id, payload: { weekStart: '2026-11-23', status: 'approved' } },
      'payload.status',
    ],
  ])('%s → %s', (_name, body, field) => {
    const result = missionTimesheetCreateSchema.safeParse(body);
    expect(result.success).toBe(field === undefined);
    expect(fieldOf(result)).toBe(field);
  });

  it('reads comma-separated days into seven numbers', () => {
    const parsed = missionTimesheetCreateSchema.parse({
      missionPlanId: id,
      payload: { weekStart: '2026-11-23', actionItems: [{ _id: id, days: '1.5, 2,,0,0,0,0' }] },
    });
    expect(parsed.payload.actionItems?.[0]?.days).toEqual([1.5, 2, 0, 0, 0, 0, 0]);
  });

  it.each([
    ['1.5,2,.25,8.,0,0,0', [1.5, 2, 0.25, 8, 0, 0, 0]],
    ['0x10,0,0,0,0,0,0', null],
    ['1e1,0,0,0,0,0,0', null],
    ['Infinity,0,0,0,0,0,0', null],
    ['0b1,0,0,0,0,0,0', null],
    ['+8,0,0,0,0,0,0', null],
    ['1 2,0,0,0,0,0,0', null],
  ])('reads task days %s as plain decimals only', (days, hours) => {
    const result = missionTimesheetCreateSchema.safeParse({
      missionPlanId: id,
      payload: { weekStart: '2026-11-23', actionItems: [{ _id: id, days }] },
    });
    expect(result.success ? result.data.payload.actionItems?.[0]?.days : null).toEqual(hours);
    if (!result.success) expect(fieldOf(result)).toBe('payload.actionItems.0.days');
  });

  it('keeps organisation sheets to daily hours', () => {
    expect(fieldOf(orgTimesheetCreateSchema.safeParse({ payload: { weekStart: '2026-11-23', actionItems: [] } }))).toBe(
      'payload.actionItems',
    );
    expect(orgTimesheetCreateSchema.safeParse({ payload: { weekStart: '2026-11-23', dailyHours: week }, qbo: false }).success).toBe(true);
  });

  it.each([
    ['a NUL in the reason', { status: 'rejected', reason: 'bad\u0000reason' }, 'payload.reason'],
    ['a lone surrogate in the reason', { status: 'rejected', reason: 'bad \ud800 reason' }, 'payload.reason'],
    ['a lone surrogate in the snapshot', { snapshot: { role: 'x\udc00' } }, 'payload.snapshot.role'],
    ['an odd snapshot key', { snapshot: { 'a b': 1 } }, 'payload.snapshot.a b'],
  ])('refuses %s (PostgreSQL could not store it)', (_name, payload, field) => {
    expect(fieldOf(timesheetUpdateSchema.safeParse({ payload }))).toBe(field);
  });

  it('takes a status and a reason on update', () => {
    expect(timesheetUpdateSchema.safeParse({ payload: { status: 'rejected', reason: 'Too many hours' } }).success).toBe(true);
    expect(fieldOf(timesheetUpdateSchema.safeParse({ payload: { status: 'done' } }))).toBe('payload.status');
  });

  it('wants an overtime period starting on a Monday, end not before start', () => {
    expect(overtimeQuerySchema.safeParse({ otPeriodStart: '2026-11-02', otPeriodEnd: '2026-11-29' }).success).toBe(true);
    expect(fieldOf(overtimeQuerySchema.safeParse({ otPeriodStart: '2026-11-23', otPeriodEnd: '2026-11-01' }))).toBe('otPeriodEnd');
  });
});
