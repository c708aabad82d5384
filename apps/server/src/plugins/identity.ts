import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER, IDENTITY_BASE_PATH } from '../lib/identity-http.ts';

/** Mounts better-auth's standard routes under /api/identity/* by passing requests through as Fetch requests. */
export async function identityBridge(app: FastifyInstance): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: `${IDENTITY_BASE_PATH}/*`,
    config: { authz: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const response = await app.ctx.auth.handler(toFetchRequest(request, app.ctx.config.publicUrl));
      // Sign-out, revoked sessions, a changed password, email or account: whatever these routes did, the remembered
      // sessions must not outlive it.
      if (request.method !== 'GET' || !request.url.includes('/get-session')) {
        app.ctx.sessions.clear();
        app.ctx.reads.changed();
      }
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (!response.body) return reply.send(null);
      if (response.status >= 400 && response.headers.get('content-type')?.includes('application/json')) {
        return reply.send(productError(request, response.status, await response.json().catch(() => null)));
      }
      return reply.send(Buffer.from(await response.arrayBuffer()));
    },
  });
}

/** better-auth answers `{ code, message }`; the product's errors are `{ error: { code, message } }`, 5xx details in the log. */
function productError(request: FastifyRequest, status: number, body: unknown) {
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  if (status >= 500) {
    request.log.error({ identityError: body }, 'identity request failed');
    return { error: { code: 'internal', message: 'Sorry. Something went wrong on our side.' } };
  }
  return {
    error: {
      code: typeof code === 'string' && code ? code : 'identity/refused',
      message: typeof message === 'string' && message ? message : 'The request was refused.',
    },
  };
}

function toFetchRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  headers.delete('content-length');
  if (isScriptClient(headers)) {
    headers.delete('sec-fetch-mode');
    headers.delete('sec-fetch-dest');
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const body = !hasBody ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  if (hasBody && typeof request.body !== 'string') headers.set('content-type', 'application/json');
  return new Request(new URL(request.url, publicUrl), { method: request.method, headers, body });
}

/**
 * Node's, Deno's and Bun's fetch send `sec-fetch-mode: cors` but neither `Sec-Fetch-Site`, `Origin`, `Referer`
 * nor cookies, which better-auth's CSRF check takes for a browser without an origin. Browsers send `Sec-Fetch-Site`
 * with every fetch-metadata header and an `Origin` on every POST: they keep the full check (foreign origins,
 * cookies without an origin), while a bearer-token script signs in like any non-browser client.
 */
function isScriptClient(headers: Headers): boolean {
  return headers.has('sec-fetch-mode') && !['sec-fetch-site', 'origin', 'referer', 'cookie'].some((name) => headers.has(name));
}
