import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { suggestionsQuerySchema, suggestionsSchema, taskMasterPageSchema, taskMasterQuerySchema } from '@crewplan/domain/home/home';
import { principalOf } from '../../plugins/authz.ts';
import { suggestions, taskMasterPage } from './home.service.ts';

const tags = ['home'];

/** Home's reads (rules 232–238): ranked and paged by the server, whatever the number of tasks. */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get('/api/action-item/my/suggestions', {
    config: { authz: { signedIn: 'task.list.mine' }, readCache: true },
    schema: {
      tags,
      summary: 'My heaviest tasks of the day (Work AI, Do AI), with their weight and why, and the missions Home shows',
      querystring: suggestionsQuerySchema,
      response: { 200: suggestionsSchema },
    },
    handler: async (request) => suggestions(ctx, principalOf(request).personId, request.query),
  });

  r.get('/api/action-item/my/task-master', {
    config: { authz: { signedIn: 'task.list.mine' }, readCache: true },
    schema: {
      tags,
      summary: 'Task master: the tasks I work on or manage, filtered, grouped and a page at a time',
      querystring: taskMasterQuerySchema,
      response: { 200: taskMasterPageSchema },
    },
    handler: async (request) => taskMasterPage(ctx, principalOf(request).personId, request.query),
  });
}
