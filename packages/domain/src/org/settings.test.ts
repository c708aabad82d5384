import { describe, expect, it } from 'vitest';
import { orgUpdateSchema } from './org.ts';
import { LEAVE_SETTINGS_MESSAGES, overtimeAfterForMode } from './settings.ts';

describe('carry-over settings (rule 224)', () => {
  const refusal = (fields: Record<string, unknown>) => {
    const result = orgUpdateSchema.safeParse(fields);
    return result.success ? null : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)[0];
  };

  it.each(['01-01', '02-28', '02-29', '03-31', '04-30', '12-31', null])('a cut-off of %s is a day of the year', (cutOff) => {
    expect(refusal({ carryOverAnnualLeaveCutOff: cutOff })).toBeNull();
  });

  it.each(['02-30', '02-31', '04-31', '06-31', '09-31', '11-31'])('a cut-off of %s is no day of the year', (cutOff) => {
    expect(refusal({ carryOverAnnualLeaveCutOff: cutOff })).toBe(`carryOverAnnualLeaveCutOff: ${LEAVE_SETTINGS_MESSAGES.cutOffNotADay}`);
  });

  it.each(['13-01', '00-10', '1-1', '2025-03-31'])('a cut-off of %s is no month-day', (cutOff) => {
    expect(refusal({ carryOverAnnualLeaveCutOff: cutOff })).toMatch(/^carryOverAnnualLeaveCutOff: /);
  });

  it.each([0, 50, 100])('carries %s (percent or days)', (amount) => {
    expect(refusal({ carryOverAnnualLeaveAmount: amount, carryOverAnnualLeaveFx: 'percent' })).toBeNull();
  });

  it.each([150, 100.5, -1])('refuses to carry %s: a percentage runs from 0 to 100', (amount) => {
    expect(refusal({ carryOverAnnualLeaveAmount: amount, carryOverAnnualLeaveFx: 'percent' })).toMatch(/^carryOverAnnualLeaveAmount: /);
  });

  it('says why a percentage above 100 is refused', () => {
    expect(refusal({ carryOverAnnualLeaveAmount: 150 })).toBe(`carryOverAnnualLeaveAmount: ${LEAVE_SETTINGS_MESSAGES.carryOverAtMost}`);
  });
});

describe('the overtime threshold follows a change of mode (rule 177: 8 a day, 40 a week)', () => {
  it.each<[number, 'day' | 'week', 'day' | 'week', number]>([
    [8, 'day', 'week', 40],
    [40, 'week', 'day', 8],
    [37.5, 'day', 'week', 37.5],
    [10, 'week', 'day', 10],
    [45, 'week', 'day', 8],
    [24, 'week', 'day', 24],
    [8, 'day', 'day', 8],
    [40, 'day', 'day', 40],
  ])('%s hours, %s → %s: %s', (hours, from, to, after) => expect(overtimeAfterForMode(hours, from, to)).toBe(after));
});
