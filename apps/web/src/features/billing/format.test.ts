import { describe, expect, it } from 'vitest';
import { runsPaidSubscription } from './format.ts';

describe('runsPaidSubscription', () => {
  it.each([
    [{ plan: 'unlimited', status: 'active', offerCode: false }, true],
    [{ plan: 'unlimited', status: 'past_due', offerCode: false }, true],
    // left unpaid it no longer licenses (free plan) but still runs: cancelled, not taken out a second time
    [{ plan: 'free', status: 'unpaid', offerCode: false }, true],
    [{ plan: 'free', status: 'incomplete', offerCode: false }, false],
    [{ plan: 'free', status: 'canceled', offerCode: false }, false],
    [{ plan: 'free', status: 'not_setup', offerCode: false }, false],
    [{ plan: 'trial', status: 'trialing', offerCode: false }, false],
    [{ plan: 'unlimited', status: 'active', offerCode: true }, false],
  ] as const)('%o → %s', (view, expected) => {
    expect(runsPaidSubscription(view)).toBe(expected);
  });
});
