import { MAX_HOURS_PER_DAY } from './time.ts';

/**
 * What a person types into a day's cell, as hours: `1.5` and `1,5` (decimal point or comma), `1:30` (hours and
 * minutes), `90m` (minutes), `2h`, `1h30` or `1h 30m`. Empty is 0. Anything else, a negative value or more than 24 hours
 * is null (the cell refuses it). The result is kept to the minute.
 */
export function parseHoursInput(text: string): number | null {
  const value = text.trim().toLowerCase();
  if (value === '') return 0;
  let minutes: number | null = null;
  let match: RegExpMatchArray | null;
  if ((match = value.match(/^(\d{1,2}):([0-5]\d)$/))) minutes = Number(match[1]) * 60 + Number(match[2]);
  else if ((match = value.match(/^(\d+(?:[.,]\d+)?)\s*m(?:in)?$/))) minutes = Number(match[1]!.replace(',', '.'));
  else if ((match = value.match(/^(\d{1,2})\s*h\s*(?:(\d{1,2})\s*m?)?$/))) minutes = Number(match[1]) * 60 + Number(match[2] ?? 0);
  else if ((match = value.match(/^(\d*[.,]?\d+)\s*h?$/))) minutes = Number(match[1]!.replace(',', '.')) * 60;
  if (minutes === null || !Number.isFinite(minutes)) return null;
  const rounded = Math.round(minutes);
  if (rounded > MAX_HOURS_PER_DAY * 60) return null;
  return Math.round((rounded / 60) * 10_000) / 10_000;
}

/** How a cell shows hours: up to two decimals, no trailing zeros, empty for none. */
export function formatHours(hours: number): string {
  if (hours === 0) return '';
  return String(Math.round(hours * 100) / 100);
}
