import { api } from './api.ts';
import { navigate } from './url-state.ts';
import { queryClient } from './query-client.ts';
import { getToken, setToken } from './token.ts';
import { disconnectRealtime } from './realtime.ts';

/** Forgets the session in this browser and shows the sign-in screen. */
export function signOutLocally(): void {
  setToken(null);
  disconnectRealtime();
  queryClient.clear();
  navigate('/login', { replace: true });
}

/** Ends the session on the server too; local sign-out happens whatever the server says. */
export async function signOut(): Promise<void> {
  if (getToken()) await api('/auth/signOut', { method: 'POST' }).catch(() => undefined);
  signOutLocally();
}

/**
 * Gives the browser a session cookie so that plain <img src="/api/..."> requests are authenticated:
 * first a CSRF token (also set as a cookie), then the cookie itself with that token in a header.
 */
export function establishSessionCookie(): Promise<void> {
  const token = getToken();
  // two runs at once would overwrite each other's CSRF cookie; one per token is enough
  if (!cookieFor || cookieFor.token !== token) {
    const run = setSessionCookie().catch((error: unknown) => {
      if (cookieFor?.run === run) cookieFor = null;
      throw error;
    });
    cookieFor = { token, run };
  }
  return cookieFor.run;
}

let cookieFor: { token: string | null; run: Promise<void> } | null = null;

async function setSessionCookie(): Promise<void> {
  const { csrfToken } = await api<{ csrfToken: string }>('/session/csrf/set', { method: 'POST' });
  await api('/session/cookie/set', { method: 'POST', headers: { 'x-csrf-token': csrfToken }, signOutOnUnauthorized: false });
}
