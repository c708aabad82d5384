import { and, asc, eq, isNotNull, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import { emailDomain } from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { authAccounts, orgPeople, orgs, people, personEmails, ssoProviders } from '../../db/schema/index.ts';
import { currentMembership } from '../../plugins/org-access.ts';

export type SsoProviderRow = typeof ssoProviders.$inferSelect;

/**
 * Providers that may sign people in: registered by an organisation for an approved (verified) domain, while that
 * organisation exists. A deleted organisation's setups can no longer be managed by anyone: they must stop binding
 * its former people, offering themselves and making accounts.
 */
const usable = () =>
  and(
    isNotNull(ssoProviders.organizationId),
    eq(ssoProviders.domainVerified, true),
    sql`exists (select 1 from ${orgs} where ${orgs.id} = ${ssoProviders.organizationId} and ${orgs.deletedAt} is null)`,
  );

/** The usable providers of an email's domain. */
export async function providersForEmail(db: Db, email: string) {
  return db
    .select({ kind: ssoProviders.kind, providerId: ssoProviders.providerId, required: ssoProviders.required })
    .from(ssoProviders)
    .where(and(eq(ssoProviders.domain, emailDomain(email)), usable()));
}

/** Whether a person is a current member of an organisation (each a value, a column or a subquery). */
const memberOf = (organizationId: SQLWrapper | string, personId: SQLWrapper | string) =>
  sql`exists (select 1 from ${orgPeople} where ${orgPeople.orgId} = ${organizationId} and ${orgPeople.personId} = ${personId}
    and ${currentMembership()})`;

/**
 * Whether the email's account refuses password sign-in: a provider of its domain requires single sign-on and the
 * account is new or belongs to the provider's organisation. Any organisation may list a domain, so a provider binds
 * only its own people; the others keep their password.
 */
export async function ssoRequiredFor(db: Db, email: string): Promise<boolean> {
  const person = sql`(select ${people.id} from ${people} where ${people.email} = ${email})`;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(ssoProviders)
    .where(
      and(
        eq(ssoProviders.domain, emailDomain(email)),
        eq(ssoProviders.required, true),
        usable(),
        sql`(${person} is null or ${memberOf(ssoProviders.organizationId, person)})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Whether a provider may bind an account to `userId`: any sign-in method that is not an organisation's provider; a
 * provider, for the account it has just made (the person has no other way in) or for a current member of its
 * organisation. Any organisation may list a domain: it must not take over the accounts of people who are not its own.
 */
export async function accountBindingAllowed(db: Db, providerId: string, userId: string): Promise<boolean> {
  const [provider] = await db
    .select({ organizationId: ssoProviders.organizationId, usable: sql<boolean>`${usable()}` })
    .from(ssoProviders)
    .where(eq(ssoProviders.providerId, providerId))
    .limit(1);
  if (!provider) return true;
  if (!provider.usable) return false;
  const { rows } = await db.execute<{ allowed: boolean }>(sql`select
    not exists (select 1 from ${authAccounts} where ${authAccounts.userId} = ${userId})
    or ${memberOf(provider.organizationId ?? '', userId)} as allowed`);
  return rows[0]?.allowed === true;
}

/**
 * Whether a setup of this kind and domain exists, or another organisation's setup of any kind for the domain: one
 * organisation signs a domain's people in, or sign-in would send them to whichever provider it finds first.
 */
export async function ssoSetupTaken(db: Db, orgId: string, providerId: string, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ssoProviders.id })
    .from(ssoProviders)
    .where(
      or(eq(ssoProviders.providerId, providerId), and(eq(ssoProviders.domain, domain), ne(ssoProviders.organizationId, orgId), usable())),
    )
    .limit(1);
  return Boolean(row);
}

/** An organisation's providers, scoped in the query. */
export async function listOrgProviders(db: Db, orgId: string) {
  return db.select().from(ssoProviders).where(eq(ssoProviders.organizationId, orgId)).orderBy(asc(ssoProviders.createdAt));
}

/** The email domain a provider signs people in for; null when it may not sign anybody in (then it makes no account). */
export async function ssoProviderDomain(db: Db, providerId: string): Promise<string | null> {
  const [row] = await db
    .select({ domain: ssoProviders.domain })
    .from(ssoProviders)
    .where(and(eq(ssoProviders.providerId, providerId), usable()))
    .limit(1);
  return row?.domain ?? null;
}

/**
 * Whether a person has proven an address of exactly this domain: their sign-in email, verified, or a verified
 * secondary one (subdomains are other domains). Only then may they set up sign-in for the domain: listing a domain
 * as approved proves nothing, and would let any new organisation capture the sign-ins of somebody else's domain.
 */
export async function ownsEmailDomain(db: Db, personId: string, domain: string): Promise<boolean> {
  const [person] = await db
    .select({ email: people.email, verified: people.emailVerified })
    .from(people)
    .where(eq(people.id, personId))
    .limit(1);
  const secondary = await db
    .select({ email: personEmails.email })
    .from(personEmails)
    .where(and(eq(personEmails.personId, personId), eq(personEmails.verified, true)));
  const verified = [...(person?.verified ? [person.email] : []), ...secondary.map((row) => row.email)];
  return verified.some((email) => emailDomain(email) === domain.toLowerCase());
}
