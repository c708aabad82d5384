import { CACHE_VERSION, TIMINGS } from '@crewplan/domain/shared/constants';

/** Spec 1 §9: a cached item needs both its data and an id. */
export const CACHE_ITEM_REQUIRED = 'Both data and a unique id are required to store the data';

/** Every cached entry of an organisation lives under `crewplan.cache.v<version>.<orgId>.`. */
export const CACHE_PREFIX = `crewplan.cache.v${CACHE_VERSION}`;

/** The part of `Storage` the cache uses (localStorage in the browser, a map in tests). */
export interface KeyValueStore {
  readonly length: number;
  key(index: number): string | null;
  getItem(name: string): string | null;
  setItem(name: string, value: string): void;
  removeItem(name: string): void;
}

export interface OrgCache {
  /** The data stored under `id`, or null when missing, expired (48 h) or of another cache version. */
  get<T>(store: string, id: string): T | null;
  set<T>(store: string, id: string, data: T): void;
  /** Removes every entry of this organisation (all stores, every key). */
  clear(): void;
}

interface Entry {
  v: string;
  id: string;
  expiresAt: number;
  data: unknown;
}

export const orgCachePrefix = (orgId: string) => `${CACHE_PREFIX}.${orgId}.`;

function browserStorage(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Removes the organisation's entries from local storage, and its IndexedDB databases where the browser lists them. */
export async function clearOrgCaches(orgId: string, storage: KeyValueStore | null = browserStorage()): Promise<void> {
  const prefix = orgCachePrefix(orgId);
  if (storage) {
    const names: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const name = storage.key(i);
      if (name?.startsWith(prefix)) names.push(name);
    }
    for (const name of names) storage.removeItem(name);
  }
  const idb = typeof indexedDB === 'undefined' ? null : indexedDB;
  if (idb && typeof idb.databases === 'function') {
    const databases = await idb.databases().catch(() => []);
    for (const db of databases) if (db.name?.startsWith(prefix)) idb.deleteDatabase(db.name);
  }
}

/**
 * The local cache of one organisation for the holder of a storage key (`POST /storageKey`): entries are
 * named by organisation and key, so another person's or a revoked key's entries are never read.
 */
export function createOrgCache(orgId: string, key: string, options: { storage?: KeyValueStore | null; now?: () => number } = {}): OrgCache {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const now = options.now ?? Date.now;
  const nameOf = (store: string, id: string) => `${orgCachePrefix(orgId)}${key}.${store}.${id}`;

  return {
    get<T>(store: string, id: string): T | null {
      if (!storage) return null;
      const name = nameOf(store, id);
      let entry: Entry | null = null;
      try {
        entry = JSON.parse(storage.getItem(name) ?? 'null') as Entry | null;
      } catch {
        entry = null;
      }
      if (!entry) return null;
      if (entry.v !== CACHE_VERSION || entry.id !== id || !(entry.expiresAt > now())) {
        storage.removeItem(name);
        return null;
      }
      return entry.data as T;
    },
    set<T>(store: string, id: string, data: T): void {
      if (!id || data === undefined || data === null) throw new Error(CACHE_ITEM_REQUIRED);
      if (!storage) return;
      const entry: Entry = { v: CACHE_VERSION, id, expiresAt: now() + TIMINGS.cacheExpiryMs, data };
      try {
        storage.setItem(nameOf(store, id), JSON.stringify(entry));
      } catch {
        // a full or blocked storage only costs a network round trip next time
      }
    },
    clear(): void {
      void clearOrgCaches(orgId, storage);
    },
  };
}

/** A map-backed store (tests, and browsers where local storage is blocked). */
export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (name) => map.get(name) ?? null,
    setItem: (name, value) => void map.set(name, String(value)),
    removeItem: (name) => void map.delete(name),
  };
}
