import { describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from '@crewplan/domain/messages/index';
import { SSO_MESSAGES } from '@crewplan/domain/sso/sign-in';
import {
  emailLinkFailureMessage,
  isSsoSignOutCode,
  isUnknownCredentials,
  missingCredentialsMessage,
  signInFailureMessage,
} from './sign-in-messages.ts';

describe('missingCredentialsMessage', () => {
  it('needs both email and password', () => {
    expect(missingCredentialsMessage('', 'secret')).toBe('Somethings missing. Please check that your email and password are ok.');
    expect(missingCredentialsMessage('  ', 'secret')).toBe(SIGN_IN_MESSAGES.missingCredentials);
    expect(missingCredentialsMessage('a@b.co', '')).toBe(SIGN_IN_MESSAGES.missingCredentials);
    expect(missingCredentialsMessage('a@b.co', 'secret')).toBeNull();
  });
});

describe('signInFailureMessage', () => {
  it('maps the failures of section 8', () => {
    expect(signInFailureMessage({ status: 429 })).toBe('Too many attempts. Please try again later or reset your password.');
    expect(signInFailureMessage({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe(
      'Ooops. Please check that your email and password are correct.',
    );
    expect(signInFailureMessage({ status: 500 })).toBe('Oops. An error occurred and we are already investigating it...');
    expect(signInFailureMessage({ status: 503 })).toBe('Sorry. Please try again later or contact us if the issue persists.');
    expect(signInFailureMessage({ status: 0 })).toBe('Sorry. Please try again later or contact us if the issue persists.');
  });

  it('starts the account check only for unknown credentials', () => {
    expect(isUnknownCredentials({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe(true);
    expect(isUnknownCredentials({ status: 403, code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe(false);
    expect(isUnknownCredentials({ status: 401, code: 'OTHER' })).toBe(false);
  });
});

describe('emailLinkFailureMessage', () => {
  it.each([
    [{ status: 401, code: 'TOKEN_EXPIRED' }, 'The verification email has expired...'],
    [{ status: 400, code: 'auth/expired-action-code' }, 'The verification email has expired...'],
    [{ status: 401, code: 'INVALID_TOKEN' }, 'Sorry this validation link is no longer valid...'],
    [{ status: 400, code: 'auth/invalid-action-code' }, 'Sorry this validation link is no longer valid...'],
    [{ status: 404, code: 'not_found' }, 'Sorry this validation link is no longer valid...'],
    [{ status: 503 }, 'Sorry. Please try again later or contact us if the issue persists.'],
  ])('%o → %s', (failure, text) => {
    expect(emailLinkFailureMessage(failure)).toBe(text);
  });
});

describe('single sign-on refusals (rule 150)', () => {
  it('show their message and are the ones that sign out', () => {
    expect(isSsoSignOutCode('auth/sso-required')).toBe(true);
    expect(isSsoSignOutCode('auth/invalid-provider')).toBe(true);
    expect(isSsoSignOutCode('auth/sso-not-authorized')).toBe(true);
    expect(isSsoSignOutCode('INVALID_EMAIL_OR_PASSWORD')).toBe(false);
    expect(signInFailureMessage({ status: 403, code: 'auth/sso-required' })).toBe(SSO_MESSAGES['auth/sso-required']);
  });
});
