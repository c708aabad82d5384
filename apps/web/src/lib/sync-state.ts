import { useSyncExternalStore } from 'react';

let pending = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows the 'Synchronizing your session' overlay for as long as `work` runs. */
export async function whileSynchronizing<T>(work: () => Promise<T>): Promise<T> {
  pending += 1;
  emit();
  try {
    return await work();
  } finally {
    pending -= 1;
    emit();
  }
}

export function useSynchronizing(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending > 0,
    () => false,
  );
}
