import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, canInMission, canInOrg, canOnMission, isValidId, type FileAttachedTo } from '@crewplan/domain';
import { invalidIdFailure } from '@crewplan/domain/shared/validation-text';
import { AppError, appError } from '../lib/errors.ts';
import { findPrincipal } from '../lib/sessions.ts';
import type { RememberedReads } from './read-cache.ts';
import { findApiKey, loadOrgAccess, orgIdOfClientInvoice, orgNotFound, type ApiKeyCaller } from './org-access.ts';
import {
  entityNotFound,
  loadMissionAccessOf,
  COMMENT_ROOMS,
  isCommentRoom,
  type MissionChild,
  missionInvitePending,
  missionNotFound,
  missionWithheld,
  type MissionAccess,
} from './mission-access.ts';
import type { AppContext, Authz, MissionAuthz, OrgAccess, OrgAuthz, Principal, SignedInAuthz } from './types.ts';

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
    const authz = route.config.authz;
    if (isOrgAuthz(authz) && (authz.orgFrom ?? 'params') === 'params' && !/:(orgId|id)(\/|$)/.test(route.url)) {
      throw new Error(`Route ${String(route.method)} ${route.url} takes its organisation from a parameter it does not have`);
    }
    if (isMissionAuthz(authz) && !/:(id|actionId)(\/|$)/.test(route.url)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares mission access without an :id parameter`);
    }
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== 'HEAD') table.push({ method, url: route.url, authz: route.config.authz });
    }
  });
  return table;
}

export const isOrgAuthz = (authz: Authz | undefined): authz is OrgAuthz => typeof authz === 'object' && authz !== null && 'org' in authz;
export const isMissionAuthz = (authz: Authz | undefined): authz is MissionAuthz =>
  typeof authz === 'object' && authz !== null && 'mission' in authz;
export const isSignedInAuthz = (authz: Authz | undefined): authz is SignedInAuthz =>
  typeof authz === 'object' && authz !== null && 'signedIn' in authz;

/** How the route-access table and its snapshot name a declared access: who, then the verb the route performs. */
export const authzLabel = (authz: Authz) =>
  isSignedInAuthz(authz)
    ? `signedIn:${authz.signedIn}`
    : isOrgAuthz(authz)
      ? `org:${authz.org}${authz.orgFrom ? `@${authz.orgFrom}` : ''}`
      : isMissionAuthz(authz)
        ? `mission:${authz.mission}${authz.via ? `@${authz.via}` : ''}${authz.beyondTeam ? ' beyond the team' : ''}`
        : authz;

/** Resolves a bearer token (or, for reads, the session cookie) into the caller. */
/** The caller of a bearer token: from the few-seconds session cache, else one query (then remembered). */
export async function resolvePrincipal(
  ctx: Pick<AppContext, 'pool' | 'config' | 'sessions'>,
  token: string | undefined,
): Promise<Principal | null> {
  if (!token) return null;
  const cached = ctx.sessions.get(token);
  if (cached) return cached;
  const principal = await findPrincipal(ctx.pool, ctx.config.authSecret, token).catch(() => null);
  if (principal) ctx.sessions.set(token, principal);
  return principal;
}

export function tokenOf(request: FastifyRequest): string | undefined {
  // the scheme's name is case-insensitive (RFC 9110): `bearer` is Bearer
  const bearer = /^bearer +(.*)$/i.exec(request.headers.authorization ?? '');
  if (bearer) return bearer[1]!.trim() || undefined;
  // The cookie (set by /session/cookie/set) authenticates reads only, so it cannot be used for CSRF.
  if (request.method === 'GET' || request.method === 'HEAD') return readCookie(request.headers.cookie, SESSION_COOKIE);
  return undefined;
}

/** The cookie's value; undefined when it is not sent or is not valid percent-encoding (no token of ours is). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Applies each route's declared access first, before the body is even parsed: anonymous callers get 401, not 400.
 * Organisation routes then load the organisation and the caller's membership once (`request.orgAccess`):
 * an invalid organisation id is 400, not a current member 404, a member without the right 403.
 */
export function enforceAuthz(app: FastifyInstance, remembered: RememberedReads): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('orgAccess', null);
  app.decorateRequest('missionAccess', null);
  const apiKeys = new WeakMap<FastifyRequest, ApiKeyCaller>();
  // A callback, not a promise: when the read cache has answered, `done` is never called, so no later step (the
  // handler above all) runs for that request. An async hook's `return reply` only holds the request until its
  // connection closes: a reader who went away while the remembered answer was still being sent had the handler
  // answer a second time ("Reply was already sent").
  app.addHook('onRequest', (request, reply, done) => {
    if (answeredFromMemory(request, reply)) return;
    checkAccess(request, reply).then(
      (answered) => {
        if (!answered) done();
      },
      (error: Error) => done(error),
    );
  });

  /**
   * A signed-in read answered at once, without a promise, when both the caller's session and the answer are
   * remembered: most requests of every screen, and the busiest.
   */
  function answeredFromMemory(request: FastifyRequest, reply: FastifyReply): boolean {
    if (!request.readState) return false;
    const authz: Authz | undefined = request.routeOptions.config?.authz;
    if (!authz || authz === 'public' || authz === 'dev') return false;
    const token = tokenOf(request);
    const principal = token && !token.startsWith(API_KEY_PREFIX) ? app.ctx.sessions.get(token) : undefined;
    if (!principal) return false;
    request.principal = principal;
    return remembered.sendIfRemembered(request, reply, principal.personId);
  }

  /** Applies the route's access; true when the read cache answered the request (nothing else may answer it). */
  async function checkAccess(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const authz: Authz | undefined = request.routeOptions.config?.authz;
    if (!authz || !request.url.startsWith('/api')) return false;
    if (authz === 'dev') {
      if (app.ctx.config.env === 'production') throw appError('notFound');
      return false;
    }
    if (authz === 'public') return false;
    const token = tokenOf(request);
    if (isOrgAuthz(authz) && token?.startsWith(API_KEY_PREFIX)) {
      const key = await findApiKey(app.ctx.db, token);
      if (!key) throw appError('unauthenticated');
      apiKeys.set(request, key);
    } else {
      request.principal = token?.startsWith(API_KEY_PREFIX) ? null : await resolvePrincipal(app.ctx, token);
      if (!request.principal) throw appError('unauthenticated');
      if (await remembered.serve(request, reply, request.principal.personId)) return true;
    }
    if (isOrgAuthz(authz) && authz.orgFrom === 'clientInvoice') {
      const id = (request.params as Record<string, unknown>).id;
      if (!isValidId(id)) throw invalidId('id');
      const orgId = await orgIdOfClientInvoice(app.ctx.db, id);
      if (!orgId) throw appError('invoiceNotFound');
      // an invoice of an organisation the caller is not in is not there for them either
      await authorizeOrg(request, authz, 'id', orgId).catch((error: unknown) => {
        throw error instanceof AppError && error.statusCode === 404 ? appError('invoiceNotFound') : error;
      });
    } else if (isOrgAuthz(authz) && authz.orgFrom !== 'body') {
      const [field, value] = orgIdOf(request, authz);
      await authorizeOrg(request, authz, field, value);
    }
    if (isMissionAuthz(authz)) await authorizeMission(request, authz);
    return false;
  }
  // a callback, not a promise, as on every request (app.ts): only routes naming their organisation in the body wait
  app.addHook('preHandler', (request, _reply, done) => {
    const authz: Authz | undefined = request.routeOptions.config?.authz;
    if (!isOrgAuthz(authz) || authz.orgFrom !== 'body') return done();
    authorizeOrg(request, authz, 'org', (request.body as { org?: unknown } | undefined)?.org).then(() => done(), done);
  });

  async function authorizeOrg(request: FastifyRequest, authz: OrgAuthz, field: string, orgId: unknown): Promise<void> {
    if (!isValidId(orgId)) {
      throw invalidId(field);
    }
    const key = apiKeys.get(request);
    const access = await loadOrgAccess(app.ctx.db, orgId, key ? { apiKey: key } : { personId: principalOf(request).personId });
    if (!access) throw orgNotFound();
    if (!canInOrg(access.actor, authz.org, { org: access.org }))
      throw authz.refusal ? appError('routeRefused', authz.refusal) : appError('forbidden');
    request.orgAccess = access;
  }

  async function authorizeMission(request: FastifyRequest, authz: MissionAuthz): Promise<void> {
    const params = request.params as Record<string, unknown>;
    const field = 'actionId' in params ? 'actionId' : 'id';
    const id = params[field];
    if (!isValidId(id)) throw invalidId(field);
    const via = authz.via === 'room' ? roomEntityOf(params.room) : authz.via;
    const access = await loadMissionAccessOf(app.ctx.db, id, principalOf(request).personId, via ?? undefined);
    const refusal = missionRefusal(access, authz, () => (via ? entityNotFound(via) : missionNotFound()));
    if (refusal) throw refusal;
    request.missionAccess = access;
  }
}

/**
 * Why the caller may not do what a mission gate declares (null: they may): not visible, the mission's "not found"
 * (`notVisible`), or, for a pending invitee, 403 with the spec's load-failure text; withheld by two-factor sign-in
 * 403; without the right 403. Routes that name several missions in their body ask it of each.
 */
export function missionRefusal(
  access: MissionAccess | null,
  authz: Pick<MissionAuthz, 'mission' | 'via' | 'beyondTeam' | 'refusal'>,
  notVisible: () => AppError = missionNotFound,
): AppError | null {
  const allowed = (a: MissionAccess) => canInMission(a.actor, authz.mission, { mission: a.facts, attachedTo: attachedToOf(authz.via) });
  const visible = !!access && (canOnMission(access.actor, 'mission.read', access.facts) || (!!authz.beyondTeam && allowed(access)));
  if (!access || !visible) return access?.member?.invitePending ? missionInvitePending() : notVisible();
  if (access.withheld) return missionWithheld();
  if (!allowed(access)) return authz.refusal ? appError('routeRefused', authz.refusal) : appError('forbidden');
  return null;
}

/** Where a mission route's files are: the mission's own (no `via`), a task's (`via: 'actionItem'`), else unknown. */
function attachedToOf(via: MissionAuthz['via']): FileAttachedTo | undefined {
  if (!via) return 'missions';
  return via === 'actionItem' ? 'action.items' : undefined;
}

function invalidId(field: string): AppError {
  return appError('invalidInput', invalidIdFailure(field));
}

/** The entity a comment room's id names (null: the mission itself); 400 for an unknown room. */
function roomEntityOf(room: unknown): MissionChild | null {
  if (!isCommentRoom(room)) throw appError('invalidRoom');
  return COMMENT_ROOMS[room];
}

function orgIdOf(request: FastifyRequest, authz: OrgAuthz): [string, unknown] {
  if (authz.orgFrom === 'query') return ['org', (request.query as Record<string, unknown> | undefined)?.org];
  const params = request.params as Record<string, unknown>;
  return 'orgId' in params ? ['orgId', params.orgId] : ['id', params.id];
}

/** The caller of a signed-in route (the authz hook has already refused anonymous calls). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw appError('unauthenticated');
  return request.principal;
}

/** The mission and caller of a mission route (loaded by the authz hook). */
export function missionAccessOf(request: FastifyRequest): MissionAccess {
  if (!request.missionAccess) throw appError('unauthenticated');
  return request.missionAccess;
}

/** The organisation and caller of an organisation route (loaded by the authz hook). */
export function orgAccessOf(request: FastifyRequest): OrgAccess {
  if (!request.orgAccess) throw appError('unauthenticated');
  return request.orgAccess;
}
