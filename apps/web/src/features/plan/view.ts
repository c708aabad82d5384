import type { Mission } from '@crewplan/domain/missions/mission';
import { preloadable, type Preloadable } from '../../lib/preloadable.tsx';

/** The plan tab of a mission: its date and timeline code loads on demand, or ahead of time when a URL opens it. */
export const PLAN_VIEW: Preloadable<{ mission: Mission }> = preloadable(() => import('./PlanTab.tsx').then((m) => m.PlanTab));
