import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema, oobCodeBodySchema, signUpBodySchema } from '@crewplan/domain';
import { principalOf, readCookie, SESSION_COOKIE } from '../../plugins/authz.ts';
import { appError } from '../../lib/errors.ts';
import * as identity from './identity.service.ts';

const CSRF_COOKIE = 'crewplan_csrf';
const okSchema = z.object({ ok: z.literal(true) });

/** Product routes around sign-in: sign-up, sign-out, session checks, email recovery, session cookie. */
export async function identityRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = app.ctx.config.publicUrl.startsWith('https:');
  const cookieFlags = `Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  // rule 109 at once on this server (other servers at their sweep), as when an organisation starts requiring it
  app.ctx.auth.onTwoFactorDisabled((personId) => {
    app.ctx.realtime
      .recheckRooms(new Set([personId]))
      .catch((err: unknown) => app.log.warn({ err }, 'realtime room re-check after two-factor sign-in was switched off failed'));
  });

  r.post('/api/auth/signup', {
    config: { authz: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Create an account with email and password (also the automatic sign-up of a first sign-in)',
      body: signUpBodySchema,
      response: { 201: z.object({ token: z.string(), person: z.object({ _id: z.string(), email: z.string() }) }) },
    },
    handler: async (request, reply) => reply.status(201).send(await identity.signUp(app.ctx, request.body, request.ip)),
  });

  r.post('/api/auth/signOut', {
    config: { authz: { signedIn: 'session.end' } },
    schema: { tags: ['auth'], summary: 'Sign out: revoke this session', response: { 200: okSchema } },
    handler: async (request, reply) => {
      await identity.signOut(app.ctx, principalOf(request));
      reply.header('set-cookie', `${SESSION_COOKIE}=; ${cookieFlags}; Max-Age=0`);
      return { ok: true as const };
    },
  });

  r.get('/api/auth/verify/ping', {
    config: { authz: { signedIn: 'session.check' } },
    schema: {
      tags: ['auth'],
      summary: 'Check that the token is still valid',
      response: { 200: z.object({ ok: z.literal(true), personId: z.string(), emailVerified: z.boolean() }) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      return { ok: true as const, personId: principal.personId, emailVerified: principal.emailVerified };
    },
  });

  r.get('/api/auth/exists/:email', {
    config: { authz: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Whether an account exists for an email, the email is a secondary one of an account, or one a project member joined by',
      params: z.object({ email: emailSchema }),
      response: { 200: z.object({ exists: z.boolean(), secondary: z.boolean(), onProject: z.boolean() }) },
    },
    handler: async (request) => identity.accountExists(app.ctx.db, request.params.email),
  });

  r.put('/api/auth/email/recover', {
    config: { authz: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Undo an email change from the link mailed to the previous address (mode=recoverEmail)',
      body: oobCodeBodySchema,
      response: { 200: z.object({ email: z.string() }) },
    },
    handler: async (request) => identity.recoverEmail(app.ctx, request.body.oobCode),
  });

  r.post('/api/session/csrf/set', {
    config: { authz: 'public' },
    schema: {
      tags: ['session'],
      summary: 'First step of the session cookie: issue a CSRF token',
      response: { 200: z.object({ csrfToken: z.string() }) },
    },
    handler: async (_request, reply) => {
      const csrfToken = randomBytes(24).toString('base64url');
      reply.header('set-cookie', `${CSRF_COOKIE}=${csrfToken}; ${cookieFlags}; Max-Age=600`);
      return { csrfToken };
    },
  });

  r.post('/api/session/cookie/set', {
    config: { authz: { signedIn: 'session.cookie' } },
    schema: {
      tags: ['session'],
      summary: 'Second step: with the CSRF token in x-csrf-token, set the cookie that authenticates file and avatar reads',
      headers: z.object({ 'x-csrf-token': z.string().min(1).max(200) }).passthrough(),
      response: { 200: okSchema },
    },
    handler: async (request, reply) => {
      const expected = readCookie(request.headers.cookie, CSRF_COOKIE);
      const given = request.headers['x-csrf-token'];
      if (!expected) throw appError('csrfMissing');
      if (typeof given !== 'string' || !sameText(given, expected)) throw appError('csrfMismatch');
      const token = principalOf(request).sessionToken;
      reply.header('set-cookie', [
        `${SESSION_COOKIE}=${encodeURIComponent(token)}; ${cookieFlags}; Max-Age=${30 * 24 * 3600}`,
        `${CSRF_COOKIE}=; ${cookieFlags}; Max-Age=0`,
      ]);
      return { ok: true as const };
    },
  });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
