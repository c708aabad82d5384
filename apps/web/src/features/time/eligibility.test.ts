import { describe, expect, it } from 'vitest';
import { asksWhereTimeIsKept, timeTrackingOpen } from './eligibility.ts';

const licensed = { isLicensedActive: true };
const unlicensed = { isLicensedActive: false };
const outside = { _id: 'o'.repeat(24), missions: ['m'.repeat(24)] };

describe('timeTrackingOpen (rule 180)', () => {
  it('opens for a member of a licensed organisation, whatever the server said', () => {
    expect(timeTrackingOpen([unlicensed, licensed], undefined)).toBe(true);
    expect(timeTrackingOpen([licensed], [])).toBe(true);
  });

  it('opens for a team member from outside once the server offers an organisation of their projects', () => {
    expect(timeTrackingOpen([], [outside])).toBe(true);
    expect(timeTrackingOpen([unlicensed], [outside])).toBe(true);
  });

  it('stays closed without a licensed organisation of theirs and nothing offered, or before anything is known', () => {
    expect(timeTrackingOpen([], [])).toBe(false);
    expect(timeTrackingOpen([unlicensed], undefined)).toBe(false);
    expect(timeTrackingOpen(undefined, undefined)).toBe(false);
  });
});

describe('asksWhereTimeIsKept', () => {
  it('asks the server only when the person’s organisations are known and none holds a licence', () => {
    expect(asksWhereTimeIsKept(undefined)).toBe(false);
    expect(asksWhereTimeIsKept([licensed])).toBe(false);
    expect(asksWhereTimeIsKept([])).toBe(true);
    expect(asksWhereTimeIsKept([unlicensed])).toBe(true);
  });
});
