import { describe, expect, it } from 'vitest';
import { formatDay } from './days.ts';

describe('formatDay', () => {
  it('formats a day without moving it', () => {
    expect(formatDay('2026-03-01')).toBe('1 Mar 2026');
    expect(formatDay(null)).toBe('—');
  });
});
