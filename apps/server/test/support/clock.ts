import type { Clock } from '../../src/lib/clock.ts';

/** A clock that stands still until the test moves it. */
export type TestClock = Clock & { advance: (ms: number) => void; set: (at: Date | string) => void };

export function createTestClock(start: Date | string = new Date()): TestClock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    advance: (ms) => void (at += ms),
    set: (to) => void (at = new Date(to).getTime()),
  };
}
