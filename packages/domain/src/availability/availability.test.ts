import { describe, expect, it } from 'vitest';
import { availabilityQuerySchema, dayCapacity, heatLevel } from './availability.ts';
import { PLANNER_OUT_OF_CALENDAR, plannerQuerySchema, plannerRoleChangeSchema } from './planner.ts';

describe('dayCapacity', () => {
  it.each([
    [{ contractHours: 8, holidayName: null, leaveApprovedHours: 0 }, 8],
    [{ contractHours: 8, holidayName: null, leaveApprovedHours: 4 }, 4],
    [{ contractHours: 8, holidayName: 'Good Friday', leaveApprovedHours: 0 }, 0],
    [{ contractHours: 8, holidayName: null, leaveApprovedHours: 12 }, 0],
    [{ contractHours: 0, holidayName: null, leaveApprovedHours: 0 }, 0],
  ])('%o → %s h', (day, hours) => expect(dayCapacity(day)).toBe(hours));
});

describe('heatLevel', () => {
  it.each([
    [40, 32, 'over'],
    [40, 40, 'full'],
    [36, 40, 'full'],
    [20, 40, 'free'],
    [0, 0, 'none'],
    [4, 0, 'over'],
  ] as const)('%s booked of %s → %s', (booked, capacity, level) => expect(heatLevel(booked, capacity)).toBe(level));
});

describe('the inputs', () => {
  it('refuses dates backwards, spans over a year, hours below zero and a person with dates at once', () => {
    expect(availabilityQuerySchema.safeParse({ from: '2025-04-23', to: '2025-04-21' }).success).toBe(false);
    expect(availabilityQuerySchema.safeParse({ from: '2025-01-01', to: '2026-01-10' }).success).toBe(false);
    expect(availabilityQuerySchema.safeParse({ from: '2025-01-01', to: '2025-12-31' }).success).toBe(true);
    expect(plannerRoleChangeSchema.safeParse({ allocation: -1 }).success).toBe(false);
    expect(plannerRoleChangeSchema.safeParse({ startDate: '2025-05-10', endDate: '2025-05-01' }).success).toBe(false);
    expect(plannerRoleChangeSchema.safeParse({ personId: 'a'.repeat(24), allocation: 50 }).success).toBe(false);
    expect(plannerRoleChangeSchema.safeParse({}).success).toBe(false);
    expect(plannerRoleChangeSchema.safeParse({ allocation: 0 }).success).toBe(true);
  });
});

describe('plannerQuerySchema', () => {
  it.each([
    [{ from: '2999-12-29', weeks: '1' }, null],
    [{ from: '1900-01-01', weeks: '26' }, null],
    [{ from: '2999-12-30', weeks: '1' }, PLANNER_OUT_OF_CALENDAR],
    [{ from: '2999-11-15' }, PLANNER_OUT_OF_CALENDAR],
    [{ from: '3000-01-01' }, 'Date out of range'],
    [{ from: '2025-02-30' }, 'Invalid ISO date'],
    [{ from: '2025-04-07', weeks: 'x' }, 'Expected a whole number'],
  ])('%o → %s', (query, message) => {
    const parsed = plannerQuerySchema.safeParse(query);
    expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe(message);
    if (!parsed.success) expect(parsed.error.issues).toHaveLength(1);
  });
});
