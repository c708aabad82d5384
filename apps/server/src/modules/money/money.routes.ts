import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  costTrackerRowSchema,
  idSchema,
  moneyActualSchema,
  moneyActualsQuerySchema,
  moneyReportQuerySchema,
  moneyReportSchema,
  type MoneyReport,
} from '@crewplan/domain';
import { missionAccessOf, orgAccessOf, principalOf } from '../../plugins/authz.ts';
import { costTracker, missionActuals, missionReport, orgReport } from './cost.service.ts';

const tags = ['money'];

/**
 * A report of hundreds of roles × months (DESIGN §8): the service builds the documented shape (`moneyReportSchema`),
 * serialised once without re-checking it.
 */
function sendLarge(reply: FastifyReply, report: MoneyReport) {
  reply.type('application/json; charset=utf-8').serializer((payload) => payload as string);
  return reply.send(JSON.stringify(report) as never);
}
const missionParams = z.object({ id: idSchema });
const orgParams = z.object({ orgId: idSchema });

/**
 * Cost and revenue (issue Money; spec 2 §§3, 9; rules 173, 182, 189, 191), computed on the server from plan items and
 * approved weeks: read by mission admins and the organisation's admins and managers (`money.read`); the organisation's
 * cost report, a workspace report, by its observers too (`money.report.read`, rule 111).
 */
export async function moneyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get('/api/money/mission/:id', {
    config: { authz: { mission: 'money.read' } },
    schema: {
      tags,
      summary:
        "The mission's planned and actual hours, cost and revenue per plan item and month, its earned value today and its burn; amounts in the mission's currency",
      params: missionParams,
      querystring: moneyReportQuerySchema.omit({ programId: true }),
      response: { 200: moneyReportSchema },
    },
    handler: async (request, reply) => sendLarge(reply, await missionReport(ctx, missionAccessOf(request), request.query)),
  });

  r.get('/api/money/mission/:id/actuals', {
    config: { authz: { mission: 'money.read' } },
    schema: {
      tags,
      summary: 'The approved weeks, spent cost items and earned milestones behind a figure (of one plan item, of one month)',
      params: missionParams,
      querystring: moneyActualsQuerySchema,
      response: { 200: z.array(moneyActualSchema) },
    },
    handler: async (request) => missionActuals(ctx, missionAccessOf(request), request.query),
  });

  r.get('/api/money/org/:orgId/report', {
    config: { authz: { org: 'money.report.read' } },
    schema: {
      tags,
      summary:
        "One row per mission of a program (programId) or of the organisation's portfolio, with the summed earned value (admins, managers and observers)",
      params: orgParams,
      querystring: moneyReportQuerySchema,
      response: { 200: moneyReportSchema },
    },
    handler: async (request, reply) => sendLarge(reply, await orgReport(ctx, orgAccessOf(request), request.query)),
  });

  r.get('/api/money/project-manager/cost-tracker', {
    // the board's Cost tracker tab: only the missions the caller manages, whose money they see
    config: { authz: { signedIn: 'board.read' } },
    schema: {
      tags,
      summary: 'The missions I manage with budget, spent, remaining, forecast at completion, margin and risk, riskiest first',
      response: { 200: z.array(costTrackerRowSchema) },
    },
    handler: async (request) => costTracker(ctx, principalOf(request).personId),
  });
}
