import { describe, expect, it } from 'vitest';
import { dayIn, isTimeZone } from './days.ts';

describe('dayIn', () => {
  it.each([
    ['2026-03-10T22:30:00Z', 'UTC', '2026-03-10'],
    ['2026-03-10T22:30:00Z', 'Asia/Tokyo', '2026-03-11'],
    ['2026-03-10T22:30:00Z', 'America/New_York', '2026-03-10'],
    ['2026-03-11T03:59:00Z', 'America/New_York', '2026-03-10'],
    ['2026-03-11T04:00:00Z', 'America/New_York', '2026-03-11'],
    ['2026-03-10T14:59:59Z', 'Asia/Tokyo', '2026-03-10'],
    ['2026-03-10T15:00:00Z', 'Asia/Tokyo', '2026-03-11'],
    ['2026-12-31T23:30:00Z', 'Europe/Berlin', '2027-01-01'],
  ])('%s in %s is %s', (instant, zone, day) => expect(dayIn(new Date(instant), zone)).toBe(day));
});

describe('isTimeZone', () => {
  it.each([
    ['Europe/Berlin', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
    [null, false],
  ])('%s → %s', (name, known) => expect(isTimeZone(name)).toBe(known));
});
