import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { idSchema, LOG_SEVERITIES, type LogSeverity } from '@crewplan/domain';
import { mailOutbox, people } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { createFileStore } from '../../lib/file-store.ts';
import { principalOf } from '../../plugins/authz.ts';
import { webDist } from '../../plugins/web.ts';
import { personOfUnsubscribeToken } from './unsubscribe.ts';

/** The running version is the id of the web build served, so open browsers can tell when a newer one is deployed. */
function runningVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(webDist(), 'version.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'development';
  }
}

const PINO_LEVEL: Record<LogSeverity, 'info' | 'warn' | 'error' | 'fatal' | 'debug'> = {
  info: 'info',
  warning: 'warn',
  error: 'error',
  critical: 'fatal',
  alert: 'fatal',
  debug: 'debug',
};

const clientLogSchema = z.object({
  userAgent: z.string().max(1000).optional(),
  url: z.string().max(4000).optional(),
  message: z.string().max(10_000),
  error: z
    .object({ message: z.string().max(10_000).optional(), stack: z.string().max(20_000).optional(), code: z.string().max(200).optional() })
    .optional(),
  data: z.unknown().optional(),
});

/** Health, readiness, client logs, one-click unsubscribe and the development outbox. */
export async function platformRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const outboxFiles = createFileStore(ctx.config);
  const version = runningVersion();
  const health = JSON.stringify({ status: 'ok', version, env: ctx.config.env });

  r.get('/api/health', {
    config: { authz: 'public' },
    schema: {
      tags: ['operations'],
      summary: 'Liveness and the running version',
      response: { 200: z.object({ status: z.literal('ok'), version: z.string(), env: z.enum(['development', 'production', 'test']) }) },
    },
    handler: async (_request, reply) => {
      // the same answer for the life of the process: written once, sent as it is (probes call this often)
      reply.type('application/json; charset=utf-8').serializer((payload) => payload as string);
      return reply.send(health as never);
    },
  });

  r.get('/api/ready', {
    config: { authz: 'public' },
    schema: {
      tags: ['operations'],
      summary: 'Readiness: the database answers',
      response: { 200: z.object({ status: z.literal('ready') }) },
    },
    handler: async () => {
      await ctx.pool.query('select 1').catch(() => {
        throw appError('notReady');
      });
      return { status: 'ready' as const };
    },
  });

  r.post('/api/log/:product', {
    config: { authz: { signedIn: 'log.write' } },
    schema: {
      tags: ['logging'],
      summary: 'Record a log line from a client',
      params: z.object({ product: z.string().regex(/^[a-z0-9-]{1,40}$/i) }),
      querystring: z.object({ severity: z.enum(LOG_SEVERITIES).default('info') }),
      body: clientLogSchema,
    },
    handler: async (request, reply) => {
      const { severity } = request.query;
      const { personId } = principalOf(request);
      request.log[PINO_LEVEL[severity]](
        { client: request.params.product, personId, severity, ...request.body },
        `client: ${request.body.message}`,
      );
      return reply.status(204).send();
    },
  });

  const unsubscribe = async (token: string) => {
    const personId = personOfUnsubscribeToken(ctx.config.authSecret, token);
    if (!personId) throw appError('invalidActionCode');
    const [person] = await ctx.db
      .update(people)
      .set({ emailOptOut: true })
      .where(eq(people.id, personId))
      .returning({ email: people.email });
    if (!person) throw appError('invalidActionCode');
    return { email: person.email };
  };
  const unsubscribeQuery = z.object({ token: z.string().min(10).max(200) });

  r.get('/api/unsubscribe/email', {
    config: { authz: 'public' },
    schema: {
      tags: ['notifications'],
      summary: 'One-click unsubscribe from email notifications (link in every notification mail)',
      querystring: unsubscribeQuery,
      response: { 200: z.object({ email: z.string() }) },
    },
    handler: async (request) => unsubscribe(request.query.token),
  });

  // RFC 8058: mail clients post `List-Unsubscribe=One-Click` to the List-Unsubscribe address by themselves
  r.post('/api/unsubscribe/email', {
    config: { authz: 'public' },
    schema: {
      tags: ['notifications'],
      summary: 'One-click unsubscribe posted by a mail client (List-Unsubscribe-Post, RFC 8058)',
      querystring: unsubscribeQuery,
      response: { 200: z.object({ email: z.string() }) },
    },
    handler: async (request) => unsubscribe(request.query.token),
  });

  r.get('/api/dev/outbox', {
    config: { authz: 'dev' },
    schema: {
      tags: ['development'],
      summary: 'Mail kept instead of sent (newest first); outside production only',
      querystring: z.object({ to: z.string().max(254).optional(), limit: z.coerce.number().int().min(1).max(500).default(100) }),
      response: {
        200: z.array(
          z.object({
            id: z.string(),
            to: z.string(),
            subject: z.string(),
            text: z.string(),
            html: z.string(),
            createdAt: z.string(),
            attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), url: z.string() })),
          }),
        ),
      },
    },
    handler: async (request) => {
      const rows = await ctx.db
        .select()
        .from(mailOutbox)
        .where(request.query.to ? eq(mailOutbox.to, request.query.to.trim().toLowerCase()) : undefined)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(request.query.limit);
      return rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        attachments: row.attachments.map((file, index) => ({
          filename: file.filename,
          contentType: file.contentType,
          url: `/api/dev/outbox/${row.id}/attachment/${index}`,
        })),
      }));
    },
  });

  r.get('/api/dev/outbox/:id/attachment/:index', {
    config: { authz: 'dev' },
    schema: {
      tags: ['development'],
      summary: 'A file attached to a kept mail, as a download; outside production only',
      params: z.object({ id: idSchema, index: z.coerce.number().int().min(0).max(50) }),
    },
    handler: async (request, reply) => {
      const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, request.params.id));
      const file = row?.attachments[request.params.index];
      const bytes = file ? await outboxFiles.get(file.storageKey) : null;
      if (!file || !bytes) throw appError('attachmentNotFound');
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\x20-\x7e]|["\\%]/g, '_')}"`)
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  });
}
