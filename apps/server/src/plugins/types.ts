import type { ReadCache } from '../lib/read-cache.ts';
import type { SessionCache } from '../lib/session-cache.ts';
import type { MissionRouteVerb, OrgActor, OrgRouteVerb, SignedInVerb } from '@crewplan/domain';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { orgPeople, orgs } from '../db/schema/index.ts';
import type { EventBus } from '../events/bus.ts';
import type { Jobs } from '../jobs/runner.ts';
import type { Auth } from '../modules/identity/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import type { MissionAccess } from './mission-access.ts';
import type { Realtime } from './realtime.ts';
import type pg from 'pg';

/**
 * Who may call a route, and the verb it performs. Every /api route declares one (`public` written out where it is):
 * - public: anyone; dev: anyone, outside production only.
 * - `{ signedIn: verb }`: any signed-in person, acting on their own records (`SIGNED_IN_VERBS`).
 * - `{ org: verb }`: a current member of the organisation (or its API key) whom the verb's policy allows it
 *   (`canInOrg`: the organisation policy, or the timesheet policy for `timesheet.*`). The organisation is the route's `:orgId` or `:id` parameter, or `?org=` (orgFrom
 *   'query'), or the body's `org` (orgFrom 'body', checked once the body is validated), or the organisation of the
 *   client invoice named by `:id` (orgFrom 'clientInvoice': an unknown invoice is 404).
 *   Signed out: 401; not a current member: 404; a member without the right: 403.
 */
export type OrgAuthz = {
  org: OrgRouteVerb;
  orgFrom?: 'params' | 'query' | 'body' | 'clientInvoice';
  /** The text a refused member reads, where the spec gives one. */ refusal?: string;
};
/**
 * `{ mission: verb }`: the mission of the route's `:id` parameter, which the caller sees (on its team with the
 * invite accepted, or as an organisation admin or manager) and may act on as the verb's resource policy says
 * (`canInMission`: mission, task, plan, file, comment, team or timesheet).
 * Signed out: 401; not visible: 404 (a pending invitee: 403 with the spec's load-failure text); without the right: 403.
 */
export type MissionAuthz = {
  mission: MissionRouteVerb;
  /**
   * Where the mission comes from: the `:id` parameter names the mission itself (default), or a plan item, an action or
   * an action item of it (`:id`, or `:actionId` for routes under an action). An unknown one answers 404.
   */
  via?: 'planItem' | 'action' | 'actionItem' | 'file' | 'comment' | 'expense' | 'room';
  /** The text a refused caller reads, where the spec gives one. */
  refusal?: string;
  /** The verb's rule alone lets a caller in, even one who cannot read the mission (role approvers off its team). */
  beyondTeam?: boolean;
};
export type SignedInAuthz = { signedIn: SignedInVerb };
export type Authz = 'public' | 'dev' | SignedInAuthz | OrgAuthz | MissionAuthz;

export type OrgRow = typeof orgs.$inferSelect;
export type OrgPersonRow = typeof orgPeople.$inferSelect;

/** The organisation a route acts on and who acts, loaded once per request by the authz hook. */
export type OrgAccess = {
  org: OrgRow;
  /** The caller's current membership; null when an API key calls. */
  member: OrgPersonRow | null;
  actor: OrgActor;
  personId: string | null;
  apiKeyId: string | null;
};

/** The signed-in caller. */
export type Principal = { personId: string; email: string; emailVerified: boolean; sessionId: string; sessionToken: string };

export type AppContext = {
  config: Config;
  db: Db;
  pool: pg.Pool;
  /** Where rules read the time. */
  clock: Clock;
  /** Delayed work, stored as rows (`define` a kind, `enqueue` a job). */
  jobs: Jobs;
  auth: Auth;
  mailer: Mailer;
  realtime: Realtime;
  events: EventBus;
  /** Who a bearer token is, for a few seconds; forget a session or person when it ends or changes. */
  sessions: SessionCache;
  /** Answers of repeated reads, per person, forgotten whenever anything is written (`plugins/read-cache.ts`). */
  reads: ReadCache;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    authz?: Authz;
  }
  interface FastifyRequest {
    principal: Principal | null;
    orgAccess: OrgAccess | null;
    missionAccess: MissionAccess | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** Every /api route with the access it declares (reviewed through a snapshot test). */
    routeAccess: { method: string; url: string; authz: Authz }[];
  }
}
