import { describe, expect, it } from 'vitest';
import { formatDay, formatLocalDay } from './days.ts';

describe('formatDay', () => {
  it('formats a day without moving it', () => {
    expect(formatDay('2026-03-01')).toBe('1 Mar 2026');
    expect(formatDay(null)).toBe('—');
  });

  it('writes an instant as its local day, in the same words', () => {
    const noon = new Date(2026, 11, 29, 12);
    expect(formatLocalDay(noon)).toBe('29 Dec 2026');
    expect(formatLocalDay(noon.toISOString())).toBe('29 Dec 2026');
  });
});
