import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { FileDto, FilesList } from '@crewplan/domain/files/files';
import { api } from '../../lib/api.ts';
import { toApiError } from '../../lib/api-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import { userRequestId } from '../../lib/request-id.ts';
import { getToken } from '../../lib/token.ts';
import { uploadWithProgress } from '../../lib/upload.ts';

export type { FileDto };

/** Every files query starts with 'files': a realtime change of the entity 'files' refreshes them all. */
export const fileKeys = {
  all: ['files'] as const,
  task: (actionItemId: string) => ['files', 'task', actionItemId] as const,
  mission: (missionId: string) => ['files', 'mission', missionId] as const,
  one: (fileId: string) => ['files', 'one', fileId] as const,
  copyTargets: (missionId: string) => ['files', 'copy-targets', missionId] as const,
};

/** Where a list of files is read from and uploaded to. */
export type FilesHome = { kind: 'task'; actionItemId: string; missionId: string } | { kind: 'mission'; missionId: string };

const homePath = (home: FilesHome) =>
  home.kind === 'task' ? `/action-item/${home.actionItemId}/drive` : `/mission/${home.missionId}/drive`;
const homeKey = (home: FilesHome) => (home.kind === 'task' ? fileKeys.task(home.actionItemId) : fileKeys.mission(home.missionId));

/** `GET /action-item/:id/drive` or `GET /mission/:id/drive`: the files, oldest first. */
export const filesQuery = (home: FilesHome) =>
  queryOptions({
    queryKey: homeKey(home),
    queryFn: ({ signal }) => api<FilesList>(homePath(home), { signal }),
  });

/** `GET /drive/file/:id`: one file with the caller's abilities. */
export const fileQuery = (fileId: string) =>
  queryOptions({
    queryKey: fileKeys.one(fileId),
    queryFn: ({ signal }) => api<FileDto>(`/drive/file/${fileId}`, { signal }),
    retry: false,
  });

export const useFiles = (home: FilesHome) => useQuery(filesQuery(home));
export const useFile = (fileId: string) => useQuery(fileQuery(fileId));

/** The tasks of a mission a file can be copied to (`GET /mission/:id` carries them), fetched when the copy dialog opens. */
export const copyTargetsQuery = (missionId: string) =>
  queryOptions({
    queryKey: fileKeys.copyTargets(missionId),
    queryFn: ({ signal }) =>
      api<{ actionItems?: { _id: string; title: string }[] }>(`/mission/${missionId}`, { signal }).then((mission) =>
        (mission.actionItems ?? []).map(({ _id, title }) => ({ _id, title })),
      ),
    staleTime: 30_000,
  });

/** The bytes of a file (`GET /drive/:id`, `?attach=true` for a download), with the bearer token. */
export async function fetchFileBlob(fileId: string, options: { attach?: boolean; signal?: AbortSignal } = {}): Promise<Blob> {
  const headers: Record<string, string> = { 'x-user-request-id': userRequestId() };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`/api/drive/${fileId}${options.attach ? '?attach=true' : ''}`, { headers, signal: options.signal });
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => null));
  return response.blob();
}

/** Uploads files to a task or a mission as one multipart request, telling `onProgress` the share sent (rule 257). */
export async function uploadFiles(home: FilesHome, files: readonly File[], onProgress: (share: number) => void): Promise<FileDto[]> {
  return (await uploadWithProgress<FilesList>(homePath(home), files, onProgress)).files;
}

const refreshFiles = () => queryClient.invalidateQueries({ queryKey: fileKeys.all });

/** Rename, delete, copy and share: each refreshes the file lists when done. */
export function useFileMutations() {
  const rename = useMutation({
    mutationFn: ({ file, name }: { file: FileDto; name: string }) =>
      api<FileDto>(
        file.attachedTo === 'action.items'
          ? `/action-item/${file.attachedToId}/drive/${file._id}`
          : `/mission/${file.attachedToMissionId}/drive/${file._id}`,
        { method: 'PUT', body: { name } },
      ),
    onSuccess: refreshFiles,
  });
  const remove = useMutation({
    mutationFn: (file: FileDto) => api<{ deleted: string[] }>(`/drive/file/${file._id}`, { method: 'DELETE' }),
    // the lists only: the deleted file's own read would answer 404
    onSuccess: (_, file) =>
      queryClient.invalidateQueries({ queryKey: fileKeys.all, predicate: (query) => !query.queryKey.includes(file._id) }),
  });
  const copy = useMutation({
    mutationFn: ({ file, toActionItemId }: { file: FileDto; toActionItemId: string }) =>
      api<FileDto>(`/action-item/${file.attachedToId}/drive/${file._id}/copy`, {
        method: 'POST',
        body: { copyToActionItemId: toActionItemId },
      }),
    onSuccess: refreshFiles,
  });
  return { rename, remove, copy };
}

/** `GET /drive/signed/:id`: a sharing link that works for 7 days without signing in. */
export const fetchSharingLink = (fileId: string) => api<{ url: string; expiresAt: string }>(`/drive/signed/${fileId}`);

export const refreshFileLists = refreshFiles;
