import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  rolePlanBulkBodySchema,
  rolePlanBulkResultSchema,
  rolePlanCreateSchema,
  rolePlanDeletedSchema,
  rolePlanItemListSchema,
  rolePlanItemSchema,
  rolePlanListBodySchema,
  rolePlanListQuerySchema,
  rolePlanStatusBodySchema,
} from '@crewplan/domain';
import { orgAccessOf } from '../../plugins/authz.ts';
import { bulk, createItem, deleteItem, listByIds, listMine, listOrg, setStatus } from './role-plans.service.ts';

const tags = ['role-plans'];
const orgParams = z.object({ id: idSchema });
const itemParams = z.object({ id: idSchema, itemId: idSchema });
const prefix = '/api/org-role-plan-item/org/:id';

/**
 * CRM role plans (spec 3 §§3–7, rules 84–89): the approved hours per role of projects that came from the CRM,
 * requested, merged, split and approved in the organisation's Request and Assign resources tabs. Every route needs an
 * organisation with an Unlimited subscription; the organisation's room hears each committed write.
 */
export async function rolePlansRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(prefix, {
    config: { authz: { org: 'rolePlan.read' } },
    schema: {
      tags,
      summary:
        "The organisation's role-plan items (its admins, managers, role approvers and observers), filtered by status, program or project",
      params: orgParams,
      querystring: rolePlanListQuerySchema,
      response: { 200: rolePlanItemListSchema },
    },
    handler: async (request) => listOrg(ctx, orgAccessOf(request), request.query),
  });

  r.post(prefix, {
    config: { authz: { org: 'rolePlan.create' } },
    schema: {
      tags,
      summary:
        'A new role-plan item, always a draft; role, person, program, project and plan item must be the organisation’s (400 naming the field)',
      params: orgParams,
      body: rolePlanCreateSchema,
      response: { 201: rolePlanItemSchema },
    },
    handler: async (request, reply) => reply.status(201).send(await createItem(ctx, orgAccessOf(request), request.body)),
  });

  r.post(`${prefix}/role-plan-item/list`, {
    config: { authz: { org: 'rolePlan.read' } },
    schema: {
      tags,
      summary: 'Role-plan items by id (one or many); an id that is not the organisation’s answers 404',
      params: orgParams,
      body: rolePlanListBodySchema,
      response: { 200: rolePlanItemListSchema },
    },
    handler: async (request) => listByIds(ctx, orgAccessOf(request), request.body.rolePlanItemId),
  });

  r.get(`${prefix}/my`, {
    config: { authz: { org: 'rolePlan.readOwn' } },
    schema: { tags, summary: 'My role-plan items in the organisation', params: orgParams, response: { 200: rolePlanItemListSchema } },
    handler: async (request) => listMine(ctx, orgAccessOf(request)),
  });

  r.put(`${prefix}/role-plan-item/bulk`, {
    config: { authz: { org: 'rolePlan.decide' } },
    schema: {
      tags,
      summary:
        "Many items at once: a status, a bulk merge by program then role ('Your approved hours were combined.'), a merge into one item, or a split; rule 89 decides who",
      params: orgParams,
      body: rolePlanBulkBodySchema,
      response: { 200: rolePlanBulkResultSchema },
    },
    handler: async (request) => bulk(ctx, orgAccessOf(request), request.body),
  });

  r.delete(`${prefix}/role-plan-item/:itemId`, {
    config: { authz: { org: 'rolePlan.delete' } },
    schema: {
      tags,
      summary: 'Withdraw a role-plan item (409 once merged into another); one out of draft only with the rights of rule 89',
      params: itemParams,
      response: { 200: rolePlanDeletedSchema },
    },
    handler: async (request) => deleteItem(ctx, orgAccessOf(request), request.params.itemId),
  });

  r.put(`${prefix}/role-plan-item/status`, {
    config: { authz: { org: 'rolePlan.decide' } },
    schema: {
      tags,
      summary: 'One item’s status (free values), with a message for its thread; rule 89 decides who',
      params: orgParams,
      body: rolePlanStatusBodySchema,
      response: { 200: rolePlanItemSchema },
    },
    handler: async (request) => setStatus(ctx, orgAccessOf(request), request.body),
  });
}
