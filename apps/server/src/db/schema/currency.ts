import { sql } from 'drizzle-orm';
import { check, date, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Reference exchange rates, one row per day and currency: how many units of `currency` one unit of `base` bought that
 * day (the European Central Bank publishes against EUR, each working day). Kept exactly as published (`numeric`).
 * Currencies carry the reference rates' codes (JPY, not the product's YEN).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    base: text('base').notNull().default('EUR'),
    currency: text('currency').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    rate: numeric('rate').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.base, t.currency, t.day] }), check('exchange_rates_rate_positive', sql`${t.rate} > 0`)],
);
