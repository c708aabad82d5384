import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { BoardWorkspace } from '@crewplan/domain/board/board';
import type { FileDto } from '@crewplan/domain/files/files';
import { api } from '../../lib/api.ts';

// Keys start with 'missions': a realtime mission or task change refreshes them with the missions area.
export const boardKeys = {
  workspace: ['missions', 'board', 'workspace'] as const,
  drive: (missionId: string) => ['missions', 'one', missionId, 'drive'] as const,
};

/** `GET /board/workspace`: the missions I manage (rule 240), their tasks and their people. */
export const workspaceQuery = queryOptions({
  queryKey: boardKeys.workspace,
  queryFn: ({ signal }) => api<BoardWorkspace>('/board/workspace', { signal }),
});
export const useWorkspace = () => useQuery(workspaceQuery);

/** `GET /mission/:id/drive`: every file of a mission. */
export const missionDriveQuery = (missionId: string) =>
  queryOptions({
    queryKey: boardKeys.drive(missionId),
    queryFn: ({ signal }) => api<{ files: FileDto[] }>(`/mission/${missionId}/drive`, { signal }).then((answer) => answer.files),
  });

/** The files of each mission, one call per mission. */
export const useMissionsDrive = (missionIds: readonly string[]) => useQueries({ queries: missionIds.map((id) => missionDriveQuery(id)) });
