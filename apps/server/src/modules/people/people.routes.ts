import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailBodySchema, emailSchema, idSchema, oobCodeBodySchema, profileSchema, profileUpdateSchema } from '@crewplan/domain';
import { eq } from 'drizzle-orm';
import { people } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { principalOf } from '../../plugins/authz.ts';
import { readAvatar, AVATAR_MAX_BYTES, avatarTooLarge, maySeeAvatar } from './avatar.ts';
import * as service from './people.service.ts';
import { withUploads } from '../../plugins/uploads.ts';

const tags = ['profile'];
const sentSchema = z.object({ sent: z.literal(true) });

/** The signed-in person's own profile, avatar and email addresses. */
export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get('/api/people/profile', {
    config: { authz: { signedIn: 'profile.read' }, readCache: true },
    schema: { tags, summary: 'My profile', response: { 200: profileSchema } },
    handler: async (request) => service.loadProfile(ctx.db, principalOf(request).personId),
  });

  r.put('/api/people/profile', {
    config: { authz: { signedIn: 'profile.update' } },
    schema: { tags, summary: 'Update my profile (names are capitalised)', body: profileUpdateSchema, response: { 200: profileSchema } },
    handler: async (request) => service.updateProfile(ctx.db, principalOf(request).personId, request.body),
  });

  r.get('/api/people/profile/avatar', {
    config: { authz: { signedIn: 'profile.read' } },
    schema: {
      tags,
      summary:
        'My avatar image, or the one of personId who shares an organisation or a mission with me (also readable with the session cookie)',
      querystring: z.object({ personId: idSchema.optional(), v: z.string().max(20).optional() }),
    },
    handler: async (request, reply) => {
      const viewerId = principalOf(request).personId;
      const personId = request.query.personId ?? viewerId;
      if (!(await maySeeAvatar(ctx.pool, viewerId, personId))) throw appError('noAvatar');
      const [person] = await ctx.db.select({ type: people.avatarType }).from(people).where(eq(people.id, personId)).limit(1);
      const bytes = person?.type ? await readAvatar(ctx.config.dataDir, personId) : null;
      if (!person?.type || !bytes) throw appError('noAvatar');
      return reply
        .type(person.type)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(bytes);
    },
  });

  await withUploads(app, (u) => {
    u.post('/api/people/profile/avatar', {
      config: { authz: { signedIn: 'profile.update' } },
      schema: {
        tags,
        summary: 'Upload my avatar (multipart, field avatar; PNG, JPEG, GIF or WebP up to 5 MB)',
        response: { 200: profileSchema },
      },
      handler: async (request) => {
        if (!request.isMultipart()) throw appError('imageNotMultipart', 'avatar');
        const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
        if (!file || file.fieldname !== 'avatar') throw appError('imageFieldMissing', 'avatar');
        const bytes = await file.toBuffer().catch((error: { code?: string }) => {
          throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? avatarTooLarge() : error;
        });
        return service.saveAvatar(ctx, principalOf(request).personId, bytes);
      },
    });
  });

  r.get('/api/people/exists-other-person-with-email/:email', {
    config: { authz: { signedIn: 'people.lookup' } },
    schema: {
      tags,
      summary: 'Whether another person uses this email',
      params: z.object({ email: emailSchema }),
      response: { 200: z.object({ exists: z.boolean() }) },
    },
    handler: async (request) => ({
      exists: await service.otherPersonHasEmail(ctx.db, principalOf(request).personId, request.params.email),
    }),
  });

  r.put('/api/people/profile/email/update', {
    config: { authz: { signedIn: 'profile.update' } },
    schema: {
      tags,
      summary: 'Change my sign-in email (accounts with two-factor verify the new address first)',
      body: emailBodySchema,
      response: { 200: z.object({ status: z.enum(['updated', 'verification-sent']) }) },
    },
    handler: async (request) => service.changeEmail(ctx, principalOf(request), request.body.email),
  });

  r.put('/api/people/profile/email/verify-update', {
    config: { authz: { signedIn: 'profile.update' } },
    schema: {
      tags,
      summary: 'Confirm a new sign-in email from its mailed link (mode=verifyAndChangeEmail)',
      body: oobCodeBodySchema,
      response: { 200: profileSchema },
    },
    handler: async (request) => service.confirmEmailChange(ctx, principalOf(request), request.body.oobCode),
  });

  r.put('/api/people/profile/email/verify', {
    config: { authz: { signedIn: 'profile.update' } },
    schema: { tags, summary: 'Send the verification mail of my sign-in email again', body: emailBodySchema, response: { 200: sentSchema } },
    handler: async (request) => service.sendPrimaryVerification(ctx, principalOf(request).personId, request.body.email),
  });

  r.put('/api/people/profile/email/list/add', {
    config: { authz: { signedIn: 'profile.update' } },
    schema: {
      tags,
      summary: 'Add a secondary email (a verification mail is sent)',
      body: emailBodySchema,
      response: { 200: profileSchema },
    },
    handler: async (request) => service.addSecondaryEmail(ctx, principalOf(request).personId, request.body.email),
  });

  r.put('/api/people/profile/email/list/remove', {
    config: { authz: { signedIn: 'profile.update' } },
    schema: { tags, summary: 'Remove a secondary email', body: emailBodySchema, response: { 200: profileSchema } },
    handler: async (request) => service.removeSecondaryEmail(ctx.db, principalOf(request).personId, request.body.email),
  });

  r.put('/api/people/profile/email/list/verify', {
    config: { authz: { signedIn: 'profile.update' } },
    schema: {
      tags,
      summary: 'Verify a secondary email from its mailed link (mode=verifyEmailSecondary)',
      body: oobCodeBodySchema,
      response: { 200: profileSchema },
    },
    handler: async (request) => service.verifySecondaryEmail(ctx.db, ctx.clock, principalOf(request).personId, request.body.oobCode),
  });

  r.post('/api/people/profile/email/list/verification/send', {
    config: { authz: { signedIn: 'profile.update' } },
    schema: {
      tags,
      summary: 'Send the verification mail of a secondary email again',
      body: emailBodySchema,
      response: { 200: sentSchema },
    },
    handler: async (request) => service.resendSecondaryVerification(ctx, principalOf(request).personId, request.body.email),
  });
}
