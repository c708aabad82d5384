import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  departmentCreateSchema,
  departmentSchema,
  departmentUpdateSchema,
  goalCreateSchema,
  goalSchema,
  goalUpdateSchema,
  idSchema,
  officeCreateSchema,
  officeSchema,
  officeUpdateSchema,
  programCreateSchema,
  programSchema,
  programUpdateSchema,
  roleCreateSchema,
  roleSchema,
  roleUpdateSchema,
} from '@crewplan/domain';
import { orgAccessOf } from '../../plugins/authz.ts';
import * as service from './structure.service.ts';

const tags = ['org-structure'];
const orgParams = z.object({ id: idSchema });
const itemParams = z.object({ id: idSchema, itemId: idSchema });
const manage = { authz: { org: 'org.structure.manage' } } as const;
const deleted = 'Delete (marked isDeleted); 409 while people, goals or programs still use it';

/** Roles, departments, offices, programs and goals (portfolios) of an organisation. */
export async function structureRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.post('/api/org/:id/roles', {
    config: manage,
    schema: {
      tags,
      summary: 'Add a role (name unique; cost per rate time)',
      params: orgParams,
      body: roleCreateSchema,
      response: { 201: roleSchema },
    },
    handler: async (request, reply) => reply.status(201).send(await service.createRole(ctx, orgAccessOf(request), request.body)),
  });
  r.put('/api/org/:id/roles/:itemId', {
    config: manage,
    schema: { tags, summary: 'Change a role', params: itemParams, body: roleUpdateSchema, response: { 200: roleSchema } },
    handler: async (request) => service.updateRole(ctx, orgAccessOf(request), request.params.itemId, request.body),
  });
  r.delete('/api/org/:id/roles/:itemId', {
    config: manage,
    schema: { tags, summary: `${deleted} (people)`, params: itemParams, response: { 200: roleSchema } },
    handler: async (request) => service.deleteRole(ctx, orgAccessOf(request), request.params.itemId),
  });

  r.post('/api/org/:id/departments', {
    config: manage,
    schema: {
      tags,
      summary: 'Add a department (title unique)',
      params: orgParams,
      body: departmentCreateSchema,
      response: { 201: departmentSchema },
    },
    handler: async (request, reply) => reply.status(201).send(await service.createDepartment(ctx, orgAccessOf(request), request.body)),
  });
  r.put('/api/org/:id/departments/:itemId', {
    config: manage,
    schema: { tags, summary: 'Change a department', params: itemParams, body: departmentUpdateSchema, response: { 200: departmentSchema } },
    handler: async (request) => service.updateDepartment(ctx, orgAccessOf(request), request.params.itemId, request.body),
  });
  r.delete('/api/org/:id/departments/:itemId', {
    config: manage,
    schema: {
      tags,
      summary: `${deleted} (people, accessible departments, goals)`,
      params: itemParams,
      response: { 200: departmentSchema },
    },
    handler: async (request) => service.deleteDepartment(ctx, orgAccessOf(request), request.params.itemId),
  });

  r.post('/api/org/:id/offices', {
    config: manage,
    schema: {
      tags,
      summary: 'Add an office (title unique; country code)',
      params: orgParams,
      body: officeCreateSchema,
      response: { 201: officeSchema },
    },
    handler: async (request, reply) => reply.status(201).send(await service.createOffice(ctx, orgAccessOf(request), request.body)),
  });
  r.put('/api/org/:id/offices/:itemId', {
    config: manage,
    schema: { tags, summary: 'Change an office', params: itemParams, body: officeUpdateSchema, response: { 200: officeSchema } },
    handler: async (request) => service.updateOffice(ctx, orgAccessOf(request), request.params.itemId, request.body),
  });
  r.delete('/api/org/:id/offices/:itemId', {
    config: manage,
    schema: { tags, summary: `${deleted} (people, accessible offices, goals)`, params: itemParams, response: { 200: officeSchema } },
    handler: async (request) => service.deleteOffice(ctx, orgAccessOf(request), request.params.itemId),
  });

  r.post('/api/org/:id/programs', {
    config: manage,
    schema: {
      tags,
      summary: 'Add a program (fields directly, or wrapped as program or payload)',
      params: orgParams,
      body: programCreateSchema,
      response: { 201: programSchema },
    },
    handler: async (request, reply) => reply.status(201).send(await service.createProgram(ctx, orgAccessOf(request), request.body)),
  });
  r.put('/api/org/:id/programs/:itemId', {
    config: manage,
    schema: {
      tags,
      summary: 'Change a program (fields directly, or wrapped as program or payload)',
      params: itemParams,
      body: programUpdateSchema,
      response: { 200: programSchema },
    },
    handler: async (request) => service.updateProgram(ctx, orgAccessOf(request), request.params.itemId, request.body),
  });
  r.delete('/api/org/:id/programs/:itemId', {
    config: manage,
    schema: { tags, summary: 'Delete a program (marked isDeleted)', params: itemParams, response: { 200: programSchema } },
    handler: async (request) => service.deleteProgram(ctx, orgAccessOf(request), request.params.itemId),
  });

  r.post('/api/org/:id/goal', {
    config: { authz: { org: 'goals.create' } },
    schema: {
      tags,
      summary: 'Add a goal (portfolio); goal managers may give it any owner, others own what they create',
      params: orgParams,
      body: goalCreateSchema,
      response: { 201: goalSchema },
    },
    handler: async (request, reply) => reply.status(201).send(await service.createGoal(ctx, orgAccessOf(request), request.body)),
  });
  r.put('/api/org/:id/goal/:goalId', {
    config: { authz: { org: 'goal.update' } },
    schema: {
      tags,
      summary: 'Change a goal (goal managers, or its owner); one you cannot see is 404',
      params: z.object({ id: idSchema, goalId: idSchema }),
      body: goalUpdateSchema,
      response: { 200: goalSchema },
    },
    handler: async (request) => service.updateGoal(ctx, orgAccessOf(request), request.params.goalId, request.body),
  });
  r.delete('/api/org/:id/goal/:goalId', {
    config: { authz: { org: 'goal.delete' } },
    schema: {
      tags,
      summary: 'Delete a goal (marked isDeleted); 409 while programs are under it',
      params: z.object({ id: idSchema, goalId: idSchema }),
      response: { 200: goalSchema },
    },
    handler: async (request) => service.deleteGoal(ctx, orgAccessOf(request), request.params.goalId),
  });
}
