import { describe, expect, it } from 'vitest';
import { raciOnTaskSchema } from '../plan/plan.ts';
import { calendarDaysIncluded, raciHoursNeeded, workingDaysIncluded } from './raci.ts';

describe('days between the dates of a task entry', () => {
  it.each([
    ['2026-01-05', '2026-01-09', 5, 5],
    ['2026-01-05', '2026-01-18', 10, 14],
    ['2026-01-10', '2026-01-11', 0, 2],
    ['2026-01-09', '2026-01-09', 1, 1],
    ['2026-01-09', '2026-01-05', 0, 0],
  ])('%s to %s: %d working days, %d calendar days', (start, end, working, calendar) => {
    expect(workingDaysIncluded(start, end)).toBe(working);
    expect(calendarDaysIncluded(start, end)).toBe(calendar);
  });
});

describe('hours needed from hours per frequency over the dates', () => {
  it.each([
    ['Total', 12, null, null, 12],
    ['Total', 12.5, '2026-01-05', '2026-01-18', 12.5],
    ['Per day', 2, '2026-01-05', '2026-01-18', 20],
    ['Per day', 1.5, '2026-01-05', '2026-01-09', 7.5],
    ['Per day', 8, '2026-01-10', '2026-01-11', 0],
    ['Per week', 10, '2026-01-05', '2026-01-18', 20],
    ['Per week', 3, '2026-01-05', '2026-01-07', 1.29],
    ['Per month', 20, '2025-01-01', '2025-12-31', 240],
    ['Per month', 10, '2026-01-01', '2026-01-31', 10.19],
    ['Per day', 2, '2026-01-09', '2026-01-05', 0],
  ] as const)('%s %d from %s to %s is %d', (frequency, hoursPer, startDate, endDate, hours) => {
    expect(raciHoursNeeded({ frequency, hoursPer, startDate, endDate })).toBe(hours);
  });

  it.each([
    ['no hours', { hoursPer: null, frequency: 'Per day', startDate: '2026-01-05', endDate: '2026-01-09' }],
    ['no frequency', { hoursPer: 2, frequency: null, startDate: '2026-01-05', endDate: '2026-01-09' }],
    ['no start', { hoursPer: 2, frequency: 'Per week', startDate: null, endDate: '2026-01-09' }],
    ['no end', { hoursPer: 2, frequency: 'Per month', startDate: '2026-01-05', endDate: undefined }],
  ] as const)('cannot tell with %s', (_case, entry) => {
    expect(raciHoursNeeded(entry)).toBeNull();
  });
});

describe('a task entry as it is written', () => {
  const entry = { taskId: 'a'.repeat(24), hoursPer: 2, frequency: 'Per day', startDate: '2026-01-05', endDate: '2026-01-09' };
  it('takes the four frequencies and ordered dates', () => {
    for (const frequency of ['Total', 'Per day', 'Per week', 'Per month'])
      expect(raciOnTaskSchema.safeParse({ ...entry, frequency }).success).toBe(true);
  });
  it.each([
    ['an unknown frequency', { frequency: 'Per hour' }, 'frequency'],
    ['negative hours', { hoursPer: -1 }, 'hoursPer'],
    ['negative actual hours', { actualHours: -2 }, 'actualHours'],
    ['an end before the start', { startDate: '2026-01-09', endDate: '2026-01-05' }, 'endDate'],
    ['a task id that is not an id', { taskId: 'task-1' }, 'taskId'],
  ] as const)('refuses %s, naming %s', (_case, change, field) => {
    const result = raciOnTaskSchema.safeParse({ ...entry, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});
