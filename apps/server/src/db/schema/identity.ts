import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { newId } from '../../lib/ids.ts';
import { idColumn, timestamps } from './columns.ts';
import { people } from './people.ts';

/** Tables owned by better-auth (models session, account, verification, twoFactor, rateLimit). */
const personRef = () =>
  varchar('user_id', { length: 24 })
    .notNull()
    .references(() => people.id, { onDelete: 'cascade' });

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: idColumn(),
    token: text('token').notNull(),
    userId: personRef(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [uniqueIndex('auth_sessions_token_unique').on(t.token), index('auth_sessions_user_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: idColumn(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: personRef(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    // Wider than our 24-hex ids: better-auth writes its own hash ids here (e.g. SAML replay records).
    id: text('id').primaryKey().$defaultFn(newId),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

export const authTwoFactors = pgTable(
  'auth_two_factors',
  {
    id: idColumn(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: personRef(),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('auth_two_factors_user_idx').on(t.userId), index('auth_two_factors_secret_idx').on(t.secret)],
);

export const authRateLimits = pgTable(
  'auth_rate_limits',
  {
    id: idColumn(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('auth_rate_limits_key_unique').on(t.key)],
);
