import { notifications } from '@mantine/notifications';
import { ACCOUNT_MESSAGES, SIGN_IN_MESSAGES } from '@crewplan/domain/messages/index';
import { needsNameCheck } from '@crewplan/domain/people/names';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { authClient } from '../../lib/auth-client.ts';
import { profileQuery } from '../../lib/profile.ts';
import { queryClient } from '../../lib/query-client.ts';
import { establishSessionCookie } from '../../lib/session.ts';
import { getToken, setToken } from '../../lib/token.ts';
import { navigate, withParams } from '../../lib/url-state.ts';
import { inviteTokenOf } from './invite-link.ts';
import { isSsoSignOutCode, isUnknownCredentials, SECONDARY_ON_PROJECT, signInFailureMessage } from './sign-in-messages.ts';

export type SignInOutcome =
  | { kind: 'signed-in' }
  | { kind: 'two-factor' }
  | { kind: 'failed'; message: string }
  /** auth/sso-required and the other single sign-on refusals: the message, then sign out after 6 s (rule 150). */
  | { kind: 'sign-out'; message: string };

interface AccountCheck {
  exists: boolean;
  secondary: boolean;
  onProject: boolean;
}

/**
 * No account answers the password: a secondary email is refused, and so is one a project member joined by (a new
 * account would not be on their projects); a new email signs up (spec rule 153).
 */
async function signUpOrExplain(email: string, password: string): Promise<SignInOutcome> {
  const check = await api<AccountCheck>(`/auth/exists/${encodeURIComponent(email)}`);
  if (check.exists) return { kind: 'failed', message: SIGN_IN_MESSAGES.wrongPassword };
  if (check.secondary) return { kind: 'failed', message: SIGN_IN_MESSAGES.secondaryAccount };
  if (check.onProject) return { kind: 'failed', message: SECONDARY_ON_PROJECT };
  try {
    const body = { email, password, ...inviteTokenOf(new URLSearchParams(window.location.search)) };
    const { token } = await api<{ token: string }>('/auth/signup', { method: 'POST', body });
    await finishSignIn(token);
    return { kind: 'signed-in' };
  } catch (error) {
    // a password the server refuses (too short) says why; everything else is the generic text
    if (error instanceof ApiError && error.status === 400 && error.message) return { kind: 'failed', message: error.message };
    throw error;
  }
}

/** Email + password sign-in with automatic sign-up; the email is trimmed and lowercased first. */
export async function signInWithPassword(rawEmail: string, password: string): Promise<SignInOutcome> {
  const email = rawEmail.trim().toLowerCase();
  try {
    const { data, error } = await authClient.signIn.email({ email, password });
    if (error) {
      const failure = { status: error.status, code: error.code };
      if (isUnknownCredentials(failure)) return await signUpOrExplain(email, password);
      if (isSsoSignOutCode(failure.code)) return { kind: 'sign-out', message: signInFailureMessage(failure) };
      return { kind: 'failed', message: signInFailureMessage(failure) };
    }
    if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) return { kind: 'two-factor' };
    await finishSignIn(data && 'token' in data ? data.token : null);
    return { kind: 'signed-in' };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    return { kind: 'failed', message: signInFailureMessage({ status }) };
  }
}

/** Second step of a sign-in with two-factor authentication. */
export async function verifySignInCode(code: string): Promise<SignInOutcome> {
  const { data, error } = await authClient.twoFactor.verifyTotp({ code: code.trim() });
  if (error) {
    if (error.status === 429) return { kind: 'failed', message: SIGN_IN_MESSAGES.tooManyAttempts };
    return { kind: 'failed', message: 'That code did not work. Please check your authenticator app and try again.' };
  }
  await finishSignIn(data && 'token' in data ? data.token : null);
  return { kind: 'signed-in' };
}

/**
 * Signed in: keep the token, give images their session cookie, load the person, then go home
 * (with My Space and the name-check message when a name is missing). Query parameters such as
 * an email link or a mission survive; the login overlay closes.
 */
export async function finishSignIn(token: string | null | undefined): Promise<void> {
  // the identity client stores the header token already; the body token is the fallback
  if (token && !getToken()) setToken(token);
  await establishSessionCookie().catch(() => undefined);
  const profile = await queryClient.fetchQuery({ ...profileQuery, staleTime: 0 });
  const search = withParams(window.location.search, { login: null });
  if (needsNameCheck(profile)) {
    notifications.show({ message: ACCOUNT_MESSAGES.nameCheck });
    navigate(`/home${withParams(search, { myspace: '' })}`, { replace: true });
  } else {
    navigate(`/home${search}`, { replace: true });
  }
}

/** Sends the reset link; the caller checked the email already. */
export async function requestPasswordReset(email: string): Promise<string | null> {
  const { error } = await authClient.requestPasswordReset({ email, redirectTo: '/' });
  if (!error) return null;
  return error.status === 429 ? SIGN_IN_MESSAGES.tooManyAttempts : SIGN_IN_MESSAGES.otherFailure;
}
