import { dayIn } from '@crewplan/domain/shared/days';
import { queryClient } from '../../lib/query-client.ts';
import { myInvitesQuery, suggestionsQuery } from './api.ts';

/** Starts the reads Home draws its first screen from (the day's suggestions and my invites), for `timeZone`'s today. */
export function startHomeReads(timeZone: string): void {
  void queryClient.prefetchQuery(suggestionsQuery(dayIn(new Date(), timeZone)));
  void queryClient.prefetchQuery(myInvitesQuery);
}
