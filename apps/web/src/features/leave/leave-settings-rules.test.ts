import { describe, expect, it } from 'vitest';
import { LEAVE_SETTINGS_MESSAGES } from '@crewplan/domain/org/settings';
import { blankCode, codeFieldOf, codeProblems, isDefaultCode, missingDefaults, newCodeId } from './leave-settings-rules.ts';

describe('leave settings rules', () => {
  it.each([
    [{ code: 'BD', description: 'Blood donation' }, [], 'bd'],
    [{ code: '', description: 'Blood donation' }, [], 'blood-donation'],
    [{ code: '', description: 'Blood donation' }, ['blood-donation', 'blood-donation-2'], 'blood-donation-3'],
    [{ code: '', description: 'Άδεια' }, [], 'leave'],
    [{ code: '', description: 'Congé été' }, [], 'conge-ete'],
  ])('a new code %j among %j gets the id %s', (draft, taken, id) => {
    expect(newCodeId(draft, taken)).toBe(id);
  });

  it.each([
    [{ id: 'x', description: 'X' }, {}],
    [{ id: 'x', description: '' }, { description: expect.any(String) }],
    [{ id: 'x', description: 'X', minHours: 9, maxHours: 8 }, { maxHours: LEAVE_SETTINGS_MESSAGES.minAboveMax }],
    [{ id: 'x', description: 'X', minHours: -2 }, { minHours: expect.any(String) }],
  ])('%j has the problems %j', (fields, problems) => {
    expect(codeProblems({ ...blankCode(), ...fields })).toEqual(problems);
  });

  it('knows the default set (rule 219) and which of it is missing', () => {
    expect(isDefaultCode('annual')).toBe(true);
    expect(isDefaultCode('blood')).toBe(false);
    expect(missingDefaults([{ id: 'annual' }, { id: 'medical' }]).map((code) => code.id)).toEqual(['training', 'personal']);
  });

  it('reads the row and field of a refusal', () => {
    expect(codeFieldOf('leaveCodes.2.maxHours')).toEqual({ index: 2, field: 'maxHours' });
    expect(codeFieldOf('daysPerWeek')).toBeNull();
  });
});
