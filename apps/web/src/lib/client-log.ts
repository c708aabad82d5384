import { SHELL_MESSAGES } from '@crewplan/domain/messages/index';
import { api } from './api.ts';

export type LogSeverity = 'info' | 'warning' | 'error' | 'critical' | 'debug' | 'alert';

export interface ClientLogEntry {
  message: string;
  error?: unknown;
  data?: unknown;
}

/** The server's limits on a client log line (`POST /log/:product`): longer text is cut here, not refused there. */
const LIMITS = { userAgent: 1_000, url: 4_000, message: 10_000, stack: 20_000 } as const;

/** Reports sent by this page; a failure that repeats in a loop stops being sent after this many. */
const MOST_REPORTS = 20;
let reports = 0;

/** A text as the server keeps it: at most `limit` characters, a NUL (which it refuses to store) written out. */
const fit = (text: string, limit: number) => text.replaceAll('\u0000', '\\0').slice(0, limit);

/** The body `POST /log/web` takes for an entry, every text within the server's limits. */
export function logBody(entry: ClientLogEntry, where: { userAgent: string; url: string }) {
  const { error } = entry;
  const failure =
    error instanceof Error
      ? { message: fit(error.message, LIMITS.message), stack: fit(error.stack ?? '', LIMITS.stack) }
      : error === undefined
        ? undefined
        : { message: fit(String(error), LIMITS.message) };
  return {
    userAgent: fit(where.userAgent, LIMITS.userAgent),
    url: fit(where.url, LIMITS.url),
    message: fit(entry.message, LIMITS.message),
    ...(failure ? { error: failure } : {}),
    ...(entry.data === undefined ? {} : { data: entry.data }),
  };
}

const post = (severity: LogSeverity, body: Record<string, unknown>) =>
  api(`/log/web?severity=${severity}`, { method: 'POST', body, signOutOnUnauthorized: false });

/**
 * Spec 1 §8: a failure the person is not shown goes to the server's log, silently. When that post fails, a minimal one
 * says 'Failed to log from Web.', so that the server still learns something went wrong. Never throws.
 */
export async function reportToServer(severity: LogSeverity, entry: ClientLogEntry): Promise<void> {
  if (reports >= MOST_REPORTS) return;
  reports += 1;
  try {
    await post(severity, logBody(entry, { userAgent: navigator.userAgent, url: window.location.href }));
  } catch {
    await post('error', { message: SHELL_MESSAGES.logFallback }).catch(() => undefined);
  }
}

/** Reports the errors no code caught (a failing handler, a rejected promise nobody awaited). */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (event) => {
    void reportToServer('error', { message: `uncaught: ${event.message}`, error: event.error ?? event.message });
  });
  window.addEventListener('unhandledrejection', (event) => {
    void reportToServer('error', { message: 'unhandled rejection', error: event.reason });
  });
}
