import { z } from 'zod';
import { personRefSchema } from '../org/people.ts';
import { idSchema } from '../shared/ids.ts';
import { textSchema } from '../shared/inputs.ts';

/** Upload limits when the server is not told otherwise (spec 3 §9 leaves the values open). */
export const FILE_LIMIT_DEFAULTS = { fileSizeMb: 25, filesPerUpload: 10 } as const;

export { FILE_MESSAGES } from './messages.ts';

export const FILE_ATTACHED_TO = ['missions', 'action.items'] as const;
export type FileAttachedTo = (typeof FILE_ATTACHED_TO)[number];

export const FILE_ROLES = ['OWNER', 'WRITER', 'READER'] as const;
export type FileRole = (typeof FILE_ROLES)[number];

/**
 * The caller's role on a file: OWNER uploaded it, WRITER may change what it is attached to (updates the mission for
 * a project file, updates the task for a task file) or manages the mission, anybody else who sees the mission reads it.
 */
export function fileRoleOf(facts: { uploadedByCaller: boolean; mayWriteAttached: boolean }): FileRole {
  if (facts.uploadedByCaller) return 'OWNER';
  return facts.mayWriteAttached ? 'WRITER' : 'READER';
}

/** Spec 3 §6: a file may be deleted (or renamed) by its OWNER or a WRITER, never from the viewer's root mode. */
export function fileAbilitiesOf(role: FileRole, rootMode = false): { delete: boolean; update: boolean } {
  const writes = role === 'OWNER' || role === 'WRITER';
  return { delete: writes && !rootMode, update: writes };
}

export const fileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  size: z.number(),
  mimetype: z.string(),
  source: z.enum(['upload', 'external']),
  path: z.string().optional(),
  createdAt: z.string(),
  createdBy: personRefSchema.nullable(),
  attachedTo: z.enum(FILE_ATTACHED_TO),
  attachedToId: z.string(),
  attachedToMissionId: z.string(),
  fileRole: z.enum(FILE_ROLES),
  abilities: z.object({ delete: z.boolean(), update: z.boolean() }),
  viewerPath: z.string(),
});
export type FileDto = z.infer<typeof fileSchema>;

/** A list of files; the list reads also say whether the caller may upload there. */
export const filesListSchema = z.object({ files: z.array(fileSchema), abilities: z.object({ upload: z.boolean() }).optional() });
export type FilesList = z.infer<typeof filesListSchema>;

/** A file name as people type it: no path separators, no control characters. */
export const fileNameSchema = textSchema(255, 1).refine(
  (name) => !/[/\\]/.test(name) && name !== '.' && name !== '..',
  'Invalid file name',
);

export const fileRenameSchema = z.object({ name: fileNameSchema }).strict();
export const fileCopySchema = z.object({ copyToActionItemId: idSchema }).strict();
export const fileParamsSchema = z.object({ id: idSchema, fileId: idSchema });
export const fileDeletedSchema = z.object({ deleted: z.array(z.string()) });
export const signedLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export const fileServeQuerySchema = z.object({ attach: z.enum(['true', 'false']).optional() });
export const fileLinkQuerySchema = z.object({ token: z.string().max(200).optional(), attach: z.enum(['true', 'false']).optional() });
export const storageUsageSchema = z.object({ bytes: z.number(), files: z.number() });
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** The web viewer's address of a file (spec 3 §2: /drive/d/{fileId}/{fileName}). */
export const fileViewerPath = (file: { _id: string; name: string }) => `/drive/d/${file._id}/${encodeURIComponent(file.name)}`;
