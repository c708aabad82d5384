import { ACCOUNT_MESSAGES } from '@crewplan/domain/messages/index';
import { ApiError } from '../../lib/api-error.ts';

/** The invite is no longer valid (410, or not found): 'Sorry that invite is longer valid.' */
export function inviteGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 410 || error.status === 404);
}

/** Accepting failed because my email is not verified (rule 137). */
export function isUnverifiedError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.code === 'auth/email-not-verified' ||
    error.message === ACCOUNT_MESSAGES.verifyBeforeInvites ||
    error.message === ACCOUNT_MESSAGES.verifyFirst
  );
}
