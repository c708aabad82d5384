import { relations, sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.ts';

/**
 * A person: the identity provider's user and the product's profile in one row.
 * better-auth reads and writes the core columns (its model "user").
 */
export const people = pgTable(
  'people',
  {
    id: idColumn(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    avatarVersion: integer('avatar_version'),
    avatarType: text('avatar_type'),
    theme: varchar('theme', { length: 20 }).notNull().default('main'),
    mode: varchar('mode', { length: 5 }).notNull().default('light'),
    appSettings: jsonb('app_settings').$type<Record<string, unknown>>().notNull().default({}),
    uiMessageFlags: jsonb('ui_message_flags').$type<Record<string, unknown>>().notNull().default({}),
    country: text('country'),
    city: text('city'),
    state: text('state'),
    timezone: text('timezone'),
    invitePending: boolean('invite_pending').notNull().default(false),
    emailOptOut: boolean('email_opt_out').notNull().default(false),
    verificationSentAt: timestamp('verification_sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('people_email_unique').on(t.email)],
);

/** Secondary email addresses of a person (the profile's `emailList`). */
export const personEmails = pgTable(
  'person_emails',
  {
    id: idColumn(),
    personId: varchar('person_id', { length: 24 })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    verified: boolean('verified').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // Several people may list an address; only one can prove it.
    uniqueIndex('person_emails_verified_email_unique')
      .on(t.email)
      .where(sql`${t.verified}`),
    uniqueIndex('person_emails_person_email_unique').on(t.personId, t.email),
    index('person_emails_email_idx').on(t.email),
  ],
);

/** One-time codes mailed as `?mode=…&oobCode=…` links for the flows better-auth does not own. */
export const emailActionCodes = pgTable(
  'email_action_codes',
  {
    id: idColumn(),
    kind: varchar('kind', { length: 32 }).notNull(),
    personId: varchar('person_id', { length: 24 })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('email_action_codes_hash_unique').on(t.codeHash), index('email_action_codes_person_idx').on(t.personId, t.kind)],
);

export const peopleRelations = relations(people, ({ many }) => ({ emails: many(personEmails) }));
export const personEmailsRelations = relations(personEmails, ({ one }) => ({
  person: one(people, { fields: [personEmails.personId], references: [people.id] }),
}));
