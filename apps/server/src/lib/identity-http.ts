import type { Config } from '../config.ts';

/** Header through which the server (never the client) tells better-auth the caller's address. */
export const CLIENT_IP_HEADER = 'x-crewplan-client-ip';
export const IDENTITY_BASE_PATH = '/api/identity';

/**
 * Origins of identity providers better-auth may fetch from (discovery, keys, tokens): the operator's list
 * (SSO_TRUSTED_ORIGINS) and Microsoft's login URL (MICROSOFT_LOGIN_URL).
 */
export function identityProviderOrigins(config: Config): string[] {
  return [...new Set([...config.ssoTrustedOrigins, new URL(config.microsoft.loginUrl).origin])];
}
