import type { FastifyInstance } from 'fastify';

/**
 * The policy of the web app's pages: everything from this server only, nothing from a third party. Styles allow
 * inline `<style>` (the component library injects its theme that way); scripts never run inline. Files open as
 * object URLs (images, audio, video, the PDF frame); the realtime socket connects back to this server.
 */
export function webContentSecurityPolicy(publicUrl: string): string {
  const socketOrigin = new URL(publicUrl).origin.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    `connect-src 'self' ${socketOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** No response may be framed by another site; every HTML page without a policy of its own gets the web app's. */
export function securityHeaders(app: FastifyInstance): void {
  const policy = webContentSecurityPolicy(app.ctx.config.publicUrl);
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-frame-options', 'DENY');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', policy);
    }
    done(null, payload);
  });
}

/** The API documentation page keeps the hashes of its own inline code, loads nothing from outside and is never framed. */
export function apiDocsPolicy(policy: string): string {
  return policy
    .replaceAll(' https:', '')
    .replaceAll(' validator.swagger.io', '')
    .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
    .replace(/\s*upgrade-insecure-requests;?/, '');
}
