import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { validationFailure, type ValidationIssue } from '@crewplan/domain/shared/validation-text';
import { BusyError, isBusyDbError } from '../db/transaction.ts';
import { AppError } from '../lib/errors.ts';
import { isMultipartRequest } from './uploads.ts';

const FRAMEWORK_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body/too-large', message: 'The request is too large.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'body/invalid-json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'body/invalid-json', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'body/unsupported-type', message: 'This content type is not accepted here.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'file/too-large', message: 'The file is too large.' },
  FST_FILES_LIMIT: { code: 'file/too-many', message: 'Too many files at a time.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'file/missing', message: 'Send the file as multipart form data.' },
  FST_ERR_BAD_URL: { code: 'request/bad-url', message: 'The address of the request is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'request/too-long', message: 'A part of the address of the request is too long.' },
};

/**
 * Fastify's `frameworkErrors`: an address the router cannot read (a broken percent-encoding, a part over the length
 * limit) answers in the one error shape too, before any route runs.
 */
export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code];
  void reply
    .status(error.statusCode ?? 400)
    .send({ error: { code: known?.code ?? 'bad_request', message: known?.message ?? 'The request is not valid.' } });
}

/**
 * The multipart parser's own errors carry no code or status: a body cut short, without a boundary or with one
 * longer than the parser takes is the sender's fault, not ours.
 */
const MALFORMED_MULTIPART = /unexpected end of multipart data|boundary not found|needle cannot have a length/i;
const isMalformedMultipart = (error: FastifyError, request: FastifyRequest) =>
  error.statusCode === undefined && isMultipartRequest(request.headers['content-type']) && MALFORMED_MULTIPART.test(error.message);

/** One error shape, `{ error: { code, message, fields? } }`; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof BusyError || (!(error instanceof AppError) && isBusyDbError(error))) {
      // Contention or overload, not a fault: the client may send the same request again shortly.
      request.log.warn({ err: error }, 'database busy');
      const busy = error instanceof BusyError ? error : new BusyError();
      reply.header('retry-after', String(busy.retryAfterSeconds));
      return reply.status(503).send({ error: { code: busy.code, message: busy.message } });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message, fields: error.fields } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // the zod issues said in words, naming the field and the limit: no zod wording reaches a person
      const issues: ValidationIssue[] = error.validation.map((item) => ({
        ...item.params,
        code: item.keyword,
        path: (item.instancePath ?? '')
          .split('/')
          .filter(Boolean)
          .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        message: item.message ?? '',
      }));
      const { message, fields } = validationFailure(issues, error.validationContext ?? 'request');
      return reply.status(400).send({ error: { code: 'validation', message, fields } });
    }
    if (isMalformedMultipart(error, request)) {
      return reply
        .status(400)
        .send({ error: { code: 'body/invalid-multipart', message: 'The upload arrived incomplete or malformed. Please try again.' } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = FRAMEWORK_ERRORS[error.code];
      return reply.status(status).send({ error: { code: known?.code ?? 'bad_request', message: known?.message ?? error.message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'internal', message: 'Sorry. Something went wrong on our side.' } });
  });
}
