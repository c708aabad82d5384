import { describe, expect, it } from 'vitest';
import { parseAppearance } from './appearance.ts';

describe('parseAppearance', () => {
  it('keeps known values', () => {
    expect(parseAppearance('{"mode":"dark","theme":"japan"}')).toEqual({ mode: 'dark', theme: 'japan' });
  });

  it('defaults unknown or broken values', () => {
    expect(parseAppearance('{"mode":"purple","theme":"x"}')).toEqual({ mode: 'light', theme: 'main' });
    expect(parseAppearance('not json')).toEqual({ mode: 'light', theme: 'main' });
    expect(parseAppearance(null)).toEqual({ mode: 'light', theme: 'main' });
  });
});
