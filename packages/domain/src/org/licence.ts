import { z } from 'zod';
import { plural } from '../shared/words.ts';

/** The free organisation trial of the unlimited plan lasts 30 days (spec 2, Trial). */
export const ORG_TRIAL_DAYS = 30;

export const TRIAL_MESSAGES = {
  verifyFirst: 'Apologies, but you need to verify your email address before proceeding...',
  alreadyUsed: 'This organization has already had its free trial or holds a licence.',
} as const;

export type OrgLicenceFacts = {
  isLicensedActive: boolean;
  isOrgLicensed: boolean;
  isKeyLicensed: boolean;
  trialStartedOn: Date | null;
};

/** The day a trial started at `startedOn` ends (exclusive). */
export const trialEndsAt = (startedOn: Date) => new Date(startedOn.getTime() + ORG_TRIAL_DAYS * 24 * 3_600_000);

/**
 * Whether the organisation's licence is active now: a paid or key licence holds, while a licence that comes only
 * from the free trial lapses 30 days after the trial started.
 */
export function orgLicenceActive(org: OrgLicenceFacts, now: Date): boolean {
  if (!org.isLicensedActive) return false;
  if (org.isOrgLicensed || org.isKeyLicensed || !org.trialStartedOn) return true;
  return now < trialEndsAt(org.trialStartedOn);
}

export const trialStartedSchema = z.object({
  _id: z.string(),
  isLicensedActive: z.boolean(),
  trialStartedOn: z.string(),
  trialEndsAt: z.string(),
});

/** How an organisation's licence reads, the same wherever it shows (organisation header and settings). */
export type OrgLicenceStatus = {
  kind: 'subscription' | 'key' | 'trial' | 'trial-ended' | 'free';
  /** a short name of the state ("Unlimited subscription", "Free trial", "Free plan") */
  label: string;
  /** one sentence saying what it means and until when */
  detail: string;
  active: boolean;
};

const dayText = (day: Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(day);

/** The organisation's licence in words, from its facts (an ended trial is no licence). */
export function orgLicenceStatus(org: OrgLicenceFacts, now: Date): OrgLicenceStatus {
  const active = orgLicenceActive(org, now);
  if (active && org.isOrgLicensed)
    return { kind: 'subscription', label: 'Unlimited subscription', detail: 'Time, leave and expenses are on for everyone.', active };
  if (active && org.isKeyLicensed)
    return { kind: 'key', label: 'Unlimited (licence key)', detail: 'Licensed with a key: time, leave and expenses are on.', active };
  if (active && org.trialStartedOn) {
    const ends = trialEndsAt(org.trialStartedOn);
    const left = Math.max(1, Math.ceil((ends.getTime() - now.getTime()) / (24 * 3_600_000)));
    return {
      kind: 'trial',
      label: 'Free trial',
      detail: `The free trial of the Unlimited subscription ends on ${dayText(ends)} (${plural(left, 'day')} left).`,
      active,
    };
  }
  if (active)
    return { kind: 'subscription', label: 'Unlimited subscription', detail: 'Time, leave and expenses are on for everyone.', active };
  if (org.trialStartedOn)
    return {
      kind: 'trial-ended',
      label: 'Trial ended',
      detail: `The free trial ended on ${dayText(trialEndsAt(org.trialStartedOn))}. Subscribe to Unlimited to keep time, leave and expenses.`,
      active,
    };
  return {
    kind: 'free',
    label: 'Free plan',
    detail: 'Start a free 30-day trial of the Unlimited subscription to try time, leave and expenses.',
    active,
  };
}
