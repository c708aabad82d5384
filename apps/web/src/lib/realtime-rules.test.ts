import { describe, expect, it } from 'vitest';
import { needsRebuild } from './realtime-rules.ts';

describe('needsRebuild', () => {
  it('rebuilds after 300000 ms offline or more', () => {
    expect(needsRebuild(0, 300_000)).toBe(true);
    expect(needsRebuild(0, 299_999)).toBe(false);
    expect(needsRebuild(null, 10_000_000)).toBe(false);
  });
});
