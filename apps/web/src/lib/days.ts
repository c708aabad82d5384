/** A calendar day 'YYYY-MM-DD' as '12 Mar 2026' (the day never moves with the time zone); '—' when missing. */
export function formatDay(value: string | null | undefined): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}/.test(value)) return '—';
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** An instant as the day it falls on where the reader is ('12 Mar 2026'). */
export function formatLocalDay(instant: string | Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(instant));
}
