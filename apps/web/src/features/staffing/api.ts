import { queryOptions } from '@tanstack/react-query';
import type { RecommendResponse } from '@crewplan/domain/staffing/staffing';
import { api } from '../../lib/api.ts';

/** Rows the screen shows for a role (the best first), each with its reasons. */
export const SHOWN_ROWS = 10;

/** `POST /ai/resource/org/:orgId/recommend` for one role, with reasons, as the role dialog asks it. */
export const recommendationsQuery = (orgId: string, missionPlanId: string) =>
  queryOptions({
    queryKey: ['staffing', orgId, 'recommend', missionPlanId],
    queryFn: ({ signal }) =>
      api<RecommendResponse>(`/ai/resource/org/${orgId}/recommend`, {
        method: 'POST',
        body: { rolesNeeded: [{ missionPlanId }], options: { explain: true, limit: SHOWN_ROWS } },
        signal,
      }),
    staleTime: 0,
    gcTime: 0,
  });

/** Ends the recommendation session (best effort: it ends by itself later). */
export const endSession = (sessionId: string) =>
  api(`/ai/resource/recommend/session/${sessionId}`, { method: 'DELETE' }).catch(() => undefined);
