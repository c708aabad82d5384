import { queryOptions, useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Suggestions, TaskMasterPage } from '@crewplan/domain/home/home';
import type { TaskMasterFilters } from '@crewplan/domain/home/task-master';
import type { ActionItem } from '@crewplan/domain/tasks/tasks';
import type { MissionInviteAnswered, MissionInviteByToken } from '@crewplan/domain/team/team';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';

/** Work AI's cards and Do AI's list come from one answer: the day's heaviest tasks, up to Do AI's 10. */
export const SUGGESTIONS = 10;
/** Task master rows fetched at a time. */
export const TASK_MASTER_PAGE = 100;

// Keys start with 'missions': a realtime mission or task change refreshes them with the missions area.
export const homeKeys = {
  all: ['missions', 'home'] as const,
  suggestions: (today: string) => ['missions', 'home', 'suggestions', today] as const,
  taskMaster: ['missions', 'home', 'task-master'] as const,
  taskMasterPage: (filters: TaskMasterFilters, page: number) => ['missions', 'home', 'task-master', filters, page] as const,
  myInvites: ['missions', 'invites', 'mine'] as const,
};

/** `GET /action-item/my/suggestions`: my heaviest tasks of `today`, and the missions whose changes refresh Home. */
export const suggestionsQuery = (today: string) =>
  queryOptions({
    queryKey: homeKeys.suggestions(today),
    queryFn: ({ signal }) => api<Suggestions>(`/action-item/my/suggestions?today=${today}&limit=${SUGGESTIONS}`, { signal }),
  });
export const useSuggestions = (today: string) => useQuery(suggestionsQuery(today));

/**
 * `GET /action-item/my/task-master`: one page of the grid with the groups' counts. Other filters are another answer:
 * while it loads the grid says so, rather than showing the tasks of the filters just left.
 */
export const taskMasterPageQuery = (filters: TaskMasterFilters, page: number) =>
  queryOptions({
    queryKey: homeKeys.taskMasterPage(filters, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        projectStatus: filters.projectStatus,
        show: filters.show,
        offset: String(page * TASK_MASTER_PAGE),
        limit: String(TASK_MASTER_PAGE),
      });
      if (filters.person) params.set('person', filters.person);
      return api<TaskMasterPage>(`/action-item/my/task-master?${params.toString()}`, { signal });
    },
  });

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

/** `PUT /action-item/:id`: done from a tile, or my pin; shown at once in every answer of Home, rolled back on failure. */
export function useChangeTask() {
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: TaskChange }) =>
      api<ActionItem>(`/action-item/${id}`, { method: 'PUT', body: change }),
    onMutate: async ({ id, change }) => {
      await queryClient.cancelQueries({ queryKey: homeKeys.all });
      const saved: [QueryKey, unknown][] = queryClient.getQueriesData({ queryKey: homeKeys.all });
      const apply = <T extends { _id: string }>(item: T): T => (item._id === id ? { ...item, ...change } : item);
      queryClient.setQueriesData<Suggestions>(
        { queryKey: [...homeKeys.all, 'suggestions'] },
        (answer) => answer && { ...answer, suggestions: answer.suggestions.map((entry) => ({ ...entry, item: apply(entry.item) })) },
      );
      queryClient.setQueriesData<TaskMasterPage>(
        { queryKey: homeKeys.taskMaster },
        (page) => page && { ...page, items: page.items.map(apply) },
      );
      return { saved };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.saved ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['missions'] }),
  });
}
