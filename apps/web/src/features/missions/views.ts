import type { Mission } from '@crewplan/domain/missions/mission';
import type { Preloadable } from '../../lib/preloadable.tsx';
import { PLAN_VIEW } from '../plan/index.ts';
import { TASK_VIEWS } from '../tasks/index.ts';

/**
 * The work views of a mission, by their `mission-tab`: each loads on demand (see the tasks' and the plan's own views),
 * or ahead of time when a URL opens a mission on one of them.
 */
export const MISSION_VIEWS: Record<'board' | 'power' | 'gantt' | 'plan', Preloadable<{ mission: Mission }>> = {
  ...TASK_VIEWS,
  plan: PLAN_VIEW,
};

/** Starts loading the code of the view a `mission-tab` shows (nothing for the tabs in the mission's own chunk). */
export function preloadMissionView(tab: string | null): void {
  if (tab && tab in MISSION_VIEWS) void MISSION_VIEWS[tab as keyof typeof MISSION_VIEWS].preload();
}
