import { describe, expect, it } from 'vitest';
import { dayText, sizeText } from './board-format.ts';

describe('board formats', () => {
  it('writes days, empty when they do not parse', () => {
    expect(dayText('2030-03-04')).toBe('4 Mar 2030');
    expect(dayText('2030-03-04T23:30:00.000Z')).toBe('4 Mar 2030');
    expect(dayText('soon')).toBe('');
    expect(dayText(null)).toBe('');
  });

  it('writes sizes in B, KB, MB, GB', () => {
    expect(sizeText(13)).toBe('13 B');
    expect(sizeText(1024)).toBe('1.0 KB');
    expect(sizeText(15 * 1024)).toBe('15 KB');
    expect(sizeText(3.4 * 1024 * 1024)).toBe('3.4 MB');
    expect(sizeText(5 * 1024 ** 4)).toBe('5120 GB');
  });
});
