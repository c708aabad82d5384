import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Auth } from '../lib/auth.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import type { Realtime } from './realtime.ts';
import type pg from 'pg';

/**
 * Who may call a route. Every /api route declares one (`public` written out where it is):
 * - public: anyone; signedIn: any signed-in person; dev: anyone, outside production only.
 * Later domains add their own kinds (organisation and mission permission levels).
 */
export type Authz = 'public' | 'signedIn' | 'dev';

/** The signed-in caller. */
export type Principal = { personId: string; email: string; emailVerified: boolean; sessionId: string; sessionToken: string };

export type AppContext = {
  config: Config;
  db: Db;
  pool: pg.Pool;
  auth: Auth;
  mailer: Mailer;
  realtime: Realtime;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    authz?: Authz;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** Every /api route with the access it declares (reviewed through a snapshot test). */
    routeAccess: { method: string; url: string; authz: Authz }[];
  }
}
