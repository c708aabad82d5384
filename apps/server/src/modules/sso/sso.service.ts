import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import { isFreeEmailDomain } from '@crewplan/domain';
import { ssoProviderIdOf, type SsoLookup, type SsoProviderView } from '@crewplan/domain/sso/sso';
import type { z } from 'zod';
import type { createSsoProviderBodySchema } from '@crewplan/domain/sso/sso';
import { orgs, ssoProviders } from '../../db/schema/index.ts';
import { CLIENT_IP_HEADER, IDENTITY_BASE_PATH, identityProviderOrigins } from '../../lib/identity-http.ts';
import { newId } from '../../lib/ids.ts';
import { appError } from '../../lib/errors.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';
import { presentProvider } from './sso.presenter.ts';
import { listOrgProviders, ownsEmailDomain, providersForEmail, ssoRequiredFor, ssoSetupTaken } from './sso.queries.ts';

type CreateBody = z.output<typeof createSsoProviderBodySchema>;

/** Public lookups of an email's sign-in options per address and minute. */
export const SSO_LOOKUPS_PER_MINUTE = 60;

export async function listProviders(ctx: AppContext, access: OrgAccess): Promise<SsoProviderView[]> {
  const rows = await listOrgProviders(ctx.db, access.org.id);
  return rows.map((row) => presentProvider(row, ctx.config.publicUrl));
}

/** Whether the server may fetch from this URL's origin (better-auth refuses other identity-provider origins). */
function isTrustedIdentityOrigin(ctx: AppContext, url: string): boolean {
  return identityProviderOrigins(ctx.config).includes(new URL(url).origin);
}

/** better-auth's registration body for the validated input. */
function registration(ctx: AppContext, body: CreateBody, providerId: string) {
  if (body.kind === 'oidc') {
    for (const url of [body.issuer, body.discoveryEndpoint].filter((u): u is string => Boolean(u))) {
      if (!isTrustedIdentityOrigin(ctx, url)) {
        throw appError('ssoUntrustedIssuer');
      }
    }
    return {
      providerId,
      issuer: body.issuer,
      domain: body.domain,
      oidcConfig: { clientId: body.clientId, clientSecret: body.clientSecret, discoveryEndpoint: body.discoveryEndpoint, pkce: true },
    };
  }
  if (body.kind === 'microsoft') {
    const clientId = body.clientId ?? ctx.config.microsoft.clientId;
    const clientSecret = body.clientSecret ?? ctx.config.microsoft.clientSecret;
    if (!clientId || !clientSecret) {
      throw appError('ssoMicrosoftNotConfigured');
    }
    return {
      providerId,
      issuer: `${ctx.config.microsoft.loginUrl}/${body.tenantId}/v2.0`,
      domain: body.domain,
      oidcConfig: { clientId, clientSecret, pkce: true, scopes: ['openid', 'email', 'profile'] },
    };
  }
  const audience = body.audience ?? `${ctx.config.publicUrl}${IDENTITY_BASE_PATH}/sso/saml2/sp/metadata?providerId=${providerId}`;
  const cert = body.certificate.includes('BEGIN CERTIFICATE')
    ? body.certificate
    : `-----BEGIN CERTIFICATE-----\n${body.certificate.replace(/\s+/g, '')}\n-----END CERTIFICATE-----`;
  return {
    providerId,
    issuer: audience,
    domain: body.domain,
    samlConfig: {
      entryPoint: body.entryPoint,
      cert,
      audience,
      callbackUrl: '/login',
      idpMetadata: { entityID: body.issuer, cert },
      wantAssertionsSigned: true,
    },
  };
}

/**
 * Registers a provider for one of the organisation's approved domains through better-auth (which runs
 * OIDC discovery), then binds it to the organisation and marks the domain verified. The admin must have a verified
 * email address of that very domain (better-auth's own registration and update endpoints are closed).
 */
export async function createProvider(
  ctx: AppContext,
  access: OrgAccess,
  body: CreateBody,
  caller: { authorization: string; ip: string },
): Promise<SsoProviderView> {
  if (!access.org.inviteDomains.includes(body.domain)) {
    throw appError('ssoDomainNotApproved', body.domain);
  }
  if (isFreeEmailDomain(body.domain)) {
    throw appError('ssoFreeDomain');
  }
  // approving a domain proves nothing: the admin setting up its sign-in must have proven an address of it
  if (!access.personId || !(await ownsEmailDomain(ctx.db, access.personId, body.domain))) {
    throw appError('ssoDomainNotOwned');
  }
  const providerId = ssoProviderIdOf(body.kind, body.domain);
  // a deleted organisation's setup no longer signs anybody in: the domain is free for the organisation approving it now
  await ctx.db
    .delete(ssoProviders)
    .where(
      and(
        eq(ssoProviders.providerId, providerId),
        inArray(ssoProviders.organizationId, ctx.db.select({ id: orgs.id }).from(orgs).where(isNotNull(orgs.deletedAt))),
      ),
    );
  if (await ssoSetupTaken(ctx.db, access.org.id, providerId, body.domain)) throw appError('ssoAlreadyConfigured', body.domain, body.kind);

  const request = registration(ctx, body, providerId);
  await ctx.auth.api
    .registerSSOProvider({
      body: request,
      headers: new Headers({ authorization: caller.authorization, [CLIENT_IP_HEADER]: caller.ip }),
    })
    .catch((error: unknown) => {
      if (isAPIError(error)) {
        if (error.statusCode === 401) throw appError('unauthenticated');
        throw appError('ssoInvalidProvider', error.message);
      }
      throw error;
    });
  const [row] = await ctx.db
    .update(ssoProviders)
    .set({ organizationId: access.org.id, kind: body.kind, required: body.required, domainVerified: true })
    .where(eq(ssoProviders.providerId, providerId))
    .returning();
  if (!row) throw appError('ssoNotSaved');
  return presentProvider(row, ctx.config.publicUrl);
}

/** Removes a provider of the organisation; people of that domain sign in with a password again. */
export async function deleteProvider(ctx: AppContext, access: OrgAccess, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(ssoProviders)
    .where(and(eq(ssoProviders.id, id), eq(ssoProviders.organizationId, access.org.id)))
    .returning({ id: ssoProviders.id });
  if (deleted.length === 0) throw appError('ssoSetupNotFound');
}

/** Counts a public lookup for an address in a one-minute window (kept in PostgreSQL, like better-auth's limits). */
async function countLookup(ctx: AppContext, ip: string): Promise<number> {
  const now = ctx.clock.now().getTime();
  const { rows } = await ctx.pool.query<{ count: number }>(
    `insert into auth_rate_limits (id, key, count, last_request) values ($1, $2, 1, $3)
     on conflict (key) do update set
       count = case when auth_rate_limits.last_request < $3 - 60000 then 1 else auth_rate_limits.count + 1 end,
       last_request = case when auth_rate_limits.last_request < $3 - 60000 then $3 else auth_rate_limits.last_request end
     returning count`,
    [newId(), `sso-lookup|${ip}`, now],
  );
  return rows[0]?.count ?? 0;
}

/** What the sign-in screen may offer for an email: single sign-on, Microsoft, and whether a password is refused. */
export async function lookup(ctx: AppContext, email: string, ip: string): Promise<SsoLookup> {
  if ((await countLookup(ctx, ip)) > SSO_LOOKUPS_PER_MINUTE) throw appError('tooManySignInAttempts');
  const rows = await providersForEmail(ctx.db, email);
  const sso = rows.find((row) => row.kind === 'oidc' || row.kind === 'saml');
  const microsoft = rows.find((row) => row.kind === 'microsoft');
  return {
    sso: Boolean(sso),
    microsoft: Boolean(microsoft),
    required: rows.some((row) => row.required) && (await ssoRequiredFor(ctx.db, email)),
    ssoProviderId: sso?.providerId ?? null,
    microsoftProviderId: microsoft?.providerId ?? null,
  };
}
