import { describe, expect, it } from 'vitest';
import { fitText } from './recommendation-rules.ts';

describe('fitText (rule 259)', () => {
  it('shows the fit percent with one decimal, whole percents included', () => {
    expect(fitText(80)).toBe('80.0%');
    expect(fitText(0)).toBe('0.0%');
    expect(fitText(67.5)).toBe('67.5%');
    expect(fitText(100)).toBe('100.0%');
  });
});
