import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ExpenseStatus } from '@crewplan/domain';
import { idColumn, timestamps } from './columns.ts';
import { missions } from './missions.ts';
import { orgs } from './org.ts';
import { people } from './people.ts';

/**
 * Expenses (spec 2 §§3–4, rules 182–186): a person's spending in the scope of a mission (`mission_id`) or of the
 * organisation itself (null). Money is integer minor units beside its currency. Once approved, `cost_minor` keeps the
 * total converted into the mission's currency at the rate of the expense's day, so a later rate does not rewrite it.
 */
export const expenses = pgTable(
  'expenses',
  {
    id: idColumn(),
    orgId: varchar('org_id', { length: 24 })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    missionId: varchar('mission_id', { length: 24 }).references(() => missions.id, { onDelete: 'cascade' }),
    personId: varchar('person_id', { length: 24 })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    tipMinor: bigint('tip_minor', { mode: 'number' }).notNull().default(0),
    tax1Minor: bigint('tax1_minor', { mode: 'number' }).notNull().default(0),
    tax2Minor: bigint('tax2_minor', { mode: 'number' }).notNull().default(0),
    currency: varchar('currency', { length: 3 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull().default(''),
    description: text('description').notNull().default(''),
    status: varchar('status', { length: 10 }).$type<ExpenseStatus>().notNull().default('draft'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: varchar('decided_by', { length: 24 }).references(() => people.id, { onDelete: 'set null' }),
    /** The total in the mission's currency at approval (rule 182's actual cost); null before and for organisation expenses. */
    costMinor: bigint('cost_minor', { mode: 'number' }),
    costCurrency: varchar('cost_currency', { length: 3 }),
    ...timestamps,
  },
  (t) => [
    index('expenses_org_day_idx').on(t.orgId, t.day),
    index('expenses_mission_status_idx').on(t.missionId, t.status),
    index('expenses_person_idx').on(t.personId),
    check('expenses_status_check', sql`${t.status} in ('draft', 'submitted', 'approved', 'rejected', 'paid')`),
    check('expenses_amounts_check', sql`${t.amountMinor} > 0 and ${t.tipMinor} >= 0 and ${t.tax1Minor} >= 0 and ${t.tax2Minor} >= 0`),
  ],
);

/** A receipt of an expense (an image or a PDF): its bytes in the file store under `storage_key`. */
export const expenseAttachments = pgTable(
  'expense_attachments',
  {
    id: idColumn(),
    expenseId: varchar('expense_id', { length: 24 })
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    orgId: varchar('org_id', { length: 24 })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mimetype: text('mimetype').notNull(),
    storageKey: text('storage_key').notNull(),
    createdBy: varchar('created_by', { length: 24 }).references(() => people.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('expense_attachments_expense_idx').on(t.expenseId)],
);
