import { createAuthClient } from 'better-auth/client';
import { twoFactorClient } from 'better-auth/client/plugins';
import { getToken, setToken } from './token.ts';

/** The identity provider (better-auth), served by our server under /api/identity. */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/identity`,
  plugins: [twoFactorClient()],
  fetchOptions: {
    auth: { type: 'Bearer', token: () => getToken() ?? '' },
    onSuccess(context) {
      // a password accepted before the second factor is no session yet
      if ((context.data as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) return;
      const token = context.response.headers.get('set-auth-token');
      if (token) setToken(token);
    },
  },
});

/** better-auth answers errors as `{ code, message, status }`. */
export interface AuthError {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
}
