import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Mission, MissionUpdate, MissionUpdated } from '@crewplan/domain/missions/mission';
import type { CostTrackerRow, MoneyActual, MoneyReport } from '@crewplan/domain/money/report';
import type { Timesheet } from '@crewplan/domain/time/time';
import { api } from '../../lib/api.ts';
import { missionKeys } from '../../lib/mission-keys.ts';
import { missionQuery } from '../../lib/mission-query.ts';
import { queryClient } from '../../lib/query-client.ts';

export type { CostTrackerRow, Mission, MoneyActual, MoneyReport, Timesheet };
export { missionQuery };

/** Every read of one mission's money report, in any currency: what a change of its plan makes stale. */
export const missionMoneyKey = (missionId: string) => ['missions', 'money', 'mission', missionId] as const;

// Money queries live under the missions area: a change heard on a mission (its plan, rates, budget) refreshes them.
const moneyKeys = {
  all: ['missions', 'money'] as const,
  mission: (missionId: string, currency: string | null) => [...missionMoneyKey(missionId), currency ?? 'own'] as const,
  actuals: (missionId: string, filter: ActualsFilter) => ['missions', 'money', 'actuals', missionId, filter] as const,
  costTracker: ['missions', 'money', 'cost-tracker'] as const,
  org: (orgId: string, programId: string | null, currency: string | null) =>
    ['missions', 'money', 'org', orgId, programId ?? 'portfolio', currency ?? 'own'] as const,
};

const query = (params: Record<string, string | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** `GET /money/mission/:id`: plan vs actual per role and month, earned value and burn, in `currency` (else the mission's). */
export const missionMoneyQuery = (missionId: string, currency: string | null) =>
  queryOptions({
    queryKey: moneyKeys.mission(missionId, currency),
    queryFn: ({ signal }) => api<MoneyReport>(`/money/mission/${missionId}${query({ currency })}`, { signal }),
    retry: false,
  });

export type ActualsFilter = { planItemId: string | null; month: string | null; currency: string | null };

/** `GET /money/mission/:id/actuals`: the approved weeks and counted expenses behind one figure. */
export const actualsQuery = (missionId: string, filter: ActualsFilter) =>
  queryOptions({
    queryKey: moneyKeys.actuals(missionId, filter),
    queryFn: ({ signal }) => api<MoneyActual[]>(`/money/mission/${missionId}/actuals${query(filter)}`, { signal }),
    retry: false,
  });

/** `GET /money/project-manager/cost-tracker`: the missions I manage, riskiest first. */
export const costTrackerQuery = queryOptions({
  queryKey: moneyKeys.costTracker,
  queryFn: ({ signal }) => api<CostTrackerRow[]>('/money/project-manager/cost-tracker', { signal }),
});

/** `GET /money/org/:orgId/report`: one program, or the portfolio of every mission of the organisation. */
export const orgMoneyQuery = (orgId: string, programId: string | null, currency: string | null) =>
  queryOptions({
    queryKey: moneyKeys.org(orgId, programId, currency),
    queryFn: ({ signal }) => api<MoneyReport>(`/money/org/${orgId}/report${query({ programId, currency })}`, { signal }),
    retry: false,
  });

/** `GET /timesheet/mission/:id`: the mission's weeks (under 'timesheets', so a week decided elsewhere refreshes it). */
export const missionTimesheetsQuery = (missionId: string) =>
  queryOptions({
    queryKey: ['timesheets', 'mission', missionId],
    queryFn: ({ signal }) => api<Timesheet[]>(`/timesheet/mission/${missionId}`, { signal }),
  });

export const useCostTracker = () => useQuery(costTrackerQuery);

/** The budget set-up's fields of `PUT /mission/:id`. */
export type BudgetUpdate = Required<
  Pick<MissionUpdate, 'currency' | 'budgetAvailable' | 'notBillable' | 'billUsingMilestones' | 'noTimesheets'>
>;

export function useSaveBudget(missionId: string) {
  return useMutation({
    mutationFn: (update: BudgetUpdate) => api<MissionUpdated>(`/mission/${missionId}`, { method: 'PUT', body: update }),
    // the answer of an update leaves the tasks out: the mission is read again rather than replaced by it
    onSuccess: () => queryClient.invalidateQueries({ queryKey: missionKeys.all }),
  });
}
