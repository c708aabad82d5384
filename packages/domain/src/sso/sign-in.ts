import { SIGN_IN_MESSAGES } from '../messages/index.ts';

/** What the sign-in screen needs of single sign-on, free of schemas so the first load stays small. */
export type SsoLookup = {
  sso: boolean;
  microsoft: boolean;
  required: boolean;
  ssoProviderId: string | null;
  microsoftProviderId: string | null;
};

/** The sign-in error codes that show their message and sign out after 6 s (rule 150). */
export const SSO_SIGN_OUT_CODES = ['auth/invalid-provider', 'auth/sso-not-authorized', 'auth/sso-required'] as const;
export type SsoErrorCode = (typeof SSO_SIGN_OUT_CODES)[number];

export const SSO_MESSAGES = {
  noSso: SIGN_IN_MESSAGES.noSso,
  noMicrosoft: SIGN_IN_MESSAGES.noMicrosoft,
  'auth/invalid-provider':
    'Sorry. Your organisation’s sign-in provider did not accept that sign-in. Please try again or contact your administrator.',
  'auth/sso-not-authorized': 'Sorry. That account is not allowed to sign in with your organisation’s single sign-on.',
  'auth/sso-required': 'Your organisation signs you in with single sign-on. Please use Continue with single sign-on.',
} as const;

/**
 * The code for an error the identity provider's callback sends back (`?error=` on the error URL):
 * a refused or unknown provider is auth/invalid-provider; an account the provider may not sign in
 * (not linked, sign-up refused, another domain) is auth/sso-not-authorized.
 */
export function ssoCallbackErrorCode(error: string): SsoErrorCode {
  const value = error.toLowerCase();
  if (value === 'sso-required' || value === 'sso_required') return 'auth/sso-required';
  if (
    /not[_ ]linked|unable[_ ]to[_ ](link|create[_ ]user)|signup[_ ]disabled|not[_ -]authorized|access[_ ]denied|user[_ ]not[_ ]found/.test(
      value,
    )
  ) {
    return 'auth/sso-not-authorized';
  }
  return 'auth/invalid-provider';
}
