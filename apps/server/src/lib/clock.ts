/** Where the server reads the time. Rules take it from `ctx.clock`, so that tests can set and advance it. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** The clock's date as `YYYY-MM-DD` (UTC). */
export const todayOf = (clock: Clock): string => clock.now().toISOString().slice(0, 10);

/** The clock's time `ms` milliseconds from now. */
export const fromNow = (clock: Clock, ms: number): Date => new Date(clock.now().getTime() + ms);
