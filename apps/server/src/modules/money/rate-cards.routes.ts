import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, rateCardCreateSchema, rateCardListSchema, rateCardSchema, rateCardUpdateSchema } from '@crewplan/domain';
import { orgAccessOf } from '../../plugins/authz.ts';
import * as service from './rate-cards.service.ts';

const tags = ['money'];
const orgParams = z.object({ orgId: idSchema });
const cardParams = z.object({ orgId: idSchema, id: idSchema });
const read = { authz: { org: 'money.read' } } as const;
const write = { authz: { org: 'money.write' } } as const;

/** Rate cards of an organisation: rates per organisation role for a mission or a client (its admins and managers). */
export async function rateCardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get('/api/org/:orgId/rate-card', {
    config: read,
    schema: { tags, summary: "The organisation's rate cards", params: orgParams, response: { 200: rateCardListSchema } },
    handler: async (request) => service.listRateCards(ctx, orgAccessOf(request)),
  });

  r.get('/api/org/:orgId/rate-card/:id', {
    config: read,
    schema: { tags, summary: 'One rate card', params: cardParams, response: { 200: rateCardSchema } },
    handler: async (request) => service.readRateCard(ctx, orgAccessOf(request), request.params.id),
  });

  r.post('/api/org/:orgId/rate-card', {
    config: write,
    schema: {
      tags,
      summary: 'Add a rate card for a mission or a client of the organisation (one each), with rates per organisation role',
      params: orgParams,
      body: rateCardCreateSchema,
      response: { 201: rateCardSchema },
    },
    handler: async (request, reply) => reply.status(201).send(await service.createRateCard(ctx, orgAccessOf(request), request.body)),
  });

  r.put('/api/org/:orgId/rate-card/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Change a rate card; plan items keep the rates they already took',
      params: cardParams,
      body: rateCardUpdateSchema,
      response: { 200: rateCardSchema },
    },
    handler: async (request) => service.updateRateCard(ctx, orgAccessOf(request), request.params.id, request.body),
  });

  r.delete('/api/org/:orgId/rate-card/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Delete a rate card',
      params: cardParams,
      response: { 200: z.object({ deleted: z.string() }) },
    },
    handler: async (request) => service.deleteRateCard(ctx, orgAccessOf(request), request.params.id),
  });
}
