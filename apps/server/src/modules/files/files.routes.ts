import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fileCopySchema,
  fileDeletedSchema,
  fileLinkQuerySchema,
  fileParamsSchema,
  fileRenameSchema,
  fileSchema,
  fileServeQuerySchema,
  filesListSchema,
  idSchema,
  signedLinkSchema,
  storageUsageSchema,
} from '@crewplan/domain';
import { createFileStore } from '../../lib/file-store.ts';
import { missionAccessOf, orgAccessOf } from '../../plugins/authz.ts';
import { sendFileBytes } from './files.serve.ts';
import {
  copyFile,
  deleteFile,
  fileBytes,
  fileDetails,
  filesOf,
  linkedFileBytes,
  orgStorageUsage,
  renameFile,
  requireTaskWriter,
  signedLinkOf,
  storeUpload,
  type Blobs,
} from './files.service.ts';
import { subscribeFilesEvents } from './files.subscribers.ts';
import { receiveUpload } from './files.upload.ts';
import { withUploads } from '../../plugins/uploads.ts';

const tags = ['files'];
const params = z.object({ id: idSchema });
const linkParams = z.object({ id: idSchema, name: z.string().max(1000) });
const uploadSummary = (what: string) =>
  `Upload ${what} (multipart, any number of file parts within the limits: per file 413 LIMIT_FILE_SIZE, per upload 400 LIMIT_FILE); types are sniffed from the bytes`;

/** Files of missions and tasks: upload, list, rename, copy, delete, serve safely, share by signed link (spec 3 §7 Files). */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const blobs: Blobs = { store: createFileStore(ctx.config), log: app.log };
  const { store } = blobs;
  subscribeFilesEvents(ctx, blobs);

  r.get('/api/drive/file/:id', {
    config: { authz: { mission: 'file.read', via: 'file' } },
    schema: { tags, summary: 'A file: its details, the caller’s file role and abilities', params, response: { 200: fileSchema } },
    handler: async (request) => fileDetails(ctx, missionAccessOf(request), request.params.id),
  });

  r.delete('/api/drive/file/:id', {
    config: { authz: { mission: 'file.delete', via: 'file' } },
    schema: {
      tags,
      summary: 'Delete a file and its bytes (its uploader, or who may change what it is attached to)',
      params,
      response: { 200: fileDeletedSchema },
    },
    handler: async (request) => deleteFile(ctx, blobs, missionAccessOf(request), request.params.id),
  });

  r.get('/api/drive/signed/:id', {
    config: { authz: { mission: 'file.share', via: 'file' } },
    schema: {
      tags,
      summary: 'A sharing link to the file’s bytes that works without signing in for 7 days',
      params,
      response: { 200: signedLinkSchema },
    },
    handler: async (request) => signedLinkOf(ctx, missionAccessOf(request), request.params.id),
  });

  r.get('/api/drive/:id', {
    config: { authz: { mission: 'file.read', via: 'file' } },
    schema: {
      tags,
      summary: 'The file’s bytes (also with the session cookie); ?attach=true downloads them',
      params,
      querystring: fileServeQuerySchema,
    },
    handler: async (request, reply) => {
      const { file, bytes } = await fileBytes(ctx, store, missionAccessOf(request), request.params.id);
      return sendFileBytes(reply, file, bytes, request.query.attach === 'true');
    },
  });

  r.get('/api/drive/d/:id/:name', {
    config: { authz: 'public' },
    schema: {
      tags,
      summary: 'The file’s bytes through a sharing link (?token= from /drive/signed/:id); 403 without a valid, unexpired token',
      params: linkParams,
      querystring: fileLinkQuerySchema,
    },
    handler: async (request, reply) => {
      const { file, bytes } = await linkedFileBytes(ctx, store, request.params.id, request.query.token);
      return sendFileBytes(reply, file, bytes, request.query.attach === 'true');
    },
  });

  r.get('/api/mission/:id/drive', {
    config: { authz: { mission: 'file.read' } },
    schema: {
      tags,
      summary: 'Every file of the mission: project files and task files, oldest first',
      params,
      response: { 200: filesListSchema },
    },
    handler: async (request) => filesOf(ctx, missionAccessOf(request)),
  });

  await withUploads(app, (u) => {
    u.post('/api/mission/:id/drive', {
      config: { authz: { mission: 'file.upload' } },
      schema: { tags, summary: uploadSummary('project files'), params, response: { 201: filesListSchema } },
      handler: async (request, reply) => {
        const access = missionAccessOf(request);
        const received = await receiveUpload(request, ctx.config);
        const uploaded = await storeUpload(ctx, store, access, { to: 'missions', id: access.mission.id }, received);
        return reply.status(201).send({ files: uploaded });
      },
    });
  });

  r.put('/api/mission/:id/drive/:fileId', {
    config: { authz: { mission: 'file.rename' } },
    schema: {
      tags,
      summary: 'Rename a project file (its uploader or who may update the mission)',
      params: fileParamsSchema,
      body: fileRenameSchema,
      response: { 200: fileSchema },
    },
    handler: async (request) => {
      const access = missionAccessOf(request);
      return renameFile(ctx, access, request.params.fileId, { to: 'missions', id: access.mission.id }, request.body.name);
    },
  });

  r.delete('/api/mission/:id/drive/:fileId', {
    config: { authz: { mission: 'file.delete' } },
    schema: {
      tags,
      summary: 'Delete a project file (its uploader or who may update the mission)',
      params: fileParamsSchema,
      response: { 200: fileDeletedSchema },
    },
    handler: async (request) => {
      const access = missionAccessOf(request);
      return deleteFile(ctx, blobs, access, request.params.fileId, { to: 'missions', id: access.mission.id });
    },
  });

  r.get('/api/action-item/:id/drive', {
    config: { authz: { mission: 'file.read', via: 'actionItem' } },
    schema: { tags, summary: 'The files of a task, oldest first', params, response: { 200: filesListSchema } },
    handler: async (request) => filesOf(ctx, missionAccessOf(request), request.params.id),
  });

  await withUploads(app, (u) => {
    u.post('/api/action-item/:id/drive', {
      config: { authz: { mission: 'file.upload', via: 'actionItem' } },
      schema: { tags, summary: uploadSummary('task files (who may update the task)'), params, response: { 201: filesListSchema } },
      handler: async (request, reply) => {
        const access = missionAccessOf(request);
        await requireTaskWriter(ctx, access, request.params.id);
        const received = await receiveUpload(request, ctx.config);
        const uploaded = await storeUpload(ctx, store, access, { to: 'action.items', id: request.params.id }, received);
        return reply.status(201).send({ files: uploaded });
      },
    });
  });

  r.put('/api/action-item/:id/drive/:fileId', {
    config: { authz: { mission: 'file.rename', via: 'actionItem' } },
    schema: {
      tags,
      summary: 'Rename a task file (its uploader or who may update the task)',
      params: fileParamsSchema,
      body: fileRenameSchema,
      response: { 200: fileSchema },
    },
    handler: async (request) =>
      renameFile(ctx, missionAccessOf(request), request.params.fileId, { to: 'action.items', id: request.params.id }, request.body.name),
  });

  r.delete('/api/action-item/:id/drive/:fileId', {
    config: { authz: { mission: 'file.delete', via: 'actionItem' } },
    schema: {
      tags,
      summary: 'Delete a task file (its uploader or who may update the task)',
      params: fileParamsSchema,
      response: { 200: fileDeletedSchema },
    },
    handler: async (request) =>
      deleteFile(ctx, blobs, missionAccessOf(request), request.params.fileId, { to: 'action.items', id: request.params.id }),
  });

  r.post('/api/action-item/:id/drive/:fileId/copy', {
    config: { authz: { mission: 'file.copy', via: 'actionItem' } },
    schema: {
      tags,
      summary: 'Copy a task file to another task the caller may update, in any mission they work on (the bytes are copied)',
      params: fileParamsSchema,
      body: fileCopySchema,
      response: { 201: fileSchema },
    },
    handler: async (request, reply) => {
      const copy = await copyFile(
        ctx,
        store,
        missionAccessOf(request),
        request.params.id,
        request.params.fileId,
        request.body.copyToActionItemId,
      );
      return reply.status(201).send(copy);
    },
  });

  r.get('/api/org/:orgId/drive/usage', {
    config: { authz: { org: 'org.read' } },
    schema: {
      tags,
      summary: 'Storage the organisation’s uploaded files take: bytes and number of files',
      params: z.object({ orgId: idSchema }),
      response: { 200: storageUsageSchema },
    },
    handler: async (request) => orgStorageUsage(ctx, orgAccessOf(request).org.id),
  });
}
