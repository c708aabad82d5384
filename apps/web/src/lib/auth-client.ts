import { createAuthClient } from 'better-auth/client';
import { twoFactorClient } from 'better-auth/client/plugins';
import { getToken, setToken } from './token.ts';

/** The identity provider (better-auth), served by our server under /api/identity. */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/identity`,
  plugins: [twoFactorClient()],
  fetchOptions: {
    auth: { type: 'Bearer', token: () => getToken() ?? '' },
    onResponse: ({ response }) => unwrapProductError(response),
    onSuccess(context) {
      // a password accepted before the second factor is no session yet
      if ((context.data as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) return;
      const token = context.response.headers.get('set-auth-token');
      if (token) setToken(token);
    },
  },
});

/**
 * The server answers identity errors as every other error, `{ error: { code, message } }`; better-auth's client
 * reads `{ code, message }`, so the body is unwrapped before it sees it.
 */
async function unwrapProductError(response: Response): Promise<Response | undefined> {
  if (response.ok || !response.headers.get('content-type')?.includes('application/json')) return undefined;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!body?.error) return undefined;
  return new Response(JSON.stringify(body.error), { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** How the auth client hands errors over: `{ code, message, status }`. */
export interface AuthError {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
}
