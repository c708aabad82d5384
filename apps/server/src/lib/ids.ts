import { randomBytes } from 'node:crypto';

/** 24 lowercase hex characters: 8 of seconds since epoch, then 16 random (sortable by creation). */
export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}
