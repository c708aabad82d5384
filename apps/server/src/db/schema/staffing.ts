import { index, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.ts';
import { orgs } from './org.ts';
import { people } from './people.ts';

/** A role booked to a person while staffing (its dates kept so later roles see the overlap). */
export type SessionBooking = { missionPlanId: string; personId: string; startDate: string; endDate: string };

/**
 * A recommendation session (spec 3 §3 Recommendation `sessionId`): the roles a person has booked so far while
 * staffing, so that one person is not recommended twice for the same days. It belongs to whoever opened it, in one
 * organisation, and ends `expires_at` after its last use.
 */
export const staffingSessions = pgTable(
  'staffing_sessions',
  {
    id: idColumn(),
    orgId: varchar('org_id', { length: 24 })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    ownerId: varchar('owner_id', { length: 24 })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    bookings: jsonb('bookings').$type<SessionBooking[]>().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('staffing_sessions_owner_idx').on(t.ownerId), index('staffing_sessions_expires_idx').on(t.expiresAt)],
);
