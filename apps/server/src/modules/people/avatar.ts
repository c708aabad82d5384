import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { appError } from '../../lib/errors.ts';

export { sniffImageType } from '../../lib/images.ts';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const avatarTooLarge = () => appError('imageTooLarge');

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

/**
 * Whether a person may see another's avatar: themselves, a current member of one of their organisations,
 * or somebody on one of their missions (where the viewer is not only a pending invitee).
 */
export async function maySeeAvatar(pool: pg.Pool, viewerId: string, personId: string): Promise<boolean> {
  if (viewerId === personId) return true;
  const { rows } = await pool.query<{ shared: boolean }>(
    `select exists (
         select 1 from org_people mine
           join org_people theirs on theirs.org_id = mine.org_id and theirs.person_id = $2
           join orgs on orgs.id = mine.org_id and orgs.deleted_at is null
          where mine.person_id = $1
            and (mine.end_date is null or mine.end_date > current_date)
            and (theirs.end_date is null or theirs.end_date > current_date)
       ) or exists (
         select 1 from mission_people mine
           join mission_people theirs on theirs.mission_id = mine.mission_id and theirs.person_id = $2
          where mine.person_id = $1 and not mine.invite_pending
       ) as shared`,
    [viewerId, personId],
  );
  return rows[0]?.shared === true;
}
