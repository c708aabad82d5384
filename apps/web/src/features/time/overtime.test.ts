import { describe, expect, it } from 'vitest';
import { MISSION_MESSAGES } from '@crewplan/domain/messages/index';
import { overtimeMissionName, overtimePersonName } from './overtime.ts';

describe('overtimePersonName', () => {
  const people = new Map([['ada', 'Ada Lovelace']]);

  it("names the organisation's people; somebody no longer among them is 'Person not found', never an id", () => {
    expect(overtimePersonName(people, 'ada')).toBe('Ada Lovelace');
    expect(overtimePersonName(people, '0123456789abcdef01234567')).toBe('Person not found');
    expect(MISSION_MESSAGES.personNotFound).toBe('Person not found');
  });

  it('names a team member from outside the organisation by the name the report gives; no name is still not found', () => {
    expect(overtimePersonName(people, 'outsider', 'Olga Outside')).toBe('Olga Outside');
    expect(overtimePersonName(people, 'ada', 'Other Name')).toBe('Ada Lovelace');
    expect(overtimePersonName(people, 'leaver', null)).toBe('Person not found');
  });

  it('shows the id until the names are read', () => {
    expect(overtimePersonName(undefined, 'ada')).toBe('ada');
  });
});

describe('overtimeMissionName', () => {
  const missions = new Map([['m1', 'Harbour cabins']]);

  it("names a mission by the organisation's list, else by the title the report gives (an archived one), never by its id", () => {
    expect(overtimeMissionName(missions, 'm1', 'Old title')).toBe('Harbour cabins');
    expect(overtimeMissionName(missions, '0123456789abcdef01234567', 'Archived pier')).toBe('Archived pier');
    expect(overtimeMissionName(undefined, '0123456789abcdef01234567', 'Archived pier')).toBe('Archived pier');
    expect(overtimeMissionName(missions, '0123456789abcdef01234567', null)).toBe('Project not found...');
  });
});
