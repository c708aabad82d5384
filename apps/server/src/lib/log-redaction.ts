import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Query parameters that carry secrets: email-link codes, signed-link and unsubscribe tokens, OAuth and SAML values. */
const SECRET_QUERY_KEYS = new Set([
  'token',
  'oobcode',
  'code',
  'state',
  'ticket',
  'key',
  'signature',
  'sig',
  'secret',
  'password',
  'access_token',
  'id_token',
  'refresh_token',
  'samlrequest',
  'samlresponse',
  'relaystate',
]);

/** Path segments that are followed by a secret: `/…-invite/token/:token`, `/…-invite/handle/:token`, `/reset-password/:token`. */
const SEGMENTS_BEFORE_A_SECRET = new Set(['token', 'handle', 'reset-password']);

/** A URL with the values of secret query parameters and secret path segments replaced, for the log. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const segments = path.split('/');
  const safePath = segments
    .map((segment, i) => (i > 0 && segment && SEGMENTS_BEFORE_A_SECRET.has(segments[i - 1]!.toLowerCase()) ? REDACTED : segment))
    .join('/');
  if (mark === -1) return safePath;
  const safeQuery = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_QUERY_KEYS.has(decodedLower(key)) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

function decodedLower(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return text.toLowerCase();
  }
}

/** The request as every log line shows it: Fastify's usual fields, the URL without its secrets. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
