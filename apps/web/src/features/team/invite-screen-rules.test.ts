import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { inviteGone, isUnverifiedError } from './invite-screen-rules.ts';

describe('mission invite link outcomes', () => {
  it('a 410 or 404 means the invite is no longer valid', () => {
    expect(inviteGone(new ApiError(410, 'invite/gone', 'x'))).toBe(true);
    expect(inviteGone(new ApiError(404, 'invite/not-found', 'x'))).toBe(true);
    expect(inviteGone(new ApiError(403, 'forbidden', 'x'))).toBe(false);
    expect(inviteGone(new Error('x'))).toBe(false);
  });
  it('recognises the unverified-email refusal', () => {
    expect(isUnverifiedError(new ApiError(403, 'auth/email-not-verified', 'whatever'))).toBe(true);
    expect(isUnverifiedError(new ApiError(403, 'x', 'You must verify your email before accepting any invites'))).toBe(true);
    expect(isUnverifiedError(new ApiError(403, 'x', 'no'))).toBe(false);
  });
});
