import { describe, expect, it } from 'vitest';
import { treeItemsOf, treeSearch, withTemporaryMissions, type MissionTreeItem } from './mission-tree.ts';

describe('the mission tree call', () => {
  it('writes its filters as a query string', () => {
    expect(treeSearch({})).toBe('');
    expect(treeSearch({ isActive: false, staleDate: '2026-01-01' })).toBe('?isActive=false&staleDate=2026-01-01');
  });

  it('reads an array, a streamed text starting with [, or nothing', () => {
    expect(treeItemsOf([{ _id: 'a' }])).toEqual([{ _id: 'a' }]);
    expect(treeItemsOf('[{"_id":"b"}]')).toEqual([{ _id: 'b' }]);
    expect(treeItemsOf('')).toEqual([]);
    expect(treeItemsOf(null)).toEqual([]);
    expect(treeItemsOf('[broken')).toEqual([]);
    expect(treeItemsOf({ missions: [{ _id: 'c' }] })).toEqual([{ _id: 'c' }]);
  });
});

describe('missions opened from the vault (rule 241)', () => {
  const item = (_id: string) => ({ _id, title: _id }) as MissionTreeItem;
  it('join the active ones once, after them', () => {
    expect(withTemporaryMissions([item('a'), item('b')], [item('b'), item('c')]).map((m) => m._id)).toEqual(['a', 'b', 'c']);
    expect(withTemporaryMissions([], [item('c')]).map((m) => m._id)).toEqual(['c']);
    expect(withTemporaryMissions([item('a')], [])).toEqual([item('a')]);
  });
});
