import { lazy } from 'react';

/** The resource planner's public entry: its screen loads on demand (drag and drop comes with it). */
export const PlannerScreen = lazy(() => import('./PlannerScreen.tsx').then((m) => ({ default: m.PlannerScreen })));
