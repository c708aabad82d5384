import { index, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { RateUnit } from '@crewplan/domain';
import { idColumn, timestamps } from './columns.ts';
import { orgs } from './org.ts';

/** One role's rate on a card, in integer minor units. */
export type RateCardRate = { roleId: string; rateMinor: number; rateTime: RateUnit; billRateMinor: number | null };

/**
 * Rate cards (spec 2 §3): an organisation's rates per organisation role for one mission or one client
 * (`used_for_id`, one card each). The rates are edited and read as one list with the card, so they live with it.
 */
export const rateCards = pgTable(
  'rate_cards',
  {
    id: idColumn(),
    orgId: varchar('org_id', { length: 24 })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    usedForId: varchar('used_for_id', { length: 24 }).notNull(),
    ratesByRole: jsonb('rates_by_role').$type<RateCardRate[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex('rate_cards_used_for_unique').on(t.orgId, t.usedForId), index('rate_cards_org_idx').on(t.orgId)],
);
