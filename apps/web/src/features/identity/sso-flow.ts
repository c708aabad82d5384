import { SIGN_IN_MESSAGES } from '@crewplan/domain/messages/index';
import { SSO_MESSAGES, ssoCallbackErrorCode, type SsoErrorCode, type SsoLookup } from '@crewplan/domain/sso/sign-in';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { authClient } from '../../lib/auth-client.ts';
import { isValidEmail } from '../../lib/email-format.ts';
import { setToken } from '../../lib/token.ts';
import { navigate, withParams } from '../../lib/url-state.ts';

export type SsoKind = 'sso' | 'microsoft';

/** Where the identity provider sends the browser back (the sign-in page finishes the sign-in there). */
export const SSO_RETURN = { param: 'sso', done: 'done', failed: 'failed' } as const;

export type SsoOutcome =
  | { kind: 'redirecting' }
  | { kind: 'failed'; message: string }
  /** Shows the message, then signs out after 6 s (rule 150). */
  | { kind: 'sign-out'; code: SsoErrorCode; message: string };

/** What the server says an email's domain may use; nothing for an email that is not one yet. */
export async function lookupSso(rawEmail: string, signal?: AbortSignal): Promise<SsoLookup | null> {
  const email = rawEmail.trim().toLowerCase();
  if (!isValidEmail(email)) return null;
  return api<SsoLookup>(`/auth/sso/${encodeURIComponent(email)}`, { signal });
}

/**
 * 'Continue with single sign-on' / 'Continue with Microsoft': the email's domain must be set up (rule 144),
 * otherwise the spec's message; when it is, better-auth gives the provider's address and the browser goes there.
 */
export async function startSso(kind: SsoKind, rawEmail: string): Promise<SsoOutcome> {
  const email = rawEmail.trim().toLowerCase();
  const missing = kind === 'sso' ? SIGN_IN_MESSAGES.noSso : SIGN_IN_MESSAGES.noMicrosoft;
  let setup: SsoLookup | null;
  try {
    setup = await lookupSso(email);
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return { kind: 'failed', message: SIGN_IN_MESSAGES.tooManyAttempts };
    return { kind: 'failed', message: SIGN_IN_MESSAGES.otherFailure };
  }
  const providerId = kind === 'sso' ? setup?.ssoProviderId : setup?.microsoftProviderId;
  if (!providerId) return { kind: 'failed', message: missing };
  const { data, error } = await authClient.$fetch<{ url: string; redirect?: boolean }>('/sign-in/sso', {
    method: 'POST',
    body: {
      email,
      providerId,
      callbackURL: `/login${withParams(window.location.search, { [SSO_RETURN.param]: SSO_RETURN.done })}`,
      errorCallbackURL: `/login${withParams(window.location.search, { [SSO_RETURN.param]: SSO_RETURN.failed })}`,
    },
  });
  if (error || !data?.url) {
    if (error?.status === 404) return { kind: 'failed', message: missing };
    return { kind: 'sign-out', code: 'auth/invalid-provider', message: SSO_MESSAGES['auth/invalid-provider'] };
  }
  // The auth client already follows answers marked `redirect`; a second navigation would replay the
  // provider's one-time state and fail the callback.
  if (!data.redirect) window.location.assign(data.url);
  return { kind: 'redirecting' };
}

/** Clears what the provider's return left in the address. */
function clearReturnParams(): void {
  const search = withParams(window.location.search, { [SSO_RETURN.param]: null, error: null, error_description: null });
  navigate(`${window.location.pathname}${search}`, { replace: true });
}

/**
 * Back from the provider: on success the identity session (a cookie) gives the bearer token the product uses;
 * on failure the error becomes one of the codes that show their message and sign out.
 * Returns null when the address is not a return from a provider.
 */
export async function readSsoReturn(): Promise<{ kind: 'token'; token: string } | SsoOutcome | null> {
  const params = new URLSearchParams(window.location.search);
  const state = params.get(SSO_RETURN.param);
  if (state !== SSO_RETURN.done && state !== SSO_RETURN.failed) return null;
  const error = params.get('error');
  clearReturnParams();
  if (state === SSO_RETURN.failed || error) {
    const code = ssoCallbackErrorCode(error ?? 'invalid_provider');
    return { kind: 'sign-out', code, message: SSO_MESSAGES[code] };
  }
  const response = await fetch('/api/identity/get-session', { credentials: 'same-origin' });
  const session = response.ok ? ((await response.json()) as { session?: { token?: string } } | null) : null;
  const token = session?.session?.token;
  if (!token) return { kind: 'sign-out', code: 'auth/invalid-provider', message: SSO_MESSAGES['auth/invalid-provider'] };
  return { kind: 'token', token };
}

/** Signs out locally and at the identity provider's session (rule 150's 'sign out after 6 s'). */
export async function ssoSignOut(): Promise<void> {
  setToken(null);
  await authClient.signOut().catch(() => undefined);
}
