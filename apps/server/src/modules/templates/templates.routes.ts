import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  templateBulkDeleteSchema,
  templateBulkUpdateSchema,
  templateCreateSchema,
  templateListQuerySchema,
  templateListSchema,
  templateSchema,
  templatesDeletedSchema,
} from '@crewplan/domain';
import { principalOf } from '../../plugins/authz.ts';
import { setTemplateInstantiator } from '../missions/index.ts';
import * as service from './templates.service.ts';

const tags = ['templates'];

/**
 * Templates: personal or of an organisation, proposal templates. A template is a snapshot of a project (data, and
 * plan items with dates as offsets from its start), optionally with a template mission people edit like a project
 * and save again. Projects are created from templates through `POST /mission {template}`.
 */
export async function templatesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  setTemplateInstantiator(service.instantiateTemplate);

  r.post('/api/template', {
    config: { authz: { signedIn: 'template.create' } },
    schema: {
      tags,
      summary:
        'Create a template: from a mission (its admins; a template mission is made and linked both ways) or from data; ' +
        'organisation templates need the right to create its projects',
      body: templateCreateSchema,
      response: { 201: templateSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.createTemplate(ctx, principalOf(request), request.body.template)),
  });

  r.get('/api/template', {
    config: { authz: { signedIn: 'template.read' } },
    schema: {
      tags,
      summary: 'My personal templates and those of my organisations, newest first; ?org= one organisation, ?isProposalTemplate=',
      querystring: templateListQuerySchema,
      response: { 200: templateListSchema },
    },
    handler: async (request) => service.listTemplates(ctx.db, principalOf(request).personId, request.query),
  });

  r.put('/api/template/bulk', {
    config: { authz: { signedIn: 'template.update' } },
    schema: {
      tags,
      summary: 'Change several templates (owner, or organisation admins and managers); resave takes the template mission again',
      body: templateBulkUpdateSchema,
      response: { 200: templateListSchema },
    },
    handler: async (request) => service.updateTemplates(ctx, principalOf(request).personId, request.body.templates),
  });

  r.post('/api/template/delete/bulk', {
    config: { authz: { signedIn: 'template.delete' } },
    schema: {
      tags,
      summary: 'Delete several templates and their template missions, all or none',
      body: templateBulkDeleteSchema,
      response: { 200: templatesDeletedSchema },
    },
    handler: async (request) => service.deleteTemplates(ctx, principalOf(request).personId, request.body.ids),
  });
}
