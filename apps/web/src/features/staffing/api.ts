import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RecommendResponse, WeeklyPlot, WhatIfBody, WhatIfResponse } from '@crewplan/domain/staffing/staffing';
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

/** `POST /ai/weekly-plot`: the mission's planned, available and leave hours per week (its own dates unless given). */
export const weeklyPlotQuery = (missionId: string, range: { from?: string; to?: string }) =>
  queryOptions({
    queryKey: ['staffing', 'weekly-plot', missionId, range.from ?? null, range.to ?? null],
    queryFn: ({ signal }) => api<WeeklyPlot>('/ai/weekly-plot', { method: 'POST', body: { missionId, ...range }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** `POST /ai/what-if`: loads and finish if the mission moves or roles change hands (nothing is saved). */
export const askWhatIf = (body: WhatIfBody) => api<WhatIfResponse>('/ai/what-if', { method: 'POST', body: { ...body } });
