import { describe, expect, it } from 'vitest';
import { emptySsoForm, serverFieldErrors, ssoBodyOf, ssoDomains, ssoFormErrors, type SsoForm } from './sso-form.ts';

const form = (change: Partial<SsoForm>): SsoForm => ({ ...emptySsoForm('acme.test'), ...change });

describe('single sign-on form', () => {
  it('offers the approved domains, never ANY', () => {
    expect(ssoDomains(['acme.test', 'ANY', 'any', 'b.test'])).toEqual(['acme.test', 'b.test']);
  });

  it('sends only the chosen kind’s fields, blank optional ones left out', () => {
    const all = form({
      issuer: ' https://idp.test/x ',
      clientId: 'cid',
      clientSecret: 's3cret',
      entryPoint: 'https://idp.test/saml',
      certificate: 'C',
      tenantId: 'contoso.com',
      required: true,
    });
    expect(ssoBodyOf(all)).toEqual({
      kind: 'oidc',
      domain: 'acme.test',
      required: true,
      issuer: 'https://idp.test/x',
      discoveryEndpoint: undefined,
      clientId: 'cid',
      clientSecret: 's3cret',
    });
    expect(ssoBodyOf({ ...all, kind: 'saml', audience: '  ' })).toEqual({
      kind: 'saml',
      domain: 'acme.test',
      required: true,
      issuer: 'https://idp.test/x',
      entryPoint: 'https://idp.test/saml',
      certificate: 'C',
      audience: undefined,
    });
    expect(ssoBodyOf({ ...all, kind: 'microsoft', clientId: '', clientSecret: '' })).toEqual({
      kind: 'microsoft',
      domain: 'acme.test',
      required: true,
      tenantId: 'contoso.com',
      clientId: undefined,
      clientSecret: undefined,
    });
  });

  it('checks fields as the server does, by field', () => {
    expect(ssoFormErrors(form({ issuer: 'https://idp.test', clientId: 'c', clientSecret: 's' }))).toEqual({});
    expect(ssoFormErrors(form({}))).toMatchObject({ issuer: 'Required', clientId: 'Required', clientSecret: 'Required' });
    expect(ssoFormErrors(form({ issuer: 'not a url', clientId: 'c', clientSecret: 's' })).issuer).toBeTruthy();
    expect(ssoFormErrors(form({ kind: 'microsoft', tenantId: 'common!' })).tenantId).toBe('A tenant id (GUID) or the tenant’s domain');
    expect(ssoFormErrors(form({ kind: 'microsoft', tenantId: 'contoso.com' }))).toEqual({});
    expect(
      ssoFormErrors(form({ kind: 'saml', issuer: 'urn:idp', entryPoint: 'https://idp.test/sso', certificate: 'short' })).certificate,
    ).toBeTruthy();
  });

  it('puts the server’s field messages on known fields only', () => {
    expect(serverFieldErrors({ issuer: 'Not a trusted identity provider', other: 'x', domain: 3 })).toEqual({
      issuer: 'Not a trusted identity provider',
    });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});
