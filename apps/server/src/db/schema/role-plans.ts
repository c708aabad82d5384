import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, timestamp, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RolePlanOrigin, RolePlanStatusChange } from '@crewplan/domain';
import { hoursColumn, idColumn, timestamps } from './columns.ts';
import { missions, planItems } from './missions.ts';
import { orgRoles, orgs, programs } from './org.ts';
import { people } from './people.ts';

/** A message in a role-plan item's thread. */
export type RolePlanMessage = { msg: string; createdBy: string | null; createdOn: string };

/**
 * CRM role-plan items (spec 3 §3, rules 84–88): the hours a role needs and has approved on a project of the
 * organisation, with its status (free values, a draft at first), its thread and where it came from (`origin`:
 * made here, offered by the CRM, the result of a bulk merge, or split off another item). An item merged into
 * another keeps `merged_to`; a merge's items share `merge_reference_id`.
 */
export const rolePlanItems = pgTable(
  'role_plan_items',
  {
    id: idColumn(),
    orgId: varchar('org_id', { length: 24 })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 40 }).notNull().default('draft'),
    statusChanges: jsonb('status_changes').$type<RolePlanStatusChange[]>().notNull().default([]),
    personId: varchar('person_id', { length: 24 }).references(() => people.id, { onDelete: 'set null' }),
    roleId: varchar('role_id', { length: 24 })
      .notNull()
      .references(() => orgRoles.id, { onDelete: 'cascade' }),
    planItemId: varchar('plan_item_id', { length: 24 }).references(() => planItems.id, { onDelete: 'set null' }),
    programId: varchar('program_id', { length: 24 }).references(() => programs.id, { onDelete: 'set null' }),
    missionId: varchar('mission_id', { length: 24 }).references(() => missions.id, { onDelete: 'cascade' }),
    hoursNeeded: hoursColumn('hours_needed').notNull().default(0),
    hoursApproved: hoursColumn('hours_approved').notNull().default(0),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    mergedTo: varchar('merged_to', { length: 24 }).references((): AnyPgColumn => rolePlanItems.id, { onDelete: 'set null' }),
    mergedOn: timestamp('merged_on', { withTimezone: true }),
    mergedBy: varchar('merged_by', { length: 24 }).references(() => people.id, { onDelete: 'set null' }),
    mergeReferenceId: varchar('merge_reference_id', { length: 24 }),
    splitFrom: varchar('split_from', { length: 24 }).references((): AnyPgColumn => rolePlanItems.id, { onDelete: 'set null' }),
    origin: varchar('origin', { length: 10 }).$type<RolePlanOrigin>().notNull().default('product'),
    metaData: jsonb('meta_data').$type<Record<string, unknown>>().notNull().default({}),
    customId: text('custom_id'),
    context: text('context'),
    messages: jsonb('messages').$type<RolePlanMessage[]>().notNull().default([]),
    createdBy: varchar('created_by', { length: 24 }).references(() => people.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('role_plan_items_org_idx').on(t.orgId, t.status),
    index('role_plan_items_person_idx').on(t.personId),
    index('role_plan_items_mission_idx').on(t.missionId),
    check('role_plan_items_hours_check', sql`${t.hoursNeeded} >= 0 and ${t.hoursApproved} >= 0`),
    check('role_plan_items_dates_check', sql`${t.startDate} is null or ${t.endDate} is null or ${t.startDate} <= ${t.endDate}`),
  ],
);
