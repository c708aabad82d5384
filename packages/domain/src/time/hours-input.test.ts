import { describe, expect, it } from 'vitest';
import { formatHours, parseHoursInput } from './hours-input.ts';

describe('parseHoursInput', () => {
  it.each([
    ['', 0],
    ['  ', 0],
    ['0', 0],
    ['8', 8],
    ['1.5', 1.5],
    ['1,5', 1.5],
    ['.25', 0.25],
    [',75', 0.75],
    ['1:30', 1.5],
    ['0:15', 0.25],
    ['10:05', 10.0833],
    ['90m', 1.5],
    ['90 min', 1.5],
    ['45m', 0.75],
    ['2h', 2],
    ['1h30', 1.5],
    ['1h 30m', 1.5],
    ['1.5h', 1.5],
    ['24', 24],
    ['24:00', 24],
    [' 7.75 ', 7.75],
  ])('%j → %s', (text, hours) => {
    expect(parseHoursInput(text)).toBe(hours);
  });

  it.each(['-1', 'abc', '1:75', '25', '24:01', '1500m', '1..5', '1.5.2', 'h', '1:3'])('%j is refused', (text) => {
    expect(parseHoursInput(text)).toBeNull();
  });
});

describe('formatHours', () => {
  it.each([
    [0, ''],
    [1.5, '1.5'],
    [0.3333, '0.33'],
    [8, '8'],
  ])('%s → %j', (hours, text) => {
    expect(formatHours(hours)).toBe(text);
  });
});
