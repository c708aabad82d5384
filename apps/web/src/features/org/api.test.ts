import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { orgInvitesQuery, orgKeys, peopleSearch, withFieldMessage } from './api.ts';

describe('organisation calls', () => {
  it('shows the first field message of a validation error', () => {
    const error = withFieldMessage(
      new ApiError(400, 'validation', 'Invalid body.', { inviteeEmail: 'The email you entered appears incorrect.' }),
    );
    expect((error as ApiError).message).toBe('The email you entered appears incorrect.');
    const plain = new ApiError(409, 'conflict', 'Already exists');
    expect(withFieldMessage(plain)).toBe(plain);
  });

  it('writes the people filters as a query string, leaving out empty ones', () => {
    expect(peopleSearch({})).toBe('');
    expect(peopleSearch({ department: 'd1', office: null, search: '  ada ' })).toBe('?department=d1&search=ada');
    expect(peopleSearch({ limit: 50, offset: 100 })).toBe('?limit=50&offset=100');
    expect(peopleSearch({ limit: 50, offset: 0 })).toBe('?limit=50');
  });

  it('keeps the pending invites under their organisation, so sending or revoking one refreshes the list', () => {
    expect(orgInvitesQuery('o1').queryKey.slice(0, 2)).toEqual([...orgKeys.org('o1')]);
  });
});
