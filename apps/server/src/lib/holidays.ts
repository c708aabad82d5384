import Holidays from 'date-holidays';
import type { IsHoliday } from '@crewplan/domain';

export type PublicHoliday = { date: string; name: string };

const cache = new Map<string, PublicHoliday[]>();

/**
 * Rule 216: the public holidays of a country in a year, from the offline tables of `date-holidays`: only global
 * (public) holidays, no regional or observance days. A lookup that fails (an unknown country, a broken table) is
 * tolerated: no holidays, no message.
 */
export function publicHolidays(country: string | null | undefined, year: number): PublicHoliday[] {
  if (!country) return [];
  const key = `${country}:${year}`;
  const known = cache.get(key);
  if (known) return known;
  let list: PublicHoliday[] = [];
  try {
    const holidays = new Holidays(country, { types: ['public'] });
    const found = holidays.getHolidays(year) || [];
    const days = new Map<string, string>();
    for (const holiday of found)
      if (holiday.type === 'public' && !days.has(holiday.date.slice(0, 10))) days.set(holiday.date.slice(0, 10), holiday.name);
    list = [...days].map(([date, name]) => ({ date, name })).sort((a, b) => a.date.localeCompare(b.date));
  } catch {
    list = [];
  }
  cache.set(key, list);
  return list;
}

/** The lookup the domain's rules take (rule 213): whether a day is a public holiday of the country. */
export function holidayLookup(country: string | null | undefined): IsHoliday {
  if (!country) return () => false;
  return (day) => publicHolidays(country, Number(day.slice(0, 4))).some((holiday) => holiday.date === day);
}

let countries: { code: string; name: string }[] | null = null;

/** The countries whose public holidays the library knows, by name (English), for the organisation's holiday setting. */
export function holidayCountries(): { code: string; name: string }[] {
  countries ??= Object.entries(new Holidays().getCountries('en'))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return countries;
}

/** Whether the library knows the public holidays of a country (its two-letter code). */
export const isHolidayCountry = (code: string) => holidayCountries().some((country) => country.code === code);
