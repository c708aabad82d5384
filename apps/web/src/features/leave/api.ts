import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { HolidayCountries, LeaveBadges, LeaveImpact, LeaveRequestView, MyLeave, OrgLeaveList } from '@crewplan/domain/leave/leave';
import type { LeaveCode } from '@crewplan/domain/org/settings';
import { api } from '../../lib/api.ts';
import { orgQuery } from '../../lib/org-query.ts';
import { queryClient } from '../../lib/query-client.ts';
import { uploadWithProgress } from '../../lib/upload.ts';

export type { LeaveImpact, LeaveRequestView, MyLeave, OrgLeaveList };
export type LeaveAttachment = LeaveRequestView['attachments'][number];
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

/** Rule 230: the Leaves badges, on the board and per organisation whose leave I approve (the server's clock). */
export const leaveBadgesQuery = queryOptions({
  queryKey: [LEAVE_ROOT, 'badge'],
  queryFn: ({ signal }) => api<LeaveBadges>('/people-leave/badge', { signal }),
});

/** The countries whose public holidays are known; they do not change while the app runs. */
export const holidayCountriesQuery = queryOptions({
  queryKey: ['holiday-countries'],
  queryFn: ({ signal }) => api<HolidayCountries>('/people-leave/holiday-countries', { signal }),
  staleTime: Infinity,
});

const refresh = () => queryClient.invalidateQueries({ queryKey: [LEAVE_ROOT] });

/** Attaches files to a request (`POST /people-leave/attachment/leave/:id`), telling `onProgress` the share sent. */
export async function attachToLeave(leaveId: string, files: readonly File[], onProgress?: (share: number) => void) {
  try {
    return await uploadWithProgress<{ attachments: LeaveAttachment[] }>(`/people-leave/attachment/leave/${leaveId}`, files, onProgress);
  } finally {
    void refresh();
  }
}

export const useRemoveAttachment = () =>
  useMutation({
    mutationFn: ({ leaveId, fileId }: { leaveId: string; fileId: string }) =>
      api(`/people-leave/attachment/leave/${leaveId}/file/${fileId}`, { method: 'DELETE' }),
    onSettled: refresh,
  });

export type NewLeave = {
  orgId: string;
  reason: string;
  dates: { from: string; to: string }[];
  hours?: { date: string; hours: number }[];
  comment?: string;
  submit: boolean;
};

/** A new request, then its files (a request takes files in any status); the request stays when a file is refused. */
export const useCreateLeave = () =>
  useMutation({
    mutationFn: async ({ orgId, submit, files = [], ...body }: NewLeave & { files?: File[] }) => {
      const created = await api<LeaveRequestView>(`/people-leave/create/${submit ? 'submit/' : ''}${orgId}`, { method: 'POST', body });
      if (files.length === 0) return { created, attachError: null };
      try {
        await attachToLeave(created._id, files);
        return { created, attachError: null };
      } catch (error) {
        return { created, attachError: error };
      }
    },
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
export const useLeaveBadges = (enabled = true) => useQuery({ ...leaveBadgesQuery, enabled });
export const useHolidayCountries = () => useQuery(holidayCountriesQuery);

/** The organisation's leave settings, saved with its other settings (`PUT /org/:id`). */
export type LeaveSettingsValues = {
  holidayCountryCode: string | null;
  daysPerWeek: number;
  carryOverAnnualLeaveCutOff: string | null;
  carryOverAnnualLeaveAmount: number | null;
  carryOverAnnualLeaveFx: 'percent' | 'fixed';
  leaveCodes: LeaveCode[];
};

export const useSaveLeaveSettings = (orgId: string) =>
  useMutation({
    mutationFn: (values: LeaveSettingsValues & { updatedAt: string }) => api(`/org/${orgId}`, { method: 'PUT', body: values }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: orgQuery(orgId).queryKey }), refresh()]),
  });
