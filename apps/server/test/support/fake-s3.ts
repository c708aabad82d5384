import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeS3 = {
  url: string;
  /** Stored objects by `bucket/key`. */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request seen, as 'METHOD /bucket/key'. */
  requests: string[];
  close: () => Promise<void>;
};

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Decodes an aws-chunked body (`<hex size>;chunk-signature=…\r\n<bytes>\r\n` … `0\r\n` trailers). */
function decodeChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!size) return Buffer.concat(parts);
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

const xmlError = (code: string) => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;

/**
 * A small S3-compatible server for tests: path-style PutObject, GetObject, DeleteObject and HeadObject on any
 * bucket, kept in memory. Signatures are not checked (the real client signs; the store under test is what matters).
 */
export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://fake').pathname).slice(1);
      requests.push(`${request.method} /${path}`);
      if (!request.headers.authorization?.startsWith('AWS4-HMAC-SHA256')) {
        response.writeHead(403, { 'content-type': 'application/xml' }).end(xmlError('AccessDenied'));
        return;
      }
      const object = objects.get(path);
      if (request.method === 'PUT') {
        const raw = await bodyOf(request);
        const chunked = String(request.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
        objects.set(path, { body: chunked ? decodeChunked(raw) : raw, contentType: String(request.headers['content-type'] ?? '') });
        response.writeHead(200, { etag: '"fake"' }).end();
      } else if (request.method === 'DELETE') {
        objects.delete(path);
        response.writeHead(204).end();
      } else if (!object) {
        response.writeHead(404, { 'content-type': 'application/xml' }).end(request.method === 'HEAD' ? undefined : xmlError('NoSuchKey'));
      } else {
        response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
        response.end(request.method === 'HEAD' ? undefined : object.body);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
