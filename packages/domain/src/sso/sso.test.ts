import { describe, expect, it } from 'vitest';
import { createSsoProviderBodySchema, ssoCallbackErrorCode, ssoProviderIdOf } from './sso.ts';

describe('createSsoProviderBodySchema', () => {
  it('accepts an OIDC provider and normalises the domain and issuer', () => {
    const parsed = createSsoProviderBodySchema.parse({
      kind: 'oidc',
      domain: '@Example.COM ',
      issuer: 'https://idp.example.com/',
      clientId: 'crewplan',
      clientSecret: 's3cret',
    });
    expect(parsed).toMatchObject({ domain: 'example.com', issuer: 'https://idp.example.com', required: false });
  });

  it.each([
    [{ kind: 'oidc', domain: 'example.com', issuer: 'ftp://idp.example.com', clientId: 'a', clientSecret: 'b' }],
    [{ kind: 'oidc', domain: 'not a domain', issuer: 'https://idp.example.com', clientId: 'a', clientSecret: 'b' }],
    [{ kind: 'oidc', domain: 'example.com', issuer: 'https://idp.example.com', clientId: '', clientSecret: 'b' }],
    [{ kind: 'saml', domain: 'example.com', issuer: 'idp', entryPoint: 'https://idp.example.com/sso', certificate: 'nope' }],
    [{ kind: 'microsoft', domain: 'example.com', tenantId: 'common tenant' }],
    [{ kind: 'ldap', domain: 'example.com' }],
  ])('refuses %j', (input) => {
    expect(createSsoProviderBodySchema.safeParse(input).success).toBe(false);
  });

  it('accepts a Microsoft tenant by GUID or domain', () => {
    for (const tenantId of ['0b5e2c3a-1111-4a4a-9f9f-1234567890ab', 'contoso.onmicrosoft.com']) {
      expect(createSsoProviderBodySchema.safeParse({ kind: 'microsoft', domain: 'contoso.com', tenantId }).success).toBe(true);
    }
  });
});

describe('ssoCallbackErrorCode (rule 150)', () => {
  it.each([
    ['invalid_provider', 'auth/invalid-provider'],
    ['invalid_state', 'auth/invalid-provider'],
    ['account_not_linked', 'auth/sso-not-authorized'],
    ['signup_disabled', 'auth/sso-not-authorized'],
    ['access_denied', 'auth/sso-not-authorized'],
    ['unable to create user', 'auth/sso-not-authorized'],
    ['sso_required', 'auth/sso-required'],
  ])('%s → %s', (error, code) => {
    expect(ssoCallbackErrorCode(error)).toBe(code);
  });

  it('names providers by kind and domain', () => {
    expect(ssoProviderIdOf('oidc', 'example.com')).toBe('oidc-example.com');
  });
});
