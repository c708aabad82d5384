import type { FastifyInstance } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Smaller answers gain less than the header and the work cost. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Answers above this are sent as they are: compressing tens of megabytes takes longer than a local network sends
 * them, and such answers (a Home of tens of thousands of tasks) are read on fast links.
 */
export const COMPRESS_MAX_BYTES = 8 * 1024 * 1024;

/** The encoding to use for a request's `accept-encoding`: brotli, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Compresses the API's JSON and text answers that are sent whole (strings and buffers) for browsers that accept it:
 * a signed-in Home downloads several hundred kilobytes of JSON, which on a phone's network takes seconds. Streamed
 * answers and the built web files (precompressed at build time) pass as they are.
 */
export function compressAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !/^(application\/json|text\/)/.test(type) || reply.hasHeader('content-encoding')) {
      return done(null, payload);
    }
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES || size > COMPRESS_MAX_BYTES) return done(null, payload);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const compressed =
      encoding === 'br'
        ? // quality 4 packs JSON nearly as tight as the default 11 in a small share of the time
          brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: size } })
        : gzipped(payload);
    compressed.then(
      (body) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, body);
      },
      (error: Error) => done(error),
    );
  });
}
