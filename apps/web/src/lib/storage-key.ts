import { SHELL_MESSAGES } from '@crewplan/domain/messages/index';
import { ApiError } from './api-error.ts';
import { clearOrgCaches, orgCachePrefix, type KeyValueStore } from './org-cache.ts';

/** Spec 1 §4, rule 270: a storage-key fetch is tried 3 times before the organisation is given up. */
export const STORAGE_KEY_ATTEMPTS = 3;

export const STORAGE_KEY_FAILED = SHELL_MESSAGES.storageKeyFailed;

/** `POST /storageKey` and `GET /storageKey/:keyId`. */
export interface StorageKey {
  keyId: string;
  key: string;
  org: string;
}

export interface StorageKeyDeps {
  request: <T>(path: string, options?: { method?: 'GET' | 'POST'; body?: Record<string, unknown> }) => Promise<T>;
  /** The key id this person keeps for the organisation (read again with `GET /storageKey/:keyId`). */
  remembered: { get(): string | null; set(keyId: string): void; forget(): void };
  /** Clears the organisation's local caches (on a 410: revoked key, membership ended, organisation deleted). */
  clearCaches: () => Promise<void> | void;
}

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/**
 * The storage key of one organisation: the remembered one when it is still good, otherwise a new one.
 * Up to 3 attempts; a 410 clears the organisation's caches before the next. Throws the last error.
 */
export async function fetchStorageKey(orgId: string, deps: StorageKeyDeps): Promise<StorageKey> {
  let last: unknown = new Error(STORAGE_KEY_FAILED);
  for (let attempt = 1; attempt <= STORAGE_KEY_ATTEMPTS; attempt += 1) {
    const keyId = deps.remembered.get();
    try {
      const answer = keyId
        ? await deps.request<StorageKey>(`/storageKey/${encodeURIComponent(keyId)}`)
        : await deps.request<StorageKey>('/storageKey', { method: 'POST', body: { org: orgId } });
      if (answer.org !== orgId) throw new Error('The storage key belongs to another organisation.');
      deps.remembered.set(answer.keyId);
      return answer;
    } catch (error) {
      last = error;
      const status = statusOf(error);
      if (status === 410) {
        await deps.clearCaches();
        deps.remembered.forget();
      } else if (keyId && (status === 404 || status === 400)) {
        deps.remembered.forget();
      }
    }
  }
  throw last;
}

/** Where a person's key id for an organisation is kept: under the organisation's prefix, so clearing forgets it. */
export const rememberedKeyName = (orgId: string, personId: string) => `${orgCachePrefix(orgId)}~key.${personId}`;

export function rememberedKeyIn(storage: KeyValueStore | null, orgId: string, personId: string): StorageKeyDeps['remembered'] {
  const name = rememberedKeyName(orgId, personId);
  return {
    get: () => storage?.getItem(name) ?? null,
    set: (keyId) => {
      try {
        storage?.setItem(name, keyId);
      } catch {
        // not remembered: the next visit asks for a new key
      }
    },
    forget: () => storage?.removeItem(name),
  };
}

/** The browser's wiring: local storage, its caches, and the product API. */
export function browserStorageKeyDeps(
  orgId: string,
  personId: string,
  request: StorageKeyDeps['request'],
  storage: KeyValueStore | null,
): StorageKeyDeps {
  return {
    request,
    remembered: rememberedKeyIn(storage, orgId, personId),
    clearCaches: () => clearOrgCaches(orgId, storage),
  };
}
