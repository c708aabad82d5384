import { SIGN_IN_MESSAGES } from '@crewplan/domain/messages/index';
import { SSO_MESSAGES, SSO_SIGN_OUT_CODES, type SsoErrorCode } from '@crewplan/domain/sso/sign-in';

export interface FailedCall {
  status: number;
  code?: string | undefined;
}

/** Sign-in needs both an email and a password (spec section 5). */
export function missingCredentialsMessage(email: string, password: string): string | null {
  return email.trim() && password ? null : SIGN_IN_MESSAGES.missingCredentials;
}

/** Whether a failure is one that shows its message and then signs out after 6 s (rule 150). */
export function isSsoSignOutCode(code: string | undefined): code is SsoErrorCode {
  return (SSO_SIGN_OUT_CODES as readonly string[]).includes(code ?? '');
}

/** An email no account uses that a project member joined by (rule 153): the spec's fragment, in a sentence. */
export const SECONDARY_ON_PROJECT = `No account uses this email: it is ${SIGN_IN_MESSAGES.secondaryOnProject}. Please sign in with your primary email.`;

/** The spec's text for a failed sign-in that is not 'no such account' (section 8). */
export function signInFailureMessage(failure: FailedCall): string {
  if (isSsoSignOutCode(failure.code)) return SSO_MESSAGES[failure.code];
  if (failure.status === 429) return SIGN_IN_MESSAGES.tooManyAttempts;
  if (failure.code === 'INVALID_EMAIL_OR_PASSWORD' || failure.code === 'INVALID_PASSWORD') return SIGN_IN_MESSAGES.wrongPassword;
  // the server failed (auth/failed-unexpected): it has logged why; a busy server (503) asks for another try instead
  if (failure.status >= 500 && failure.status !== 503) return SIGN_IN_MESSAGES.failedUnexpected;
  return SIGN_IN_MESSAGES.otherFailure;
}

/** Whether better-auth says 'no such email or wrong password', which starts the account check. */
export function isUnknownCredentials(failure: FailedCall): boolean {
  return failure.status === 401 && failure.code === 'INVALID_EMAIL_OR_PASSWORD';
}

const EXPIRED_CODES = new Set(['auth/expired-action-code', 'TOKEN_EXPIRED', 'EXPIRED_TOKEN']);
const INVALID_CODES = new Set(['auth/invalid-action-code', 'INVALID_TOKEN']);

/** The spec's text for a failed email link (expired, invalid, or something else). */
export function emailLinkFailureMessage(failure: FailedCall): string {
  if (failure.code && EXPIRED_CODES.has(failure.code)) return SIGN_IN_MESSAGES.expiredActionCode;
  if (failure.code && INVALID_CODES.has(failure.code)) return SIGN_IN_MESSAGES.invalidActionCode;
  if (failure.status >= 400 && failure.status < 500 && failure.status !== 429) return SIGN_IN_MESSAGES.invalidActionCode;
  return SIGN_IN_MESSAGES.otherFailure;
}
