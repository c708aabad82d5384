import { createSsoProviderBodySchema, type CreateSsoProviderBody, type SsoKind } from '@crewplan/domain/sso/sso';

/** The add-provider form: every kind's fields, the ones of the chosen kind are sent. */
export interface SsoForm {
  kind: SsoKind;
  domain: string;
  issuer: string;
  discoveryEndpoint: string;
  clientId: string;
  clientSecret: string;
  entryPoint: string;
  certificate: string;
  audience: string;
  tenantId: string;
  required: boolean;
}

export const SSO_KIND_LABELS: Record<SsoKind, string> = { oidc: 'OpenID Connect', saml: 'SAML', microsoft: 'Microsoft' };

export const emptySsoForm = (domain = ''): SsoForm => ({
  kind: 'oidc',
  domain,
  issuer: '',
  discoveryEndpoint: '',
  clientId: '',
  clientSecret: '',
  entryPoint: '',
  certificate: '',
  audience: '',
  tenantId: '',
  required: false,
});

/** Domains single sign-on can be set up for: the approved ones, never `ANY`. */
export function ssoDomains(inviteDomains: readonly string[]): string[] {
  return inviteDomains.filter((domain) => domain.toUpperCase() !== 'ANY');
}

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

/** The body of `POST /org/:id/sso` for the form: only the chosen kind's fields, blank optional ones left out. */
export function ssoBodyOf(form: SsoForm): CreateSsoProviderBody {
  const base = { domain: form.domain.trim(), required: form.required };
  if (form.kind === 'oidc')
    return {
      kind: 'oidc',
      ...base,
      issuer: form.issuer.trim(),
      discoveryEndpoint: optional(form.discoveryEndpoint),
      clientId: form.clientId.trim(),
      clientSecret: form.clientSecret,
    };
  if (form.kind === 'saml')
    return {
      kind: 'saml',
      ...base,
      issuer: form.issuer.trim(),
      entryPoint: form.entryPoint.trim(),
      certificate: form.certificate.trim(),
      audience: optional(form.audience),
    };
  return {
    kind: 'microsoft',
    ...base,
    tenantId: form.tenantId.trim(),
    clientId: optional(form.clientId),
    clientSecret: optional(form.clientSecret),
  };
}

export type SsoFieldErrors = Partial<Record<keyof SsoForm, string>>;

/** The same checks the server makes on the body, by field, before anything is sent. */
export function ssoFormErrors(form: SsoForm): SsoFieldErrors {
  const parsed = createSsoProviderBodySchema.safeParse(ssoBodyOf(form));
  if (parsed.success) return {};
  const errors: SsoFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in form) || errors[field as keyof SsoForm]) continue;
    const value = form[field as keyof SsoForm];
    errors[field as keyof SsoForm] = typeof value === 'string' && value.trim() === '' ? 'Required' : issue.message;
  }
  return errors;
}

/** The server's per-field messages (e.g. `issuer: Not a trusted identity provider`) on the form's fields. */
export function serverFieldErrors(fields: Record<string, unknown> | undefined): SsoFieldErrors {
  const errors: SsoFieldErrors = {};
  for (const [field, message] of Object.entries(fields ?? {})) {
    if (typeof message === 'string' && field in emptySsoForm()) errors[field as keyof SsoForm] = message;
  }
  return errors;
}
