import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../lib/errors.ts';

/** Image types we accept, recognised from their first bytes rather than what the client claims. */
export function sniffImageType(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const avatarTooLarge = () => new AppError(413, 'file/too-large', 'Individual file limit of 5MB exceeded.');

const avatarPath = (dataDir: string, personId: string) => join(dataDir, 'files', 'avatars', personId);

export async function storeAvatar(dataDir: string, personId: string, bytes: Buffer): Promise<void> {
  const file = avatarPath(dataDir, personId);
  await mkdir(join(dataDir, 'files', 'avatars'), { recursive: true });
  await writeFile(`${file}.tmp`, bytes);
  await rename(`${file}.tmp`, file);
}

export async function readAvatar(dataDir: string, personId: string): Promise<Buffer | null> {
  return readFile(avatarPath(dataDir, personId)).catch(() => null);
}
