import { api } from '../lib/api.ts';
import { queryClient } from '../lib/query-client.ts';
import { missionKeys } from '../features/missions/keys.ts';

/** The work views' code, by the `mission-tab` that shows them. */
const TAB_CHUNKS: Record<string, () => Promise<unknown>> = {
  board: () => import('../features/missions/board/BoardTab.tsx'),
  power: () => import('../features/missions/power/PowerTab.tsx'),
  gantt: () => import('../features/missions/gantt/GanttTab.tsx'),
  plan: () => import('../features/missions/plan/PlanTab.tsx'),
};

/**
 * A URL that opens a mission starts its data and its code loading while the workspace itself loads, instead of one
 * after the other (a 10,000-task mission is most of the wait).
 */
export function prefetchOpenMission(params: URLSearchParams): void {
  const missionId = params.get('mission');
  if (!missionId) return;
  void queryClient.prefetchQuery({
    queryKey: missionKeys.mission(missionId),
    queryFn: ({ signal }) => api(`/mission/${missionId}`, { signal }),
  });
  void import('../features/missions/MissionScreen.tsx');
  void TAB_CHUNKS[params.get('mission-tab') ?? '']?.();
}
