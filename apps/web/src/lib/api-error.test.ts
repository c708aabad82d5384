import { describe, expect, it } from 'vitest';
import { ApiError, isApiError, isEmailNotVerified, toApiError } from './api-error.ts';

describe('toApiError', () => {
  it('unwraps the error envelope', () => {
    const error = toApiError(400, { error: { code: 'validation', message: 'Bad input', fields: { email: 'x' } } });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation');
    expect(error.message).toBe('Bad input');
    expect(error.fields).toEqual({ email: 'x' });
  });

  it('falls back to the status when the body has no envelope', () => {
    const error = toApiError(502, null);
    expect(error.code).toBe('http/502');
    expect(error.message).toBe('Request failed (502)');
  });

  it('accepts a flat error object', () => {
    const error = toApiError(401, { code: 'auth/expired-action-code', message: 'expired' });
    expect(error.code).toBe('auth/expired-action-code');
  });

  it('recognises codes', () => {
    const error = toApiError(401, { error: { code: 'auth/invalid-action-code', message: '' } });
    expect(isApiError(error, 'auth/invalid-action-code')).toBe(true);
    expect(isApiError(error, 'other')).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
  });
});

describe('isEmailNotVerified', () => {
  it('recognises the refusal of an invite answered with an unverified email, whatever its text', () => {
    expect(
      isEmailNotVerified(new ApiError(403, 'auth/email-not-verified', 'You must verify your email before accepting any invites')),
    ).toBe(true);
    expect(isEmailNotVerified(new ApiError(403, 'auth/email-not-verified', 'Please verify your email first.'))).toBe(true);
  });
  it('leaves other failures alone', () => {
    expect(isEmailNotVerified(new ApiError(410, 'invite/no-longer-valid', 'Sorry that invite is longer valid.'))).toBe(false);
    expect(isEmailNotVerified(new Error('auth/email-not-verified'))).toBe(false);
  });
});
