import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyDeletedSchema,
  apiKeyDeleteSchema,
  auditQuerySchema,
  auditTreeSchema,
  idSchema,
  missionOverviewSchema,
  orgCreateSchema,
  orgDetailSchema,
  orgInviteByTokenSchema,
  orgInviteCreateSchema,
  orgInviteHandledSchema,
  orgInviteSchema,
  orgInviteTokenParamsSchema,
  orgListSchema,
  orgPersonSchema,
  orgReadQuerySchema,
  orgSchema,
  orgUpdateSchema,
  storageKeyCreateSchema,
  storageKeySchema,
  workspaceMissionPlansSchema,
  workspaceMissionsSchema,
} from '@crewplan/domain';
import { appError } from '../../lib/errors.ts';
import { readImage, readImageUpload, sendImage } from '../../lib/images.ts';
import { orgAccessOf, principalOf } from '../../plugins/authz.ts';
import { missionOverview, workspaceMissionPlans, workspaceMissions } from '../missions/index.ts';
import { auditTree } from './audit.service.ts';
import * as invites from './invites.service.ts';
import * as keys from './keys.service.ts';
import * as service from './org.service.ts';
import { subscribeOrgEvents } from './org.subscribers.ts';
import { withUploads } from '../../plugins/uploads.ts';

const tags = ['org'];
const orgParams = z.object({ id: idSchema });

/** Organisations: create, list, read, settings, delete, logo; invites; API and storage keys; audit; workspace reports. */
export async function orgRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  subscribeOrgEvents(ctx);

  r.post('/api/org', {
    config: { authz: { signedIn: 'org.create' } },
    schema: {
      tags,
      summary: 'Create an organisation; its creator becomes its admin (permission 2)',
      body: orgCreateSchema,
      response: { 201: orgSchema },
    },
    handler: async (request, reply) => reply.status(201).send(await service.createOrg(ctx, principalOf(request), request.body)),
  });

  r.get('/api/org', {
    config: { authz: { signedIn: 'org.list' } },
    schema: { tags, summary: 'The organisations I am a current member of', response: { 200: orgListSchema } },
    handler: async (request) => service.listMyOrgs(ctx.db, principalOf(request).personId, ctx.clock.now()),
  });

  r.get('/api/org/:id', {
    config: { authz: { org: 'org.read' } },
    schema: {
      tags,
      summary: 'An organisation with its structure; ?archived=true also lists deleted items (isDeleted)',
      params: orgParams,
      querystring: orgReadQuerySchema,
      response: { 200: orgDetailSchema },
    },
    handler: async (request) => service.loadOrgDetail(ctx, orgAccessOf(request), request.query.archived),
  });

  r.put('/api/org/:id', {
    config: { authz: { org: 'org.update' } },
    schema: {
      tags,
      summary: 'Change settings (admins and managers); send updatedAt as read to refuse a concurrent edit with 409',
      params: orgParams,
      body: orgUpdateSchema,
      response: { 200: orgSchema },
    },
    handler: async (request) => service.updateOrg(ctx, orgAccessOf(request), request.body),
  });

  r.delete('/api/org/:id', {
    config: { authz: { org: 'org.delete' } },
    schema: {
      tags,
      summary: 'Delete the organisation (admins and managers): it answers 404 from then on',
      params: orgParams,
      response: { 200: z.object({ deleted: z.literal(true) }) },
    },
    handler: async (request) => service.deleteOrg(ctx, orgAccessOf(request)),
  });

  await withUploads(app, (u) => {
    u.post('/api/org/:id/logo', {
      config: { authz: { org: 'org.update' } },
      schema: {
        tags,
        summary: 'Upload the logo (multipart, field orgLogo; PNG, JPEG, GIF or WebP up to 5 MB)',
        params: orgParams,
        response: { 200: orgSchema },
      },
      handler: async (request) => service.saveOrgLogo(ctx, orgAccessOf(request), await readImageUpload(request, 'orgLogo')),
    });
  });

  r.get('/api/org/:id/logo', {
    config: { authz: { org: 'org.read' } },
    schema: {
      tags,
      summary: 'The logo image (also readable with the session cookie)',
      params: orgParams,
      querystring: z.object({ v: z.string().max(20).optional() }),
    },
    handler: async (request, reply) => {
      const { org } = orgAccessOf(request);
      const bytes = org.logoType ? await readImage(ctx.config.dataDir, service.ORG_LOGO_FOLDER, org.id) : null;
      if (!org.logoType || !bytes) throw appError('noLogo');
      return sendImage(reply, org.logoType, bytes);
    },
  });

  r.get('/api/org/:id/workspace/mission', {
    config: { authz: { org: 'org.workspace.read' } },
    schema: {
      tags,
      summary: 'Workspace report of the missions (observers included)',
      params: orgParams,
      response: { 200: workspaceMissionsSchema },
    },
    handler: async (request) => {
      await service.refuseWithheld(ctx, orgAccessOf(request));
      return { missions: await workspaceMissions(ctx, orgAccessOf(request).org.id) };
    },
  });

  r.get('/api/org/:id/workspace/missionPlan', {
    config: { authz: { org: 'org.workspace.read' } },
    schema: {
      tags,
      summary: 'Workspace report of the mission plans (observers included)',
      params: orgParams,
      response: { 200: workspaceMissionPlansSchema },
    },
    handler: async (request) => {
      await service.refuseWithheld(ctx, orgAccessOf(request));
      return { missionPlans: await workspaceMissionPlans(ctx, orgAccessOf(request).org.id) };
    },
  });

  r.get('/api/org/:id/mission/overview', {
    config: { authz: { org: 'org.workspace.read' } },
    schema: { tags, summary: 'Overview of the missions (observers included)', params: orgParams, response: { 200: missionOverviewSchema } },
    handler: async (request) => {
      await service.refuseWithheld(ctx, orgAccessOf(request));
      return missionOverview(ctx, orgAccessOf(request).org.id);
    },
  });

  r.get('/api/org/:id/audit/tree', {
    config: { authz: { org: 'org.audit.read' } },
    schema: {
      tags,
      summary: 'Who changed what, when: organisation → kind → entity → events, newest first',
      params: orgParams,
      querystring: auditQuerySchema,
      response: { 200: auditTreeSchema },
    },
    handler: async (request) => auditTree(ctx, orgAccessOf(request), request.query),
  });

  r.post('/api/org/:id/open-api/keys', {
    config: { authz: { org: 'org.apiKeys.manage' } },
    schema: {
      tags,
      summary: 'Create an API key of the organisation (admins); the key is shown in this answer only',
      params: orgParams,
      body: apiKeyCreateSchema.nullish(),
      response: { 201: apiKeyCreatedSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await keys.createApiKey(ctx, orgAccessOf(request), request.body?.name ?? 'API key')),
  });

  r.delete('/api/org/:id/open-api/keys', {
    config: { authz: { org: 'org.apiKeys.manage' } },
    schema: {
      tags,
      summary: 'Revoke an API key (keyId in the query or body), or every key of the organisation without one',
      params: orgParams,
      querystring: apiKeyDeleteSchema,
      body: apiKeyDeleteSchema.nullish(),
      response: { 200: apiKeyDeletedSchema },
    },
    handler: async (request) => keys.revokeApiKeys(ctx, orgAccessOf(request), request.query.keyId ?? request.body?.keyId),
  });

  r.post('/api/storageKey', {
    config: { authz: { org: 'org.storageKey', orgFrom: 'body' } },
    schema: {
      tags: ['storage'],
      summary: "A key for the web's local cache of one organisation",
      body: storageKeyCreateSchema,
      response: { 201: storageKeySchema },
    },
    handler: async (request, reply) => reply.status(201).send(await keys.createStorageKey(ctx, orgAccessOf(request))),
  });

  r.get('/api/storageKey/:keyId', {
    config: { authz: { signedIn: 'storageKey.read' } },
    schema: {
      tags: ['storage'],
      summary: 'My storage key again; 410 once revoked, the organisation deleted or my membership ended',
      params: z.object({ keyId: idSchema }),
      response: { 200: storageKeySchema },
    },
    handler: async (request) => keys.readStorageKey(ctx, ctx.db, principalOf(request), request.params.keyId),
  });

  r.post('/api/org/:id/invite', {
    config: { authz: { org: 'org.invite' } },
    schema: {
      tags: ['invites'],
      summary: 'Invite somebody by email (config.permission: 0, 1, 2, 4, 5 or a level name; admin only for approved domains)',
      params: orgParams,
      body: orgInviteCreateSchema,
      response: { 201: orgInviteSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await invites.createInvite(ctx, orgAccessOf(request), principalOf(request), request.body)),
  });

  r.get('/api/org/:id/invites', {
    config: { authz: { org: 'org.invite' } },
    schema: {
      tags: ['invites'],
      summary: "The organisation's pending invites that have not expired, newest first (for those who may invite)",
      params: orgParams,
      response: { 200: z.object({ invites: z.array(orgInviteSchema) }) },
    },
    handler: async (request) => invites.listPendingInvites(ctx, orgAccessOf(request)),
  });

  r.delete('/api/org-invite/:id', {
    config: { authz: { signedIn: 'invite.revoke' } },
    schema: {
      tags: ['invites'],
      summary: 'Revoke a pending invite (whoever may invite at its organisation, or its inviter); its link then answers 410',
      params: z.object({ id: idSchema }),
      response: { 200: orgInviteSchema },
    },
    handler: async (request) => invites.revokeInvite(ctx, principalOf(request), request.params.id),
  });

  r.get('/api/org-invite/token/:token', {
    config: { authz: 'public' },
    schema: {
      tags: ['invites'],
      summary: 'What an invite link offers (public: the token is the secret); 410 once no longer valid',
      params: orgInviteTokenParamsSchema,
      response: { 200: orgInviteByTokenSchema },
    },
    handler: async (request) => invites.inviteByToken(ctx, request.params.token),
  });

  r.post('/api/org-invite/handle/:token', {
    config: { authz: { signedIn: 'invite.answer' } },
    schema: {
      tags: ['invites'],
      summary: 'Handle an invite link once signed in: whether I can accept it (verifies my email when the link was mailed to it)',
      params: orgInviteTokenParamsSchema,
      response: { 200: orgInviteHandledSchema },
    },
    handler: async (request) => invites.handleInvite(ctx, principalOf(request), request.params.token),
  });

  r.put('/api/org-invite/:id/accept', {
    config: { authz: { signedIn: 'invite.answer' } },
    schema: {
      tags: ['invites'],
      summary: 'Accept an invite sent to one of my verified emails; I join the organisation (409 when I am a member already)',
      params: z.object({ id: idSchema }),
      response: { 200: z.object({ org: orgSchema, person: orgPersonSchema }) },
    },
    handler: async (request) => invites.acceptInvite(ctx, principalOf(request), request.params.id),
  });

  r.put('/api/org-invite/:id/reject', {
    config: { authz: { signedIn: 'invite.answer' } },
    schema: {
      tags: ['invites'],
      summary: 'Reject an invite sent to me; the inviter is told',
      params: z.object({ id: idSchema }),
      response: { 200: orgInviteSchema },
    },
    handler: async (request) => invites.rejectInvite(ctx, principalOf(request), request.params.id),
  });
}
