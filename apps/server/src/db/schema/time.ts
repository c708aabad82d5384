import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { TimesheetStatus } from '@crewplan/domain';
import { idColumn, timestamps } from './columns.ts';
import { missions, planItems } from './missions.ts';
import { orgRoles, orgs } from './org.ts';
import { people } from './people.ts';

/** A task line of a task-form week: the action item and its seven daily minutes. */
export type TimesheetTaskLine = { actionItemId: string; minutes: number[] };

/**
 * Weekly timesheets (spec 2 §3–4, rules 171–178): one per person per week per role (plan item) or, for the
 * organisation's own work, per organisation — `scope` is the plan item's id or the organisation's, which makes that
 * one-per-week rule a unique index and a week's save one upsert. Hours are whole minutes (exact): `daily_minutes`
 * holds the seven day totals, Monday first; a task-form week keeps its lines in `task_lines` as well.
 */
export const timesheets = pgTable(
  'timesheets',
  {
    id: idColumn(),
    orgId: varchar('org_id', { length: 24 })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    missionId: varchar('mission_id', { length: 24 }).references(() => missions.id, { onDelete: 'cascade' }),
    planItemId: varchar('plan_item_id', { length: 24 }).references(() => planItems.id, { onDelete: 'cascade' }),
    orgRoleId: varchar('org_role_id', { length: 24 }).references(() => orgRoles.id, { onDelete: 'set null' }),
    personId: varchar('person_id', { length: 24 })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    scope: varchar('scope', { length: 24 }).notNull(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 10 }).$type<TimesheetStatus>().notNull().default('draft'),
    dailyMinutes: integer('daily_minutes').array().notNull(),
    taskLines: jsonb('task_lines').$type<TimesheetTaskLine[] | null>(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull().default({}),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: varchar('decided_by', { length: 24 }).references(() => people.id, { onDelete: 'set null' }),
    /**
     * The money the week was approved with (issue Money): the role's rate, rate time, bill rate, bill unit and the
     * mission's currency at approval, so that a later rate change does not rewrite past cost. Null before approval
     * (and on weeks approved before these columns existed: their cost falls back to the role's current rate).
     */
    approvedRateMinor: bigint('approved_rate_minor', { mode: 'number' }),
    approvedRateTime: varchar('approved_rate_time', { length: 20 }),
    approvedBillRateMinor: bigint('approved_bill_rate_minor', { mode: 'number' }),
    approvedBillUnit: varchar('approved_bill_unit', { length: 20 }),
    approvedCurrency: varchar('approved_currency', { length: 3 }),
    /** The role whose rate was taken (a task-form week has no role of its own: the person's role on the mission). */
    approvedRateItemId: varchar('approved_rate_item_id', { length: 24 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('timesheets_person_week_scope_unique').on(t.personId, t.weekStart, t.scope),
    index('timesheets_mission_week_idx').on(t.missionId, t.weekStart),
    index('timesheets_org_week_idx').on(t.orgId, t.weekStart),
    check('timesheets_status_check', sql`${t.status} in ('draft', 'submitted', 'approved', 'rejected')`),
    check('timesheets_seven_days_check', sql`cardinality(${t.dailyMinutes}) = 7`),
    check('timesheets_day_minutes_check', sql`0 <= all(${t.dailyMinutes}) and 1440 >= all(${t.dailyMinutes})`),
    check('timesheets_monday_check', sql`extract(isodow from ${t.weekStart}) = 1`),
  ],
);
