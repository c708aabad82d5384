import { z } from 'zod';

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

/** `POST /org/:orgId/subscription`: for now only the free trial is started here; paid plans arrive with billing. */
export const subscriptionStartSchema = z.object({ trial: z.literal(true) }).strict();

export const trialStartedSchema = z.object({
  _id: z.string(),
  isLicensedActive: z.boolean(),
  trialStartedOn: z.string(),
  trialEndsAt: z.string(),
});
