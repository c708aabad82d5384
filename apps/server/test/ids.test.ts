import { describe, expect, it } from 'vitest';
import { newId, randomHex16 } from '../src/lib/ids.ts';

describe('newId', () => {
  it('is 24 hex characters that start with the current second', () => {
    const second = Math.floor(Date.now() / 1000);
    const id = newId();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(parseInt(id.slice(0, 8), 16)).toBeGreaterThanOrEqual(second);
  });

  it('never repeats, across many refills of its random pool', () => {
    const ids = Array.from({ length: 5_000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(8))).size).toBe(ids.length);
  });
});

describe('randomHex16 (request ids)', () => {
  it('is 16 hex characters that never repeat, across many refills of the pool it shares with newId', () => {
    const ids = Array.from({ length: 3_000 }, (_, i) => (i % 3 === 0 ? newId().slice(8) : randomHex16()));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
