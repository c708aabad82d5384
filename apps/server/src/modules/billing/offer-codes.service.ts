import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { auditActorOf, runOrgCommand } from '../../commands/index.ts';
import { offerCodes, orgs, subscriptions } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';
import { lockSubscription, OPEN_STATUSES } from './billing.queries.ts';
import { endIncomplete } from './billing.service.ts';
import { requireProvider } from './provider.ts';

const hashOf = (code: string) => createHash('sha256').update(code.trim().toUpperCase()).digest('hex');
const invalid = () => appError('offerCodeInvalid');
const usable = (row: typeof offerCodes.$inferSelect | undefined, now: Date) =>
  row !== undefined && !row.redeemedAt && (!row.expiresAt || row.expiresAt.getTime() > now.getTime());

/** Issues offer codes and returns them in clear, the only time they are seen: only their SHA-256 is stored. */
export async function issueOfferCodes(
  ctx: Pick<AppContext, 'db'>,
  count: number,
  options: { note?: string; expiresAt?: Date | null } = {},
) {
  if (!Number.isInteger(count) || count < 1 || count > 10_000) throw new RangeError('count must be 1 to 10000');
  const codes = Array.from({ length: count }, () => `OFFER-${randomBytes(10).toString('hex').toUpperCase()}`);
  await ctx.db
    .insert(offerCodes)
    .values(codes.map((code) => ({ codeHash: hashOf(code), note: options.note ?? '', expiresAt: options.expiresAt ?? null })));
  return codes;
}

/** `POST /org/appsumo/oob-code/doc`: what an offer code gives, when it is issued and still unused (it is not used up here). */
export async function offerCodeDoc(ctx: AppContext, code: string) {
  const [row] = await ctx.db
    .select()
    .from(offerCodes)
    .where(eq(offerCodes.codeHash, hashOf(code)));
  if (!usable(row, ctx.clock.now())) throw invalid();
  return { valid: true as const, plan: 'unlimited' as const, note: row!.note };
}

/**
 * `POST /org/:orgId/subscription/oob-code`: redeems an offer code for this organisation: the code is locked, used up
 * and the organisation licensed (as by a key) in one transaction, so a code licenses exactly one organisation even
 * when two redeem it at the same moment. While a paid subscription would renew the code is refused (409): the
 * organisation would keep paying for what the code gives. Cancelling it first (its admins) lets the code in. An
 * organisation that already redeemed a code is refused another (409): it stays unused for another organisation.
 */
export async function redeemOfferCode(ctx: AppContext, access: OrgAccess, code: string) {
  const now = ctx.clock.now();
  await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const [row] = await tx
      .select()
      .from(offerCodes)
      .where(eq(offerCodes.codeHash, hashOf(code)))
      .for('update');
    if (!usable(row, now)) throw invalid();
    const subscription = await lockSubscription(tx, access.org.id);
    // a second code would give nothing more, and be used up for nothing
    if (subscription.offerCodeId) throw appError('subscribeWithCode');
    if (subscription.providerSubscriptionId && subscription.status === 'incomplete') {
      // its first payment was declined, nothing was charged: ended, so that completing it later charges nothing
      await endIncomplete(requireProvider(ctx), subscription.providerSubscriptionId);
      subscription.status = 'incomplete_expired';
    } else if (subscription.providerSubscriptionId && OPEN_STATUSES.has(subscription.status) && !subscription.cancelAtPeriodEnd) {
      throw appError('offerCodeWhilePaying');
    }
    await tx
      .update(offerCodes)
      .set({ redeemedAt: now, redeemedOrgId: access.org.id, redeemedBy: access.personId })
      .where(eq(offerCodes.id, row!.id));
    // a paid subscription keeps the status its provider gives it: a code licenses the organisation, it pays none
    // of the subscription's invoices (one past due stays owed); the code's licence is the status only without one
    const status = subscription.providerSubscriptionId === null ? 'active' : subscription.status;
    await tx.update(subscriptions).set({ offerCodeId: row!.id, status }).where(eq(subscriptions.orgId, access.org.id));
    await tx.update(orgs).set({ isKeyLicensed: true, isLicensedActive: true }).where(eq(orgs.id, access.org.id));
    record({
      action: 'update',
      entity: 'orgs',
      id: access.org.id,
      title: access.org.title,
      changes: { isKeyLicensed: { from: access.org.isKeyLicensed, to: true }, offerCode: { from: null, to: 'redeemed' } },
    });
  });
}
