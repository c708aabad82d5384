import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ActionItem } from '@crewplan/domain/tasks/tasks';
import type { BoardWorkspace } from '@crewplan/domain/board/board';
import type { MissionInviteAnswered, MissionInviteByToken } from '@crewplan/domain/team/team';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';

/** A task of `GET /action-item/my/items`, with its mission. */
export type MyItem = ActionItem & { mission: { _id: string; title: string; projectType: string } };

// Keys start with 'missions': a realtime mission or task change refreshes them with the missions area.
export const homeKeys = {
  myItems: ['missions', 'home', 'my-items'] as const,
  workspace: ['missions', 'board', 'workspace'] as const,
  myInvites: ['missions', 'invites', 'mine'] as const,
};

/** `GET /action-item/my/items`: the tasks assigned to me. */
export const myItemsQuery = queryOptions({
  queryKey: homeKeys.myItems,
  queryFn: ({ signal }) => api<{ items: MyItem[] }>('/action-item/my/items', { signal }).then((answer) => answer.items),
});
export const useMyItems = () => useQuery(myItemsQuery);

/** `GET /board/workspace`: the missions I manage, their tasks and people (for the person filter). */
export const workspaceQuery = queryOptions({
  queryKey: homeKeys.workspace,
  queryFn: ({ signal }) => api<BoardWorkspace>('/board/workspace', { signal }),
});
export const useWorkspace = () => useQuery(workspaceQuery);

/** `GET /mission-invite/mine`: my mission invites still to answer. */
export const myInvitesQuery = queryOptions({
  queryKey: homeKeys.myInvites,
  queryFn: ({ signal }) => api<{ invites: MissionInviteByToken[] }>('/mission-invite/mine', { signal }).then((answer) => answer.invites),
});
export const useMyInvites = () => useQuery(myInvitesQuery);

/** `PUT /mission-invite/:id/accept|reject`. */
export function useAnswerInvite() {
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'reject' }) =>
      api<MissionInviteAnswered>(`/mission-invite/${id}/${answer}`, { method: 'PUT' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['missions'] }),
  });
}

export type TaskChange = { status: 'done'; percentComplete: 100 } | { pinned: boolean };

/** `PUT /action-item/:id`: done from a tile, or my pin; shown at once, rolled back on failure. */
export function useChangeTask() {
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: TaskChange }) =>
      api<ActionItem>(`/action-item/${id}`, { method: 'PUT', body: change }),
    onMutate: async ({ id, change }) => {
      await queryClient.cancelQueries({ queryKey: homeKeys.myItems });
      await queryClient.cancelQueries({ queryKey: homeKeys.workspace });
      const mine = queryClient.getQueryData(homeKeys.myItems);
      const workspace = queryClient.getQueryData(homeKeys.workspace);
      const apply = <T extends ActionItem>(item: T): T => (item._id === id ? { ...item, ...change } : item);
      queryClient.setQueryData<MyItem[]>(homeKeys.myItems, (items) => items?.map(apply));
      queryClient.setQueryData<BoardWorkspace>(homeKeys.workspace, (answer) => answer && { ...answer, items: answer.items.map(apply) });
      return { mine, workspace };
    },
    onError: (_error, _input, saved) => {
      queryClient.setQueryData(homeKeys.myItems, saved?.mine);
      queryClient.setQueryData(homeKeys.workspace, saved?.workspace);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['missions'] }),
  });
}
