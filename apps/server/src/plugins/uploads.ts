import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export type UploadRoutes = ReturnType<typeof typed>;

/**
 * Declares routes that receive multipart uploads, in a scope of their own where the multipart parser is registered:
 * its hooks (a promise on each request and on each answer) then run for uploads only, not on every read of every
 * screen. Elsewhere a multipart body is refused as an unsupported type.
 */
export async function withUploads(app: FastifyInstance, declare: (routes: UploadRoutes) => void): Promise<void> {
  await app.register(async (scope) => {
    const { files } = scope.ctx.config;
    await scope.register(multipart, {
      limits: { fileSize: files.fileSizeLimitMb * 1024 * 1024, files: files.filesPerUpload, fields: 20 },
    });
    declare(typed(scope));
  });
}

/** Whether the request says its body is multipart (also where the parser is not registered). */
export const isMultipartRequest = (contentType: string | undefined) => contentType?.includes('multipart/form-data') === true;
