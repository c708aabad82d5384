import { describe, expect, it } from 'vitest';
import { loaderStyleOf } from './loader-style.ts';

describe('loaderStyleOf', () => {
  it('keeps a known style and defaults to bar', () => {
    expect(loaderStyleOf({ loaderStyle: 'pacman' })).toBe('pacman');
    expect(loaderStyleOf({ loaderStyle: 'spinner' })).toBe('bar');
    expect(loaderStyleOf(undefined)).toBe('bar');
  });
});
