/** What `src/early-reads.js` asked for before the app's code ran: answers by API path, for one token. */
type EarlyReads = { token: string; reads: Record<string, Promise<Response | null> | undefined> };

declare global {
  interface Window {
    __crewplanEarlyReads?: EarlyReads;
  }
}

/**
 * The answer the page's first script already asked for, for a GET of `path` with this token: once (a second read
 * asks the server again), and never for another token (the person signed out or in meanwhile).
 */
export function takeEarlyRead(path: string, token: string | null): Promise<Response | null> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__crewplanEarlyReads;
  if (!early || !token || early.token !== token) return undefined;
  const read = early.reads[path];
  delete early.reads[path];
  return read;
}
