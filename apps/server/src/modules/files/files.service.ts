import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import { canOnMission, canOnTask, type FileDto } from '@crewplan/domain';
import { runMissionCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { actionItems, files, missions } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { newId } from '../../lib/ids.ts';
import { entityNotFound, loadMissionAccess, missionIdOf, missionNotFound, type MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { itemFacts, loadItem, requireOnTask, taskActorOf } from '../tasks/index.ts';
import { presentFile } from './files.presenter.ts';
import { fileRoleFor, listFiles, loadFile, loadLinkedFile, storageUsage, type FileRow } from './files.queries.ts';
import { fileLinkValid, linkRefused, signFileLink } from './files.serve.ts';
import { discard, storeTemp, type ReceivedFile } from './files.upload.ts';

export type Attached = { to: 'missions' | 'action.items'; id: string };

export const FILE_ERRORS = {
  /** Refused by the file rules (only its uploader and those who may change what it is attached to), past the mission gate. */
  refused: () => appError('fileRefused'),
  contentMissing: () => appError('fileContentMissing'),
} as const;

/** 403 unless the caller may update the task (the task rules: assignees, team leads, the action's admins). */
export async function requireTaskWriter(ctx: AppContext, access: MissionAccess, itemId: string): Promise<string> {
  const { item, action } = await loadItem(ctx.db, access.mission.id, itemId);
  requireOnTask(access, 'update', itemFacts(item, action));
  return item.title;
}

/** The file store and where its failures are logged. */
export type Blobs = { store: FileStore; log: FastifyBaseLogger };

/** Whether the caller may update the task (and so upload to it). */
export async function mayUpdateTask(ctx: AppContext, access: MissionAccess, itemId: string): Promise<boolean> {
  const { item, action } = await loadItem(ctx.db, access.mission.id, itemId);
  return canOnTask(taskActorOf(access), 'update', itemFacts(item, action));
}

/** Removes blobs after the rows that pointed at them are gone; a failure is logged, never undoes the command. */
export async function removeBlobs(blobs: Blobs, keys: (string | null)[]): Promise<void> {
  for (const key of keys) {
    if (key) await blobs.store.delete(key).catch((err: unknown) => blobs.log.error({ err, key }, 'file blob not removed'));
  }
}

/**
 * Stores the received files and attaches them to the mission or a task in one command. The blobs are stored first;
 * when storing or the rows fail, the stored blobs are removed: a failed upload leaves neither rows nor blobs.
 */
export async function storeUpload(
  ctx: AppContext,
  store: FileStore,
  access: MissionAccess,
  attached: Attached,
  received: ReceivedFile[],
): Promise<FileDto[]> {
  const stored: string[] = [];
  try {
    const rows: (ReceivedFile & { key: string })[] = [];
    for (const file of received) {
      const key = `drive/${newId()}`;
      await storeTemp(store, key, file);
      stored.push(key);
      rows.push({ ...file, key });
    }
    const uploadedAt = ctx.clock.now().getTime();
    const ids = await runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
      await requireStillThere(tx, access.mission.id, attached);
      const inserted = await tx
        .insert(files)
        .values(
          // one millisecond apart: the files keep the order they were sent in
          rows.map((row, index) => ({
            createdAt: new Date(uploadedAt + index),
            orgId: access.mission.orgId,
            missionId: access.mission.id,
            attachedTo: attached.to,
            attachedToId: attached.id,
            name: row.name,
            size: row.size,
            mimetype: row.mimetype,
            source: 'upload',
            storageKey: row.key,
            createdBy: access.personId,
          })),
        )
        .returning({ id: files.id, name: files.name });
      for (const file of inserted) record({ action: 'create', entity: 'files', id: file.id, title: file.name });
      return inserted.map((file) => file.id);
    });
    const present = await listFiles(ctx.db, access.mission.id, attached);
    return present.filter((row) => ids.includes(row.file.id)).map((row) => presentFile(access, row));
  } catch (error) {
    await Promise.all(stored.map((key) => store.delete(key).catch(() => undefined)));
    throw error;
  } finally {
    await discard(received);
  }
}

/**
 * What the files go to is still there, and stays so until they are stored: an upload's bytes may take minutes to
 * arrive, and a task deleted (or mission archived) meanwhile has already had its files cleared, so rows added now would
 * be left over. The row is locked against deletion (a task) or archiving (the mission) until the command ends.
 */
async function requireStillThere(tx: Tx, missionId: string, attached: Attached): Promise<void> {
  if (attached.to === 'action.items') {
    const [item] = await tx
      .select({ id: actionItems.id })
      .from(actionItems)
      .where(and(eq(actionItems.id, attached.id), eq(actionItems.missionId, missionId)))
      .for('key share');
    if (!item) throw entityNotFound('actionItem');
    return;
  }
  const [mission] = await tx
    .select({ id: missions.id })
    .from(missions)
    .where(and(eq(missions.id, missionId), isNull(missions.archivedAt)))
    .for('share');
  if (!mission) throw missionNotFound();
}

/** 403 unless the caller is the file's OWNER or a WRITER (spec 3 §6). */
function requireFileWriter(access: MissionAccess, row: Awaited<ReturnType<typeof loadFile>>): void {
  const role = fileRoleFor(access, row);
  if (role !== 'OWNER' && role !== 'WRITER') throw FILE_ERRORS.refused();
}

/** `PUT …/drive/:fileId`: renames a file (its OWNER or a WRITER). */
export async function renameFile(
  ctx: AppContext,
  access: MissionAccess,
  fileId: string,
  attached: Attached,
  name: string,
): Promise<FileDto> {
  await runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const row = await loadFile(tx, access.mission.id, fileId, attached);
    requireFileWriter(access, row);
    if (row.file.name === name) return;
    await tx
      .update(files)
      .set({ name, updatedAt: ctx.clock.now() })
      .where(and(eq(files.id, fileId), eq(files.missionId, access.mission.id)));
    record({ action: 'update', entity: 'files', id: fileId, title: name, changes: { name: { from: row.file.name, to: name } } });
  });
  return presentFile(access, await loadFile(ctx.db, access.mission.id, fileId, attached));
}

/** `DELETE /drive/file/:id` and `…/drive/:fileId`: removes a file and then its bytes (its OWNER or a WRITER). */
export async function deleteFile(
  ctx: AppContext,
  { store, log }: Blobs,
  access: MissionAccess,
  fileId: string,
  attached?: Attached,
): Promise<{ deleted: string[] }> {
  const key = await runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const row = await loadFile(tx, access.mission.id, fileId, attached);
    requireFileWriter(access, row);
    await tx.delete(files).where(and(eq(files.id, fileId), eq(files.missionId, access.mission.id)));
    record({ action: 'delete', entity: 'files', id: fileId, title: row.file.name });
    return row.file.storageKey;
  });
  await removeBlobs({ store, log }, [key]);
  return { deleted: [fileId] };
}

/**
 * `POST /action-item/:id/drive/:fileId/copy`: copies a task file to another task — one the caller may update, in any
 * mission they work on. The bytes are copied under a new key, so deleting either file never touches the other.
 */
export async function copyFile(
  ctx: AppContext,
  store: FileStore,
  source: MissionAccess,
  sourceItemId: string,
  fileId: string,
  targetItemId: string,
): Promise<FileDto> {
  const { file } = await loadFile(ctx.db, source.mission.id, fileId, { to: 'action.items', id: sourceItemId });
  const target = await targetAccess(ctx, source.personId, targetItemId);
  await requireTaskWriter(ctx, target, targetItemId);
  const bytes = file.storageKey ? await store.get(file.storageKey) : null;
  if (!bytes) throw FILE_ERRORS.contentMissing();
  const key = `drive/${newId()}`;
  await store.put(key, bytes, file.size, file.mimetype);
  try {
    const id = await runMissionCommand(ctx, target.mission.id, target.personId, async (tx, record) => {
      await requireStillThere(tx, target.mission.id, { to: 'action.items', id: targetItemId });
      const [copy] = await tx
        .insert(files)
        .values({
          orgId: target.mission.orgId,
          missionId: target.mission.id,
          attachedTo: 'action.items',
          attachedToId: targetItemId,
          name: file.name,
          size: file.size,
          mimetype: file.mimetype,
          source: file.source,
          storageKey: key,
          externalPath: file.externalPath,
          createdBy: target.personId,
        })
        .returning({ id: files.id });
      record({ action: 'create', entity: 'files', id: copy!.id, title: file.name });
      return copy!.id;
    });
    return presentFile(target, await loadFile(ctx.db, target.mission.id, id));
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
}

/** The caller on the mission of the target task: 404 when they cannot see it, 403 when they may not work on tasks there. */
async function targetAccess(ctx: AppContext, personId: string, itemId: string): Promise<MissionAccess> {
  const missionId = await missionIdOf(ctx.db, 'actionItem', itemId);
  const access = missionId ? await loadMissionAccess(ctx.db, missionId, personId) : null;
  if (!access || access.withheld || !canOnMission(access.actor, 'mission.read', access.facts)) throw entityNotFound('actionItem');
  if (!canOnMission(access.actor, 'tasks.work', access.facts)) throw FILE_ERRORS.refused();
  return access;
}

/** Removes the rows and blobs of files whose task or mission was deleted (called after that delete committed). */
export async function removeFilesOf(ctx: AppContext, blobs: Blobs, missionId: string, itemIds: string[] | 'all'): Promise<void> {
  if (itemIds !== 'all' && itemIds.length === 0) return;
  const where =
    itemIds === 'all'
      ? eq(files.missionId, missionId)
      : and(eq(files.missionId, missionId), eq(files.attachedTo, 'action.items'), inArray(files.attachedToId, itemIds));
  const removed: Pick<FileRow, 'storageKey'>[] = await ctx.db.delete(files).where(where).returning({ storageKey: files.storageKey });
  await removeBlobs(
    blobs,
    removed.map((row) => row.storageKey),
  );
}

/** A file of the mission with the caller's file role and abilities. */
export async function fileDetails(ctx: AppContext, access: MissionAccess, fileId: string): Promise<FileDto> {
  return presentFile(access, await loadFile(ctx.db, access.mission.id, fileId));
}

/** The files of the mission (or of one of its tasks), and whether the caller may upload there. */
export async function filesOf(ctx: AppContext, access: MissionAccess, itemId?: string) {
  const attached: Attached | undefined = itemId ? { to: 'action.items', id: itemId } : undefined;
  const rows = await listFiles(ctx.db, access.mission.id, attached);
  const upload = itemId
    ? canOnMission(access.actor, 'tasks.work', access.facts) && (await mayUpdateTask(ctx, access, itemId))
    : canOnMission(access.actor, 'mission.update', access.facts);
  return { files: rows.map((row) => presentFile(access, row)), abilities: { upload } };
}

/** A sharing link to the file's bytes, signed for 7 days. */
export async function signedLinkOf(ctx: AppContext, access: MissionAccess, fileId: string) {
  const { file } = await loadFile(ctx.db, access.mission.id, fileId);
  const { token, expiresAt } = signFileLink(ctx.config.authSecret, file.id, ctx.clock.now().getTime());
  const url = `${ctx.config.publicUrl}/api/drive/d/${file.id}/${encodeURIComponent(file.name)}?token=${token}`;
  return { url, expiresAt: expiresAt.toISOString() };
}

/** The file's row and bytes; 404 'file/content-missing' when the store no longer has them. */
async function withBytes(store: FileStore, file: FileRow): Promise<{ file: FileRow; bytes: Readable }> {
  const bytes = file.storageKey ? await store.get(file.storageKey) : null;
  if (!bytes) throw FILE_ERRORS.contentMissing();
  return { file, bytes };
}

/** A file of the mission with its bytes. */
export async function fileBytes(ctx: AppContext, store: FileStore, access: MissionAccess, fileId: string) {
  const { file } = await loadFile(ctx.db, access.mission.id, fileId);
  return withBytes(store, file);
}

/** A file with its bytes through a sharing link: 403 without a valid, unexpired token. */
export async function linkedFileBytes(ctx: AppContext, store: FileStore, fileId: string, token: string | undefined) {
  if (!fileLinkValid(ctx.config.authSecret, fileId, token, ctx.clock.now().getTime())) throw linkRefused();
  return withBytes(store, await loadLinkedFile(ctx.db, fileId));
}

/** Storage the organisation's uploaded files take. */
export const orgStorageUsage = (ctx: AppContext, orgId: string) => storageUsage(ctx.db, orgId);
