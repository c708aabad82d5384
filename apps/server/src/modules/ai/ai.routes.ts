import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  recommendBodySchema,
  recommendResponseSchema,
  recommendSimpleBodySchema,
  sessionBodySchema,
  sessionSchema,
  weeklyPlotBodySchema,
  weeklyPlotResponseSchema,
  whatIfBodySchema,
  whatIfResponseSchema,
} from '@crewplan/domain';
import { orgAccessOf, principalOf } from '../../plugins/authz.ts';
import { plotWeeks, whatIf } from './ai.analysis.ts';
import { bookIntoSession, recommend } from './ai.service.ts';
import { deleteSession } from './ai.sessions.ts';

const tags = ['ai'];
const orgParams = z.object({ orgId: idSchema });
const orgSessionParams = z.object({ orgId: idSchema, sessionId: idSchema });
const sessionParams = z.object({ sessionId: idSchema });
const rankSummary =
  'Rank the organisation’s people for each role: availability %, leave-conflict % and fit % (100 × score) per row, reasons with options.explain; 8 or fewer candidates never go to a language model';

/**
 * Staffing help (spec 3 §7 AI, rules 258–259): recommendations for roles with a session that remembers who was
 * booked, and what-if and weekly-plot analyses of a mission, all from the availability ledger. Organisation admins
 * and managers staff every role; project managers the roles of their missions.
 */
export async function aiRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.post('/api/ai/resource/org/:orgId/recommend', {
    config: { authz: { org: 'staffing.recommend' } },
    schema: { tags, summary: rankSummary, params: orgParams, body: recommendBodySchema, response: { 200: recommendResponseSchema } },
    handler: async (request) => recommend(ctx, request.log, orgAccessOf(request), request.body, 'rank'),
  });

  r.post('/api/ai/resource/org/:orgId/recommend/preassigned', {
    config: { authz: { org: 'staffing.recommend' } },
    schema: {
      tags,
      summary: 'Rank as /recommend, and book each role’s best person into the session in order, so nobody is picked twice',
      params: orgParams,
      body: recommendBodySchema,
      response: { 200: recommendResponseSchema },
    },
    handler: async (request) => recommend(ctx, request.log, orgAccessOf(request), request.body, 'preassign'),
  });

  r.post('/api/ai/resource/org/:orgId/recommend/preassigned/simple', {
    config: { authz: { org: 'staffing.recommend' } },
    schema: {
      tags,
      summary: 'The best person for each role of a list of {missionPlanId}, booked into a new session',
      params: orgParams,
      body: recommendSimpleBodySchema,
      response: { 200: recommendResponseSchema },
    },
    handler: async (request) => recommend(ctx, request.log, orgAccessOf(request), { rolesNeeded: request.body }, 'preassign'),
  });

  r.post('/api/ai/resource/org/:orgId/recommend/session/:sessionId', {
    config: { authz: { org: 'staffing.book' } },
    schema: {
      tags,
      summary: 'Book roles given to people into my recommendation session (later recommendations leave them out for those days)',
      params: orgSessionParams,
      body: sessionBodySchema,
      response: { 200: sessionSchema },
    },
    handler: async (request) => bookIntoSession(ctx, orgAccessOf(request), request.params.sessionId, request.body.assignedRoles),
  });

  r.delete('/api/ai/resource/recommend/session/:sessionId', {
    config: { authz: { signedIn: 'staffing.session' } },
    schema: {
      tags,
      summary: 'End my recommendation session',
      params: sessionParams,
      response: { 200: z.object({ deleted: idSchema }) },
    },
    handler: async (request) => deleteSession(ctx.db, request.params.sessionId, principalOf(request).personId, ctx.clock.now()),
  });

  r.post('/api/ai/what-if', {
    config: { authz: { signedIn: 'staffing.analyse' } },
    schema: {
      tags,
      summary:
        'Each person’s load and the finish date if the mission moves (shiftDays or startDate) or roles change hands; nothing is saved',
      body: whatIfBodySchema,
      response: { 200: whatIfResponseSchema },
    },
    handler: async (request) => whatIf(ctx, principalOf(request).personId, request.body),
  });

  r.post('/api/ai/weekly-plot', {
    config: { authz: { signedIn: 'staffing.analyse' } },
    schema: {
      tags,
      summary: 'Per week (Monday), the hours the mission’s roles plan, what their people could give it and their leave, for a chart',
      body: weeklyPlotBodySchema,
      response: { 200: weeklyPlotResponseSchema },
    },
    handler: async (request) => plotWeeks(ctx, principalOf(request).personId, request.body),
  });
}
