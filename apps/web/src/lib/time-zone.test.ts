import { describe, expect, it } from 'vitest';
import { browserTimeZone, timeZoneOf } from './time-zone.ts';

describe('timeZoneOf', () => {
  it('takes the profile’s zone when it is a known one, else the browser’s', () => {
    expect(timeZoneOf('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(timeZoneOf('Mars/Olympus')).toBe(browserTimeZone());
    expect(timeZoneOf(null)).toBe(browserTimeZone());
    expect(timeZoneOf('')).toBe(browserTimeZone());
  });
});
