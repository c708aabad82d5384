import { EMAIL_LINK_MODES, type EmailLinkMode } from '@crewplan/domain/shared/constants';

/** Email links that belong to a signed-in person; signed out, the person signs in first. */
const NEEDS_SIGN_IN: ReadonlySet<EmailLinkMode> = new Set(['verifyAndChangeEmail', 'verifyEmailSecondary']);

export function isEmailLinkMode(value: string | null): value is EmailLinkMode {
  return EMAIL_LINK_MODES.includes(value as EmailLinkMode);
}

export function needsSignIn(mode: EmailLinkMode): boolean {
  return NEEDS_SIGN_IN.has(mode);
}
