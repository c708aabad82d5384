import type { Mission } from '@crewplan/domain/missions/mission';
import { preloadable, type Preloadable } from '../../lib/preloadable.tsx';

/**
 * The work views of a mission, by their `mission-tab`: their code (the gantt library, the boards) stays out of the
 * mission's first chunk and loads on demand, or ahead of time when a URL opens a mission on one of them.
 */
export const MISSION_VIEWS: Record<'board' | 'power' | 'gantt' | 'plan', Preloadable<{ mission: Mission }>> = {
  board: preloadable(() => import('./board/BoardTab.tsx').then((m) => m.BoardTab)),
  power: preloadable(() => import('./power/PowerTab.tsx').then((m) => m.PowerTab)),
  gantt: preloadable(() => import('./gantt/GanttTab.tsx').then((m) => m.GanttTab)),
  plan: preloadable(() => import('./plan/PlanTab.tsx').then((m) => m.PlanTab)),
};

/** Starts loading the code of the view a `mission-tab` shows (nothing for the tabs in the mission's own chunk). */
export function preloadMissionView(tab: string | null): void {
  if (tab && tab in MISSION_VIEWS) void MISSION_VIEWS[tab as keyof typeof MISSION_VIEWS].preload();
}
