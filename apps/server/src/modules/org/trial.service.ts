import { eq } from 'drizzle-orm';
import { trialEndsAt } from '@crewplan/domain';
import { auditActorOf, runOrgCommand } from '../../commands/index.ts';
import { orgs } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import type { AppContext, OrgAccess, Principal } from '../../plugins/types.ts';

/**
 * Starts the organisation's free 30-day trial of the unlimited plan (spec 2, Trial): organisation admins only (the
 * route's access), with a verified email; once per organisation, and not when a licence is already held.
 */
export async function startTrial(ctx: AppContext, access: OrgAccess, principal: Principal) {
  if (!principal.emailVerified) throw appError('emailNotVerifiedForTrial');
  return runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const [org] = await tx.select().from(orgs).where(eq(orgs.id, access.org.id)).for('update');
    if (!org || org.trialStartedOn || org.isLicensedActive) throw appError('trialAlreadyUsed');
    const now = ctx.clock.now();
    await tx.update(orgs).set({ trialStartedOn: now, isLicensedActive: true }).where(eq(orgs.id, org.id));
    record({
      action: 'update',
      entity: 'orgs',
      id: org.id,
      title: org.title,
      changes: { trialStartedOn: { from: null, to: now.toISOString() }, isLicensedActive: { from: false, to: true } },
    });
    return { _id: org.id, isLicensedActive: true, trialStartedOn: now.toISOString(), trialEndsAt: trialEndsAt(now).toISOString() };
  });
}
