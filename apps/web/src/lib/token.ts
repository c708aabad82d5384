import { useSyncExternalStore } from 'react';

const TOKEN_KEY = 'crewplan.token';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let current = typeof window === 'undefined' ? null : read();

function emit() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return current;
}

export function setToken(token: string | null): void {
  if (token === current) return;
  current = token;
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // private mode: keep the token in memory only
  }
  emit();
}

export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // another tab signed in or out
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY) return;
    current = read();
    emit();
  });
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}
