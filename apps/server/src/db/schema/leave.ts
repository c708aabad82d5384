import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, timestamp, uniqueIndex, varchar, integer } from 'drizzle-orm/pg-core';
import type { LeaveStatus } from '@crewplan/domain';
import { hoursColumn, idColumn, timestamps } from './columns.ts';
import { orgs } from './org.ts';
import { people } from './people.ts';

export type LeaveRange = { from: string; to: string };
export type LeaveDay = { date: string; hours: number };
export type LeaveReview = { by: string; action: string; at: string; mission: string | null; comment: string };

/**
 * Leave requests (spec 2 §3, rules 206–218): a person's leave of one code (`code_id`, the spec's `reason`) over one
 * or more ranges of days. `hours` keeps what the person asked of single days; `days` the working days counted (rule
 * 213: weekends and the country's public holidays skipped), so balances sum them without asking for holidays again.
 * `start_date`/`end_date` bound the ranges for overlap checks and the review window.
 */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: idColumn(),
    orgId: varchar('org_id', { length: 24 })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    personId: varchar('person_id', { length: 24 })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    codeId: varchar('code_id', { length: 40 }).notNull(),
    status: varchar('status', { length: 24 }).$type<LeaveStatus>().notNull().default('draft'),
    dates: jsonb('dates').$type<LeaveRange[]>().notNull(),
    hours: jsonb('hours').$type<LeaveDay[]>().notNull().default([]),
    days: jsonb('days').$type<LeaveDay[]>().notNull(),
    totalHours: hoursColumn('total_hours').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    comment: text('comment').notNull().default(''),
    createdBy: varchar('created_by', { length: 24 }).notNull(),
    reviews: jsonb('reviews').$type<LeaveReview[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    index('leave_requests_org_start_idx').on(t.orgId, t.startDate),
    index('leave_requests_person_start_idx').on(t.personId, t.startDate),
    check(
      'leave_requests_status_check',
      sql`${t.status} in ('draft', 'pending_approval', 'pending_final_approval', 'approved', 'rejected', 'cancelled')`,
    ),
    check('leave_requests_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** Files attached to a leave request (a doctor's note): bytes in the file store under `storage_key`. */
export const leaveAttachments = pgTable(
  'leave_attachments',
  {
    id: idColumn(),
    leaveId: varchar('leave_id', { length: 24 })
      .notNull()
      .references(() => leaveRequests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    type: varchar('type', { length: 200 }).notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: varchar('uploaded_by', { length: 24 }).notNull(),
    ...timestamps,
  },
  (t) => [index('leave_attachments_leave_idx').on(t.leaveId)],
);

/** Work-from-home days a person booked in an organisation (one row per day). */
export const workFromHomeDays = pgTable(
  'work_from_home_days',
  {
    id: idColumn(),
    orgId: varchar('org_id', { length: 24 })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    personId: varchar('person_id', { length: 24 })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('work_from_home_days_unique').on(t.orgId, t.personId, t.day),
    index('work_from_home_days_org_day_idx').on(t.orgId, t.day),
  ],
);

/** A person's secret calendar-feed address (its token stored hashed); revoking deletes the row. */
export const leaveFeeds = pgTable('leave_feeds', {
  personId: varchar('person_id', { length: 24 })
    .primaryKey()
    .references(() => people.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
