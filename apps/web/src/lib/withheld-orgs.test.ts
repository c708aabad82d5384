import { describe, expect, it } from 'vitest';
import { orgsToPrompt, parseLater, withheldOrgIds } from './withheld-orgs.ts';

const orgs = [
  { _id: 'a', isMFARequired: true },
  { _id: 'b', isMFARequired: false },
  { _id: 'c', isMFARequired: true },
];

describe('withheldOrgIds', () => {
  it('withholds organisations requiring two-factor from a person without it', () => {
    expect(withheldOrgIds(orgs, { multiFactor: false })).toEqual(['a', 'c']);
  });

  it('withholds nothing from a person with two-factor, or before both are known', () => {
    expect(withheldOrgIds(orgs, { multiFactor: true })).toEqual([]);
    expect(withheldOrgIds(undefined, { multiFactor: false })).toEqual([]);
    expect(withheldOrgIds(orgs, undefined)).toEqual([]);
    expect(withheldOrgIds([{ _id: 'b', isMFARequired: false }], { multiFactor: false })).toEqual([]);
  });
});

describe('the two-factor prompt', () => {
  it('asks about withheld organisations not put off in this session', () => {
    expect(orgsToPrompt(['a', 'c'], [])).toEqual(['a', 'c']);
    expect(orgsToPrompt(['a', 'c'], ['a'])).toEqual(['c']);
    expect(orgsToPrompt(['a'], ['a', 'z'])).toEqual([]);
  });

  it('reads what was put off, ignoring anything unreadable', () => {
    expect(parseLater('["a","b"]')).toEqual(['a', 'b']);
    expect(parseLater('[1,"a",null]')).toEqual(['a']);
    expect(parseLater('{"a":1}')).toEqual([]);
    expect(parseLater('nope')).toEqual([]);
    expect(parseLater(null)).toEqual([]);
  });
});
