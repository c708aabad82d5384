import { workspaceNotificationsQuery } from '../features/notifications/index.ts';
import { profileQuery } from '../lib/profile.ts';
import { queryClient } from '../lib/query-client.ts';
import { getToken } from '../lib/token.ts';

/**
 * The reads a signed-in workspace waits for (the profile and the notifications), settled before the app first draws,
 * so that it draws the workspace at once rather than its loader first and the workspace in a second pass: on a slow
 * phone that pass cost a commit, a layout and a paint before Home's greeting showed. Their answers are usually there
 * already, asked by `src/early-reads.js` while the app's code downloaded; until then the page says "Loading Crewplan…".
 * A read that fails is asked again by the screen, which shows the error as before.
 */
export function firstReads(): Promise<unknown> {
  if (!getToken()) return Promise.resolve();
  return Promise.allSettled([queryClient.prefetchQuery(profileQuery), queryClient.prefetchQuery(workspaceNotificationsQuery)]);
}
