// One formatter each, made once: making one per call took a tenth of Home's first render on a slow phone (a task card
// names its day, and there are dozens).
const utcDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const localDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** A calendar day 'YYYY-MM-DD' (or an instant's day as written) as '12 Mar 2026'; `missing` when it does not parse. */
export function formatDay(value: string | null | undefined, missing = '—'): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}/.test(value)) return missing;
  return utcDay.format(new Date(`${value.slice(0, 10)}T00:00:00Z`));
}

/** An instant as the day it falls on where the reader is ('12 Mar 2026'). */
export function formatLocalDay(instant: string | Date): string {
  return localDay.format(new Date(instant));
}
