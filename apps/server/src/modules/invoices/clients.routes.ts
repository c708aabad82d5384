import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientCreateSchema,
  clientListQuerySchema,
  clientListSchema,
  clientLiteListSchema,
  clientOrderCreateSchema,
  clientOrderListSchema,
  clientOrderSchema,
  clientOrderUpdateSchema,
  clientSchema,
  clientUpdateSchema,
  idSchema,
} from '@crewplan/domain';
import { appError } from '../../lib/errors.ts';
import { readImage, readImageUpload, sendImage } from '../../lib/images.ts';
import { orgAccessOf } from '../../plugins/authz.ts';
import * as service from './clients.service.ts';
import { withUploads } from '../../plugins/uploads.ts';

const tags = ['clients'];
const orgParams = z.object({ id: idSchema });
const clientParams = z.object({ id: idSchema, clientId: idSchema });
const orderParams = z.object({ id: idSchema, clientId: idSchema, orderId: idSchema });
const manage = { authz: { org: 'org.clients.manage' } } as const;
const view = { authz: { org: 'org.clients.view' } } as const;

/** Clients of an organisation (archived rather than deleted), their logos and orders. */
export async function clientsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get('/api/v2/orgs/:id/clients', {
    config: view,
    schema: {
      tags,
      summary: 'Every client with its order codes (admins, managers and observers); ?archived=true includes archived ones',
      params: orgParams,
      querystring: clientListQuerySchema,
      response: { 200: clientListSchema },
    },
    handler: async (request) => service.listClients(ctx, orgAccessOf(request), request.query.archived),
  });

  r.get('/api/v2/orgs/:id/clients/lite', {
    config: { authz: { org: 'org.clients.read' } },
    schema: {
      tags,
      summary: 'Client names and logos, for every member',
      params: orgParams,
      querystring: clientListQuerySchema,
      response: { 200: clientLiteListSchema },
    },
    handler: async (request) => service.listClientsLite(ctx, orgAccessOf(request), request.query.archived),
  });

  r.get('/api/org/client/list', {
    config: { authz: { org: 'org.clients.read', orgFrom: 'query' } },
    schema: {
      tags,
      summary: 'Client names and logos of the organisation ?org= (loaded after an invite is accepted)',
      querystring: z.object({ org: idSchema }).strict(),
      response: { 200: clientLiteListSchema },
    },
    handler: async (request) => service.listClientsLite(ctx, orgAccessOf(request), false),
  });

  r.post('/api/org/:id/client', {
    config: manage,
    schema: {
      tags,
      summary: 'Add a client (name unique among live clients)',
      params: orgParams,
      body: clientCreateSchema,
      response: { 201: clientSchema },
    },
    handler: async (request, reply) => reply.status(201).send(await service.createClient(ctx, orgAccessOf(request), request.body)),
  });

  r.get('/api/org/:id/client/:clientId', {
    config: view,
    schema: { tags, summary: 'One client', params: clientParams, response: { 200: clientSchema } },
    handler: async (request) => service.getClient(ctx, orgAccessOf(request), request.params.clientId),
  });

  r.put('/api/org/:id/client/:clientId', {
    config: manage,
    schema: {
      tags,
      summary: 'Change a client; archived false restores one',
      params: clientParams,
      body: clientUpdateSchema,
      response: { 200: clientSchema },
    },
    handler: async (request) => service.updateClient(ctx, orgAccessOf(request), request.params.clientId, request.body),
  });

  r.delete('/api/org/:id/client/:clientId', {
    config: manage,
    schema: {
      tags,
      summary: 'Archive a client (kept for its invoices and projects)',
      params: clientParams,
      response: { 200: clientSchema },
    },
    handler: async (request) => service.archiveClient(ctx, orgAccessOf(request), request.params.clientId),
  });

  await withUploads(app, (u) => {
    u.post('/api/org/:id/client/:clientId/logo', {
      config: manage,
      schema: {
        tags,
        summary: 'Upload the client logo (multipart, field orgClientLogo; PNG, JPEG, GIF or WebP up to 5 MB)',
        params: clientParams,
        response: { 200: clientSchema },
      },
      handler: async (request) =>
        service.saveClientLogo(ctx, orgAccessOf(request), request.params.clientId, await readImageUpload(request, 'orgClientLogo')),
    });
  });

  r.get('/api/org/:id/client/:clientId/logo', {
    config: { authz: { org: 'org.clients.read' } },
    schema: {
      tags,
      summary: 'The client logo image (also readable with the session cookie)',
      params: clientParams,
      querystring: z.object({ v: z.string().max(20).optional() }),
    },
    handler: async (request, reply) => {
      const client = await service.clientLogo(ctx, orgAccessOf(request), request.params.clientId);
      const bytes = client.logoType ? await readImage(ctx.config.dataDir, service.CLIENT_LOGO_FOLDER, client.id) : null;
      if (!client.logoType || !bytes) throw appError('noLogo');
      return sendImage(reply, client.logoType, bytes);
    },
  });

  r.get('/api/org/:id/client/:clientId/order', {
    config: view,
    schema: { tags, summary: 'Orders of a client', params: clientParams, response: { 200: clientOrderListSchema } },
    handler: async (request) => service.listOrders(ctx, orgAccessOf(request), request.params.clientId),
  });

  r.post('/api/org/:id/client/:clientId/order', {
    config: manage,
    schema: {
      tags,
      summary: 'Add an order to a client (code unique per client)',
      params: clientParams,
      body: clientOrderCreateSchema,
      response: { 201: clientOrderSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.createOrder(ctx, orgAccessOf(request), request.params.clientId, request.body)),
  });

  r.put('/api/org/:id/client/:clientId/order/:orderId', {
    config: manage,
    schema: { tags, summary: 'Change an order', params: orderParams, body: clientOrderUpdateSchema, response: { 200: clientOrderSchema } },
    handler: async (request) =>
      service.updateOrder(ctx, orgAccessOf(request), request.params.clientId, request.params.orderId, request.body),
  });

  r.delete('/api/org/:id/client/:clientId/order/:orderId', {
    config: manage,
    schema: {
      tags,
      summary: 'Delete an order',
      params: orderParams,
      response: { 200: z.object({ deleted: z.literal(true), _id: z.string() }) },
    },
    handler: async (request) => service.deleteOrder(ctx, orgAccessOf(request), request.params.clientId, request.params.orderId),
  });
}
