import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CommentDto, CommentList } from '@crewplan/domain/comments/comments';
import type { Mission } from '@crewplan/domain/missions/mission';
import type { ActionItem } from '@crewplan/domain/tasks/tasks';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';

export type { CommentDto, CommentList };

// Keys start with 'comments': a realtime change on a chat room refreshes them.
export const commentKeys = {
  task: (actionItemId: string) => ['comments', 'ActionItem', actionItemId] as const,
};

/** `GET /action-item/:id/comment`: every message of a task (its team chat and its subtasks' chats), oldest first. */
export const taskCommentsQuery = (actionItemId: string) =>
  queryOptions({
    queryKey: commentKeys.task(actionItemId),
    queryFn: ({ signal }) => api<CommentList>(`/action-item/${actionItemId}/comment`, { signal }),
  });
export const useTaskComments = (actionItemId: string) => useQuery(taskCommentsQuery(actionItemId));

/**
 * `GET /action-item/:id` (the task with its checklist) and `GET /mission/:id` (its team, for mentions), under the keys
 * the task screen already reads them with, so the chat adds no request of its own.
 */
export const chatTaskQuery = (actionItemId: string) =>
  queryOptions({
    queryKey: ['missions', 'action-item', actionItemId] as const,
    queryFn: ({ signal }) => api<ActionItem>(`/action-item/${actionItemId}`, { signal }),
    retry: false,
  });
export const chatMissionQuery = (missionId: string) =>
  queryOptions({
    queryKey: ['missions', 'one', missionId] as const,
    queryFn: ({ signal }) => api<Mission>(`/mission/${missionId}`, { signal }),
    structuralSharing: false,
  });
export const useChatTask = (actionItemId: string) => useQuery(chatTaskQuery(actionItemId));
export const useChatTeam = (missionId: string) =>
  useQuery({
    ...chatMissionQuery(missionId),
    select: (mission: Mission) =>
      mission.people.map((person) => ({
        personId: person.ref._id,
        name: `${person.ref.firstName} ${person.ref.lastName}`.trim() || person.email,
        permission: person.permission,
        invitePending: person.invitePending,
      })),
  });

export type NewComment = { text: string; mentions: string[]; topic: string | null; replyTo: string | null };

/** `POST /action-item/:id/drive` with one pasted image: the stored file's id. */
export async function uploadImage(actionItemId: string, image: File): Promise<string> {
  const form = new FormData();
  form.append('file', image, image.name || 'pasted-image.png');
  const answer = await api<{ files: { _id: string }[] }>(`/action-item/${actionItemId}/drive`, { method: 'POST', body: form });
  const file = answer.files[0];
  if (!file) throw new Error('The image was not stored.');
  return file._id;
}

/** Writes of a task's chat; each refreshes the chat (others hear of it through the room). */
export function useChatMutations(actionItemId: string) {
  const refresh = () => queryClient.invalidateQueries({ queryKey: commentKeys.task(actionItemId) });
  const post = useMutation({
    mutationFn: (comment: NewComment) => api<CommentDto>(`/action-item/${actionItemId}/comment`, { method: 'POST', body: comment }),
    onSuccess: refresh,
  });
  const edit = useMutation({
    mutationFn: ({ id, text, mentions }: { id: string; text: string; mentions: string[] }) =>
      api<CommentDto>(`/comment/${id}`, { method: 'PUT', body: { text, mentions } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<{ deleted: string[] }>(`/action-item/${actionItemId}/comment/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const clap = useMutation({
    mutationFn: (id: string) => api<CommentDto>(`/comment/${id}/clap`, { method: 'PUT' }),
    onSuccess: refresh,
  });
  return { post, edit, remove, clap };
}
