import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../lib/ids.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { appError } from '../../lib/errors.ts';
import { leaveAttachments, leaveRequests } from '../../db/schema/index.ts';
import type { AppContext } from '../../plugins/types.ts';
import { discard, fileLinkValid, linkRefused, storeTemp, signFileLink, type ReceivedFile } from '../files/index.ts';
import { leaveNotAllowed, leaveNotFound, loadOrg, requireLeaveLicence, seesRequest, standingOn } from './leave.access.ts';

export type AttachmentBlobs = { store: FileStore; log: FastifyBaseLogger };

/** Removes attachments' bytes whose rows are gone; a store that fails is logged and never fails the caller. */
export async function removeBlobs(blobs: AttachmentBlobs, keys: readonly string[]): Promise<void> {
  for (const key of keys)
    await blobs.store.delete(key).catch((cause: unknown) => blobs.log.warn({ cause, key }, 'leave attachment bytes not removed'));
}

/** A request the caller may attach files to: their own (person or creator) or as its organisation's approver. */
async function attachableRequest(ctx: AppContext, callerId: string, leaveId: string) {
  const [row] = await ctx.db.select().from(leaveRequests).where(eq(leaveRequests.id, leaveId));
  if (!row) throw leaveNotFound();
  const standing = await standingOn(ctx.db, row, callerId);
  if (!seesRequest(standing)) throw leaveNotFound();
  if (!standing.own && !standing.orgApprover) throw leaveNotAllowed();
  requireLeaveLicence(await loadOrg(ctx.db, row.orgId), ctx.clock.now());
  return row;
}

/** `POST /people-leave/attachment/leave/:leaveId`: files (a doctor's note) kept in the file store, rows beside the request. */
export async function attachFiles(ctx: AppContext, blobs: AttachmentBlobs, callerId: string, leaveId: string, received: ReceivedFile[]) {
  const stored: string[] = [];
  try {
    await attachableRequest(ctx, callerId, leaveId);
    const rows = [];
    for (const file of received) {
      const key = `leave/${leaveId}/${newId()}`;
      await storeTemp(blobs.store, key, file);
      stored.push(key);
      rows.push({ leaveId, name: file.name, size: file.size, type: file.mimetype, storageKey: key, uploadedBy: callerId });
    }
    const inserted = await ctx.db.insert(leaveAttachments).values(rows).returning();
    return { attachments: inserted.map((row) => ({ _id: row.id, name: row.name, size: row.size, type: row.type, url: null })) };
  } catch (error) {
    await removeBlobs(blobs, stored);
    throw error;
  } finally {
    await discard(received);
  }
}

/** `DELETE /people-leave/attachment/leave/:leaveId/file/:fileId`. */
export async function removeAttachment(ctx: AppContext, blobs: AttachmentBlobs, callerId: string, leaveId: string, fileId: string) {
  await attachableRequest(ctx, callerId, leaveId);
  const [row] = await ctx.db
    .delete(leaveAttachments)
    .where(and(eq(leaveAttachments.id, fileId), eq(leaveAttachments.leaveId, leaveId)))
    .returning();
  if (!row) throw appError('fileNotFound');
  await removeBlobs(blobs, [row.storageKey]);
  return { deleted: true as const };
}

/** What signs an attachment's address: the server's secret and the clock's time. */
export const linkSigner = (ctx: Pick<AppContext, 'config' | 'clock'>) => ({
  secret: ctx.config.authSecret,
  now: ctx.clock.now().getTime(),
});

/** The signed address of an attachment, through the organisation's or the mission's leave view (7 days). */
export function attachmentAddress(
  link: { secret: string; now: number },
  scope: { org: string } | { mission: string },
  leaveId: string,
  fileId: string,
) {
  const { token } = signFileLink(link.secret, fileId, link.now);
  const where = 'org' in scope ? `org/${scope.org}` : `mission/${scope.mission}`;
  return `/api/people-leave/attachment/leave/${leaveId}/${where}/file/${fileId}?token=${encodeURIComponent(token)}`;
}

/** The bytes of an attachment through its signed address: 403 without a valid token; 404 when it is not that request's. */
export async function attachmentBytes(ctx: AppContext, store: FileStore, leaveId: string, fileId: string, token: string | undefined) {
  if (!fileLinkValid(ctx.config.authSecret, fileId, token, ctx.clock.now().getTime())) throw linkRefused();
  const [row] = await ctx.db
    .select()
    .from(leaveAttachments)
    .where(and(eq(leaveAttachments.id, fileId), eq(leaveAttachments.leaveId, leaveId)));
  if (!row) throw appError('fileNotFound');
  const bytes = await store.get(row.storageKey);
  if (!bytes) throw appError('fileContentMissing');
  return { file: { name: row.name, mimetype: row.type, size: row.size }, bytes };
}
