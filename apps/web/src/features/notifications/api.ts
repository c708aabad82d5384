import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@crewplan/domain/notifications/notifications';
import { pinnedItems } from '@crewplan/domain/notifications/rules';
import type { ActionItem } from '@crewplan/domain/tasks/tasks';
import type { MissionInviteByToken } from '@crewplan/domain/team/team';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import type { PanelTab } from './notification-rules.ts';
import { serverViewOf } from './notification-rules.ts';

export type { Notification, NotificationList };

/** Every key starts with 'notifications': a change in the person's realtime room refreshes them all. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (tab: PanelTab) => ['notifications', 'list', tab] as const,
  unread: ['notifications', 'unread'] as const,
  task: (id: string) => ['notifications', 'task', id] as const,
  missionInvites: ['notifications', 'mission-invites'] as const,
};

/** `GET /notification` (narrowed to a tab's view): newest first, with when the panel was last opened. */
export const notificationListQuery = (tab: PanelTab = 'all') =>
  queryOptions({
    queryKey: notificationKeys.list(tab),
    queryFn: ({ signal }) => {
      const view = serverViewOf(tab);
      return api<NotificationList>(`/notification${view ? `?view=${view}` : ''}`, { signal });
    },
  });

/** `GET /notification/unread/count`: the bell's badge. */
export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: ({ signal }) => api<{ count: number }>('/notification/unread/count', { signal }),
  select: (data) => data.count,
});

export type PinnedItem = ActionItem & { mission: { _id: string; title: string; projectType: string } };

/** The pinned view: the tasks I pinned (the server keeps only those of my assigned tasks), refreshed with task changes. */
export const pinnedItemsQuery = queryOptions({
  queryKey: ['missions', 'my-items', 'pinned'] as const,
  queryFn: ({ signal }) => api<{ items: PinnedItem[] }>('/action-item/my/items?pinned=true', { signal }),
  select: (data) => pinnedItems(data.items),
});

/** Whether a task still exists (a thread whose task is gone shows the spec's text). */
export const taskExistsQuery = (actionItemId: string) =>
  queryOptions({
    queryKey: notificationKeys.task(actionItemId),
    queryFn: async ({ signal }) => {
      try {
        await api<ActionItem>(`/action-item/${actionItemId}`, { signal });
        return true;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return false;
        throw error;
      }
    },
    retry: false,
  });

/** My mission invites still to answer (the invite notice finds its invite there). */
export const myMissionInvitesQuery = queryOptions({
  queryKey: notificationKeys.missionInvites,
  queryFn: ({ signal }) => api<{ invites: MissionInviteByToken[] }>('/mission-invite/mine', { signal }),
});

const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });

export function useMarkRead() {
  return useMutation({
    mutationFn: (notificationId: string) => api<{ updated: number }>('/notification/read', { method: 'PUT', body: { notificationId } }),
    onSettled: refresh,
  });
}

export function useMarkAllRead() {
  return useMutation({
    mutationFn: () => api<{ updated: number }>('/notification/read', { method: 'PUT', body: { all: true } }),
    onSettled: refresh,
  });
}

export function useDisableNotification() {
  return useMutation({
    mutationFn: (id: string) => api<{ updated: number }>(`/notification/disable/${id}`, { method: 'PUT' }),
    onSettled: refresh,
  });
}

/** `PUT /notification/user/read`: the panel was opened now. */
export function markPanelOpened(): Promise<{ seenAt: string }> {
  return api<{ seenAt: string }>('/notification/user/read', { method: 'PUT' });
}

/** Answers a mission or organisation invite by its id. */
export function answerInvite(kind: 'invite' | 'orgInvite', inviteId: string, answer: 'accept' | 'reject'): Promise<unknown> {
  const base = kind === 'invite' ? '/mission-invite' : '/org-invite';
  return api<unknown>(`${base}/${inviteId}/${answer}`, { method: 'PUT' });
}

/** The notifications the workspace waits for before it draws (rule 260). */
export const workspaceNotificationsQuery = { ...notificationListQuery('all'), retry: 1 };

/** True while the first list of notifications loads (the shell's loader waits for it, rule 260). */
export function useNotificationsLoading(): boolean {
  return useQuery(workspaceNotificationsQuery).isPending;
}

/** Approves or rejects a role request from its notification (`PUT /mission-plan/request/:id/approve|reject`). */
export function useDecideRoleRequest() {
  return useMutation({
    mutationFn: (input: { planItemId: string; decision: 'approve' | 'reject'; context: 'pm' | 'org'; reason?: string }) =>
      api<unknown>(`/mission-plan/request/${input.planItemId}/${input.decision}`, {
        method: 'PUT',
        body: { context: input.context, ...(input.reason ? { reason: input.reason } : {}) },
      }),
    // the plan of an open mission shows the decision through its realtime room; the bell gets the requester's notice
    onSettled: refresh,
  });
}
