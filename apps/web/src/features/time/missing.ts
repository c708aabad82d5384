import { useQuery } from '@tanstack/react-query';
import { mondayOf } from '@crewplan/domain/missions/dates';
import { myTimesheetsQuery } from './api.ts';
import { listFrom, localToday } from './week.ts';

/** The count on the my-timesheets button: weeks of my roles missing over the last three weeks (rule 178). */
export function useMissingTimesheetCount(enabled: boolean): number {
  const today = localToday();
  const monday = mondayOf(today);
  const query = useQuery({ ...myTimesheetsQuery(listFrom(monday, today), monday), enabled });
  return query.data?.missing.length ?? 0;
}
