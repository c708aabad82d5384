/** How file sizes, storage and upload times read (spec 3 §2 File viewer, §9). */

const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', DAY_MS],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/** The calendar fields of a moment in a time zone (the viewer's own when none is given). */
function partsOf(at: Date, timeZone?: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return { year: value('year'), month: value('month'), day: value('day'), hour: value('hour'), minute: value('minute') };
}

/** A moment as 'MMM d, yyyy h:mm a', for instance 'Mar 5, 2026 3:07 PM'. */
export function formatUploadDate(at: Date, timeZone?: string): string {
  const { year, month, day, hour, minute } = partsOf(at, timeZone);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${MONTHS[month - 1]} ${day}, ${year} ${hour12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * When a file was uploaded: relative ('5 minutes ago', 'yesterday', '3 days ago') within 6 days of now, else the date
 * as 'MMM d, yyyy h:mm a'. Anything under a minute old is 'just now'.
 */
export function uploadTimeLabel(createdAt: Date | string, now: Date = new Date(), timeZone?: string): string {
  const at = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  const age = now.getTime() - at.getTime();
  if (age < 0 || age > 6 * DAY_MS) return formatUploadDate(at, timeZone);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (age >= size) return format.format(-Math.floor(age / size), unit);
  }
  return 'just now';
}

/** A size in bytes for people, decimal units: '512 B', '1.5 KB', '25 MB', '1.2 GB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  const shown = (value: number) => (value >= 100 ? Math.round(value) : Number(value.toFixed(1)));
  let value = bytes / 1000;
  let unit = 0;
  // the value as shown decides: 999,999 bytes rounds to 1000 KB, which reads as 1 MB
  while (shown(value) >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${shown(value)} ${units[unit]}`;
}

/** Storage used, in gigabytes with a decimal base (spec 3 §9): 1,500,000,000 bytes is '1.5 GB'. */
export function formatStorageGb(bytes: number): string {
  const gb = bytes / 1e9;
  return `${gb === 0 ? 0 : Number(gb.toFixed(gb < 0.01 ? 3 : 2))} GB`;
}
