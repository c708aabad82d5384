import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { countSeats, subscriptionLicenses, type OrgLevel, type SeatCounts, type SubscriptionStatus } from '@crewplan/domain';
import type { Db as Database, Tx } from '../../db/database.ts';
import { billingRequests, orgPeople, orgs, subscriptions } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { currentMembership } from '../../plugins/org-access.ts';

type Db = Database | Tx;

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function loadSubscription(db: Db, orgId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId));
  return row ?? null;
}

/** The statuses in which the provider's subscription still runs (it may charge, or be paid still). */
export const OPEN_STATUSES = new Set<SubscriptionStatus>(['active', 'trialing', 'past_due', 'unpaid', 'incomplete']);

/** The organisation's subscription row, created empty when missing, locked for the transaction. */
export async function lockSubscription(tx: Tx, orgId: string): Promise<SubscriptionRow> {
  await tx.insert(subscriptions).values({ orgId }).onConflictDoNothing();
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.orgId, orgId)).for('update');
  return row!;
}

/** Seats of the organisation's current people, by level (rule 200; limited organisation observers excluded). */
export async function seatsOf(db: Db, orgId: string): Promise<SeatCounts> {
  const rows = await db
    .select({ level: orgPeople.level })
    .from(orgPeople)
    .where(and(eq(orgPeople.orgId, orgId), currentMembership()));
  return countSeats(rows.map((row) => row.level as OrgLevel));
}

/**
 * Moves the subscription to `status` and the organisation's licence with it (rule 181): a licensing status sets
 * `is_org_licensed`; otherwise the organisation keeps only what a key or its trial gives it.
 */
export async function applySubscriptionStatus(
  tx: Tx,
  orgId: string,
  changes: Partial<
    Pick<SubscriptionRow, 'providerSubscriptionId' | 'providerCustomerId' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'aiAddon'>
  > & {
    status: SubscriptionStatus;
  },
): Promise<{ from: SubscriptionStatus; licensed: boolean }> {
  const row = await lockSubscription(tx, orgId);
  await tx.update(subscriptions).set(changes).where(eq(subscriptions.orgId, orgId));
  const licensed = subscriptionLicenses(changes.status);
  const [org] = await tx.select().from(orgs).where(eq(orgs.id, orgId)).for('update');
  if (org) {
    await tx
      .update(orgs)
      .set({
        isOrgLicensed: licensed,
        isLicensedActive: licensed || org.isKeyLicensed || org.trialStartedOn !== null,
      })
      .where(eq(orgs.id, orgId));
  }
  return { from: row.status, licensed };
}

const fingerprintOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/**
 * Runs `create` once per (scope, idempotency key): the key is stored with the answer in the same transaction, so a
 * second request with the same key (even at the same moment: it waits on the first) gets the first answer and
 * charges nothing. The same key with a different request is refused (409), as the provider does.
 */
export async function oncePerKey<T extends Record<string, unknown>>(
  tx: Tx,
  scope: string,
  key: string,
  body: unknown,
  create: () => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  const fingerprint = fingerprintOf(body);
  await tx.insert(billingRequests).values({ scope, idempotencyKey: key, fingerprint }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(billingRequests)
    .where(and(eq(billingRequests.scope, scope), eq(billingRequests.idempotencyKey, key)))
    .for('update');
  if (row!.fingerprint !== fingerprint) throw appError('idempotencyReused');
  if (row!.result) return { result: row!.result as T, replayed: true };
  const result = await create();
  await tx.update(billingRequests).set({ result }).where(eq(billingRequests.id, row!.id));
  return { result, replayed: false };
}
