import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePersonSchema,
  idSchema,
  missionPlanBulkSchema,
  myRolesSchema,
  planDependencySchema,
  planItemCreateSchema,
  planItemDeletedSchema,
  planItemListSchema,
  planItemSchema,
  planItemUpdateSchema,
  planRequestSchema,
  planScheduleCreateSchema,
  planScheduleUpdateSchema,
} from '@crewplan/domain';
import { missionAccessOf, principalOf } from '../../plugins/authz.ts';
import { addDependency, addSchedule, deleteSchedule, removeDependency, updateSchedule } from './plan.links.ts';
import { bulkChangePeople, changePerson } from './plan.people.ts';
import { myRoles } from './plan.queries.ts';
import { approveRequest, rejectRequest, submitRequest } from './plan.requests.ts';
import { createPlanItem, deletePlanItem, updatePlanItem } from './plan.service.ts';

const tags = ['plan'];
const params = z.object({ id: idSchema });
const scheduleParams = z.object({ id: idSchema, scheduleId: idSchema });

/** Plan items (roles, cost items, phases, milestones…), their people, role requests, dependencies and schedules. */
export async function planRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.post('/api/mission-plan/mission/:id', {
    config: { authz: { mission: 'plan.item.create' } },
    schema: {
      tags,
      summary: 'Add a plan item of any type; a person may be requested instead of assigned when roles need approval (rule 71)',
      params,
      body: planItemCreateSchema,
      response: { 201: planItemSchema },
    },
    handler: async (request, reply) => reply.status(201).send(await createPlanItem(ctx, missionAccessOf(request), request.body)),
  });

  r.put('/api/mission-plan/mission/:id/bulk', {
    config: { authz: { mission: 'plan.item.update' } },
    schema: {
      tags,
      summary: 'People for several plan items of the mission ({_id, person} list), all or nothing; answers the plan items',
      params,
      body: missionPlanBulkSchema,
      response: { 200: planItemListSchema },
    },
    handler: async (request) => bulkChangePeople(ctx, missionAccessOf(request), request.body),
  });

  r.get('/api/mission-plan/my/roles', {
    config: { authz: { signedIn: 'plan.roles.mine' } },
    schema: {
      tags,
      summary: 'My roles on the missions I am on, with their mission and allocation status',
      response: { 200: myRolesSchema },
    },
    handler: async (request) => myRoles(ctx.db, principalOf(request).personId),
  });

  r.put('/api/mission-plan/:id/change-person', {
    config: { authz: { mission: 'plan.item.update', via: 'planItem' } },
    schema: {
      tags,
      summary: 'Give the role a person, or null to remove its person (pin cleared, ended today, personLeftRole recorded)',
      params,
      body: changePersonSchema,
      response: { 200: planItemSchema },
    },
    handler: async (request) => changePerson(ctx, missionAccessOf(request), request.params.id, request.body),
  });

  r.put('/api/mission-plan/:id/bulk', {
    config: { authz: { mission: 'plan.item.update', via: 'planItem' } },
    schema: {
      tags,
      summary: 'Change fields of a plan item; an end not after the start becomes start + 5 days; pinned items follow their pin',
      params,
      body: planItemUpdateSchema,
      response: { 200: planItemSchema },
    },
    handler: async (request) => updatePlanItem(ctx, missionAccessOf(request), request.params.id, request.body),
  });

  r.delete('/api/mission-plan/:id', {
    config: { authz: { mission: 'plan.item.delete', via: 'planItem' } },
    schema: {
      tags,
      summary: 'Delete a plan item (marked wasDeleted); its dependencies go',
      params,
      response: { 200: planItemDeletedSchema },
    },
    handler: async (request) => deletePlanItem(ctx, missionAccessOf(request), request.params.id),
  });

  r.put('/api/mission-plan/:id/dependency/add', {
    config: { authz: { mission: 'plan.item.update', via: 'planItem' } },
    schema: {
      tags,
      summary: "The plan item depends on planItemId; itself or a circle is 'Circular dependency'",
      params,
      body: planDependencySchema,
      response: { 200: planItemSchema },
    },
    handler: async (request) => addDependency(ctx, missionAccessOf(request), request.params.id, request.body.planItemId),
  });

  r.put('/api/mission-plan/:id/dependency/remove', {
    config: { authz: { mission: 'plan.item.update', via: 'planItem' } },
    schema: {
      tags,
      summary: 'The plan item no longer depends on planItemId',
      params,
      body: planDependencySchema,
      response: { 200: planItemSchema },
    },
    handler: async (request) => removeDependency(ctx, missionAccessOf(request), request.params.id, request.body.planItemId),
  });

  r.post('/api/mission-plan/:id/schedule', {
    config: { authz: { mission: 'plan.item.update', via: 'planItem' } },
    schema: {
      tags,
      summary: 'Schedule hours per day on the role between two days inside its dates (default: 8 h × allocation)',
      params,
      body: planScheduleCreateSchema,
      response: { 201: planItemSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await addSchedule(ctx, missionAccessOf(request), request.params.id, request.body)),
  });

  r.put('/api/mission-plan/:id/schedule/:scheduleId', {
    config: { authz: { mission: 'plan.item.update', via: 'planItem' } },
    schema: {
      tags,
      summary: 'Change a schedule of the role',
      params: scheduleParams,
      body: planScheduleUpdateSchema,
      response: { 200: planItemSchema },
    },
    handler: async (request) => updateSchedule(ctx, missionAccessOf(request), request.params.id, request.params.scheduleId, request.body),
  });

  r.delete('/api/mission-plan/:id/schedule/:scheduleId', {
    config: { authz: { mission: 'plan.item.update', via: 'planItem' } },
    schema: { tags, summary: 'Delete a schedule of the role', params: scheduleParams, response: { 200: planItemSchema } },
    handler: async (request) => deleteSchedule(ctx, missionAccessOf(request), request.params.id, request.params.scheduleId),
  });

  r.put('/api/mission-plan/request/:id/submit', {
    config: { authz: { mission: 'plan.request.submit', via: 'planItem' } },
    schema: {
      tags,
      summary: 'Ask for a person on the role (context pm or org) with a reason of 5 characters or more',
      params,
      body: planRequestSchema,
      response: { 200: planItemSchema },
    },
    handler: async (request) => submitRequest(ctx, missionAccessOf(request), request.params.id, request.body),
  });

  r.put('/api/mission-plan/request/:id/approve', {
    config: { authz: { mission: 'plan.request.decide', via: 'planItem', beyondTeam: true } },
    schema: {
      tags,
      summary: 'Approve the pending request: org context for role approvers of the organisation, pm context for plan managers',
      params,
      body: planRequestSchema,
      response: { 200: planItemSchema },
    },
    handler: async (request) => approveRequest(ctx, missionAccessOf(request), request.params.id, request.body),
  });

  r.put('/api/mission-plan/request/:id/reject', {
    config: { authz: { mission: 'plan.request.decide', via: 'planItem', beyondTeam: true } },
    schema: {
      tags,
      summary: 'Reject the pending request, with a reason; same approvers as approve',
      params,
      body: planRequestSchema,
      response: { 200: planItemSchema },
    },
    handler: async (request) => rejectRequest(ctx, missionAccessOf(request), request.params.id, request.body),
  });
}
