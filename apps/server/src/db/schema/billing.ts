import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { BillingDetails, SubscriptionStatus } from '@crewplan/domain';
import { idColumn, timestamps } from './columns.ts';
import { missions } from './missions.ts';
import { orgs } from './org.ts';
import { people } from './people.ts';

const orgId = () =>
  varchar('org_id', { length: 24 })
    .notNull()
    .references(() => orgs.id, { onDelete: 'cascade' });

/**
 * An organisation's paid subscription (spec 2 §3 Subscription) at the payment provider: one row per organisation,
 * created with its billing details. `status` follows the provider's (rule 199) and decides `orgs.is_org_licensed`.
 */
export const subscriptions = pgTable('subscriptions', {
  orgId: orgId().primaryKey(),
  status: varchar('status', { length: 24 }).$type<SubscriptionStatus>().notNull().default('not_setup'),
  customer: jsonb('customer').$type<BillingDetails>(),
  providerCustomerId: text('provider_customer_id'),
  providerSubscriptionId: text('provider_subscription_id'),
  aiAddon: boolean('ai_addon').notNull().default(false),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** Licensed by a redeemed offer code rather than by payment. */
  offerCodeId: varchar('offer_code_id', { length: 24 }),
  ...timestamps,
});

/**
 * Idempotency keys of paying calls (`POST /org/:orgId/subscription`, `POST /mission/:id/proposal/pay`), with the
 * answer first given: the same key in the same scope answers that again and never charges twice.
 */
export const billingRequests = pgTable(
  'billing_requests',
  {
    id: idColumn(),
    scope: varchar('scope', { length: 40 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull(),
    fingerprint: text('fingerprint').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [uniqueIndex('billing_requests_scope_key_unique').on(t.scope, t.idempotencyKey)],
);

/** Provider webhook events already handled, by the provider's event id: a replay changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Offer codes (`oobCode`) that license one organisation, once; stored as their SHA-256 only. */
export const offerCodes = pgTable(
  'offer_codes',
  {
    id: idColumn(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    note: text('note').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedOrgId: varchar('redeemed_org_id', { length: 24 }).references(() => orgs.id, { onDelete: 'set null' }),
    redeemedBy: varchar('redeemed_by', { length: 24 }).references(() => people.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('offer_codes_hash_unique').on(t.codeHash)],
);

/** The organisation's connected account at the payment provider, which receives its proposals' payments. */
export const connectedAccounts = pgTable('connected_accounts', {
  orgId: orgId().primaryKey(),
  accountId: text('account_id').notNull(),
  ...timestamps,
});

/** A payment of a proposal (rule 204), until withdrawn; at most one that is not withdrawn per mission. */
export const proposalPayments = pgTable(
  'proposal_payments',
  {
    id: idColumn(),
    missionId: varchar('mission_id', { length: 24 })
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    orgId: orgId(),
    paidBy: varchar('paid_by', { length: 24 }).references(() => people.id, { onDelete: 'set null' }),
    paymentIntentId: text('payment_intent_id').notNull(),
    status: varchar('status', { length: 12 }).$type<'pending' | 'succeeded' | 'withdrawn'>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('proposal_payments_mission_idx').on(t.missionId),
    uniqueIndex('proposal_payments_open_unique')
      .on(t.missionId)
      .where(sql`${t.status} <> 'withdrawn'`),
  ],
);
