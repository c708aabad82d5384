import { useSyncExternalStore } from 'react';

/** Paths the product knows; everything else opens by query parameter. */
export type Route =
  | { name: 'login' }
  | { name: 'home' }
  | { name: 'board' }
  | { name: 'file'; fileId: string; fileName: string }
  | { name: 'mailbox' }
  | { name: 'unknown' };

export function matchPath(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/' || path === '/login') return { name: 'login' };
  if (path === '/home') return { name: 'home' };
  if (path === '/board') return { name: 'board' };
  if (path === '/dev/mailbox') return { name: 'mailbox' };
  const file = /^\/drive\/d\/([^/]+)\/([^/]+)$/.exec(path);
  if (file) return { name: 'file', fileId: decodeURIComponent(file[1]!), fileName: decodeURIComponent(file[2]!) };
  return { name: 'unknown' };
}

/** Returns `search` with each key set (string), added as a flag ('') or removed (null). */
export function withParams(search: string, updates: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function filePath(fileId: string, fileName: string): string {
  return `/drive/d/${encodeURIComponent(fileId)}/${encodeURIComponent(fileName)}`;
}

/**
 * Where the path rules of the spec send the person (section 2, rules Y), or null to stay.
 * Query parameters are kept so that email links and mission links survive the redirect.
 */
export function redirectFor(pathname: string, search: string, signedIn: boolean): string | null {
  const route = matchPath(pathname);
  const params = new URLSearchParams(search);
  switch (route.name) {
    case 'login': {
      if (params.get('drive') === 'd') {
        const fileId = params.get('fileId');
        const fileName = params.get('fileName');
        if (!fileId || !fileName) return `/home${withParams(search, { drive: null, fileId: null, fileName: null })}`;
        return signedIn ? filePath(fileId, fileName) : '/login';
      }
      return signedIn ? `/home${withParams(search, { login: null })}` : null;
    }
    case 'home':
    case 'board':
      if (signedIn) return null;
      return params.has('mission') ? `/${withParams(search, { login: '' })}` : `/login${search}`;
    case 'file':
      return signedIn ? null : '/login';
    case 'mailbox':
      return null;
    case 'unknown':
      return signedIn ? `/home${search}` : `/login${search}`;
  }
}

const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') window.addEventListener('popstate', emit);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentHref = () => window.location.pathname + window.location.search;

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === currentHref()) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  emit();
}

/** Changes query parameters of the current URL (null removes one). */
export function setParams(updates: Record<string, string | null>, options: { replace?: boolean } = {}): void {
  navigate(window.location.pathname + withParams(window.location.search, updates), options);
}

export interface UrlState {
  pathname: string;
  search: string;
  params: URLSearchParams;
}

let cachedHref = '';
let cachedState: UrlState = { pathname: '/', search: '', params: new URLSearchParams() };

function snapshot(): UrlState {
  const href = currentHref();
  if (href !== cachedHref) {
    cachedHref = href;
    cachedState = {
      pathname: window.location.pathname,
      search: window.location.search,
      params: new URLSearchParams(window.location.search),
    };
  }
  return cachedState;
}

export function useUrl(): UrlState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
