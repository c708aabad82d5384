import { describe, expect, it } from 'vitest';
import { ORG_TRIAL_DAYS, orgLicenceActive, orgLicenceStatus, trialEndsAt } from './licence.ts';

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

describe('orgLicenceStatus: one reading of the licence for every screen', () => {
  const at = (days: number) => new Date(started.getTime() + days * day);
  it.each<[string, Parameters<typeof orgLicenceStatus>[0], number, string, string, boolean]>([
    ['a paid subscription', { ...trial, isOrgLicensed: true }, 400, 'subscription', 'Unlimited subscription', true],
    ['a key licence', { ...trial, isKeyLicensed: true }, 400, 'key', 'Unlimited (licence key)', true],
    ['a running trial', trial, 10, 'trial', 'Free trial', true],
    ['an ended trial', trial, ORG_TRIAL_DAYS, 'trial-ended', 'Trial ended', false],
    ['a licence with no trial', { ...trial, trialStartedOn: null }, 0, 'subscription', 'Unlimited subscription', true],
    ['no licence', { ...trial, isLicensedActive: false, trialStartedOn: null }, 0, 'free', 'Free plan', false],
  ])('%s', (_name, org, days, kind, label, active) => {
    expect(orgLicenceStatus(org, at(days))).toMatchObject({ kind, label, active });
  });

  it('says when a trial ends and how many days are left, in the right number', () => {
    expect(orgLicenceStatus(trial, at(10)).detail).toBe('The free trial of the Unlimited subscription ends on 31 Mar 2026 (20 days left).');
    expect(orgLicenceStatus(trial, at(29.5)).detail).toBe('The free trial of the Unlimited subscription ends on 31 Mar 2026 (1 day left).');
    expect(orgLicenceStatus(trial, at(31)).detail).toBe(
      'The free trial ended on 31 Mar 2026. Subscribe to Unlimited to keep time, leave and expenses.',
    );
  });
});
