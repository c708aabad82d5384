import { describe, expect, it } from 'vitest';
import { THEMES } from '@crewplan/domain/shared/constants';
import { contrastRatio, palette } from './palette.ts';
import { THEME_LOOKS } from './theme-looks.ts';

describe('palette', () => {
  it('gives ten hex shades from light to dark', () => {
    const shades = palette(238, 58);
    expect(shades).toHaveLength(10);
    for (const shade of shades) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastRatio(shades[0], '#ffffff')).toBeLessThan(contrastRatio(shades[9], '#ffffff'));
  });

  it.each(THEMES)('theme %s keeps text and controls readable in both modes (AA)', (name) => {
    const look = THEME_LOOKS[name];
    const shades = palette(look.hue, look.saturation);
    // white text on filled controls (shade 7 light, 6 dark)
    expect(contrastRatio(shades[6], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shades[7], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // filled controls and focus rings stand out from the dark body (non-text 3:1)
    expect(contrastRatio(shades[6], '#242424')).toBeGreaterThanOrEqual(3);
    // anchors: shade 8 on white, shade 3 on the dark body
    expect(contrastRatio(shades[8], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shades[3], '#242424')).toBeGreaterThanOrEqual(4.5);
  });

  it('measures contrast like WCAG', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });
});
