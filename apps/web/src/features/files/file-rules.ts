import type { FileDto } from '@crewplan/domain/files/files';

/** The text of a failed upload lives beside the upload itself, shared with the other screens that upload. */
export { uploadErrorMessage } from '../../lib/upload.ts';

/** Where closing the viewer goes (rule 254): home with the mission open, and the task too for a task file. */
export function closeTargetOf(file: Pick<FileDto, 'attachedTo' | 'attachedToId' | 'attachedToMissionId'> | undefined): string {
  if (!file) return '/home';
  const params = new URLSearchParams({ mission: file.attachedToMissionId });
  if (file.attachedTo === 'action.items') params.set('action-item', file.attachedToId);
  return `/home?${params.toString()}`;
}

/** The file before (-1) or after (+1) the current one among its siblings, wrapping around; null when alone. */
export function siblingOf<T extends { _id: string }>(siblings: readonly T[], currentId: string, step: -1 | 1): T | null {
  const index = siblings.findIndex((file) => file._id === currentId);
  if (index < 0 || siblings.length < 2) return null;
  return siblings[(index + step + siblings.length) % siblings.length] ?? null;
}

/** The files shown next to this one: the same task's, or the mission's own (project) files. */
export function siblingsOf(file: Pick<FileDto, 'attachedTo' | 'attachedToId'>, all: readonly FileDto[]): FileDto[] {
  return all.filter((other) => other.attachedTo === file.attachedTo && other.attachedToId === file.attachedToId);
}

/** Root mode (opened from a link, not within the app): the name in the URL must be the file's (rule 254). */
export const rootNameMatches = (file: Pick<FileDto, 'name'>, nameInUrl: string) => file.name === nameInUrl;

/** The viewer's root mode: whether it was opened from within the app (shared with the screens that list files). */
export { markOpenedFromApp, openedFromAppFor } from '../../lib/file-viewer-link.ts';
