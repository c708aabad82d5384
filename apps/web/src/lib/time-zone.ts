import { isTimeZone } from '@crewplan/domain/shared/days';
import { useProfile } from './profile.ts';

let browserZone: string | undefined;
/** The browser's own time zone (an IANA name), asked once: asking builds a formatter, and screens ask on every render. */
export const browserTimeZone = (): string => (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The zone "today" is judged in (overdue tasks, the current week): the person's own when their profile names a known one, else the browser's. */
export const timeZoneOf = (profileZone: string | null | undefined): string => (isTimeZone(profileZone) ? profileZone : browserTimeZone());

/** The signed-in person's time zone, for the domain's day rules. */
export function useTimeZone(): string {
  const { data: profile } = useProfile();
  return timeZoneOf(profile?.timezone);
}
