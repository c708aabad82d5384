import { describe, expect, it } from 'vitest';
import { isEmailLinkMode, needsSignIn } from './email-link-modes.ts';

describe('email link modes', () => {
  it('knows the six modes of the spec', () => {
    for (const mode of ['resetPassword', 'recoverEmail', 'verifyEmail', 'verifyAndChangeEmail', 'verifyEmailSecondary', 'unsubscribe'])
      expect(isEmailLinkMode(mode)).toBe(true);
    expect(isEmailLinkMode('deleteEverything')).toBe(false);
    expect(isEmailLinkMode(null)).toBe(false);
  });

  it('asks for a sign-in before the links of a signed-in person', () => {
    expect(needsSignIn('verifyAndChangeEmail')).toBe(true);
    expect(needsSignIn('verifyEmailSecondary')).toBe(true);
    expect(needsSignIn('verifyEmail')).toBe(false);
    expect(needsSignIn('resetPassword')).toBe(false);
    expect(needsSignIn('unsubscribe')).toBe(false);
  });
});
