import type { Mission } from '@crewplan/domain/missions/mission';
import { preloadable, type Preloadable } from '../../lib/preloadable.tsx';

/**
 * The task views of a mission, by their `mission-tab`: their code (the gantt library, the boards) stays out of the
 * mission's first chunk and loads on demand, or ahead of time when a URL opens a mission on one of them.
 */
export const TASK_VIEWS: Record<'board' | 'power' | 'gantt', Preloadable<{ mission: Mission }>> = {
  board: preloadable(() => import('./board/BoardTab.tsx').then((m) => m.BoardTab)),
  power: preloadable(() => import('./power/PowerTab.tsx').then((m) => m.PowerTab)),
  gantt: preloadable(() => import('./gantt/GanttTab.tsx').then((m) => m.GanttTab)),
};
