import { describe, expect, it } from 'vitest';
import { boardTabOf } from './board-tabs.ts';

describe('boardTabOf', () => {
  it('prefers the URL, then the remembered tab, then Launchpad', () => {
    expect(boardTabOf('older-board', 'pm-Planner')).toBe('older-board');
    expect(boardTabOf(null, 'pm-Planner')).toBe('pm-Planner');
    expect(boardTabOf('unknown', 'also-unknown')).toBe('vision-board');
    expect(boardTabOf(null, null)).toBe('vision-board');
  });
});
