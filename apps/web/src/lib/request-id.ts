const REQUEST_ID_KEY = 'crewplan.user-request-id';

function randomId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

let cached: string | null = null;

/** One random id per browser session, sent as x-user-request-id with every product call. */
export function userRequestId(): string {
  if (cached) return cached;
  try {
    cached = sessionStorage.getItem(REQUEST_ID_KEY);
    if (!cached) {
      cached = randomId();
      sessionStorage.setItem(REQUEST_ID_KEY, cached);
    }
  } catch {
    cached = randomId();
  }
  return cached;
}
