import { describe, expect, it } from 'vitest';
import { everyoneAdded, initialsOf, pickerCandidates, placeOf, splitOverflow } from './people-rules.ts';

const people = [
  { id: 'a', name: 'Ada Lovelace', role: 'Engineer' },
  { id: 'b', name: 'Grace Hopper', role: 'Admiral' },
  { id: 'c', name: 'Alan Turing', role: null },
];

describe('people list overflow (20 shown by default)', () => {
  it('shows 20 and counts the rest', () => {
    const many = Array.from({ length: 23 }, (_, i) => i);
    expect(splitOverflow(many)).toEqual({ shown: many.slice(0, 20), overflow: 3 });
  });
  it('has no overflow at or under the limit', () => {
    expect(splitOverflow([1, 2], 20).overflow).toBe(0);
    expect(splitOverflow(Array.from({ length: 20 }, (_, i) => i)).overflow).toBe(0);
  });
  it('takes another limit', () => {
    expect(splitOverflow([1, 2, 3], 1)).toEqual({ shown: [1], overflow: 2 });
  });
});

describe('person picker', () => {
  it('hides people already added', () => {
    expect(pickerCandidates(people, ['a'], '').map((p) => p.id)).toEqual(['b', 'c']);
    expect(pickerCandidates(people, new Set(['a', 'b']), '').map((p) => p.id)).toEqual(['c']);
  });
  it('matches on name or role, case-insensitively', () => {
    expect(pickerCandidates(people, [], 'hop').map((p) => p.id)).toEqual(['b']);
    expect(pickerCandidates(people, [], 'ENGIN').map((p) => p.id)).toEqual(['a']);
    expect(pickerCandidates(people, [], '  ').map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(pickerCandidates(people, [], 'nobody')).toEqual([]);
  });
  it('does not match on role for someone added', () => {
    expect(pickerCandidates(people, ['a'], 'engineer')).toEqual([]);
  });
  it('knows when the entire team is added', () => {
    expect(everyoneAdded(people, ['a', 'b', 'c'])).toBe(true);
    expect(everyoneAdded(people, ['a', 'b'])).toBe(false);
    expect(everyoneAdded([], [])).toBe(true);
  });
});

describe('avatar and hover card texts', () => {
  it('makes initials', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('plato')).toBe('P');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf('Jean Paul Sartre')).toBe('JS');
  });
  it('joins state and country', () => {
    expect(placeOf({ state: 'Texas', country: 'US' })).toBe('Texas, US');
    expect(placeOf({ state: null, country: 'FR' })).toBe('FR');
    expect(placeOf({ state: ' ', country: null })).toBeNull();
  });
});
