import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actionBulkSchema,
  actionCreateQuerySchema,
  actionCreateSchema,
  actionDependencyBodySchema,
  actionItemBulkSchema,
  actionItemCreateSchema,
  actionItemDependencyCreateSchema,
  actionItemMoveSchema,
  actionItemPeopleRemoveSchema,
  actionItemSchema,
  actionItemsBulkCreateSchema,
  actionItemsChangedSchema,
  actionItemsSchema,
  BULK_CREATE_LIMIT,
  actionItemUpdateSchema,
  actionSchema,
  actionUpdateSchema,
  actionWithItemsSchema,
  checklistBulkSchema,
  checklistCreateSchema,
  checklistMoveSchema,
  checklistUpdateSchema,
  idSchema,
  myItemsQuerySchema,
  myItemsSchema,
  taskDeletedSchema,
} from '@crewplan/domain';
import { missionAccessOf, principalOf } from '../../plugins/authz.ts';
import * as bulk from './action-items.bulk.ts';
import * as items from './action-items.service.ts';
import * as actions from './actions.service.ts';
import * as checklist from './checklist.service.ts';
import * as deps from './dependencies.service.ts';

const tags = ['tasks'];
const params = z.object({ id: idSchema });
const actionParams = z.object({ actionId: idSchema });
const personParams = z.object({ id: idSchema, personId: idSchema });
const checklistParams = z.object({ id: idSchema, checklistId: idSchema });
const linkParams = z.object({ id: idSchema, linkId: idSchema });

/** Actions and action items (tasks): create, change, move, delete; people, checklists and dependencies (spec 1 §7). */
export async function tasksRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.post('/api/mission-plan/:id/action', {
    config: { authz: { mission: 'action.create', via: 'planItem' } },
    schema: {
      tags,
      summary: "Create an action under a plan item; dates none or start before end, else 'Sorry was not able to create...'",
      params,
      querystring: actionCreateQuerySchema,
      body: actionCreateSchema,
      response: { 201: actionWithItemsSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await actions.createAction(ctx, missionAccessOf(request), request.params.id, request.body, { withItem: request.query.withItem }),
        ),
  });

  r.get('/api/action/:id', {
    config: { authz: { mission: 'task.read', via: 'action' } },
    schema: {
      tags,
      summary: 'One action with its task ids and links, as the mission read carries it',
      params,
      response: { 200: actionSchema },
    },
    handler: async (request) => actions.readAction(ctx, missionAccessOf(request), request.params.id),
  });

  r.put('/api/action/:id', {
    config: { authz: { mission: 'action.update', via: 'action' } },
    schema: {
      tags,
      summary: 'Change an action (a done action is closed)',
      params,
      body: actionUpdateSchema,
      response: { 200: actionSchema },
    },
    handler: async (request) => actions.updateAction(ctx, missionAccessOf(request), request.params.id, request.body),
  });

  r.put('/api/action/:id/bulk', {
    config: { authz: { mission: 'action.update', via: 'action' } },
    schema: {
      tags,
      summary: 'Change an action and several of its items at once',
      params,
      body: actionBulkSchema,
      response: { 200: actionWithItemsSchema },
    },
    handler: async (request) => actions.bulkUpdateAction(ctx, missionAccessOf(request), request.params.id, request.body),
  });

  r.delete('/api/action/:id', {
    config: { authz: { mission: 'action.delete', via: 'action' } },
    schema: { tags, summary: 'Delete an action with its items (admins of the action)', params, response: { 200: taskDeletedSchema } },
    handler: async (request) => actions.deleteAction(ctx, missionAccessOf(request), request.params.id),
  });

  for (const change of ['add', 'remove'] as const) {
    r.put(`/api/action/:id/dependency/${change}`, {
      config: { authz: { mission: 'action.update', via: 'action' } },
      schema: {
        tags,
        summary: `${change === 'add' ? 'Make the action depend on' : 'Stop the action depending on'} another action ('Circular dependency')`,
        params,
        body: actionDependencyBodySchema,
        response: { 200: actionSchema },
      },
      handler: async (request) =>
        actions.changeActionDependency(ctx, missionAccessOf(request), request.params.id, request.body.actionId, change),
    });
  }

  r.get('/api/action-item/my/items', {
    config: { authz: { signedIn: 'task.list.mine' }, readCache: true },
    schema: {
      tags,
      summary: 'My assigned tasks; licensedOnly (default true) keeps licensed missions and organisations, pinned=true my pinned ones',
      querystring: myItemsQuerySchema,
      response: { 200: myItemsSchema },
    },
    handler: async (request, reply) => {
      // SQL shapes the JSON (DESIGN §8): the response schema documents it, the text is sent as it is.
      reply.type('application/json; charset=utf-8').serializer((payload) => payload as string);
      return reply.send(
        (await items.myItemsJson(ctx, principalOf(request).personId, request.query.licensedOnly, request.query.pinned)) as never,
      );
    },
  });

  r.get('/api/action-item/:id', {
    config: { authz: { mission: 'task.read', via: 'actionItem' } },
    schema: {
      tags,
      summary: "One task ('Sorry this task is no longer available.' when gone)",
      params,
      response: { 200: actionItemSchema },
    },
    handler: async (request) => items.readItem(ctx, missionAccessOf(request), request.params.id),
  });

  r.post('/api/action-item/action/:actionId', {
    config: { authz: { mission: 'task.create', via: 'action' } },
    schema: {
      tags,
      summary: "Create a task under an action; copyOf copies a task (' (Copy)') once a manager has opened the project",
      params: actionParams,
      body: actionItemCreateSchema,
      response: { 201: actionItemSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await items.createItem(ctx, missionAccessOf(request), request.params.actionId, request.body)),
  });

  r.post('/api/mission/:id/tasks/bulk', {
    config: { authz: { mission: 'task.create' } },
    schema: {
      tags,
      summary: `Create many tasks at once (up to ${BULK_CREATE_LIMIT}), each under its action, by the rules of one create; all or nothing`,
      params,
      body: actionItemsBulkCreateSchema,
      response: { 201: actionItemsSchema },
    },
    handler: async (request, reply) => {
      const json = await bulk.createItems(ctx, missionAccessOf(request), request.body);
      // SQL shapes the tasks' JSON: the response schema documents it, the text is sent as it is (set only on
      // success, so that errors keep their own serializer).
      reply
        .status(201)
        .type('application/json; charset=utf-8')
        .serializer((payload) => payload as string);
      return reply.send(json as never);
    },
  });

  r.put('/api/action-item/:id', {
    config: { authz: { mission: 'task.update', via: 'actionItem' } },
    schema: {
      tags,
      summary: 'Change a task; seen and pinned mark it for me',
      params,
      body: actionItemUpdateSchema,
      response: { 200: actionItemSchema },
    },
    handler: async (request) => items.updateItem(ctx, missionAccessOf(request), request.params.id, request.body),
  });

  r.put('/api/action-item/:id/bulk', {
    config: { authz: { mission: 'task.update', via: 'actionItem' } },
    schema: {
      tags,
      summary: 'Change many tasks of the mission at once, all or nothing; answers each task named with what changed',
      params,
      body: actionItemBulkSchema,
      response: { 200: actionItemsChangedSchema },
    },
    handler: async (request, reply) => {
      const json = await items.bulkUpdateItems(ctx, missionAccessOf(request), request.body);
      reply.type('application/json; charset=utf-8').serializer((payload) => payload as string);
      return reply.send(json as never);
    },
  });

  r.put('/api/action-item/:id/move', {
    config: { authz: { mission: 'task.update', via: 'actionItem' } },
    schema: {
      tags,
      summary: 'Move a task to another action, column, position, week, or day and hour',
      params,
      body: actionItemMoveSchema,
      response: { 200: actionItemSchema },
    },
    handler: async (request) => items.moveItem(ctx, missionAccessOf(request), request.params.id, request.body),
  });

  r.delete('/api/action-item/:id', {
    config: { authz: { mission: 'task.delete', via: 'actionItem' } },
    schema: { tags, summary: 'Delete a task (admins of its action)', params, response: { 200: taskDeletedSchema } },
    handler: async (request) => items.deleteItem(ctx, missionAccessOf(request), request.params.id),
  });

  r.post('/api/action-item/:id/people/remove', {
    config: { authz: { mission: 'task.update', via: 'actionItem' } },
    schema: {
      tags,
      summary: "Unassign people (a list, or 'ALL')",
      params,
      body: actionItemPeopleRemoveSchema,
      response: { 200: actionItemSchema },
    },
    handler: async (request) =>
      items.changeItemPeople(ctx, missionAccessOf(request), request.params.id, { remove: request.body.peopleIds }),
  });

  r.post('/api/action-item/:id/people/:personId', {
    config: { authz: { mission: 'task.update', via: 'actionItem' } },
    schema: {
      tags,
      summary: 'Assign a person of the mission (409 not_part_of_mission otherwise: invite them, then retry)',
      params: personParams,
      body: z.object({}).strict().nullish(),
      response: { 200: actionItemSchema },
    },
    handler: async (request) => items.changeItemPeople(ctx, missionAccessOf(request), request.params.id, { add: request.params.personId }),
  });

  r.post('/api/action-item/:id/checklist', {
    config: { authz: { mission: 'task.update', via: 'actionItem' } },
    schema: { tags, summary: 'Add a checklist line', params, body: checklistCreateSchema, response: { 201: actionItemSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await checklist.addChecklistLine(ctx, missionAccessOf(request), request.params.id, request.body)),
  });

  r.put('/api/action-item/:id/checklist/bulk', {
    config: { authz: { mission: 'task.update', via: 'actionItem' } },
    schema: {
      tags,
      summary: 'Change several checklist lines at once',
      params,
      body: checklistBulkSchema,
      response: { 200: actionItemSchema },
    },
    handler: async (request) => checklist.bulkUpdateChecklist(ctx, missionAccessOf(request), request.params.id, request.body),
  });

  r.put('/api/action-item/:id/checklist/:checklistId/move', {
    config: { authz: { mission: 'task.update', via: 'actionItem' } },
    schema: {
      tags,
      summary: 'Move a checklist line',
      params: checklistParams,
      body: checklistMoveSchema,
      response: { 200: actionItemSchema },
    },
    handler: async (request) =>
      checklist.updateChecklistLine(ctx, missionAccessOf(request), request.params.id, request.params.checklistId, request.body),
  });

  r.put('/api/action-item/:id/checklist/:checklistId', {
    config: { authz: { mission: 'task.update', via: 'actionItem' } },
    schema: {
      tags,
      summary: 'Change a checklist line (ticking stamps who and when)',
      params: checklistParams,
      body: checklistUpdateSchema,
      response: { 200: actionItemSchema },
    },
    handler: async (request) =>
      checklist.updateChecklistLine(ctx, missionAccessOf(request), request.params.id, request.params.checklistId, request.body),
  });

  r.delete('/api/action-item/:id/checklist/:checklistId', {
    config: { authz: { mission: 'task.update', via: 'actionItem' } },
    schema: { tags, summary: 'Delete a checklist line', params: checklistParams, response: { 200: actionItemSchema } },
    handler: async (request) => checklist.deleteChecklistLine(ctx, missionAccessOf(request), request.params.id, request.params.checklistId),
  });

  r.post('/api/action-item/:id/dependency', {
    config: { authz: { mission: 'task.update', via: 'actionItem' } },
    schema: {
      tags,
      summary: "Make the task depend on another (linkType default dependsOn, lag in days); 'Circular dependency' on itself or a loop",
      params,
      body: actionItemDependencyCreateSchema,
      response: { 200: actionItemSchema },
    },
    handler: async (request) => deps.addItemDependency(ctx, missionAccessOf(request), request.params.id, request.body),
  });

  r.delete('/api/action-item/:id/dependency/:linkId', {
    config: { authz: { mission: 'task.update', via: 'actionItem' } },
    schema: { tags, summary: 'Remove one dependency of the task', params: linkParams, response: { 200: actionItemSchema } },
    handler: async (request) => deps.removeItemDependencies(ctx, missionAccessOf(request), request.params.id, request.params.linkId),
  });

  r.delete('/api/action-item/:id/dependency', {
    config: { authz: { mission: 'task.update', via: 'actionItem' } },
    schema: { tags, summary: 'Remove every dependency of the task', params, response: { 200: actionItemSchema } },
    handler: async (request) => deps.removeItemDependencies(ctx, missionAccessOf(request), request.params.id, null),
  });
}
