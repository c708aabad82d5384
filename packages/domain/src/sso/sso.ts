import { z } from 'zod';
import type { SsoLookup } from './sign-in.ts';
import { DOMAIN_PATTERN } from '../org/rules.ts';

/**
 * Single sign-on per email domain (spec 1 §5 "Single sign-on and Microsoft sign-in require the email domain
 * to be configured", §8 sign-in errors; rules 144 and 150). An organisation admin registers, for one of the
 * organisation's approved domains, an OIDC or SAML provider, or Microsoft sign-in for a Microsoft tenant.
 */
export const SSO_KINDS = ['oidc', 'saml', 'microsoft'] as const;
export type SsoKind = (typeof SSO_KINDS)[number];

const domain = z
  .string()
  .trim()
  .max(253)
  .transform((value) => value.toLowerCase().replace(/^@/, ''))
  .pipe(z.string().regex(DOMAIN_PATTERN, 'Sorry but that domain may be invalid…'));
const httpUrl = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .transform((value) => value.replace(/\/$/, ''));
const secret = z.string().trim().min(1).max(500);
const required = z.boolean().default(false);

/** A PEM certificate (the IdP's signing certificate), with or without its BEGIN/END lines. */
const certificate = z
  .string()
  .trim()
  .min(64)
  .max(20_000)
  .refine((value) => /^(-----BEGIN CERTIFICATE-----)?[A-Za-z0-9+/=\s]+(-----END CERTIFICATE-----)?$/.test(value), 'Not a PEM certificate');

/** A Microsoft tenant: its id (a GUID) or its primary domain; never the multi-tenant 'common' endpoints. */
const tenantId = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .refine(
    (value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value) || DOMAIN_PATTERN.test(value),
    'A tenant id (GUID) or the tenant’s domain',
  );

export const createSsoProviderBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('oidc'),
    domain,
    /** The issuer; discovery reads `<issuer>/.well-known/openid-configuration` unless a discovery URL is given. */
    issuer: httpUrl,
    discoveryEndpoint: httpUrl.optional(),
    clientId: secret,
    clientSecret: secret,
    required,
  }),
  z.object({
    kind: z.literal('saml'),
    domain,
    /** The identity provider's entity id. */
    issuer: z.string().trim().min(1).max(500),
    entryPoint: httpUrl,
    certificate,
    /** Our entity id as the IdP knows it; by default the service-provider metadata URL. */
    audience: z.string().trim().min(1).max(500).optional(),
    required,
  }),
  z.object({
    kind: z.literal('microsoft'),
    domain,
    tenantId,
    /** The tenant's app registration; the server's own (MICROSOFT_CLIENT_ID/SECRET) when left out. */
    clientId: secret.optional(),
    clientSecret: secret.optional(),
    required,
  }),
]);
export type CreateSsoProviderBody = z.input<typeof createSsoProviderBodySchema>;

/** A provider as an admin sees it: never a secret. */
export const ssoProviderSchema = z.object({
  _id: z.string(),
  kind: z.enum(SSO_KINDS),
  domain: z.string(),
  providerId: z.string(),
  issuer: z.string(),
  clientId: z.string().nullable(),
  entryPoint: z.string().nullable(),
  audience: z.string().nullable(),
  tenantId: z.string().nullable(),
  required: z.boolean(),
  /** Where the provider sends people back (OIDC redirect URI or SAML assertion consumer service). */
  callbackUrl: z.string(),
  createdAt: z.string(),
});
export type SsoProviderView = z.infer<typeof ssoProviderSchema>;

/** What the sign-in screen learns about an email's domain (public: no secrets, no organisation). */
export const ssoLookupSchema = z.object({
  sso: z.boolean(),
  microsoft: z.boolean(),
  /** Password sign-in is refused for this domain: single sign-on (or Microsoft) only. */
  required: z.boolean(),
  ssoProviderId: z.string().nullable(),
  microsoftProviderId: z.string().nullable(),
}) satisfies z.ZodType<SsoLookup>;

/** The provider id a domain's provider of a kind gets (one per kind and domain). */
export const ssoProviderIdOf = (kind: SsoKind, domainName: string) => `${kind}-${domainName}`;

export * from './sign-in.ts';
