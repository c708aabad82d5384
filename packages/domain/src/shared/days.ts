/**
 * Calendar days of instants: which day it is depends on where the person is, so the time zone (an IANA name such
 * as 'Europe/Berlin') is always a parameter, never the machine's own.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether `name` is a time zone this runtime knows ('Europe/Berlin', 'UTC'); a wrong name would throw in `dayIn`. */
export function isTimeZone(name: string | null | undefined): name is string {
  if (!name) return false;
  try {
    formatIn(name);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day ('YYYY-MM-DD') that `instant` falls on in `timeZone`. */
export function dayIn(instant: Date, timeZone: string): string {
  const parts = formatIn(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}
