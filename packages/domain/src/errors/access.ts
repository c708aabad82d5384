import { ACCOUNT_MESSAGES, MISSION_MESSAGES, ORG_MESSAGES, SIGN_IN_MESSAGES } from '../messages/index.ts';
import { TRIAL_MESSAGES } from '../org/licence.ts';
import { SSO_MESSAGES } from '../sso/sign-in.ts';
import type { ErrorEntry, ErrorFields } from './entry.ts';

/** A request that failed validation: its text and fields as the validation wording says them. */
type ValidationFailure = { message: string; fields: ErrorFields };

export const ACCESS_ERRORS = {
  // The route gate and plain refusals
  unauthenticated: { code: 'auth/unauthenticated', status: 401, message: 'Please sign in.' },
  forbidden: { code: 'forbidden', status: 403, message: 'You do not have permission to do this.' },
  notFound: { code: 'not_found', status: 404, message: 'Not found.' },
  orgNotFound: { code: 'org/not-found', status: 404, message: ORG_MESSAGES.notFound },
  missionNotFound: { code: 'mission/not-found', status: 404, message: MISSION_MESSAGES.notFound },
  missionInvitePending: { code: 'mission/invite-pending', status: 403, message: MISSION_MESSAGES.loadFailed },
  missionWithheld: {
    code: 'auth/mfa-required',
    status: 403,
    message: 'This organization requires two-factor authentication. Please set it up to see its projects.',
  },
  accountLimit: { code: 'account_limit', status: 402, message: MISSION_MESSAGES.accountLimit },
  /** The route's own refusal text (its `authz.refusal`). */
  routeRefused: { code: 'forbidden', status: 403, message: (refusal: string) => refusal },
  // Requests the server cannot take as sent
  invalidInput: {
    code: 'validation',
    status: 400,
    message: (failure: ValidationFailure) => failure.message,
    fields: (failure: ValidationFailure) => failure.fields,
  },
  invalidRoom: {
    code: 'validation',
    status: 400,
    message: 'Room must be one of Mission, MissionPlan, Action or ActionItem.',
    fields: { room: 'Room must be one of Mission, MissionPlan, Action or ActionItem' },
  },
  staleEdit: {
    code: 'conflict/stale',
    status: 409,
    message: 'This was changed by someone else in the meantime. Please refresh and try again.',
  },
  // The platform
  notReady: { code: 'not_ready', status: 503, message: 'The database is not reachable.' },
  attachmentNotFound: { code: 'not_found', status: 404, message: 'No such attachment.' },
  // Sign-up, sign-in and the person's emails
  csrfMissing: { code: 'csrf/missing', status: 403, message: 'The CSRF cookie is missing. Call /session/csrf/set first.' },
  csrfMismatch: { code: 'csrf/mismatch', status: 403, message: 'The CSRF token does not match.' },
  tooManySignInAttempts: { code: 'too_many_requests', status: 429, message: SIGN_IN_MESSAGES.tooManyAttempts },
  invalidActionCode: { code: 'auth/invalid-action-code', status: 400, message: SIGN_IN_MESSAGES.invalidActionCode },
  expiredActionCode: { code: 'auth/expired-action-code', status: 400, message: SIGN_IN_MESSAGES.expiredActionCode },
  weakPassword: { code: 'auth/weak-password', status: 400, message: 'Please choose a password of 8 to 128 characters.' },
  signUpWithoutSession: { code: 'auth/failed-unexpected', status: 500, message: 'Sign-up did not create a session.' },
  signUpEmailInvalid: { code: 'validation', status: 400, message: 'Invalid body.', fields: { email: 'Invalid email' } },
  disposableEmail: {
    code: 'auth/disposable-email',
    status: 400,
    message: 'Please use a permanent email address, not a disposable one.',
  },
  emailInUse: { code: 'auth/email-already-in-use', status: 409, message: ACCOUNT_MESSAGES.emailInUse },
  ssoRequired: { code: 'auth/sso-required', status: 403, message: SSO_MESSAGES['auth/sso-required'] },
  sameEmail: { code: 'auth/same-email', status: 400, message: ACCOUNT_MESSAGES.sameEmail },
  notYourSignInEmail: { code: 'auth/email-mismatch', status: 400, message: 'That is not your sign-in email.' },
  emailAlreadyVerified: { code: 'auth/email-already-verified', status: 409, message: 'Your email is already verified.' },
  listedEmailAlreadyVerified: { code: 'auth/email-already-verified', status: 409, message: 'That email is already verified.' },
  emailAlreadyListed: { code: 'auth/email-already-listed', status: 409, message: 'That email is already in your list.' },
  verificationAlreadySent: { code: 'too_many_requests', status: 429, message: ACCOUNT_MESSAGES.verificationAlreadySent },
  emailNotVerified: { code: 'auth/email-not-verified', status: 403, message: ACCOUNT_MESSAGES.verifyFirst },
  emailNotVerifiedForInvites: { code: 'auth/email-not-verified', status: 403, message: ACCOUNT_MESSAGES.verifyBeforeInvites },
  profileNotFound: { code: 'not_found', status: 404, message: 'Person not found' },
  emailNotListed: { code: 'not_found', status: 404, message: 'That email is not in your list.' },
  emailNoLongerListed: { code: 'not_found', status: 404, message: 'That email is no longer in your list.' },
  noAvatar: { code: 'not_found', status: 404, message: 'No avatar.' },
  emailNotVerifiedForTrial: { code: 'auth/email-not-verified', status: 403, message: TRIAL_MESSAGES.verifyFirst },
} as const satisfies Record<string, ErrorEntry>;
