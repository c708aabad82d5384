import Fastify, { LogController, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createEventBus } from './events/bus.ts';
import { createJobRunner } from './jobs/runner.ts';
import { createAuth } from './modules/identity/index.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import { createReadCache } from './lib/read-cache.ts';
import { randomHex16 } from './lib/ids.ts';
import { createSessionCache } from './lib/session-cache.ts';
import { liveSessionIds } from './lib/sessions.ts';
import { createMailer, type Mailer } from './modules/mail/index.ts';
import { filesRoutes } from './modules/files/index.ts';
import { identityRoutes } from './modules/identity/index.ts';
import { missionsRoutes } from './modules/missions/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { clientsRoutes, invoicesRoutes, type PaymentLinks } from './modules/invoices/index.ts';
import { createFileStore } from './lib/file-store.ts';
import { orgPeopleRoutes, orgRoutes, structureRoutes } from './modules/org/index.ts';
import { peopleRoutes } from './modules/people/index.ts';
import { planRoutes } from './modules/plan/index.ts';
import { platformRoutes } from './modules/platform/index.ts';
import { ssoRoutes } from './modules/sso/index.ts';
import { teamRoutes } from './modules/team/index.ts';
import { templatesRoutes } from './modules/templates/index.ts';
import { tasksRoutes } from './modules/tasks/index.ts';
import { commentsRoutes } from './modules/comments/index.ts';
import { boardRoutes } from './modules/board/index.ts';
import { homeRoutes } from './modules/home/index.ts';
import { timeRoutes } from './modules/time/index.ts';
import { expensesRoutes } from './modules/expenses/index.ts';
import { moneyRoutes, rateCardRoutes } from './modules/money/index.ts';
import { currencyRoutes } from './modules/currency/index.ts';
import { billingRoutes } from './modules/billing/index.ts';
import { leaveRoutes } from './modules/leave/index.ts';
import { rolePlansRoutes } from './modules/role-plans/index.ts';
import { aiRoutes } from './modules/ai/index.ts';
import { availabilityRoutes } from './modules/availability/index.ts';
import { enforceAuthz, requireAuthzOnEveryRoute, resolvePrincipal } from './plugins/authz.ts';
import { cacheReads } from './plugins/read-cache.ts';
import { frameworkErrorReply, registerErrorHandling } from './plugins/errors.ts';
import { identityBridge } from './plugins/identity.ts';
import { guardInput } from './plugins/input-guard.ts';
import { createRealtime } from './plugins/realtime.ts';
import { serveOpenApi } from './plugins/openapi.ts';
import { serveWeb } from './plugins/web.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import type { AppContext } from './plugins/types.ts';

export type BuildOptions = {
  config: Config;
  database: Database;
  /** Carry realtime events between processes through PostgreSQL (used with a shared DATABASE_URL). */
  realtimeAcrossProcesses?: boolean;
  mailer?: Mailer;
  /** Makes payment links for client invoices (none configured unless given: the route answers 503). */
  paymentLinks?: PaymentLinks;
  /** Where rules read the time (the system's unless given; tests pass a clock they advance). */
  clock?: Clock;
  /**
   * Run delayed work (`jobs`) as it falls due (default). Off, jobs wait until `ctx.jobs.runDue()` is called, which is
   * how tests run them.
   */
  runJobs?: boolean;
  logger?: boolean;
  /** Where log lines go (standard output unless given). */
  logStream?: { write: (line: string) => void };
};

/** Builds the whole server without listening; tests inject requests into it. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Tokens in URLs (email links, signed file links, invites, unsubscribe) never reach a log line.
            serializers: { req: serializeRequest },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: randomHex16,
    requestIdHeader: false,
    // Every request at info would cost more than a small request itself: see logRequests.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy: config.env === 'production',
    frameworkErrors: frameworkErrorReply,
  });
  logRequests(app, config.slowRequestMs);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = options.clock ?? systemClock;
  const reads = createReadCache(config.readCacheMs);
  const jobs = createJobRunner({ db: database.db, clock, log: app.log, afterJob: reads.changed });
  const mailer =
    options.mailer ??
    createMailer({ db: database.db, jobs, smtpUrl: config.smtpUrl, from: config.mailFrom, store: createFileStore(config) });
  const sessions = createSessionCache(config.sessionCacheMs);
  const realtime = createRealtime({
    httpServer: app.server,
    resolve: (token) => resolvePrincipal({ pool: database.pool, config, sessions }, token),
    liveSessions: (sessionIds) => liveSessionIds(database.pool, sessionIds),
    log: app.log,
    adapterDatabaseUrl: options.realtimeAcrossProcesses ? database.url : undefined,
    onChange: reads.changed,
  });
  const auth = createAuth({
    config,
    db: database.db,
    mailer,
    onSessionEnded: (sessionId) => {
      sessions.forgetSession(sessionId);
      realtime.disconnectSession(sessionId);
    },
  });
  const events = createEventBus(app.log, reads.changed);
  const ctx: AppContext = { config, db: database.db, pool: database.pool, clock, jobs, auth, mailer, realtime, events, sessions, reads };
  app.decorate('ctx', ctx);
  // modules define their job kinds while they register: the runner starts once they all have
  if (options.runJobs !== false) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  app.addHook('onClose', async () => realtime.close());
  app.addHook('onClose', async () => mailer.close());

  // hooks on every request take a callback, not a promise: a promise each costs the smallest routes about 5%
  app.addHook('onRequest', (request, reply, done) => {
    const userRequestId = request.headers['x-user-request-id'];
    if (typeof userRequestId === 'string' && userRequestId.length <= 100) request.log = request.log.child({ userRequestId });
    reply.header('x-request-id', request.id);
    done();
  });

  registerErrorHandling(app);
  guardInput(app);
  securityHeaders(app);
  app.decorate('routeAccess', requireAuthzOnEveryRoute(app));
  enforceAuthz(app, cacheReads(app));
  await app.register(formbody);
  await serveOpenApi(app);

  await app.register(identityBridge);
  await app.register(identityRoutes);
  await app.register(peopleRoutes);
  await app.register(platformRoutes);
  await app.register(orgRoutes);
  await app.register(orgPeopleRoutes);
  await app.register(structureRoutes);
  await app.register(clientsRoutes);
  await app.register(invoicesRoutes, { paymentLinks: options.paymentLinks });
  await app.register(ssoRoutes);
  await app.register(missionsRoutes);
  await app.register(teamRoutes);
  await app.register(templatesRoutes);
  await app.register(planRoutes);
  await app.register(tasksRoutes);
  await app.register(commentsRoutes);
  await app.register(boardRoutes);
  await app.register(homeRoutes);
  await app.register(timeRoutes);
  await app.register(moneyRoutes);
  await app.register(expensesRoutes);
  await app.register(rolePlansRoutes);
  await app.register(currencyRoutes);
  await app.register(rateCardRoutes);
  await app.register(billingRoutes);
  await app.register(leaveRoutes);
  await app.register(aiRoutes);
  await app.register(availabilityRoutes);
  await app.register(notificationsRoutes);
  await app.register(filesRoutes);
  await app.register(serveWeb);
  return app;
}

/**
 * One line per request, at debug (LOG_LEVEL=debug shows them all); at info only a request slower than
 * SLOW_REQUEST_MS or answered 5xx. Logging each request at info halved the throughput of the smallest routes.
 */
function logRequests(app: FastifyInstance, slowRequestMs: number): void {
  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime);
    const slow = ms >= slowRequestMs || reply.statusCode >= 500;
    if (slow || request.log.level === 'debug' || request.log.level === 'trace') {
      const line = { method: request.method, url: request.routeOptions.url ?? 'unknown', statusCode: reply.statusCode, ms };
      if (slow) request.log.info(line, 'slow or failed request');
      else request.log.debug(line, 'request completed');
    }
    done();
  });
}
