import { boolean, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.ts';
import { orgs } from './org.ts';
import { people } from './people.ts';

/**
 * Single sign-on providers, one per email domain and kind (better-auth's `ssoProvider` model, with the
 * organisation that owns the domain and our own `kind` and `required`). Configurations are JSON text as
 * better-auth stores them; they hold client secrets and are never returned by the API.
 */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    id: idColumn(),
    issuer: text('issuer').notNull(),
    oidcConfig: text('oidc_config'),
    samlConfig: text('saml_config'),
    /** Who registered it (better-auth's `userId`). */
    userId: varchar('user_id', { length: 24 }).references(() => people.id, { onDelete: 'set null' }),
    providerId: text('provider_id').notNull(),
    organizationId: varchar('organization_id', { length: 24 }).references(() => orgs.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    /** Set once the domain is one the organisation approved; better-auth refuses sign-in until then. */
    domainVerified: boolean('domain_verified').notNull().default(false),
    kind: varchar('kind', { length: 10 }).notNull().default('oidc'),
    /** Password sign-in is refused for this domain. */
    required: boolean('required').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sso_providers_provider_id_unique').on(t.providerId),
    index('sso_providers_domain_idx').on(t.domain),
    index('sso_providers_org_idx').on(t.organizationId),
  ],
);
