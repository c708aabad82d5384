import { randomBytes } from 'node:crypto';

/** 24 lowercase hex characters: 8 of seconds since epoch, then 16 random (sortable by creation). */
export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

/** `count` new ids at once: one call for the random bytes of all of them (a bulk write names hundreds of rows). */
export function newIds(count: number): string[] {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  const random = randomBytes(8 * count).toString('hex');
  return Array.from({ length: count }, (_, i) => seconds + random.slice(16 * i, 16 * i + 16));
}
