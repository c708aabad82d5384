import { AppError } from '../lib/errors.ts';
import type { Db, Tx } from './database.ts';

/**
 * PostgreSQL errors that say "try again": deadlock detected, serialization failure, lock not available (our
 * lock time-out). A transaction that meets one has been rolled back whole, so running it again is safe.
 */
const TRANSIENT_CODES = new Set(['40P01', '40001', '55P03']);
/** The database cancelled a statement that ran past its time-out, or no connection was free in time. */
const OVERLOAD_CODES = new Set(['57014']);
const POOL_TIMEOUT = /timeout exceeded when trying to connect|Connection terminated due to connection timeout/;

const codeOf = (error: unknown): string | undefined => {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // drizzle wraps the driver's error in `cause`
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

export const isTransientDbError = (error: unknown) => TRANSIENT_CODES.has(codeOf(error) ?? '');

/** A deadlock, lock time-out, statement time-out or pool time-out: the server is busy, not broken. */
export function isBusyDbError(error: unknown): boolean {
  const code = codeOf(error) ?? '';
  if (TRANSIENT_CODES.has(code) || OVERLOAD_CODES.has(code)) return true;
  const message = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : '';
  return POOL_TIMEOUT.test(message);
}

/** 503 with Retry-After: the write met contention it could not get past; nothing was saved, sending it again is safe. */
export class BusyError extends AppError {
  readonly retryAfterSeconds = 1;
  constructor() {
    super(503, 'busy', 'The server is busy. Please try again in a moment.');
  }
}

/**
 * Thrown inside `inTransaction` when a concurrent write got there first in a way the work can only handle by starting
 * again (a row it planned to insert was inserted meanwhile): a serialization failure, so the work runs again whole.
 */
export const concurrentWrite = () => Object.assign(new Error('a concurrent write got there first'), { code: '40001' });

export const TRANSACTION_ATTEMPTS = 4;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt + Math.random() * 20));

/**
 * Runs `work` again when it meets a deadlock, a serialization failure or a lock time-out (a few times, with a short
 * random pause), then answers 503 with Retry-After. Each attempt must have been rolled back whole: `work` is one
 * transaction or one statement.
 */
export async function retryTransient<T>(work: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work(attempt);
    } catch (error) {
      if (!isTransientDbError(error)) throw error;
      if (attempt >= TRANSACTION_ATTEMPTS) throw new BusyError();
      await pause(attempt);
    }
  }
}

/**
 * Runs `work` in one transaction, run again whole on a deadlock, a serialization failure or a lock time-out
 * (`retryTransient`). `work` may run more than once: it must not do anything outside the transaction before it commits.
 */
export const inTransaction = <T>(db: Db, work: (tx: Tx, attempt: number) => Promise<T>): Promise<T> =>
  retryTransient((attempt) => db.transaction((tx) => work(tx, attempt)));
