import { formatDay } from '../../lib/days.ts';

/** A day (YYYY-MM-DD, or an instant) as '25 Nov 2026'; '' when it does not parse. */
export const dayText = (value: string | null) => formatDay(value, '');

/** A size in bytes as '12 KB', '3.4 MB'. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** Mission status labels. */
export const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  open: 'Open',
  planning: 'Planning',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
