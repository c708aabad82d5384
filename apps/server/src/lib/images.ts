import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appError } from './errors.ts';

/** Image types we accept, recognised from their first bytes rather than what the client claims. */
export function sniffImageType(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

/** Logos: PNG, JPEG, GIF or WebP up to 5 MB (the avatar's limit and texts). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const logoTooLarge = () => appError('imageTooLarge');
export const notAnImage = () => appError('notAnImage');

/** Reads the one image of a multipart upload from `field`, refusing what is missing, too large or not an image. */
export async function readImageUpload(request: FastifyRequest, field: string): Promise<{ bytes: Buffer; type: string }> {
  if (!request.isMultipart()) throw appError('imageNotMultipart', field);
  const file = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
  if (!file || file.fieldname !== field) throw appError('imageFieldMissing', field);
  const bytes = await file.toBuffer().catch((error: { code?: string }) => {
    throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? logoTooLarge() : error;
  });
  const type = sniffImageType(bytes);
  if (!type) throw notAnImage();
  return { bytes, type };
}

const imagePath = (dataDir: string, folder: string, name: string) => join(dataDir, 'files', folder, name);

/** Writes an image under the data folder (atomically: a reader never sees half a file). */
export async function storeImage(dataDir: string, folder: string, name: string, bytes: Buffer): Promise<void> {
  const file = imagePath(dataDir, folder, name);
  await mkdir(join(dataDir, 'files', folder), { recursive: true });
  await writeFile(`${file}.tmp`, bytes);
  await rename(`${file}.tmp`, file);
}

export async function readImage(dataDir: string, folder: string, name: string): Promise<Buffer | null> {
  return readFile(imagePath(dataDir, folder, name)).catch(() => null);
}

/** Sends a stored image with the headers that keep it an image (no sniffing, no scripts). */
export function sendImage(reply: FastifyReply, type: string, bytes: Buffer) {
  return reply
    .type(type)
    .header('cache-control', 'private, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .send(bytes);
}
