import { unreadCountQuery, workspaceNotificationsQuery } from '../features/notifications/index.ts';
// not through Home's index: that would bring Home's screen into the first chunk, which it stays out of
import { startHomeReads } from '../features/home/first-reads.ts';
import { healthQuery } from '../lib/health.ts';
import { missionTreeQuery } from '../lib/mission-tree.ts';
import { myOrgsQuery } from '../lib/org-query.ts';
import { profileQuery } from '../lib/profile.ts';
import { queryClient } from '../lib/query-client.ts';
import { timeZoneOf } from '../lib/time-zone.ts';
import { getToken } from '../lib/token.ts';

/**
 * The reads of a signed-in visit's first screen, asked before the app first draws.
 *
 * The workspace waits for the profile and the notifications: they settle first, so that the app draws the workspace
 * at once rather than its loader first and the workspace in a second pass (on a slow phone that pass cost a commit, a
 * layout and a paint before Home's greeting showed). Their answers are usually there already, asked by
 * `src/early-reads.js` while the app's code downloaded; until then the page says "Loading Crewplan…".
 *
 * The header's reads (missions, organisations, unread count, version) and Home's are started, not waited for. A query
 * whose read starts when its screen mounts changes under React as it subscribes, and React draws that screen a second
 * time, at once, inside the task that first showed it: on Home that was a third of its longest task.
 *
 * A read that fails is asked again by the screen, which shows the error as before.
 */
export function firstReads(): Promise<unknown> {
  if (!getToken()) return Promise.resolve();
  void queryClient.prefetchQuery(missionTreeQuery({ isActive: true }));
  void queryClient.prefetchQuery(myOrgsQuery);
  void queryClient.prefetchQuery(unreadCountQuery);
  void queryClient.prefetchQuery(healthQuery);
  const onHome = ['/', '/home'].includes(window.location.pathname);
  const profile = queryClient.prefetchQuery(profileQuery).then(() => {
    if (onHome) startHomeReads(timeZoneOf(queryClient.getQueryData(profileQuery.queryKey)?.timezone));
  });
  return Promise.allSettled([profile, queryClient.prefetchQuery(workspaceNotificationsQuery)]);
}
