import { api } from '../lib/api.ts';
import { queryClient } from '../lib/query-client.ts';
import { getToken } from '../lib/token.ts';
import { missionKeys } from '../lib/mission-keys.ts';
import { preloadMissionView, tabOfPart } from '../features/missions/index.ts';

/**
 * A URL that opens a mission starts its data and its code loading while the workspace itself loads, instead of one
 * after the other (a 10,000-task mission is most of the wait). Calling it again while they load changes nothing.
 */
export function prefetchOpenMission(params: URLSearchParams): void {
  const missionId = params.get('mission');
  if (!missionId || !getToken()) return;
  void queryClient.prefetchQuery({
    queryKey: missionKeys.mission(missionId),
    queryFn: ({ signal }) => api(`/mission/${missionId}`, { signal }),
  });
  void import('../features/missions/MissionScreen.tsx');
  // a part named without its tab (`budget-bar`, `powerTab`) opens that tab too
  preloadMissionView(params.get('mission-tab') ?? tabOfPart(params));
}

// As soon as the app's code runs, before React draws anything or asks for the profile.
if (typeof window !== 'undefined') prefetchOpenMission(new URLSearchParams(window.location.search));
