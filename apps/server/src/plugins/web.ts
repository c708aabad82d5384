import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built web app; WEB_DIST points elsewhere when several builds are tried side by side. */
export const WEB_DIST = process.env.WEB_DIST ?? fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Serves the built single-page app; every non-API path gets index.html. Unknown /api paths answer JSON 404. */
export async function serveWeb(app: FastifyInstance): Promise<void> {
  const built = existsSync(`${WEB_DIST}/index.html`);
  if (built) await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api') || request.url.startsWith('/socket.io') || request.method !== 'GET' || !built) {
      return reply.status(404).send({ error: { code: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` } });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
