import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles.ts';
import { App } from './app/App.tsx';
import { firstReads } from './app/first-reads.ts';
import { appStylesLoaded } from './lib/app-styles.ts';
import { reportUncaughtErrors } from './lib/client-log.ts';

reportUncaughtErrors();

const root = createRoot(document.getElementById('root')!);
// as a transition, React draws the first screen in short slices: in one go it held a slow phone's main thread for
// about half a second (Lighthouse's mobile run of Home)
void Promise.all([appStylesLoaded(), firstReads()]).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
