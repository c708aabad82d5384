import { lazy } from 'react';

/**
 * Staffing help: the recommendation rows where a role is given a person (availability, leave conflict and fit per
 * person, and why), and a mission's staffing outlook (weekly hours and what-if). Both load on demand, in their own
 * chunks.
 */
export const RoleRecommendations = lazy(() => import('./RoleRecommendations.tsx').then((m) => ({ default: m.RoleRecommendations })));
export const StaffingOutlook = lazy(() => import('./StaffingOutlook.tsx').then((m) => ({ default: m.StaffingOutlook })));
export { offersOutlook } from './outlook-rules.ts';
