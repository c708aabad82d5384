import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { InvoiceLineKind, InvoiceStatus } from '@crewplan/domain';
import { idColumn, timestamps } from './columns.ts';
import { clientOrders, clients } from './invoices.ts';
import { missions } from './missions.ts';
import { orgs } from './org.ts';
import { people } from './people.ts';

/** What an issued invoice shows of its client, organisation and project: as they were when it left draft. */
export type InvoiceIssuedDetails = {
  client: { name: string; email: string | null; address: string | null; country: string | null; vatNumber: string | null };
  org: { title: string };
  mission: { title: string } | null;
};

/**
 * Invoices to a client (spec 2 §§3, 7; rules 196, 198). The number is unique per client (rule 196: each new one at
 * least the highest + 1); money is integer minor units of `currency`; the tax is frozen when the invoice is made.
 * An uploaded PDF replaces the generated one (`pdf_storage_key` in the file store).
 */
export const clientInvoices = pgTable(
  'client_invoices',
  {
    id: idColumn(),
    orgId: varchar('org_id', { length: 24 })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    clientId: varchar('client_id', { length: 24 })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The order it is issued against; the code is kept as text (an order may be deleted). */
    orderId: varchar('order_id', { length: 24 }).references(() => clientOrders.id, { onDelete: 'set null' }),
    orderCode: text('order_code'),
    missionId: varchar('mission_id', { length: 24 }).references(() => missions.id, { onDelete: 'set null' }),
    number: integer('number').notNull(),
    status: varchar('status', { length: 8 }).$type<InvoiceStatus>().notNull().default('draft'),
    currency: varchar('currency', { length: 3 }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    notes: text('notes').notNull().default(''),
    taxRate: real('tax_rate').notNull().default(0),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    taxNote: text('tax_note'),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull().default(0),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull().default(0),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull().default(0),
    qbo: boolean('qbo').notNull().default(false),
    pdfStorageKey: text('pdf_storage_key'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentTo: text('sent_to'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** The provider's checkout session of the latest payment link, expired once the invoice takes no more payment there. */
    paymentSessionId: text('payment_session_id'),
    /** Kept when the invoice leaves draft (null on a draft, which follows its client). */
    issuedDetails: jsonb('issued_details').$type<InvoiceIssuedDetails>(),
    createdBy: varchar('created_by', { length: 24 }).references(() => people.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('client_invoices_number_unique').on(t.clientId, t.number),
    index('client_invoices_org_idx').on(t.orgId, t.createdAt),
    check('client_invoices_status_check', sql`${t.status} in ('draft', 'sent', 'paid', 'void')`),
  ],
);

/** The lines of an invoice, in order; `amount_minor` is rounded once per line. */
export const clientInvoiceLines = pgTable(
  'client_invoice_lines',
  {
    id: idColumn(),
    invoiceId: varchar('invoice_id', { length: 24 })
      .notNull()
      .references(() => clientInvoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: varchar('kind', { length: 12 }).$type<InvoiceLineKind>().notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 4, mode: 'number' }).notNull(),
    unit: text('unit').notNull().default(''),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** The source ids a drawn line bills, kept after a void released them. */
    sourceIds: varchar('source_ids', { length: 24 })
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [index('client_invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);

/**
 * What is billed, once: an approved week (`timesheet`) or a milestone (`milestone`); approved expenses will be one more
 * kind. The unique index keeps a source on one live invoice; voiding or deleting an invoice deletes its rows.
 */
export const clientInvoiceSources = pgTable(
  'client_invoice_sources',
  {
    sourceKind: varchar('source_kind', { length: 12 }).notNull(),
    sourceId: varchar('source_id', { length: 24 }).notNull(),
    invoiceId: varchar('invoice_id', { length: 24 })
      .notNull()
      .references(() => clientInvoices.id, { onDelete: 'cascade' }),
    lineId: varchar('line_id', { length: 24 })
      .notNull()
      .references(() => clientInvoiceLines.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('client_invoice_sources_unique').on(t.sourceKind, t.sourceId),
    index('client_invoice_sources_invoice_idx').on(t.invoiceId),
  ],
);
