import { describe, expect, it } from 'vitest';
import { MISSION_MESSAGES } from '@crewplan/domain/messages/index';
import { ApiError } from '../../lib/api-error.ts';
import { clearedCreationParams, creationErrorMessage, creationPrefill, editedMissionOf } from './create-rules.ts';

const ORG = '0123456789abcdef01234567';
const OTHER = '89abcdef0123456789abcdef';
const params = (search: string) => new URLSearchParams(search);

describe('creationPrefill', () => {
  it('starts a plain kanban mission with nothing chosen', () => {
    expect(creationPrefill(params('?mc'))).toEqual({
      org: null,
      program: null,
      goal: null,
      client: null,
      departmentTags: [],
      offices: [],
      isProposal: false,
      projectType: 'kanban',
    });
  });

  it('takes the organisation, program, goal and client from their parameters, together', () => {
    const prefill = creationPrefill(params(`?mc-org=${ORG}&mc-program=${OTHER}&mc-org-goal=${ORG}&mc-client=${OTHER}`));
    expect(prefill).toMatchObject({ org: ORG, program: OTHER, goal: ORG, client: OTHER });
  });

  it('reads departments and offices as comma-separated ids, dropping anything that is not one', () => {
    const prefill = creationPrefill(params(`?mc-departments=${ORG},nope,${OTHER}&mc-offices=${OTHER}`));
    expect(prefill.departmentTags).toEqual([ORG, OTHER]);
    expect(prefill.offices).toEqual([OTHER]);
  });

  it('ignores values that are not ids', () => {
    expect(creationPrefill(params('?mc-org=acme&mc-client=1')).org).toBeNull();
    expect(creationPrefill(params('?mc-org=acme&mc-client=1')).client).toBeNull();
  });

  it('makes a proposal from mc-prop or create-proposal', () => {
    expect(creationPrefill(params('?mc-prop')).isProposal).toBe(true);
    expect(creationPrefill(params('?create-proposal')).isProposal).toBe(true);
    expect(creationPrefill(params('?create-mission')).isProposal).toBe(false);
  });

  it('starts a simple project for create-mission=task', () => {
    expect(creationPrefill(params('?create-mission=task')).projectType).toBe('simple');
    expect(creationPrefill(params('?create-mission')).projectType).toBe('kanban');
  });
});

describe('editedMissionOf', () => {
  it('is the mission id of mc=<id>, else null (a new mission)', () => {
    expect(editedMissionOf(params(`?mc=${ORG}`))).toBe(ORG);
    expect(editedMissionOf(params('?mc'))).toBeNull();
    expect(editedMissionOf(params('?mc=new'))).toBeNull();
  });
});

describe('clearedCreationParams', () => {
  it('removes every creation parameter', () => {
    expect(Object.keys(clearedCreationParams())).toHaveLength(10);
    expect(Object.values(clearedCreationParams()).every((value) => value === null)).toBe(true);
  });
});

describe('creationErrorMessage', () => {
  it('names the account limit', () => {
    expect(creationErrorMessage(new ApiError(403, 'account_limit', 'x'))).toBe('Sorry there is a limit for now. Please contact us');
    expect(creationErrorMessage(new ApiError(402, 'mission/account_limit', 'x'))).toBe(MISSION_MESSAGES.accountLimit);
  });

  it('says which field the server refused, in its words', () => {
    const refused = new ApiError(400, 'validation', 'Title must be at most 200 characters.', {
      title: 'Title must be at most 200 characters',
    });
    expect(creationErrorMessage(refused)).toBe('Title must be at most 200 characters.');
  });

  it('says the generic text for anything else', () => {
    expect(creationErrorMessage(new ApiError(500, 'http/500', 'boom'))).toBe('Problem creating project please refresh and try again');
    expect(creationErrorMessage(new TypeError('Failed to fetch'))).toBe(MISSION_MESSAGES.createFailed);
  });
});
