import { describe, expect, it } from 'vitest';
import { capitaliseName, needsNameCheck } from './names.ts';

// Spec rule 147: first and last names are auto-capitalised if they start lowercase.
describe('capitaliseName', () => {
  it.each([
    ['ada', 'Ada'],
    ['lovelace', 'Lovelace'],
    ['McDonald', 'McDonald'],
    ['Ada', 'Ada'],
    ['ADA', 'ADA'],
    ['van der Berg', 'Van der Berg'],
    ['de la cruz', 'De la cruz'],
    ["o'brien", "O'brien"],
    ['mary-jane', 'Mary-jane'],
    ['élodie', 'Élodie'],
    ['łukasz', 'Łukasz'],
    ['  ada  ', 'Ada'],
    ['a', 'A'],
    ['', ''],
    ['   ', ''],
    ['1st', '1st'],
    ["'ada", "'ada"],
    ['李', '李'],
    ['ßeta', 'ßeta'],
    ['ŉ', 'ŉ'],
    ['𐐨ee', '𐐀ee'],
    ['🙂ada', '🙂ada'],
  ])('%j → %j', (raw, expected) => {
    expect(capitaliseName(raw)).toBe(expected);
  });

  it('leaves an already capitalised name exactly as it is', () => {
    for (const name of ['McDonald', 'DeVito', 'MacArthur', "O'Neill"]) expect(capitaliseName(name)).toBe(name);
  });
});

// Spec rule 148: home needs first and last name; without them My Space opens with the name-check message.
describe('needsNameCheck', () => {
  it.each([
    [{ firstName: 'Ada', lastName: 'Lovelace' }, false],
    [{ firstName: ' Ada ', lastName: ' L ' }, false],
    [{ firstName: 'Ada', lastName: '' }, true],
    [{ firstName: '', lastName: 'Lovelace' }, true],
    [{ firstName: '   ', lastName: 'Lovelace' }, true],
    [{ firstName: 'Ada', lastName: '\t' }, true],
    [{ firstName: null, lastName: 'Lovelace' }, true],
    [{ firstName: 'Ada', lastName: null }, true],
    [{ firstName: 'Ada' }, true],
    [{ lastName: 'Lovelace' }, true],
    [{}, true],
  ])('%j → %s', (person, expected) => {
    expect(needsNameCheck(person)).toBe(expected);
  });
});
