import type { SsoKind, SsoProviderView } from '@crewplan/domain/sso/sso';
import { IDENTITY_BASE_PATH } from '../../lib/identity-http.ts';
import type { SsoProviderRow } from './sso.queries.ts';

type StoredConfig = { clientId?: string; entryPoint?: string; audience?: string };

function parse(json: string | null): StoredConfig {
  if (!json) return {};
  try {
    return JSON.parse(json) as StoredConfig;
  } catch {
    return {};
  }
}

/** A provider row as the API shows it: the identifiers an admin needs, never a secret or a certificate. */
export function presentProvider(row: SsoProviderRow, publicUrl: string): SsoProviderView {
  const kind = row.kind as SsoKind;
  const oidc = parse(row.oidcConfig);
  const saml = parse(row.samlConfig);
  const callbackPath =
    kind === 'saml' ? `/sso/saml2/sp/acs/${encodeURIComponent(row.providerId)}` : `/sso/callback/${encodeURIComponent(row.providerId)}`;
  return {
    _id: row.id,
    kind,
    domain: row.domain,
    providerId: row.providerId,
    issuer: row.issuer,
    clientId: kind === 'saml' ? null : (oidc.clientId ?? null),
    entryPoint: kind === 'saml' ? (saml.entryPoint ?? null) : null,
    audience: kind === 'saml' ? (saml.audience ?? null) : null,
    tenantId: kind === 'microsoft' ? (/\/([^/]+)\/v2\.0$/.exec(row.issuer)?.[1] ?? null) : null,
    required: row.required,
    callbackUrl: `${publicUrl}${IDENTITY_BASE_PATH}${callbackPath}`,
    createdAt: row.createdAt.toISOString(),
  };
}
