import type { Principal } from '../plugins/types.ts';

/**
 * Who a bearer token is, remembered for a few seconds so that a burst of requests does not ask the database each
 * time. Everything that ends a session or changes who its person is (sign-out, revoked sessions, a new email or its
 * verification, any call to the identity routes) forgets the entries concerned at once, so a signed-out token is
 * refused on its next request. Another server process forgets only when the entry expires (`ttlMs`).
 */
export type SessionCache = {
  get: (token: string) => Principal | undefined;
  set: (token: string, principal: Principal) => void;
  forgetSession: (sessionId: string) => void;
  forgetPerson: (personId: string) => void;
  clear: () => void;
};

const MAX_ENTRIES = 10_000;

export function createSessionCache(ttlMs: number, now: () => number = Date.now): SessionCache {
  const entries = new Map<string, { principal: Principal; expires: number }>();
  const forgetWhere = (matches: (principal: Principal) => boolean) => {
    for (const [token, entry] of entries) if (matches(entry.principal)) entries.delete(token);
  };
  return {
    get(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.expires > now()) return entry.principal;
      entries.delete(token);
      return undefined;
    },
    set(token, principal) {
      if (ttlMs <= 0) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(token, { principal, expires: now() + ttlMs });
    },
    forgetSession: (sessionId) => forgetWhere((principal) => principal.sessionId === sessionId),
    forgetPerson: (personId) => forgetWhere((principal) => principal.personId === personId),
    clear: () => entries.clear(),
  };
}
