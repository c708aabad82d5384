import { describe, expect, it } from 'vitest';
import { MISSION_MESSAGES } from '@crewplan/domain/messages/index';
import { overtimePersonName } from './overtime.ts';

describe('overtimePersonName', () => {
  const people = new Map([['ada', 'Ada Lovelace']]);

  it("names the organisation's people; somebody no longer among them is 'Person not found', never an id", () => {
    expect(overtimePersonName(people, 'ada')).toBe('Ada Lovelace');
    expect(overtimePersonName(people, '0123456789abcdef01234567')).toBe('Person not found');
    expect(MISSION_MESSAGES.personNotFound).toBe('Person not found');
  });

  it('shows the id until the names are read', () => {
    expect(overtimePersonName(undefined, 'ada')).toBe('ada');
  });
});
