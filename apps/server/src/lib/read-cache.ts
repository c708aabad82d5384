/**
 * The answers of the reads every screen repeats (my profile, my missions, my unread count, my items, a mission), remembered
 * per person and address until anything is written. Every write this process makes (a request other than GET, an
 * identity call, a realtime message, a domain event's subscribers, a job) calls `changed`, which forgets them all at
 * once: an answer is only ever served when nothing has been written since it was read. `ttlMs` bounds what no write
 * of this process announces (the date changing, another process on the same database); 0 turns the cache off.
 */
export type ReadCache = {
  /** The remembered answer, if nothing was written since it was read. */
  get: (key: string) => CachedAnswer | undefined;
  /** Where a read starts: what `remember` needs so that a write during the read keeps its answer out. */
  start: () => number;
  remember: (key: string, startedAt: number, answer: CachedAnswer) => void;
  /** Something was written: forget every answer. */
  changed: () => void;
};

export type CachedAnswer = { contentType: string; body: Buffer | string };

const MAX_ENTRIES = 5_000;
/** Answers larger than this are read again each time (a big mission streams; holding it would cost more). */
export const MAX_CACHED_BYTES = 512 * 1024;

export function createReadCache(ttlMs: number, now: () => number = Date.now): ReadCache {
  const entries = new Map<string, { answer: CachedAnswer; generation: number; expires: number }>();
  let generation = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.generation === generation && entry.expires > now()) return entry.answer;
      entries.delete(key);
      return undefined;
    },
    start: () => generation,
    remember(key, startedAt, answer) {
      if (ttlMs <= 0 || startedAt !== generation || answer.body.length > MAX_CACHED_BYTES) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { answer, generation, expires: now() + ttlMs });
    },
    changed() {
      generation++;
      entries.clear();
    },
  };
}
