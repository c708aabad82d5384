import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER, IDENTITY_BASE_PATH } from '../lib/auth.ts';

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
      if (request.method !== 'GET' || !request.url.includes('/get-session')) app.ctx.sessions.clear();
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}

function toFetchRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  headers.delete('content-length');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const body = !hasBody ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  if (hasBody && typeof request.body !== 'string') headers.set('content-type', 'application/json');
  return new Request(new URL(request.url, publicUrl), { method: request.method, headers, body });
}
