import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { createOrgCache, memoryStore } from './org-cache.ts';
import {
  browserStorageKeyDeps,
  fetchStorageKey,
  rememberedKeyName,
  STORAGE_KEY_ATTEMPTS,
  STORAGE_KEY_FAILED,
  type StorageKeyDeps,
} from './storage-key.ts';

type Answer = { status: number } | { keyId: string; key?: string; org?: string };

/** A fake API answering the calls in order, recording what was asked. */
function fakeApi(answers: Answer[]) {
  const calls: string[] = [];
  const request: StorageKeyDeps['request'] = <T>(path: string, options?: { method?: string; body?: unknown }) => {
    calls.push(`${options?.method ?? 'GET'} ${path}${options?.body ? ` ${JSON.stringify(options.body)}` : ''}`);
    const answer = answers.shift() ?? { status: 500 };
    if ('status' in answer) return Promise.reject(new ApiError(answer.status, `http/${answer.status}`, 'failed'));
    return Promise.resolve({ key: `secret-${answer.keyId}`, org: 'org1', ...answer } as T);
  };
  return { calls, request };
}

describe('fetchStorageKey', () => {
  it('asks for a new key with the organisation and remembers its id for next time', async () => {
    const storage = memoryStore();
    const first = fakeApi([{ keyId: 'k1' }]);
    const key = await fetchStorageKey('org1', browserStorageKeyDeps('org1', 'p1', first.request, storage));
    expect(key).toEqual({ keyId: 'k1', key: 'secret-k1', org: 'org1' });
    expect(first.calls).toEqual(['POST /storageKey {"org":"org1"}']);
    expect(storage.getItem(rememberedKeyName('org1', 'p1'))).toBe('k1');

    const again = fakeApi([{ keyId: 'k1' }]);
    await fetchStorageKey('org1', browserStorageKeyDeps('org1', 'p1', again.request, storage));
    expect(again.calls).toEqual(['GET /storageKey/k1']);
    // another person in the same browser has their own key
    const other = fakeApi([{ keyId: 'k9' }]);
    await fetchStorageKey('org1', browserStorageKeyDeps('org1', 'p2', other.request, storage));
    expect(other.calls).toEqual(['POST /storageKey {"org":"org1"}']);
  });

  it('on a 410 clears the organisation’s caches, then asks for a new key', async () => {
    const storage = memoryStore();
    storage.setItem(rememberedKeyName('org1', 'p1'), 'old');
    createOrgCache('org1', 'secret-old', { storage }).set('clients', 'lite', ['cached']);
    createOrgCache('org2', 'other', { storage }).set('clients', 'lite', ['kept']);
    const fake = fakeApi([{ status: 410 }, { keyId: 'k2' }]);
    const key = await fetchStorageKey('org1', browserStorageKeyDeps('org1', 'p1', fake.request, storage));
    expect(key.keyId).toBe('k2');
    expect(fake.calls).toEqual(['GET /storageKey/old', 'POST /storageKey {"org":"org1"}']);
    expect(createOrgCache('org1', 'secret-old', { storage }).get('clients', 'lite')).toBeNull();
    expect(createOrgCache('org2', 'other', { storage }).get('clients', 'lite')).toEqual(['kept']);
    expect(storage.getItem(rememberedKeyName('org1', 'p1'))).toBe('k2');
  });

  it('retries failures, 3 attempts in all, then gives up with the last error', async () => {
    const storage = memoryStore();
    storage.setItem(rememberedKeyName('org1', 'p1'), 'old');
    let cleared = 0;
    const fake = fakeApi([{ status: 410 }, { status: 404 }, { status: 500 }, { keyId: 'never' }]);
    const deps = { ...browserStorageKeyDeps('org1', 'p1', fake.request, storage), clearCaches: () => void (cleared += 1) };
    await expect(fetchStorageKey('org1', deps)).rejects.toMatchObject({ status: 500 });
    expect(STORAGE_KEY_ATTEMPTS).toBe(3);
    expect(fake.calls).toHaveLength(3);
    expect(cleared).toBe(1);
    expect(STORAGE_KEY_FAILED).toBe('Oops. Cannot access this organization. Please refresh and try again.');
  });

  it('succeeds on a later attempt after passing failures', async () => {
    const fake = fakeApi([{ status: 503 }, { status: 0 }, { keyId: 'k3' }]);
    const key = await fetchStorageKey('org1', browserStorageKeyDeps('org1', 'p1', fake.request, memoryStore()));
    expect(key.keyId).toBe('k3');
    expect(fake.calls).toHaveLength(3);
  });

  it('forgets a key id the server does not know and refuses a key of another organisation', async () => {
    const storage = memoryStore();
    storage.setItem(rememberedKeyName('org1', 'p1'), 'unknown');
    const fake = fakeApi([{ status: 404 }, { keyId: 'x', org: 'org2' }, { keyId: 'k4' }]);
    const key = await fetchStorageKey('org1', browserStorageKeyDeps('org1', 'p1', fake.request, storage));
    expect(key.keyId).toBe('k4');
    expect(fake.calls).toEqual(['GET /storageKey/unknown', 'POST /storageKey {"org":"org1"}', 'POST /storageKey {"org":"org1"}']);
  });
});
