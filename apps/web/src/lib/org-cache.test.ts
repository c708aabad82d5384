import { describe, expect, it } from 'vitest';
import { CACHE_ITEM_REQUIRED, clearOrgCaches, createOrgCache, memoryStore } from './org-cache.ts';

const HOUR = 3_600_000;

describe('createOrgCache', () => {
  it('keeps data by store and id under a versioned, per-organisation and per-key name', () => {
    const storage = memoryStore();
    const cache = createOrgCache('org1', 'key-a', { storage, now: () => 0 });
    cache.set('clients', 'lite', [{ _id: 'c1', name: 'Globex' }]);
    expect(cache.get('clients', 'lite')).toEqual([{ _id: 'c1', name: 'Globex' }]);
    expect(storage.key(0)).toBe('crewplan.cache.v1.org1.key-a.clients.lite');
    // another person's (another key's) or another organisation's cache does not see it
    expect(createOrgCache('org1', 'key-b', { storage }).get('clients', 'lite')).toBeNull();
    expect(createOrgCache('org2', 'key-a', { storage }).get('clients', 'lite')).toBeNull();
  });

  it('needs both data and an id', () => {
    const cache = createOrgCache('org1', 'k', { storage: memoryStore() });
    expect(() => cache.set('clients', '', [1])).toThrow(CACHE_ITEM_REQUIRED);
    expect(() => cache.set('clients', 'lite', undefined)).toThrow(CACHE_ITEM_REQUIRED);
    expect(() => cache.set('clients', 'lite', null)).toThrow('Both data and a unique id are required to store the data');
  });

  it('forgets entries after 48 hours', () => {
    const storage = memoryStore();
    let now = 1_000;
    const cache = createOrgCache('org1', 'k', { storage, now: () => now });
    cache.set('clients', 'lite', ['x']);
    now += 48 * HOUR - 1;
    expect(cache.get('clients', 'lite')).toEqual(['x']);
    now += 1;
    expect(cache.get('clients', 'lite')).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('drops entries of another cache version and unreadable ones', () => {
    const storage = memoryStore();
    const cache = createOrgCache('org1', 'k', { storage, now: () => 0 });
    storage.setItem('crewplan.cache.v1.org1.k.clients.old', JSON.stringify({ v: '0', id: 'old', expiresAt: 10, data: 1 }));
    storage.setItem('crewplan.cache.v1.org1.k.clients.bad', '{not json');
    expect(cache.get('clients', 'old')).toBeNull();
    expect(cache.get('clients', 'bad')).toBeNull();
    expect(storage.getItem('crewplan.cache.v1.org1.k.clients.old')).toBeNull();
  });

  it('clears every entry of its organisation and nothing else', async () => {
    const storage = memoryStore();
    createOrgCache('org1', 'k1', { storage }).set('clients', 'lite', [1]);
    createOrgCache('org1', 'k2', { storage }).set('people', 'p1', { name: 'A' });
    createOrgCache('org2', 'k1', { storage }).set('clients', 'lite', [2]);
    storage.setItem('crewplan.token', 't');
    createOrgCache('org1', 'k1', { storage }).clear();
    expect(createOrgCache('org1', 'k2', { storage }).get('people', 'p1')).toBeNull();
    expect(createOrgCache('org2', 'k1', { storage }).get('clients', 'lite')).toEqual([2]);
    await clearOrgCaches('org2', storage);
    expect(storage.length).toBe(1);
    expect(storage.getItem('crewplan.token')).toBe('t');
  });
});
