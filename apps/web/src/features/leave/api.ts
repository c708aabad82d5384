import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { LeaveImpact, LeaveRequestView, MyLeave, OrgLeaveList } from '@crewplan/domain/leave/leave';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';

export type { LeaveImpact, LeaveRequestView, MyLeave, OrgLeaveList };
export type ReviewList = { requests: LeaveRequestView[]; impact: LeaveImpact[]; badge: number };

/** Every query here starts with 'leave': a change of a request refreshes them all. */
export const LEAVE_ROOT = 'leave';

export const myLeaveQuery = (year: number) =>
  queryOptions({
    queryKey: [LEAVE_ROOT, 'mine', year],
    queryFn: ({ signal }) => api<MyLeave>(`/people-leave/list/user?year=${year}`, { signal }),
  });

export const reviewQuery = queryOptions({
  queryKey: [LEAVE_ROOT, 'project-manager'],
  queryFn: ({ signal }) => api<ReviewList>('/people-leave/list/project-manager', { signal }),
});

export const orgLeaveQuery = (orgId: string, year: number) =>
  queryOptions({
    queryKey: [LEAVE_ROOT, 'org', orgId, year],
    queryFn: ({ signal }) => api<OrgLeaveList>(`/people-leave/list/org/${orgId}?year=${year}`, { signal }),
  });

const refresh = () => queryClient.invalidateQueries({ queryKey: [LEAVE_ROOT] });

export type NewLeave = {
  orgId: string;
  reason: string;
  dates: { from: string; to: string }[];
  hours?: { date: string; hours: number }[];
  comment?: string;
  submit: boolean;
};

export const useCreateLeave = () =>
  useMutation({
    mutationFn: ({ orgId, submit, ...body }: NewLeave) =>
      api<LeaveRequestView>(`/people-leave/create/${submit ? 'submit/' : ''}${orgId}`, { method: 'POST', body }),
    onSettled: refresh,
  });

export type LeaveActionPath = 'submit' | 'approve' | 'approve/final' | 'reject' | 'reject/final' | 'cancel';

export const useLeaveAction = () =>
  useMutation({
    mutationFn: ({ path, ids, comment }: { path: LeaveActionPath; ids: string[]; comment?: string }) =>
      api<{ requests: LeaveRequestView[] }>(`/people-leave/action/${path}`, {
        method: 'PUT',
        body: { leaveIds: ids, payload: comment ? { comment } : {} },
      }),
    onSettled: refresh,
  });

export const useDeleteLeave = () =>
  useMutation({
    mutationFn: (id: string) => api(`/people-leave/action/delete/${id}`, { method: 'DELETE' }),
    onSettled: refresh,
  });

export const useMyLeave = (year: number) => useQuery(myLeaveQuery(year));
export const useReviewLeave = () => useQuery(reviewQuery);
export const useOrgLeave = (orgId: string, year: number) => useQuery(orgLeaveQuery(orgId, year));
