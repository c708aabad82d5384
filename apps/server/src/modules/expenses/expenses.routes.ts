import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  expenseCreateSchema,
  expenseDeletedSchema,
  expenseListQuerySchema,
  expenseListSchema,
  expenseSchema,
  expenseStatusBodySchema,
  expenseUpdateSchema,
  idSchema,
} from '@crewplan/domain';
import { createFileStore } from '../../lib/file-store.ts';
import { missionAccessOf, orgAccessOf, principalOf } from '../../plugins/authz.ts';
import { receiveUpload, sendFileBytes } from '../files/index.ts';
import { missionScope, orgScope } from './expenses.access.ts';
import {
  attachReceipts,
  changeStatus,
  createExpense,
  deleteExpense,
  myExpenses,
  orgMissionExpenses,
  projectManagerExpenses,
  receiptBytes,
  removeReceipt,
  scopeExpenses,
  updateExpense,
} from './expenses.service.ts';
import { withUploads } from '../../plugins/uploads.ts';

const tags = ['expenses'];
const orgParams = z.object({ orgId: idSchema });
const orgExpenseParams = z.object({ orgId: idSchema, expenseId: idSchema });
const orgAttachmentParams = z.object({ orgId: idSchema, expenseId: idSchema, attachmentId: idSchema });
const missionParams = z.object({ id: idSchema });
const missionAttachmentParams = z.object({ id: idSchema, attachmentId: idSchema });
const uploadSummary =
  'Add receipts to my draft or rejected expense (multipart: photos or PDFs by their bytes, else 415; per file 413 LIMIT_FILE_SIZE, per upload 400 LIMIT_FILE)';
const statusSummary =
  'Move the expense: I submit my draft or rejected one (or recall it); who decides approves or rejects (with a reason) a submitted one and marks an approved one paid (final). Anything else 409';

/**
 * Expenses (spec 2 §§3–4, 7; rules 182–186): people keep their spending on a mission or on the organisation itself,
 * with receipts; project managers and organisation admins and managers decide it. Approved and paid expenses count
 * toward the mission's cost. Every route needs an organisation with an Unlimited subscription (rule 185). A team
 * member invited from outside the organisation keeps their own on the missions where they keep weeks.
 */
export async function expensesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const store = createFileStore(ctx.config);
  const now = () => ctx.clock.now();

  r.get('/api/expense/my', {
    config: { authz: { signedIn: 'expense.read' } },
    schema: {
      tags,
      summary: 'My expenses in every organisation with an Unlimited subscription, with totals per currency and in each organisation’s',
      querystring: expenseListQuerySchema,
      response: { 200: expenseListSchema },
    },
    handler: async (request) => myExpenses(ctx, principalOf(request).personId, request.query),
  });

  r.get('/api/expense/project-manager', {
    config: { authz: { signedIn: 'expense.read' } },
    schema: {
      tags,
      summary: 'Expenses of the missions I manage (project manager or owner), beyond drafts, with totals',
      querystring: expenseListQuerySchema,
      response: { 200: expenseListSchema },
    },
    handler: async (request) => projectManagerExpenses(ctx, principalOf(request).personId, request.query),
  });

  r.get('/api/expense/org/:orgId', {
    config: { authz: { org: 'expense.read' } },
    schema: {
      tags,
      summary: "The organisation's own expenses: everybody's beyond drafts for its admins and managers, my own for others",
      params: orgParams,
      querystring: expenseListQuerySchema,
      response: { 200: expenseListSchema },
    },
    handler: async (request) => scopeExpenses(ctx, orgScope(orgAccessOf(request), now()), request.query),
  });

  r.post('/api/expense/org/:orgId', {
    config: { authz: { org: 'expense.create' } },
    schema: {
      tags,
      summary: 'A new expense of mine on the organisation itself: a draft, or submitted at once',
      params: orgParams,
      body: expenseCreateSchema,
      response: { 201: expenseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createExpense(ctx, orgScope(orgAccessOf(request), now()), request.body)),
  });

  r.get('/api/expense/org/:orgId/mission', {
    config: { authz: { org: 'expense.read' } },
    schema: {
      tags,
      summary: "Expenses of the organisation's missions: everybody's beyond drafts for its admins and managers, my own for others",
      params: orgParams,
      querystring: expenseListQuerySchema,
      response: { 200: expenseListSchema },
    },
    handler: async (request) => orgMissionExpenses(ctx, orgScope(orgAccessOf(request), now()), request.query),
  });

  r.put('/api/expense/org/:orgId/expense/:expenseId', {
    config: { authz: { org: 'expense.update' } },
    schema: {
      tags,
      summary: 'Change my draft or rejected expense (409 once submitted)',
      params: orgExpenseParams,
      body: expenseUpdateSchema,
      response: { 200: expenseSchema },
    },
    handler: async (request) => updateExpense(ctx, orgScope(orgAccessOf(request), now()), request.params.expenseId, request.body),
  });

  r.delete('/api/expense/org/:orgId/expense/:expenseId', {
    config: { authz: { org: 'expense.delete' } },
    schema: {
      tags,
      summary: 'Delete my draft or rejected expense and its receipts',
      params: orgExpenseParams,
      response: { 200: expenseDeletedSchema },
    },
    handler: async (request) => deleteExpense(ctx, store, orgScope(orgAccessOf(request), now()), request.params.expenseId),
  });

  r.put('/api/expense/org/:orgId/expense/:expenseId/status', {
    config: { authz: { org: 'expense.status' } },
    schema: { tags, summary: statusSummary, params: orgExpenseParams, body: expenseStatusBodySchema, response: { 200: expenseSchema } },
    handler: async (request) => changeStatus(ctx, orgScope(orgAccessOf(request), now()), request.params.expenseId, request.body),
  });

  await withUploads(app, (u) => {
    u.post('/api/expense/org/:orgId/expense/:expenseId/attachment', {
      config: { authz: { org: 'expense.update' } },
      schema: { tags, summary: uploadSummary, params: orgExpenseParams, response: { 200: expenseSchema } },
      handler: async (request) => {
        const scope = orgScope(orgAccessOf(request), now());
        return attachReceipts(ctx, store, scope, request.params.expenseId, await receiveUpload(request, ctx.config));
      },
    });
  });

  r.get('/api/expense/org/:orgId/expense/:expenseId/attachment/:attachmentId', {
    config: { authz: { org: 'expense.read' } },
    schema: { tags, summary: 'The bytes of a receipt (photos and PDFs inline)', params: orgAttachmentParams },
    handler: async (request, reply) => {
      const { expenseId, attachmentId } = request.params;
      const { file, bytes } = await receiptBytes(ctx, store, orgScope(orgAccessOf(request), now()), expenseId, attachmentId);
      return sendFileBytes(reply, file, bytes, false);
    },
  });

  r.delete('/api/expense/org/:orgId/expense/:expenseId/attachment/:attachmentId', {
    config: { authz: { org: 'expense.update' } },
    schema: {
      tags,
      summary: 'Remove a receipt of my draft or rejected expense',
      params: orgAttachmentParams,
      response: { 200: expenseSchema },
    },
    handler: async (request) =>
      removeReceipt(ctx, store, orgScope(orgAccessOf(request), now()), request.params.expenseId, request.params.attachmentId),
  });

  r.get('/api/expense/mission/:id', {
    config: { authz: { mission: 'expense.read' } },
    schema: {
      tags,
      summary:
        "The mission's expenses: everybody's beyond drafts for its project managers, owners and organisation admins, my own for others",
      params: missionParams,
      querystring: expenseListQuerySchema,
      response: { 200: expenseListSchema },
    },
    handler: async (request) => scopeExpenses(ctx, missionScope(missionAccessOf(request), now()), request.query),
  });

  r.post('/api/expense/mission/:id', {
    config: { authz: { mission: 'expense.create' } },
    schema: {
      tags,
      summary: 'A new expense of mine on the mission: a draft, or submitted at once',
      params: missionParams,
      body: expenseCreateSchema,
      response: { 201: expenseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createExpense(ctx, missionScope(missionAccessOf(request), now()), request.body)),
  });

  r.put('/api/expense/mission/expense/:id', {
    config: { authz: { mission: 'expense.update', via: 'expense' } },
    schema: {
      tags,
      summary: 'Change my draft or rejected expense (409 once submitted)',
      params: missionParams,
      body: expenseUpdateSchema,
      response: { 200: expenseSchema },
    },
    handler: async (request) => updateExpense(ctx, missionScope(missionAccessOf(request), now()), request.params.id, request.body),
  });

  r.delete('/api/expense/mission/expense/:id', {
    config: { authz: { mission: 'expense.delete', via: 'expense' } },
    schema: {
      tags,
      summary: 'Delete my draft or rejected expense and its receipts',
      params: missionParams,
      response: { 200: expenseDeletedSchema },
    },
    handler: async (request) => deleteExpense(ctx, store, missionScope(missionAccessOf(request), now()), request.params.id),
  });

  r.put('/api/expense/mission/expense/:id/status', {
    config: { authz: { mission: 'expense.status', via: 'expense' } },
    schema: { tags, summary: statusSummary, params: missionParams, body: expenseStatusBodySchema, response: { 200: expenseSchema } },
    handler: async (request) => changeStatus(ctx, missionScope(missionAccessOf(request), now()), request.params.id, request.body),
  });

  await withUploads(app, (u) => {
    u.post('/api/expense/mission/expense/:id/attachment', {
      config: { authz: { mission: 'expense.update', via: 'expense' } },
      schema: { tags, summary: uploadSummary, params: missionParams, response: { 200: expenseSchema } },
      handler: async (request) => {
        const scope = missionScope(missionAccessOf(request), now());
        return attachReceipts(ctx, store, scope, request.params.id, await receiveUpload(request, ctx.config));
      },
    });
  });

  r.get('/api/expense/mission/expense/:id/attachment/:attachmentId', {
    config: { authz: { mission: 'expense.read', via: 'expense' } },
    schema: { tags, summary: 'The bytes of a receipt (photos and PDFs inline)', params: missionAttachmentParams },
    handler: async (request, reply) => {
      const { id, attachmentId } = request.params;
      const { file, bytes } = await receiptBytes(ctx, store, missionScope(missionAccessOf(request), now()), id, attachmentId);
      return sendFileBytes(reply, file, bytes, false);
    },
  });

  r.delete('/api/expense/mission/expense/:id/attachment/:attachmentId', {
    config: { authz: { mission: 'expense.update', via: 'expense' } },
    schema: {
      tags,
      summary: 'Remove a receipt of my draft or rejected expense',
      params: missionAttachmentParams,
      response: { 200: expenseSchema },
    },
    handler: async (request) =>
      removeReceipt(ctx, store, missionScope(missionAccessOf(request), now()), request.params.id, request.params.attachmentId),
  });
}
