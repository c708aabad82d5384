import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billableListSchema,
  billableQuerySchema,
  idSchema,
  invoiceCreateSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceSchema,
  invoiceSendSchema,
  invoiceSentSchema,
  invoiceUpdateSchema,
  paymentLinkSchema,
} from '@crewplan/domain';
import { createFileStore } from '../../lib/file-store.ts';
import { orgAccessOf } from '../../plugins/authz.ts';
import { contentDisposition, receiveUpload } from '../files/index.ts';
import { invoicePdf, paymentLink, sendInvoice, uploadInvoicePdf, type InvoiceDeps } from './invoices.delivery.ts';
import { releaseChangedMilestone } from './invoices.milestones.ts';
import * as service from './invoices.service.ts';
import { onClientInvoicePaid } from '../billing/index.ts';
import { onOrgCountryChanged } from '../org/index.ts';
import { onPlanItemChanged } from '../plan/index.ts';
import { retaxOrgDrafts } from './clients.service.ts';
import { expireInvoiceLink, markPaidByProvider, providerPaymentLinks, type PaymentLinks } from './payment-links.ts';
import { withUploads } from '../../plugins/uploads.ts';

const tags = ['invoices'];
const orgParams = z.object({ id: idSchema });
const clientParams = z.object({ id: idSchema, clientId: idSchema });
const invoiceParams = z.object({ id: idSchema });
/** Rule 112: the client view (admins, managers, observers) reads invoices; admins and managers issue them. */
const read = { authz: { org: 'org.clients.view' } } as const;
const issue = { authz: { org: 'org.clients.manage' } } as const;
const readOne = { authz: { org: 'org.clients.view', orgFrom: 'clientInvoice' } } as const;
const issueOne = { authz: { org: 'org.clients.manage', orgFrom: 'clientInvoice' } } as const;

/** Client invoices (spec 2 §7): create, list, change, delete, PDF (generated or uploaded), send by mail, payment link. */
export async function invoicesRoutes(app: FastifyInstance, options: { paymentLinks?: PaymentLinks | undefined }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const deps: InvoiceDeps = { store: createFileStore(ctx.config), paymentLinks: options.paymentLinks ?? providerPaymentLinks(ctx) };
  onClientInvoicePaid(markPaidByProvider);
  // a milestone billed on an issued invoice stays as billed
  onPlanItemChanged(releaseChangedMilestone);
  // a draft's reverse charge follows the organisation's country
  onOrgCountryChanged(retaxOrgDrafts);

  r.post('/api/clientInvoice/org/:id/client/:clientId', {
    config: issue,
    schema: {
      tags,
      summary:
        'Issue a draft invoice to a client ({ payload, qbo }): typed lines and lines drawn from a project’s approved time or reached milestones; numbered per client (rule 196)',
      params: clientParams,
      body: invoiceCreateSchema,
      response: { 201: invoiceSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.createInvoice(ctx, orgAccessOf(request), request.params.clientId, request.body)),
  });

  r.get('/api/clientInvoice/org/:id/list', {
    config: read,
    schema: {
      tags,
      summary:
        'The organisation’s invoices, newest first, a page at a time (?client=, ?status=, ?mission=, ?limit= up to 1000, ?offset=); total counts all that match',
      params: orgParams,
      querystring: invoiceListQuerySchema,
      response: { 200: invoiceListSchema },
    },
    handler: async (request) => service.listInvoices(ctx, orgAccessOf(request), request.query),
  });

  r.get('/api/clientInvoice/org/:id/billable', {
    config: issue,
    schema: {
      tags,
      summary: 'What a project can bill now: approved, not yet invoiced time per role and bill rate; reached milestones',
      params: orgParams,
      querystring: billableQuerySchema,
      response: { 200: billableListSchema },
    },
    handler: async (request) => service.billableLines(ctx, orgAccessOf(request), request.query.mission, request.query.until),
  });

  r.get('/api/clientInvoice/:id', {
    config: readOne,
    schema: { tags, summary: 'One invoice with its lines', params: invoiceParams, response: { 200: invoiceSchema } },
    handler: async (request) => service.getInvoice(ctx, orgAccessOf(request), request.params.id),
  });

  r.put('/api/clientInvoice/:id', {
    config: issueOne,
    schema: {
      tags,
      summary: 'Change a draft (its lines replace the old ones), move the status (draft → sent → paid; void releases the lines), set qbo',
      params: invoiceParams,
      body: invoiceUpdateSchema,
      response: { 200: invoiceSchema },
    },
    handler: async (request) =>
      service.updateInvoice(ctx, orgAccessOf(request), request.params.id, request.body, (id) =>
        expireInvoiceLink(deps.paymentLinks, id, request.log),
      ),
  });

  r.delete('/api/clientInvoice/:id', {
    config: issueOne,
    schema: {
      tags,
      summary:
        'Delete a draft invoice (its time and milestones become billable again); any other is 409 invoice/not-draft (void it instead)',
      params: invoiceParams,
      response: { 200: z.object({ deleted: z.literal(true), _id: z.string() }) },
    },
    handler: async (request) => {
      const { pdfStorageKey, ...deleted } = await service.deleteInvoice(ctx, orgAccessOf(request), request.params.id);
      if (pdfStorageKey)
        await deps.store.delete(pdfStorageKey).catch((err: unknown) => request.log.error({ err }, 'invoice pdf not removed'));
      return deleted;
    },
  });

  r.get('/api/clientInvoice/:id/pdf', {
    config: readOne,
    schema: {
      tags,
      summary: 'The invoice as a PDF: the uploaded one, else drawn from the invoice (also readable with the session cookie)',
      params: invoiceParams,
      querystring: z.object({ download: z.enum(['true', 'false']).optional() }).strict(),
    },
    handler: async (request, reply) => {
      const { bytes, name } = await invoicePdf(ctx, deps, orgAccessOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(request.query.download === 'true' ? 'attachment' : 'inline', name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  });

  await withUploads(app, (u) => {
    u.post('/api/clientInvoice/:id/pdf', {
      config: issueOne,
      schema: {
        tags,
        summary: 'Upload a PDF that replaces the generated one (multipart, one file; sniffed: anything but a PDF is 415)',
        params: invoiceParams,
        response: { 200: invoiceSchema },
      },
      handler: async (request) => {
        const access = orgAccessOf(request);
        return uploadInvoicePdf(ctx, deps, access, request.params.id, await receiveUpload(request, ctx.config));
      },
    });
  });

  r.post('/api/clientInvoice/:id/send-email', {
    config: issueOne,
    schema: {
      tags,
      summary: 'Mail the invoice with its PDF attached to the client (or to `to`) through the mail queue; a draft becomes sent',
      params: invoiceParams,
      body: invoiceSendSchema,
      response: { 200: invoiceSentSchema },
    },
    handler: async (request) => sendInvoice(ctx, deps, orgAccessOf(request), request.params.id, request.body),
  });

  r.post('/api/clientInvoice/:id/payment-link', {
    config: issueOne,
    schema: {
      tags,
      summary: 'A link the client pays the invoice at (503 billing/not-configured while no payment provider is set up)',
      params: invoiceParams,
      response: { 200: paymentLinkSchema },
    },
    handler: async (request) => paymentLink(ctx, deps, orgAccessOf(request), request.params.id, request.log),
  });
}
