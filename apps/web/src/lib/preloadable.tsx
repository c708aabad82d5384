import { use, type ComponentType } from 'react';

type Loading<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export interface Preloadable<P extends object> {
  /** Renders the component, suspending only while its code is still on the way. */
  Component: ComponentType<P>;
  /** Starts loading its code (once); safe to call early and often. */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * A component whose code loads on demand and can be asked for ahead of time. Unlike `React.lazy`, code already loaded
 * renders in the same pass as its parent: `lazy` over a settled import still suspends once, commits its fallback and
 * then holds the real content back for up to 300 ms (React's reveal throttle), which a 10,000-task view would pay on
 * every first paint.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loading: Loading<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> => {
    if (!loading) {
      const started: Loading<ComponentType<P>> = load();
      started.status = 'pending';
      started.then(
        (value) => Object.assign(started, { status: 'fulfilled', value }),
        (reason: unknown) => Object.assign(started, { status: 'rejected', reason }),
      );
      loading = started;
    }
    return loading;
  };
  function Component(props: P) {
    // `use` answers at once from a settled promise's status (React's thenable protocol), so no fallback shows
    const Loaded = use(preload());
    return <Loaded {...props} />;
  }
  return { Component, preload };
}
