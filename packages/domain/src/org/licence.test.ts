import { describe, expect, it } from 'vitest';
import { ORG_TRIAL_DAYS, orgLicenceActive, trialEndsAt } from './licence.ts';

const started = new Date('2026-03-01T10:00:00Z');
const day = 24 * 3_600_000;
const trial = { isLicensedActive: true, isOrgLicensed: false, isKeyLicensed: false, trialStartedOn: started };

describe('orgLicenceActive', () => {
  it.each([
    ['a trial on its first day', trial, 0, true],
    ['a trial on day 29', trial, 29, true],
    ['a trial after 30 days', trial, ORG_TRIAL_DAYS, false],
    ['a paid licence after a trial', { ...trial, isOrgLicensed: true }, 400, true],
    ['a key licence after a trial', { ...trial, isKeyLicensed: true }, 400, true],
    ['a licence with no trial', { ...trial, trialStartedOn: null }, 400, true],
    ['no licence', { ...trial, isLicensedActive: false }, 0, false],
  ])('%s → %s', (_name, org, days, active) => {
    expect(orgLicenceActive(org, new Date(started.getTime() + days * day))).toBe(active);
  });

  it('ends a trial 30 days after it started', () => {
    expect(trialEndsAt(started).toISOString()).toBe('2026-03-31T10:00:00.000Z');
  });
});
