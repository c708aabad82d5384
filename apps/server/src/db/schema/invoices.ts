import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.ts';
import { orgs } from './org.ts';

/** Clients of an organisation; archived rather than deleted (spec 2 and 3 §3). */
export const clients = pgTable(
  'clients',
  {
    id: idColumn(),
    orgId: varchar('org_id', { length: 24 })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    address: text('address'),
    currency: varchar('currency', { length: 3 }),
    country: varchar('country', { length: 2 }),
    vatNumber: text('vat_number'),
    logoVersion: integer('logo_version'),
    logoType: text('logo_type'),
    archived: boolean('archived').notNull().default(false),
    nextInvoiceNumber: integer('next_invoice_number').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('clients_name_unique')
      .on(t.orgId, sql`lower(${t.name})`)
      .where(sql`not ${t.archived}`),
  ],
);

/** Orders (purchase orders) of a client; their codes are the client's orderCodes. Amount in minor units. */
export const clientOrders = pgTable(
  'client_orders',
  {
    id: idColumn(),
    orgId: varchar('org_id', { length: 24 })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    clientId: varchar('client_id', { length: 24 })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    title: text('title').notNull().default(''),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: varchar('currency', { length: 3 }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('client_orders_code_unique').on(t.clientId, sql`lower(${t.code})`), index('client_orders_org_idx').on(t.orgId)],
);
