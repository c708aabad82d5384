import { randomFillSync } from 'node:crypto';

// Ids are made by the thousand (a week save makes 40, a bulk create 2,000; every request has one): one call to the
// system's random source for 512 of them, where one call each was 4% of a week save's time and a tenth of the
// smallest routes'.
const pool = Buffer.alloc(8 * 512);
let used = pool.length;

/** 16 random lowercase hex characters (64 bits): a request's id, and the random part of `newId`. */
export function randomHex16(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 8;
  return pool.toString('hex', used - 8, used);
}

/** 24 lowercase hex characters: 8 of seconds since epoch, then 16 random (sortable by creation). */
export function newId(): string {
  const random = randomHex16();
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + random;
}

/** `count` new ids (a bulk write names hundreds of rows). */
export const newIds = (count: number): string[] => Array.from({ length: count }, newId);

/**
 * `count` new ids that sort in the order given, for rows that are read back in their id's order within one instant:
 * the history rows of one command share their time, and the history lists them newest first by id. They share one
 * id's seconds and its first 40 random bits; the last six characters count up.
 */
export function orderedIds(count: number): string[] {
  const prefix = newId().slice(0, 18);
  return Array.from({ length: count }, (_, i) => prefix + i.toString(16).padStart(6, '0'));
}
