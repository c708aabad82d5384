import { canOnMission, type MissionActor, type MissionFacts } from '../missions/policy.ts';
import type { Policy } from '../shared/policy.ts';
import { fileRoleOf, type FileAttachedTo } from './files.ts';

/** What routes do to files (spec 3 §7 Files). */
export const FILE_VERBS = ['file.read', 'file.share', 'file.upload', 'file.rename', 'file.delete', 'file.copy'] as const;
export type FileVerb = (typeof FILE_VERBS)[number];

/** The caller's standing on one file: they uploaded it; they may change what it is attached to (or manage the mission). */
export type FileFacts = { uploadedByCaller: boolean; mayWriteAttached: boolean };

export type FileTarget = {
  mission: MissionFacts;
  /** Where the file is (or goes): the mission's own files or a task's; unknown at a gate that starts from the file. */
  attachedTo?: FileAttachedTo;
  /** The file's facts once loaded; for an upload, `mayWriteAttached` says whether the caller may update the task. */
  file?: FileFacts;
};

/**
 * The file rules: whoever reads the mission reads, shares and copies its files (the copy lands only on a task they may
 * update); uploading needs the right to change what the file is attached to (the mission: `mission.update`; a task:
 * working on tasks, then the task rules); renaming and deleting belong to the file's OWNER and WRITERs (`fileRoleOf`).
 */
export function canOnFile(actor: MissionActor, verb: FileVerb, target: FileTarget): boolean {
  const { mission, file } = target;
  if (!canOnMission(actor, 'mission.read', mission)) return false;
  switch (verb) {
    case 'file.read':
    case 'file.share':
    case 'file.copy':
      return true;
    case 'file.upload':
      if (target.attachedTo === 'missions') return canOnMission(actor, 'mission.update', mission);
      return canOnMission(actor, 'tasks.work', mission) && (file?.mayWriteAttached ?? true);
    case 'file.rename':
    case 'file.delete':
      return !file || fileRoleOf(file) !== 'READER';
  }
}

export const filePolicy: Policy<MissionActor, FileVerb, FileTarget> = { verbs: FILE_VERBS, can: canOnFile };
