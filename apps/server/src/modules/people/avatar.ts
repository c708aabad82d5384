import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../lib/errors.ts';

export { sniffImageType } from '../../lib/images.ts';

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
