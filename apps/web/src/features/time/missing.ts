import { useQuery } from '@tanstack/react-query';
import { mondayOf } from '@crewplan/domain/missions/dates';
import { myTimesheetsQuery, timeTrackingOrgsQuery } from './api.ts';
import { asksWhereTimeIsKept, timeTrackingOpen, type MemberOrgFacts } from './eligibility.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { listFrom, localToday } from './week.ts';

/** The count on the my-timesheets button: weeks of my roles missing over the last three weeks (rule 178). */
export function useMissingTimesheetCount(enabled: boolean): number {
  const timeZone = useTimeZone();
  const today = localToday(timeZone);
  const monday = mondayOf(today);
  const query = useQuery({ ...myTimesheetsQuery(listFrom(monday, today), monday), enabled });
  return query.data?.missing.length ?? 0;
}

/**
 * Whether "My timesheets" opens for the person (`timeTrackingOpen`): the server is asked only when no organisation of
 * theirs holds a licence (a team member invited from outside keeps weeks on the projects they work on).
 */
export function useTimeTrackingOpen(memberOrgs: MemberOrgFacts | undefined): boolean {
  const query = useQuery({ ...timeTrackingOrgsQuery, enabled: asksWhereTimeIsKept(memberOrgs) });
  return timeTrackingOpen(memberOrgs, query.data);
}
