import { fileAbilitiesOf, fileViewerPath, type FileAttachedTo, type FileDto } from '@crewplan/domain';
import type { MissionAccess } from '../../plugins/mission-access.ts';
import { avatarUrl } from '../people/index.ts';
import { fileRoleFor, type FileWithContext } from './files.queries.ts';

/** A file as the API shows it to the caller (spec 3 §3 File), with the caller's role and what they may do. */
export function presentFile(access: MissionAccess, row: FileWithContext): FileDto {
  const { file, uploader } = row;
  const fileRole = fileRoleFor(access, row);
  return {
    _id: file.id,
    name: file.name,
    size: file.size,
    mimetype: file.mimetype,
    source: file.source === 'external' ? 'external' : 'upload',
    ...(file.source === 'external' && file.externalPath ? { path: file.externalPath } : {}),
    createdAt: file.createdAt.toISOString(),
    createdBy: uploader
      ? { _id: uploader.id, firstName: uploader.firstName, lastName: uploader.lastName, avatar: avatarUrl(uploader) }
      : null,
    attachedTo: file.attachedTo as FileAttachedTo,
    attachedToId: file.attachedToId,
    attachedToMissionId: file.missionId,
    fileRole,
    abilities: fileAbilitiesOf(fileRole),
    viewerPath: fileViewerPath({ _id: file.id, name: file.name }),
  };
}
