import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema, idSchema } from '@crewplan/domain';
import { createSsoProviderBodySchema, ssoLookupSchema, ssoProviderSchema } from '@crewplan/domain/sso/sso';
import { orgAccessOf } from '../../plugins/authz.ts';
import * as sso from './sso.service.ts';

const orgParams = z.object({ id: idSchema });

/**
 * Single sign-on per email domain: organisation admins manage the providers of the organisation's approved
 * domains; the sign-in screen asks which options an email has. The sign-in itself goes through better-auth
 * (`POST /api/identity/sign-in/sso`, callbacks under `/api/identity/sso/*`).
 */
export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['sso'];

  r.get('/api/org/:id/sso', {
    config: { authz: { org: 'org.sso.manage' } },
    schema: {
      tags,
      summary: "The organisation's single sign-on and Microsoft sign-in setups (admins; secrets are never shown)",
      params: orgParams,
      response: { 200: z.object({ providers: z.array(ssoProviderSchema) }) },
    },
    handler: async (request) => ({ providers: await sso.listProviders(ctx, orgAccessOf(request)) }),
  });

  r.post('/api/org/:id/sso', {
    config: { authz: { org: 'org.sso.manage' } },
    schema: {
      tags,
      summary: 'Set up single sign-on (OIDC or SAML) or Microsoft sign-in for one of the organisation’s approved domains (admins)',
      params: orgParams,
      body: createSsoProviderBodySchema,
      response: { 201: ssoProviderSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(
        await sso.createProvider(ctx, orgAccessOf(request), request.body, {
          authorization: request.headers.authorization ?? '',
          ip: request.ip,
        }),
      ),
  });

  r.delete('/api/org/:id/sso/:providerId', {
    config: { authz: { org: 'org.sso.manage' } },
    schema: {
      tags,
      summary: 'Remove a single sign-on or Microsoft setup (admins)',
      params: orgParams.extend({ providerId: idSchema }),
      response: { 200: z.object({ ok: z.literal(true) }) },
    },
    handler: async (request) => {
      await sso.deleteProvider(ctx, orgAccessOf(request), request.params.providerId);
      return { ok: true as const };
    },
  });

  r.get('/api/auth/sso/:email', {
    config: { authz: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'The sign-in options of an email’s domain: single sign-on, Microsoft, and whether a password is refused',
      params: z.object({ email: emailSchema }),
      response: { 200: ssoLookupSchema },
    },
    handler: async (request) => sso.lookup(ctx, request.params.email, request.ip),
  });
}
