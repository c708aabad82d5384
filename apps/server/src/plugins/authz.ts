import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound, unauthorized } from '../lib/errors.ts';
import { findPrincipal } from '../lib/sessions.ts';
import type { AppContext, Authz, Principal } from './types.ts';

export const SESSION_COOKIE = 'crewplan_session';
/** Routes other plugins register under /api (the API browser) are public documentation. */
const THIRD_PARTY_PUBLIC = ['/api/docs'];

export type RouteAccess = { method: string; url: string; authz: Authz };

/** Every /api route must declare `config.authz`; starting the app fails otherwise. Returns the route → access table. */
export function requireAuthzOnEveryRoute(app: FastifyInstance): RouteAccess[] {
  const table: RouteAccess[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    route.config ??= {};
    if (!route.config.authz && THIRD_PARTY_PUBLIC.some((prefix) => route.url.startsWith(prefix))) {
      route.config.authz = 'public';
    }
    if (!route.config.authz) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no config.authz`);
    }
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== 'HEAD') table.push({ method, url: route.url, authz: route.config.authz });
    }
  });
  return table;
}

/** Resolves a bearer token (or, for reads, the session cookie) into the caller. */
export async function resolvePrincipal(ctx: Pick<AppContext, 'pool' | 'config'>, token: string | undefined): Promise<Principal | null> {
  return token ? findPrincipal(ctx.pool, ctx.config.authSecret, token).catch(() => null) : null;
}

export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  // The cookie (set by /session/cookie/set) authenticates reads only, so it cannot be used for CSRF.
  if (request.method === 'GET' || request.method === 'HEAD') return readCookie(request.headers.cookie, SESSION_COOKIE);
  return undefined;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Applies each route's declared access first, before the body is even parsed: anonymous callers get 401, not 400. */
export function enforceAuthz(app: FastifyInstance): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const authz: Authz | undefined = request.routeOptions.config?.authz;
    if (!authz || !request.url.startsWith('/api')) return;
    if (authz === 'dev') {
      if (app.ctx.config.env === 'production') throw notFound();
      return;
    }
    if (authz === 'public') return;
    request.principal = await resolvePrincipal(app.ctx, tokenOf(request));
    if (!request.principal) throw unauthorized();
  });
}

/** The caller of a signed-in route (the authz hook has already refused anonymous calls). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
