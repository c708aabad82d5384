import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilityQuerySchema,
  availabilitySchema,
  myAvailabilityQuerySchema,
  myAvailabilitySchema,
  idSchema,
  planItemSchema,
  plannerQuerySchema,
  plannerRoleChangeSchema,
  plannerSchema,
} from '@crewplan/domain';
import { orgAccessOf, principalOf } from '../../plugins/authz.ts';
import { changePlannerRole, readAvailability, readMyAvailability, readPlanner } from './availability.service.ts';

const tags = ['availability'];

/**
 * People's availability (issue Staffing): the ledger per person and day, and the resource planner of people × weeks
 * with its one write (a role's person, dates or allocation, through the plan's own rules).
 */
export async function availabilityRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get('/api/availability/org/:orgId', {
    config: { authz: { org: 'availability.read' } },
    schema: {
      tags,
      summary: 'The availability ledger of the people the caller sees, per day: contract, holidays, leave, bookings, what is left',
      params: z.object({ orgId: idSchema }),
      querystring: availabilityQuerySchema,
      response: { 200: availabilitySchema },
    },
    handler: async (request) => readAvailability(ctx, orgAccessOf(request), request.query),
  });

  r.get('/api/availability/mine', {
    config: { authz: { signedIn: 'availability.mine' } },
    schema: {
      tags,
      summary: "My own availability ledger per day in each organisation I am in (the timesheet grid's capacity)",
      querystring: myAvailabilityQuerySchema,
      response: { 200: myAvailabilitySchema },
    },
    handler: async (request) => readMyAvailability(ctx.db, principalOf(request).personId, request.query),
  });

  r.get('/api/org/:id/planner', {
    config: { authz: { org: 'availability.read' } },
    schema: {
      tags,
      summary: 'The resource planner: people × weeks (capacity against bookings), their roles, and the roles to staff',
      params: z.object({ id: idSchema }),
      querystring: plannerQuerySchema,
      response: { 200: plannerSchema },
    },
    handler: async (request) => readPlanner(ctx, orgAccessOf(request), request.query),
  });

  r.put('/api/org/:id/planner/role/:planItemId', {
    config: { authz: { org: 'planner.plan' } },
    schema: {
      tags,
      summary: "Give a role a person (through the plan's assign rules), or move its dates, or type its allocation",
      params: z.object({ id: idSchema, planItemId: idSchema }),
      body: plannerRoleChangeSchema,
      response: { 200: planItemSchema },
    },
    handler: async (request) => changePlannerRole(ctx, orgAccessOf(request), request.params.planItemId, request.body),
  });
}
