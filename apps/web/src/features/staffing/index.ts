import { lazy } from 'react';

/**
 * Staffing help: the recommendation rows where a role is given a person (availability, leave conflict and fit per
 * person, and why). The rows load on demand, in their own chunk.
 */
export const RoleRecommendations = lazy(() => import('./RoleRecommendations.tsx').then((m) => ({ default: m.RoleRecommendations })));
