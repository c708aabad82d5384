import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { servedInline } from '@crewplan/domain';
import { appError } from '../../lib/errors.ts';
import type { FileRow } from './files.queries.ts';

/** How long a shared file link works: 7 days from when it was made. */
export const SIGNED_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const linkRefused = () => appError('fileLinkInvalid');

const signatureOf = (secret: string, fileId: string, expires: number) =>
  createHmac('sha256', secret).update(`drive-link:${fileId}:${expires}`).digest('base64url');

/** A token for `/api/drive/d/:id/:name?token=`: the expiry and an HMAC of the file id and expiry with the auth secret. */
export function signFileLink(secret: string, fileId: string, now = Date.now()): { token: string; expiresAt: Date } {
  const expires = now + SIGNED_LINK_TTL_MS;
  return { token: `${expires}.${signatureOf(secret, fileId, expires)}`, expiresAt: new Date(expires) };
}

/** Whether a link token was made for this file with this secret and has not expired. */
export function fileLinkValid(secret: string, fileId: string, token: string | undefined, now = Date.now()): boolean {
  const [expiresText, signature] = (token ?? '').split('.');
  const expires = Number(expiresText);
  if (!signature || !Number.isSafeInteger(expires) || expires <= now) return false;
  const expected = Buffer.from(signatureOf(secret, fileId, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A Content-Disposition header that keeps any name (RFC 6266: an ASCII fallback and the UTF-8 name). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a file's bytes so that a browser never runs them: its sniffed type only when it is shown inline (images, audio,
 * video, PDF, plain text with a harmless name), everything else — and any ?attach=true — as a download of
 * octet-stream; no sniffing, and a sandbox policy that forbids scripts and loads.
 */
export function sendFileBytes(reply: FastifyReply, file: Pick<FileRow, 'name' | 'mimetype' | 'size'>, bytes: Readable, attach: boolean) {
  const inline = !attach && servedInline(file.name, file.mimetype);
  return reply
    .type(inline ? file.mimetype : 'application/octet-stream')
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, max-age=300')
    .send(bytes);
}
