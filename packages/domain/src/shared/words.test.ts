import { describe, expect, it } from 'vitest';
import { plural, wordsOfName } from './words.ts';

describe('plural', () => {
  it.each<[number, string, string | undefined, string]>([
    [0, 'task', undefined, '0 tasks'],
    [1, 'task', undefined, '1 task'],
    [2, 'task', undefined, '2 tasks'],
    [1, 'person', 'people', '1 person'],
    [3, 'person', 'people', '3 people'],
    [1, 'day', undefined, '1 day'],
    [0.5, 'hour', undefined, '0.5 hours'],
  ])('%d %s', (count, one, many, expected) => expect(plural(count, one, many)).toBe(expected));
});

describe('wordsOfName', () => {
  it.each([
    ['title', 'Title'],
    ['planStartDate', 'Plan start date'],
    ['_id', 'Id'],
    ['billing_name', 'Billing name'],
  ])('%s reads %s', (name, words) => expect(wordsOfName(name)).toBe(words));
});
