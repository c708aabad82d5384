import { toApiError } from './api-error.ts';
import { userRequestId } from './request-id.ts';
import { getToken } from './token.ts';
import { takeEarlyRead } from './early-reads.ts';

type Body = Record<string, unknown> | unknown[] | FormData | undefined;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: Body;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false for calls whose 401 says nothing about the token (the CSRF step of the session cookie) */
  signOutOnUnauthorized?: boolean;
}

let unauthorizedHandler: () => void = () => {};

/** What to do when the product API says the token is no longer good (sign out locally). */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** Calls the product API under /api with the bearer token and the session's request id. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = { 'x-user-request-id': userRequestId(), ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const method = options.method ?? (body ? 'POST' : 'GET');
  const early = method === 'GET' ? takeEarlyRead(path, token) : undefined;
  const response =
    (early && (await early)) ?? (await fetch(`/api${path}`, { method, headers, body, credentials: 'same-origin', signal: options.signal }));
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    // only a call that carried a token can prove the token stale
    if (response.status === 401 && options.signOutOnUnauthorized !== false && token && token === getToken()) unauthorizedHandler();
    throw toApiError(response.status, data);
  }
  return data as T;
}
