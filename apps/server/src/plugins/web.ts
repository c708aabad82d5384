import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built web app; WEB_DIST points elsewhere when several builds are tried side by side. Read when a server is
 * built, not when this module loads: the API tests build servers for different builds in one process.
 */
export const webDist = () => process.env.WEB_DIST ?? fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Built files under assets/ carry a content hash in their name, so a browser may keep them for good. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app; every non-API path gets index.html. Unknown /api paths answer JSON 404.
 * The build writes brotli and gzip copies beside each text file: the one the browser accepts is sent as it is.
 */
export async function serveWeb(app: FastifyInstance): Promise<void> {
  const root = webDist();
  const built = existsSync(`${root}/index.html`);
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        const hashed = relative(root, path).startsWith(`assets${sep}`);
        reply.header('cache-control', hashed ? HASHED_ASSET_CACHE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api') || request.url.startsWith('/socket.io') || request.method !== 'GET' || !built) {
      return reply.status(404).send({ error: { code: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` } });
    }
    return reply.sendFile('index.html');
  });
}
