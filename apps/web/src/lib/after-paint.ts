import { useEffect, useState, type ReactNode } from 'react';

/** A hidden tab paints no frames: past this, the work runs anyway. */
const AT_THE_LATEST_MS = 250;

/**
 * Runs `work` once the screen has painted its next frame (a frame, then a task), or after AT_THE_LATEST_MS: what
 * the first screen does not need to show (the realtime connection, the palette) waits until it
 * has shown. Answers a cancel.
 */
export function afterNextPaint(work: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  let task: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (task = setTimeout(run, 0)));
  const latest = setTimeout(run, AT_THE_LATEST_MS);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(task);
    clearTimeout(latest);
  };
}

/** False until the screen has painted once since the calling component mounted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}

/**
 * Its children once the screen has painted: a component of its own, so that only it draws again then. The state
 * held by a screen's root would draw the whole screen again, at once, in one long task.
 */
export function AfterPaint({ children }: { children: ReactNode }) {
  return usePainted() ? children : null;
}
