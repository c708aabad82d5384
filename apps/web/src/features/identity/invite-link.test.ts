import { describe, expect, it } from 'vitest';
import { inviteTokenOf } from './invite-link.ts';

describe('the sign-up of a page opened from a mailed invite (rule 140)', () => {
  it.each([
    ['?from=invite&token=abc', { token: 'abc' }],
    ['?from=orgInvite&token=abc', { token: 'abc' }],
    ['?from=invite', {}],
    ['?token=abc', {}],
    ['?from=resetPassword&token=abc', {}],
  ])('%s sends %o', (search, expected) => expect(inviteTokenOf(new URLSearchParams(search))).toEqual(expected));
});
