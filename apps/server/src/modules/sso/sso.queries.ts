import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { emailDomain } from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { ssoProviders } from '../../db/schema/index.ts';

export type SsoProviderRow = typeof ssoProviders.$inferSelect;

/** Providers that may sign people in: registered by an organisation for an approved (verified) domain. */
const usable = () => and(isNotNull(ssoProviders.organizationId), eq(ssoProviders.domainVerified, true));

/** The usable providers of an email's domain. */
export async function providersForEmail(db: Db, email: string) {
  return db
    .select({ kind: ssoProviders.kind, providerId: ssoProviders.providerId, required: ssoProviders.required })
    .from(ssoProviders)
    .where(and(eq(ssoProviders.domain, emailDomain(email)), usable()));
}

/** Whether the email's domain refuses password sign-in. */
export async function ssoRequiredFor(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(ssoProviders)
    .where(and(eq(ssoProviders.domain, emailDomain(email)), eq(ssoProviders.required, true), usable()))
    .limit(1);
  return Boolean(row);
}

/** An organisation's providers, scoped in the query. */
export async function listOrgProviders(db: Db, orgId: string) {
  return db.select().from(ssoProviders).where(eq(ssoProviders.organizationId, orgId)).orderBy(asc(ssoProviders.createdAt));
}

/** The email domain a provider signs people in for. */
export async function ssoProviderDomain(db: Db, providerId: string): Promise<string | null> {
  const [row] = await db.select({ domain: ssoProviders.domain }).from(ssoProviders).where(eq(ssoProviders.providerId, providerId)).limit(1);
  return row?.domain ?? null;
}
